"""The training example (examples/train_maskable_ppo.py, docs/rl.md "Training a masked policy") as a smoke
test: a few hundred steps of MaskablePPO on two environments in their own processes, its evaluations, the
curve file, the saved policy and the plot. The full run's figures are in docs/rl.md."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

pytest.importorskip("torch", reason="torch is not installed: pip install -e '.[rl]' (make install does)")
pytest.importorskip("sb3_contrib", reason="sb3-contrib is not installed: pip install -e '.[rl]' (make install does)")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_maskable_ppo.py"


def _example():
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_training_example_runs_a_few_hundred_steps(tmp_path):
    out = tmp_path / "run"
    result = _example().main(["--timesteps", "384", "--n-steps", "64", "--envs", "2", "--eval-first", "128",
                              "--eval-games", "3", "--final-games", "4", "--out", str(out)])
    assert result["timesteps"] >= 384
    # evaluations at 0, 128, 256 steps and at the end; each with its Wilson interval around the win rate
    steps = [p["timesteps"] for p in result["curve"]]
    assert steps[:3] == [0, 128, 256] and steps[-1] == result["timesteps"]
    for p in result["curve"] + [result["final"], result["final_random"], result["baseline"]]:
        assert p["wins"] + p["losses"] + p["draws"] == p["games"]
        assert p["low"] <= p["win_rate"] <= p["high"]
    assert result["final"]["games"] == 4
    assert json.loads((out / "curve.json").read_text()) == result
    assert (out / "policy.zip").stat().st_size > 0
    assert (out / "win_rate.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    vocab = json.loads((out / "vocabulary.json").read_text())
    assert vocab == sorted(vocab) and "ST01-001" in vocab
    # the saved policy loads and answers a masked observation with a legal index
    from sb3_contrib import MaskablePPO

    from tcgsim.rl.sb3 import ScaledObservation

    model = MaskablePPO.load(out / "policy.zip", device="cpu")
    env = ScaledObservation(game="onepiece")
    obs, _ = env.reset(seed=0)
    action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
    assert env.action_masks()[int(action)]
