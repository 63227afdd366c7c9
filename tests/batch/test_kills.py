"""Killed runs (issue "Hostile input"): a run stopped by SIGTERM, SIGINT or SIGKILL at a random moment and
rerun loses no finished game, stores none twice, and its game log holds exactly the stored games."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tcgsim.batch.gamelog import replay_file

SLOW_CLI = """\
import sys, time
import tcgsim.batch.runner as runner

_play = runner.play_game


def _slow(*args, **kwargs):
    time.sleep(0.01)
    return _play(*args, **kwargs)


runner.play_game = _slow

if __name__ == "__main__":
    from tcgsim.cli import main

    main(sys.argv[1:])
"""

GAMES = 30


def _sigint_default() -> None:
    """Run in the child before exec: Ctrl-C acts as at a terminal. A process started with SIGINT ignored keeps
    it ignored (POSIX; Python then installs no KeyboardInterrupt handler), and a pytest-xdist worker, or a test
    run before in it, may have left SIGINT ignored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _stored(db: Path) -> list[int]:
    if not db.exists():
        return []
    try:
        with sqlite3.connect(db) as conn:
            return [r[0] for r in conn.execute("SELECT game_index FROM games ORDER BY game_index")]
    except sqlite3.OperationalError:
        return []


def _logged(log: Path) -> list[int]:
    return [json.loads(line)["game"] for line in log.read_text().splitlines()] if log.exists() else []


def _kill_once(tmp_path: Path, sig: int, after: int) -> tuple[int, str, bool]:
    """Start the run, wait until ``after`` more games are stored (not a wall-clock delay: the machine may be
    slow), send ``sig``; return the exit status, stderr and whether the signal was sent (the run had not
    ended yet)."""
    script = tmp_path / "slow_cli.py"
    script.write_text(SLOW_CLI)
    args = [sys.executable, str(script), "simulate", "ST01", "ST02", "-n", str(GAMES), "--seed", "3",
            "--workers", "1", "--db", str(tmp_path / "k.db"), "--log", str(tmp_path / "k.jsonl"), "--json"]
    start = len(_stored(tmp_path / "k.db"))
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_sigint_default)
    deadline = time.monotonic() + 120
    while proc.poll() is None and len(_stored(tmp_path / "k.db")) < start + after and time.monotonic() < deadline:
        time.sleep(0.005)
    sent = proc.poll() is None
    if sent:
        os.kill(proc.pid, sig)
    _, err = proc.communicate(timeout=60)
    return proc.returncode, err, sent


def _check_after_restart(tmp_path: Path) -> None:
    rerun = subprocess.run([sys.executable, "-m", "tcgsim.cli", "simulate", "ST01", "ST02", "-n", str(GAMES),
                            "--seed", "3", "--workers", "1", "--db", str(tmp_path / "k.db"),
                            "--log", str(tmp_path / "k.jsonl"), "--json"], capture_output=True, text=True, timeout=120)
    assert rerun.returncode == 0, rerun.stderr
    assert json.loads(rerun.stdout)["games"] == GAMES
    stored, logged = _stored(tmp_path / "k.db"), _logged(tmp_path / "k.jsonl")
    assert stored == list(range(GAMES))  # none lost, none twice (UNIQUE(run, game_index) and the count)
    assert logged == stored  # the log holds exactly the stored games, in order


@pytest.mark.parametrize("sig, status", [(signal.SIGTERM, 143), (signal.SIGINT, 130), (signal.SIGKILL, -9)])
def test_a_killed_run_resumes_with_its_log_and_database_equal(tmp_path, sig, status):
    code, err, sent = _kill_once(tmp_path, sig, after=3)
    assert sent, "the run ended before the kill"
    assert code == status, err
    stored, logged = _stored(tmp_path / "k.db"), _logged(tmp_path / "k.jsonl")
    assert 0 < len(stored) < GAMES, "the kill came too early or too late for this machine"
    if sig != signal.SIGKILL:  # a caught signal finishes the write, says where things stand, writes the log
        assert f"games are stored in {tmp_path / 'k.db'}" in err and logged == stored
    _check_after_restart(tmp_path)
    assert all(r.ok for r in replay_file(tmp_path / "k.jsonl"))


COUNTING_CLI = """\
import sys, time
import tcgsim.batch.runner as runner

_play = runner.play_game
_done = open(sys.argv.pop(1), "a")


def _counted(*args, **kwargs):
    time.sleep(0.01)
    record = _play(*args, **kwargs)
    _done.write("game\\n")
    _done.flush()
    return record


runner.play_game = _counted

if __name__ == "__main__":
    from tcgsim.cli import main

    main(sys.argv[1:])
"""


@pytest.mark.parametrize("sig, status, word", [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")])
def test_without_db_a_stopped_run_prints_the_result_of_its_finished_games(tmp_path, sig, status, word):
    """Issue 15: Ctrl-C (or SIGTERM) without --db prints the partial result of the finished games and exits
    with the conventional status (128 + the signal's number)."""
    script, progress = tmp_path / "counting_cli.py", tmp_path / "done.txt"
    script.write_text(COUNTING_CLI)
    progress.write_text("")
    proc = subprocess.Popen([sys.executable, str(script), str(progress), "simulate", "ST01", "ST02", "-n", "3000",
                             "--workers", "1", "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_sigint_default)
    deadline = time.monotonic() + 120
    while proc.poll() is None and len(progress.read_text().splitlines()) < 4 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert proc.poll() is None, "the run ended before the signal"
    os.kill(proc.pid, sig)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == status, err
    summary = json.loads(out)
    # 4 games played: the first 3 were counted before the 4th began (one process); the 4th may be in flight
    assert summary["interrupted"] is True and 3 <= summary["games"] < 3000
    assert summary["wins"]["A"] + summary["wins"]["B"] + summary["draws"] == summary["games"]
    assert f"{word} after {summary['games']} new games" in err


@pytest.mark.long
def test_a_hundred_random_kills(tmp_path):
    """100 runs killed 1-3 times each at random moments with random signals, each followed by a restart
    check; at least 100 signals must really reach a running process (issue 15, "Done when")."""
    rng = random.Random(7)
    kills: dict[str, int] = {}
    started = time.monotonic()
    for k in range(100):
        folder = tmp_path / f"run{k}"
        folder.mkdir()
        for _ in range(rng.randint(1, 3)):  # killed once or more before the full rerun
            sig = rng.choice([signal.SIGTERM, signal.SIGINT, signal.SIGKILL])
            if _kill_once(folder, sig, rng.randint(0, 8))[2]:
                kills[sig.name] = kills.get(sig.name, 0) + 1
        _check_after_restart(folder)
    print(f"kills sent to running processes: {sum(kills.values())} {dict(sorted(kills.items()))}, "
          f"100 restarts checked, {time.monotonic() - started:.0f} s")
    assert sum(kills.values()) >= 100
