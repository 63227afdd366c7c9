"""The store is read through typed rows (issue 15 "Hostile input", §1 "every reader bounded and typed ... the
store"): a row that does not fit tcgsim's schema, whether a wrong type, a missing value or a ``log`` column that
is not a JSON list of notation strings, is a clear error naming the file, the table and the row (the CLI exits
with status 2), never a traceback; stores written by tcgsim, old and new, still read."""

from __future__ import annotations

import sqlite3
from types import SimpleNamespace

import pytest

from tcgsim.batch.store import GameStore, StoreError, insert_games
from tcgsim.onepiece.cards.decklist import Deck

X = Deck("ST01-001", (("ST01-002", 4),), name="X")
Y = Deck("ST02-001", (("ST02-002", 4),), name="Y")


def _store(path, games=3):
    """A store of one run of ``games`` games (decisions ``["keep", "keep"]``); returns the run's id."""
    with GameStore(path) as store:
        run = store.ensure_run(X, Y, ("random", "random"), 7, games)
        insert_games(store, run, [SimpleNamespace(game=i, seed=100 + i, first="A", winner="B", turns=9,
                                                  end_reason="life", decisions=["keep", "keep"]) for i in range(games)])
        return run.id


def _sql(path, *statements):
    conn = sqlite3.connect(path)
    try:
        for s in statements:
            conn.execute(s)
        conn.commit()
    finally:
        conn.close()


def _unconstrained(path):
    """Rebuild the games table without NOT NULL and CHECK (as another program or an old tool might leave it):
    the same tables, the same application id, so the file is still taken for a tcgsim store."""
    conn = sqlite3.connect(path)
    try:
        cols = [r[1] for r in conn.execute("PRAGMA table_info(games)")]
        conn.executescript(f"""
            ALTER TABLE games RENAME TO old_games;
            CREATE TABLE games({", ".join(cols)});
            INSERT INTO games SELECT * FROM old_games;
            DROP TABLE old_games;""")
        conn.commit()
    finally:
        conn.close()


def _rowid(path, game_index):
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT rowid FROM games WHERE game_index = ?", (game_index,)).fetchone()[0]
    finally:
        conn.close()


@pytest.mark.parametrize("log, says", [
    ("not json", "log: Invalid JSON"),
    ('{"play": 1}', "log: Input should be a valid list"),
    ("[1, 2]", "log.0: Input should be a valid string"),
    ('["keep", ', "log: Invalid JSON"),
])
def test_a_malformed_decisions_column_names_file_table_and_row(tmp_path, log, says):
    path = tmp_path / "s.db"
    run = _store(path)
    _sql(path, f"UPDATE games SET log = '{log}' WHERE game_index = 1")
    row = _rowid(path, 1)
    with GameStore(path, readonly=True) as store:
        assert store.decisions(run, 0) == ["keep", "keep"]  # the rows that fit still read
        for read in (lambda: store.decisions(run, 1), lambda: list(store.logged_games(run, 3))):
            with pytest.raises(StoreError) as exc:
                read()
            text = str(exc.value)
            assert text.startswith(f"{path}: not a tcgsim game database or a damaged one: corrupt row {row} of "
                                   "table games: ")
            assert says in text


