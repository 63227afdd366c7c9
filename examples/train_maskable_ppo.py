"""Train a small masked policy (sb3-contrib's MaskablePPO) on the ONE PIECE CARD GAME against our random agent.

The policy plays seat p1 of ``tcgsim.rl.gym_env.SingleAgentEnv`` (ST01 vs ST02 by default) through
``tcgsim.rl.sb3``: the observation vector scaled into [0, 1], the action mask from ``action_masks()``, one
environment per core in SB3's ``SubprocVecEnv``. After ``--eval-first`` steps and at each doubling it plays ``--eval-games``
seeded games with the greedy masked policy against the same opponent, and at the end ``--final-games``
games on other seeds; it writes the curve (JSON) and a plot (matplotlib) of the win rate with its Wilson
95% interval, beside the same measure for uniformly random legal actions (the baseline).

Usage (docs/rl.md; needs ``pip install -e '.[rl]'``)::

    nice -n 10 .venv/bin/python examples/train_maskable_ppo.py                     # ~15 min on 2 cores
    .venv/bin/python examples/train_maskable_ppo.py --timesteps 20000 --eval-games 50
    .venv/bin/python examples/train_maskable_ppo.py --game bleach --opponent heuristic --out out/bleach

Outputs in ``--out`` (default ``out/rl-example``): ``curve.json``, ``win_rate.png``, ``policy.zip`` (the
trained model, with the card vocabulary's numbers in ``vocabulary.json`` to check it against later data).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

import numpy as np


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="onepiece", help="onepiece or bleach")
    ap.add_argument("--opponent", default="random", help="our agent in the other seat: random, heuristic, mcts:N")
    ap.add_argument("--timesteps", type=int, default=300_000, help="environment steps of this seat to train")
    ap.add_argument("--envs", type=int, default=os.cpu_count() or 1, help="environments (default: one per core)")
    ap.add_argument("--no-subprocess", action="store_true", help="run the environments in this process")
    ap.add_argument("--n-steps", type=int, default=1024, help="PPO rollout length per environment")
    ap.add_argument("--eval-first", type=int, default=1024,
                    help="first evaluation after this many steps, then at each doubling and at the end")
    ap.add_argument("--eval-games", type=int, default=200, help="games per evaluation during training")
    ap.add_argument("--final-games", type=int, default=400, help="games of the final evaluation (other seeds)")
    ap.add_argument("--sparse", action="store_true", help="train on the +1/-1 reward only (default: shaped)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--threads", type=int, default=1, help="torch threads of the learner")
    ap.add_argument("--out", type=Path, default=Path("out/rl-example"))
    ap.add_argument("--plot", type=Path, default=None, help="where to write the plot (default OUT/win_rate.png)")
    return ap.parse_args(argv)


EVAL_SEED = 100_000  # evaluations during training: seeds EVAL_SEED + k, the same games at each point
FINAL_SEED = 900_000  # the final evaluation: other seeds


def main(argv: list[str] | None = None) -> dict:
    """Train, evaluate and plot; returns the curve dict written to ``OUT/curve.json``."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    from tcgsim.rl.env import TcgEnv
    from tcgsim.rl.sb3 import evaluate, make_sb3_vec_env

    args = parse_args(argv)
    torch.set_num_threads(args.threads)
    args.out.mkdir(parents=True, exist_ok=True)
    env_kw = {"game": args.game, "opponent": args.opponent}
    train_kw = {**env_kw, "shaped": not args.sparse}
    vec = make_sb3_vec_env(args.envs, subprocess=not args.no_subprocess, seed=args.seed, **train_kw)
    model = MaskablePPO("MlpPolicy", vec, n_steps=args.n_steps, batch_size=256, n_epochs=4, learning_rate=3e-4,
                        gamma=0.995, ent_coef=0.01, seed=args.seed, device="cpu",
                        policy_kwargs={"net_arch": [128, 128]}, verbose=0)

    def greedy(obs: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(obs, action_masks=mask, deterministic=True)
        return int(action)

    curve: list[dict] = []
    started = time.perf_counter()

    def point(steps: int) -> None:
        r = evaluate(greedy, args.eval_games, seed=EVAL_SEED, **env_kw)
        curve.append({"timesteps": steps, "seconds": round(time.perf_counter() - started, 1), **r})
        print(f"{steps:>9,} steps  win rate {r['win_rate']:.3f} [{r['low']:.3f}, {r['high']:.3f}]  "
              f"({r['wins']}/{r['games']}, {curve[-1]['seconds']:.0f} s)", flush=True)

    class Evaluate(BaseCallback):
        def __init__(self) -> None:
            super().__init__()
            self.next = args.eval_first

        def _on_step(self) -> bool:
            if self.num_timesteps >= self.next:
                point(self.num_timesteps)
                self.next *= 2
            return True

    baseline = evaluate(None, args.eval_games, seed=EVAL_SEED, **env_kw)
    print(f"uniform random legal actions: win rate {baseline['win_rate']:.3f} "
          f"[{baseline['low']:.3f}, {baseline['high']:.3f}]", flush=True)
    point(0)
    model.learn(total_timesteps=args.timesteps, callback=Evaluate())
    if not curve or curve[-1]["timesteps"] != model.num_timesteps:
        point(model.num_timesteps)
    train_seconds = round(time.perf_counter() - started, 1)
    final = evaluate(greedy, args.final_games, seed=FINAL_SEED, **env_kw)
    final_random = evaluate(None, args.final_games, seed=FINAL_SEED, **env_kw)
    vec.close()
    print(f"final: win rate {final['win_rate']:.3f} [{final['low']:.3f}, {final['high']:.3f}] over "
          f"{final['games']} games (random actions: {final_random['win_rate']:.3f} "
          f"[{final_random['low']:.3f}, {final_random['high']:.3f}])", flush=True)

    result = {"game": args.game, "opponent": args.opponent, "timesteps": model.num_timesteps, "envs": args.envs,
              "shaped": not args.sparse, "seed": args.seed, "seconds": train_seconds, "baseline": baseline,
              "curve": curve, "final": final, "final_random": final_random}
    (args.out / "curve.json").write_text(json.dumps(result, indent=2) + "\n")
    model.save(args.out / "policy.zip")
    vocab = TcgEnv(game=args.game).vocab
    (args.out / "vocabulary.json").write_text(json.dumps(list(vocab.numbers)) + "\n")
    plot(result, args.plot or args.out / "win_rate.png")
    return result


def plot(result: dict, path: Path) -> None:
    """The win-rate curve with Wilson 95% error bars and the random-actions baseline band, as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    c = result["curve"]
    x = [p["timesteps"] for p in c]
    y = [p["win_rate"] for p in c]
    err = [[max(0.0, p["win_rate"] - p["low"]) for p in c], [max(0.0, p["high"] - p["win_rate"]) for p in c]]
    b = result["baseline"]
    fig, ax = plt.subplots(figsize=(7, 4.2), dpi=110)
    ax.axhspan(b["low"], b["high"], color="0.85", label=f"uniform random legal actions ({b['win_rate']:.2f})")
    ax.errorbar(x, y, yerr=err, marker="o", capsize=3, label=f"MaskablePPO, greedy ({c[0]['games']} games each)")
    f = result["final"]
    ax.errorbar([x[-1]], [f["win_rate"]], yerr=[[max(0.0, f["win_rate"] - f["low"])],
                                                [max(0.0, f["high"] - f["win_rate"])]],
                marker="s", color="C3", capsize=3, label=f"final, {f['games']} other games ({f['win_rate']:.2f})")
    ax.set_xscale("symlog", linthresh=max(1, x[1] if len(x) > 1 else 1))
    ax.set_xlabel("training steps (decisions of the policy's seat; log scale after the first point)")
    ax.set_ylabel("win rate vs our random agent")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.set_title(f"{result['game']}: p1 vs {result['opponent']}, {result['envs']} envs, "
                 f"{result['seconds'] / 60:.0f} min")
    ax.legend(loc="center right", fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)


if __name__ == "__main__":
    main()
