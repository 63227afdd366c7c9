"""Batches on several workers and on Ray: same seed, same games; stored runs resume after a kill."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tcgsim.batch.backends import ProcessBackend
from tcgsim.batch.gauntlet import load_deck_list, run_gauntlet
from tcgsim.batch.jobs import BatchError, Job
from tcgsim.batch.parallel import run_simulation
from tcgsim.batch.runner import TIMING_KEYS, simulate
from tcgsim.batch.store import GameStore
from tcgsim.cli import main
from tcgsim.onepiece.cards.decklist import load_valid_deck

IGNORED = set(TIMING_KEYS) | {"db", "log"}


def _stable(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k not in IGNORED}


def _games(path) -> list[tuple]:
    with sqlite3.connect(path) as conn:
        return conn.execute(
            "SELECT r.key, g.game_index, g.seed, g.first, g.winner, g.turns, g.end_reason, g.decisions, g.log, "
            "g.fingerprint FROM games g JOIN runs r ON r.id = g.run ORDER BY r.key, g.game_index").fetchall()


@pytest.fixture(scope="module")
def decks(db):
    return load_valid_deck("ST01", db), load_valid_deck("ST02", db)


def test_one_and_two_workers_give_the_same_games(db, decks, tmp_path):
    agents = ("heuristic", "random")
    reference = simulate(*decks, games=24, seed=21, agents=agents, progress=False, db=db)
    one = run_simulation(*decks, 24, 21, agents, db=db, workers=1, db_path=tmp_path / "one.sqlite",
                         log_path=tmp_path / "one.jsonl")
    two = run_simulation(*decks, 24, 21, agents, db=db, workers=2, db_path=tmp_path / "two.sqlite")
    three = run_simulation(*decks, 24, 21, agents, db=db, workers=2, log_path=tmp_path / "two.jsonl")
    assert _stable(one) == _stable(two) == _stable(three) == _stable(reference)
    assert _games(tmp_path / "one.sqlite") == _games(tmp_path / "two.sqlite")
    assert len(_games(tmp_path / "two.sqlite")) == 24
    # the game log is written in game order whatever order the games finish in
    assert (tmp_path / "one.jsonl").read_text() == (tmp_path / "two.jsonl").read_text()
    assert [json.loads(line)["game"] for line in (tmp_path / "two.jsonl").read_text().splitlines()] == list(range(24))


def test_gauntlet_same_across_workers_and_shares_simulate_runs(db, tmp_path):
    decks = load_deck_list(["ST01", "ST02", "ST03"], db)
    one = run_gauntlet(decks, 6, 4, "random", db_path=tmp_path / "one.sqlite", db=db, workers=1)
    two = run_gauntlet(decks, 6, 4, "random", db_path=tmp_path / "two.sqlite", db=db, workers=2)
    assert _stable(one) == _stable(two)
    assert _games(tmp_path / "one.sqlite") == _games(tmp_path / "two.sqlite")
    assert len(one["pairs"]) == 3 and one["matrix"]["games"][0][1] == 6
    rate = one["matrix"]["win_rate"]
    assert rate[0][1] + rate[1][0] == pytest.approx(1.0)  # no draws between random players here
    # pair (ST01, ST03) is the run of `simulate ST01 ST03` with the same arguments: nothing left to play
    notes = []
    again = run_simulation(decks[0], decks[2], 6, 4, "random", db=db, workers=1, db_path=tmp_path / "one.sqlite",
                           notify=notes.append)
    assert notes == [f"resuming: 6 of 6 games already stored in {tmp_path / 'one.sqlite'}; playing 0"]
    assert _stable(again)["wins"] == one["pairs"][1]["wins"]


def test_worker_failure_is_reported(db, decks):
    jobs = [Job(*decks, ("no-such-agent", "random"), 0)]
    with pytest.raises(BatchError, match="no-such-agent"):
        list(ProcessBackend(2).run(jobs, [(0, i) for i in range(4)], db))


def test_ray_backend_gives_the_same_results(db, decks):
    pytest.importorskip("ray")
    local = run_simulation(*decks, 16, 8, ("random", "heuristic"), db=db, workers=1)
    ray_run = run_simulation(*decks, 16, 8, ("random", "heuristic"), db=db, workers=2, backend="ray")
    assert _stable(ray_run) == _stable(local)


def test_ray_missing_is_a_clear_error(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` raises ImportError
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "-n", "2", "--backend", "ray", "--json"])
    assert exc.value.code == 2
    assert "--backend ray needs Ray" in capsys.readouterr().err


SLOW_CLI = """\
import sys, time
import tcgsim.batch.runner as runner