@pytest.mark.parametrize("column, value, says", [
    ("turns", "'nine'", "turns: Input should be a valid integer"),       # INTEGER affinity keeps 'nine' as text
    ("seed", "'12x'", "seed: String should match pattern"),
    ("seed", "x'00ff'", "seed: Input should be a valid string"),        # a blob where a decimal seed belongs
    ("turns", "-3", "turns: Input should be greater than or equal to 0"),
    ("first", "'C'", "first: Input should be 'A' or 'B'"),
    ("winner", "'nobody'", "winner: Input should be 'A', 'B' or 'draw'"),
    ("end_reason", "NULL", "end_reason: missing"),                      # a missing value
    ("decisions", "NULL", "decisions: missing"),
    ("log", "NULL", "log: missing"),
    ("events", "NULL", "events: missing"),
    ("fingerprint", "x'00'", "fingerprint: Input should be a valid string"),
])
def test_a_game_row_of_the_wrong_type_or_missing_a_value_is_named(tmp_path, column, value, says):
    path = tmp_path / "s.db"
    run = _store(path)
    _unconstrained(path)
    _sql(path, f"UPDATE games SET {column} = {value} WHERE game_index = 2")
    row = _rowid(path, 2)
    with GameStore(path, readonly=True) as store:
        reads = []
        if column not in ("log", "events", "fingerprint"):  # what the report reads
            reads.append(store.games)
        if column != "decisions":  # what a game log is written from
            reads.append(lambda: list(store.logged_games(run, 3)))
        for read in reads:
            with pytest.raises(StoreError, match=f"corrupt row {row} of table games: {says}"):
                read()


def test_a_run_or_deck_row_that_does_not_fit_is_named(tmp_path):
    path = tmp_path / "s.db"
    _store(path)
    _sql(path, "UPDATE runs SET games = 'many'")
    with GameStore(path, readonly=True) as store:
        with pytest.raises(StoreError, match=r"corrupt row 1 of table runs: games: Input should be a valid integer"):
            store.runs()
    _sql(path, "UPDATE runs SET games = 3", "UPDATE decks SET leader = x'05' WHERE name = 'Y'")
    with GameStore(path, readonly=True) as store:
        with pytest.raises(StoreError, match=r"corrupt row \d+ of table decks: leader: Input should be a valid string"):
            store.decks()


def test_the_cli_reports_a_corrupt_row_with_exit_2(cli, tmp_path):
    path = tmp_path / "s.db"
    _store(path)
    _sql(path, "UPDATE games SET turns = 'nine' WHERE game_index = 0")
    code, _, err = cli("report", str(path), "--out", str(tmp_path / "out"))
    assert code == 2
    assert f"{path}: not a tcgsim game database or a damaged one: corrupt row {_rowid(path, 0)} of table games" in err
    assert "Traceback" not in err


def test_a_decisions_column_over_the_limit_is_refused_before_it_is_parsed(tmp_path, monkeypatch):
    from tcgsim.batch import store as store_module

    path = tmp_path / "s.db"
    run = _store(path, games=1)
    _sql(path, "UPDATE games SET log = '[' || replace(hex(zeroblob(600)), '00', '\"k\",') || '\"k\"]'")
    monkeypatch.setattr(store_module, "MAX_LOG_CHARS", 100)  # read at check time: the check, not the figure, matters
    with GameStore(path, readonly=True) as store:
        with pytest.raises(StoreError, match="log: Value error, longer than 100 characters"):
            store.decisions(run, 0)


def test_stores_written_by_tcgsim_read_as_they_were_written(tmp_path):
    path = tmp_path / "s.db"
    run = _store(path)
    with GameStore(path, readonly=True) as store:
        (r,) = store.runs()
        assert (r.agents, r.seed, r.games, r.name_a, r.name_b) == (("random", "random"), 7, 3, "X", "Y")
        assert [(g.game, g.seed, g.first, g.winner, g.turns, g.decisions) for g in store.games()] == [
            (i, 100 + i, "A", "B", 9, 2) for i in range(3)]
        logged = list(store.logged_games(run, 3))
        assert [g["decisions"] for g in logged] == [["keep", "keep"]] * 3 and logged[0]["events"] == []
        assert {d["name"] for d in store.decks().values()} == {"X", "Y"}


def test_a_read_only_store_written_before_events_were_kept_still_reads_its_logs(tmp_path):
    path = tmp_path / "old.db"
    run = _store(path, games=1)
    _sql(path, "ALTER TABLE games DROP COLUMN events")
    with GameStore(path, readonly=True) as store:
        assert [g["events"] for g in store.logged_games(run, 1)] == [[]]
