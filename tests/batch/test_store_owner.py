"""The store belongs to tcgsim (issue "Hostile input"): another program's SQLite file is refused without a
write; permission problems are named as such; tcgsim's own stores, old and new, open."""

from __future__ import annotations

import sqlite3

import pytest

from tcgsim.batch import store as store_module
from tcgsim.batch.store import APPLICATION_ID, GameStore, StoreError


def _dump(path):
    conn = sqlite3.connect(path)
    try:
        return (conn.execute("PRAGMA application_id").fetchone()[0],
                sorted(r[0] for r in conn.execute("SELECT name FROM sqlite_master")), list(conn.iterdump()))
    finally:
        conn.close()


def test_another_programs_database_is_refused_and_left_unchanged(tmp_path):
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes(x TEXT)")
    conn.execute("INSERT INTO notes VALUES ('keep me')")
    conn.commit()
    conn.close()
    before = _dump(path)
    for readonly in (False, True):
        with pytest.raises(StoreError, match="not a tcgsim game database .tables notes.; left unchanged"):
            GameStore(path, readonly=readonly)
    assert _dump(path) == before


def test_a_database_with_another_application_id_is_refused(tmp_path):
    path = tmp_path / "app.db"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA application_id=1234")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="application id 0x4d2"):
        GameStore(path)


def test_a_new_store_carries_the_tcgsim_id_and_opens_again(tmp_path):
    path = tmp_path / "runs.db"
    GameStore(path).close()
    assert _dump(path)[0] == APPLICATION_ID
    GameStore(path).close()
    GameStore(path, readonly=True).close()


def test_a_store_written_before_the_id_existed_still_opens(tmp_path):
    path = tmp_path / "old.db"
    GameStore(path).close()
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA application_id=0")
    conn.commit()
    conn.close()
    GameStore(path).close()
    assert _dump(path)[0] == APPLICATION_ID  # adopted on the first write


def test_permission_problems_say_so(tmp_path, monkeypatch):
    path = tmp_path / "runs.db"
    GameStore(path).close()
    monkeypatch.setattr(store_module.os, "access", lambda *a, **k: False)  # as root, chmod would not stop us
    with pytest.raises(StoreError, match="permission denied"):
        GameStore(path)
    with pytest.raises(StoreError, match="permission denied"):
        GameStore(tmp_path / "new.db")


def test_a_folder_is_not_a_store(tmp_path):
    with pytest.raises(StoreError, match="is a folder"):
        GameStore(tmp_path)


def test_the_cli_refuses_a_foreign_database_with_exit_2(cli, tmp_path):
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes(x TEXT)")
    conn.commit()
    conn.close()
    code, _, err = cli("simulate", "-n", "1", "--workers", "1", "--db", str(path))
    assert code == 2 and "not a tcgsim game database" in err


def test_a_missing_folder_is_named_as_such(tmp_path):
    with pytest.raises(StoreError, match="no such folder"):
        GameStore(tmp_path / "nowhere" / "runs.db")


def test_a_log_line_nested_too_deeply_is_named(tmp_path):
    from tcgsim.batch.gamelog import GameLogError, read_log

    path = tmp_path / "deep.jsonl"
    path.write_text("[" * 5000 + "]" * 5000 + "\n")
    with pytest.raises(GameLogError, match="deep.jsonl:1: not a game: nested too deeply"):
        read_log(path)


def _log_line(**changes) -> str:
    import json

    entry = {"format": "tcgsim-game", "version": 1, "game": 0, "seed": 1, "decks": {"A": "1xST01-001\n", "B": "1xST02-001\n"},
             "first": "A", "decisions": ["keep", "keep"], "winner": "A", "turns": 3, "end_reason": "life",
             "fingerprint": "0" * 64}
    entry.update(changes)
    return json.dumps(entry) + "\n"


@pytest.mark.parametrize("changes, key", [({"turns": "14"}, "turns"), ({"decisions": ["keep", 1]}, "decisions.1"),
                                          ({"game": True}, "game"), ({"seed": 1.5}, "seed"), ({"winner": "C"}, "winner"),
                                          ({"decks": {"A": "x", "B": 3}}, "decks.B")])
