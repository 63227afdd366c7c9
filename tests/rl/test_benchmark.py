"""benchmarks/rl_throughput.py runs (issue 13 "Done when": the benchmark runs): a short run of each game
and of its profile, with the keys benchmarks/README.md describes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game", ["onepiece", "bleach"])
def test_the_rl_throughput_benchmark_runs_and_profiles(game):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "rl_throughput.py"), "--game", game,
                          "--steps", "300", "--profile", "--top", "5", "--json"],
                         capture_output=True, text=True, env=env, timeout=300, check=True).stdout
    result = json.loads(out)
    assert result["game"] == game and result["steps"] == 300
    assert result["steps_per_second"] > 0 and result["cpu_steps_per_second"] > 0
    assert "tottime" in result["profile"]  # pstats' table of where the time goes
