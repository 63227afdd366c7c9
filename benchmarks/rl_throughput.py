"""RL environment throughput: AEC steps per second with random legal actions, on one core.

Not a test. Plays ``--steps`` steps of :class:`tcgsim.rl.env.TcgEnv` (both seats take a uniformly random
legal index from the action mask, as a masked policy would), observation encoding and mask included
(``env.last()`` at every step), resetting with a new seed when a game ends; then, with ``--profile``,
the same run under cProfile and its top entries by own time, to show where the time goes.

Usage::

    .venv/bin/python benchmarks/rl_throughput.py                          # One Piece, 20,000 steps
    .venv/bin/python benchmarks/rl_throughput.py --game bleach --steps 50000 --profile --json

The issue's goal is 20,000 steps/s; the figure printed is what this machine measures.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import time

import numpy as np

from tcgsim.rl.env import TcgEnv


def run(game: str, steps: int, seed: int) -> dict:
    """``steps`` AEC steps with random legal actions: ``{"steps", "games", "seconds", "steps_per_second",
    "cpu_steps_per_second"}`` (the last in the process's CPU time, which a busy machine inflates less)."""
    env = TcgEnv(game=game)
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    done = games = 0
    start, cpu = time.perf_counter(), time.process_time()
    while done < steps:
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            games += 1
            env.reset(seed=seed + games)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.integers(len(legal))]))  # (rng.choice costs ~10 us more per step)
        done += 1
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {"game": game, "steps": done, "games": games, "seconds": round(seconds, 3),
            "steps_per_second": round(done / seconds, 1), "cpu_steps_per_second": round(done / cpu, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="onepiece")
    ap.add_argument("--steps", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", action="store_true", help="also profile a run and print the top entries")
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    run(args.game, 200, args.seed)  # warm-up: database, card compilation
    result = run(args.game, args.steps, args.seed)
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        run(args.game, args.steps, args.seed)
        prof.disable()
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(args.top)
        result["profile"] = out.getvalue()
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"{result['game']}: {result['steps_per_second']:,.0f} steps/s wall, "
              f"{result['cpu_steps_per_second']:,.0f} per CPU second ({result['steps']} steps, "
              f"{result['games']} games, {result['seconds']} s)")
        if args.profile:
            print(result["profile"])


if __name__ == "__main__":
    main()