def test_log_lines_are_validated_by_type_naming_the_key(tmp_path, changes, key):
    """Issue 15 §1: game logs are read through a validated model; the error names file, line and key."""
    from tcgsim.batch.gamelog import GameLogError, read_log

    path = tmp_path / "typed.jsonl"
    path.write_text(_log_line() + _log_line(**changes))
    with pytest.raises(GameLogError, match=rf"typed.jsonl:2: malformed game: {key}: "):
        read_log(path)


def test_a_log_line_over_the_limit_is_refused_before_it_is_parsed(tmp_path, monkeypatch):
    from tcgsim.batch import gamelog

    monkeypatch.setattr(gamelog, "MAX_LINE_BYTES", 1_000)
    path = tmp_path / "long.jsonl"
    path.write_text(_log_line() + _log_line(events=["x" * 2_000]))
    with pytest.raises(gamelog.GameLogError, match=r"long.jsonl:2: the line is over 1,000 bytes"):
        gamelog.read_log(path)
    (tmp_path / "folder.jsonl").mkdir()
    with pytest.raises(gamelog.GameLogError, match="is a folder"):
        gamelog.read_log(tmp_path / "folder.jsonl")


def test_a_full_disk_says_so_and_keeps_the_games_stored_before(tmp_path):
    """Issue 15 §3: disk-full errors say so. SQLite's max_page_count makes the file "full" at its size."""
    from types import SimpleNamespace

    from tcgsim.onepiece.cards.decklist import Deck

    x, y = Deck("ST01-001", (("ST01-002", 4),), name="X"), Deck("ST02-001", (("ST02-002", 4),), name="Y")
    path = tmp_path / "full.db"
    stored = 0
    with GameStore(path) as store:
        run = store.ensure_run(x, y, ("random", "random"), 0, 10_000)
        store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        pages = store.conn.execute("PRAGMA page_count").fetchone()[0]
        store.conn.execute(f"PRAGMA max_page_count = {pages + 2}")
        with pytest.raises(StoreError, match="the disk is full"):
            for i in range(10_000):
                store.add_game(run, SimpleNamespace(game=i, seed=i, first="A", winner="A", turns=9, end_reason="life",
                                                    decisions=["keep"] * 200), "0" * 64)
                stored += 1
    assert 0 < stored < 10_000
    with GameStore(path, readonly=True) as store:
        assert len(store.games()) == stored  # every game committed before the error is kept


def _damaged_store(tmp_path):
    """A tcgsim store whose ``games`` table page is garbled (as a disk or a copy can leave it)."""
    path = tmp_path / "dmg.db"
    GameStore(path).close()
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=DELETE")
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games'").fetchone()[0]
    conn.close()
    data = bytearray(path.read_bytes())
    data[(root - 1) * page_size: root * page_size] = b"\xff" * page_size
    path.write_bytes(bytes(data))
    return path


def test_a_damaged_store_is_named_damaged_and_left_unchanged(cli, tmp_path):
    """README: "a damaged one is named as such" (not "not a tcgsim game database"), exit 2, no write."""
    path = _damaged_store(tmp_path)
    before = path.read_bytes()
    for readonly in (False, True):
        with pytest.raises(StoreError, match=r"dmg.db: the game database is damaged \(corrupt: .*\); left unchanged"):
            GameStore(path, readonly=readonly)
    code, _, err = cli("simulate", "-n", "1", "--workers", "1", "--db", str(path))
    assert code == 2 and "damaged (corrupt" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["dmg.db"]


def test_a_file_that_is_not_sqlite_is_named_so(tmp_path):
    path = tmp_path / "text.db"
    path.write_text("hello\n" * 1000)
    with pytest.raises(StoreError, match="not an SQLite file, or one whose header is damaged"):
        GameStore(path)
    assert path.read_text() == "hello\n" * 1000