_play = runner.play_game


def _slow(*args, **kwargs):  # patched in the spawned workers too: they import this file as __mp_main__
    time.sleep(0.05)
    return _play(*args, **kwargs)


runner.play_game = _slow

if __name__ == "__main__":
    from tcgsim.cli import main

    main(sys.argv[1:])
"""


def _children(pid: int) -> set[int]:
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_killed_run_resumes_without_losing_or_repeating_games(db, decks, tmp_path):
    store = tmp_path / "games.sqlite"
    script = tmp_path / "slow_cli.py"
    script.write_text(SLOW_CLI)
    args = ["simulate", "ST01", "ST02", "--games", "40", "--seed", "13", "--agents", "random",
            "--db", str(store), "--json"]
    proc = subprocess.Popen([sys.executable, str(script), *args, "--workers", "2"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stored = 0
    workers: set[int] = set()
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            if store.exists():
                try:
                    with sqlite3.connect(store) as conn:
                        stored = conn.execute("SELECT count(*) FROM games").fetchone()[0]
                except sqlite3.OperationalError:
                    stored = 0
            if Path("/proc").is_dir():
                workers |= _children(proc.pid)
            if stored >= 6 or proc.poll() is not None:
                break
            time.sleep(0.01)
        assert proc.poll() is None, proc.stderr.read().decode()
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(10)
        proc.stderr.close()
    with sqlite3.connect(store) as conn:
        before = conn.execute("SELECT game_index, finished FROM games ORDER BY game_index").fetchall()
    assert 6 <= len(before) < 40
    # the workers notice that their parent is gone and exit by themselves
    deadline = time.monotonic() + 10
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(pid) for pid in workers)

    rerun = subprocess.run([sys.executable, "-m", "tcgsim.cli", *args, "--workers", "2"],
                           capture_output=True, text=True, timeout=120)
    assert rerun.returncode == 0, rerun.stderr
    assert f"resuming: {len(before)} of 40 games already stored" in rerun.stderr
    with sqlite3.connect(store) as conn:
        rows = conn.execute("SELECT game_index, finished FROM games ORDER BY game_index").fetchall()
        assert conn.execute("SELECT count(*) FROM runs").fetchone()[0] == 1
    assert [r[0] for r in rows] == list(range(40))  # all stored, none twice
    assert set(before) <= set(rows)  # the games stored before the kill were kept, not replayed
    uninterrupted = run_simulation(*decks, 40, 13, "random", db=db, workers=1)
    assert _stable(json.loads(rerun.stdout)) == _stable(uninterrupted)
    with GameStore(store, readonly=True) as s:
        assert len(s.games(s.runs()[0])) == 40


def test_tasks_are_lazy_and_skip_stored_games():
    """A run of any size starts at once: the task list is generated, not built (``Tasks``); stored games
    are skipped; an absurd number of games is a user mistake."""
    from tcgsim.batch.jobs import MAX_GAMES, Tasks, check_games
    from tcgsim.errors import UserError

    t = Tasks(2, 5, [{1, 3}, set()])
    assert len(t) == 8 and list(t) == [(0, 0), (0, 2), (0, 4), (1, 0), (1, 1), (1, 2), (1, 3), (1, 4)]
    assert list(t.of_job(0)) == [0, 2, 4]
    huge = Tasks(1, 10**11, [set()])
    assert len(huge) == 10**11 and next(iter(huge)) == (0, 0)
    check_games(MAX_GAMES)
    for bad in (0, MAX_GAMES + 1):
        with pytest.raises(UserError):
            check_games(bad)


def test_gauntlet_rows_of_decks_sharing_a_name_read_apart(db, tmp_path):
    """Found by a new user: d1/deck.txt and d2/deck.txt were both shown as "deck"."""
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "src" / "tcgsim" / "onepiece" / "cards" / "decks"
    paths = []
    for sub, name in (("d1", "ST01"), ("d2", "ST03")):
        (tmp_path / sub).mkdir()
        paths.append(tmp_path / sub / "deck.txt")
        paths[-1].write_text((folder / f"{name}.txt").read_text())
    decks = load_deck_list([str(p) for p in paths], db)
    result = run_gauntlet(decks, 2, 1, "random", db_path=tmp_path / "g.sqlite", db=db, workers=1)
    assert result["decks"] == [str(p) for p in paths]
