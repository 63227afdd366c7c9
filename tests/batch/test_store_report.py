"""The game database (runs keyed by their arguments) and the report's numbers on hand-built games."""

from __future__ import annotations

import sqlite3
from types import SimpleNamespace

import pytest

from tcgsim.batch.report import PLOTS, collect, wilson_interval, write_report
from tcgsim.batch.store import GameStore, StoreError, insert_games, run_key
from tcgsim.cli import main
from tcgsim.onepiece.cards.decklist import Deck

X = Deck("ST01-001", (("ST01-002", 4), ("ST01-003", 4)), name="X")
Y = Deck("ST02-001", (("ST02-002", 4), ("ST02-003", 4)), name="Y")
Z = Deck("ST03-001", (("ST03-002", 4), ("ST03-003", 4)), name="Z")


def game(index: int, first: str, winner: str, turns: int, reason: str = "life"):
    return SimpleNamespace(game=index, seed=1000 + index, first=first, winner=winner, turns=turns,
                           end_reason=reason, decisions=["keep", "keep", "end"])


def test_run_key_covers_what_decides_the_games():
    """Decks (contents and seats), agents and seed decide a run's games; its name and the number of games
    asked for do not (game i is the same game for any -n)."""
    base = run_key(X, Y, ("random", "random"), 1, 10)
    assert base == run_key(Deck(X.leader, X.main, name="renamed"), Y, ("random", "random"), 1, 10)
    assert base == run_key(X, Y, ("random", "random"), 1, 11)
    assert len({base, run_key(Y, X, ("random", "random"), 1, 10), run_key(X, Y, ("random", "heuristic"), 1, 10),
                run_key(X, Y, ("random", "random"), 2, 10),
                run_key(Deck(X.leader, X.main[::-1]), Y, ("random", "random"), 1, 10)}) == 5


def test_store_keeps_each_game_once(tmp_path):
    path = tmp_path / "g.sqlite"
    with GameStore(path) as store:
        run = store.ensure_run(X, Y, ("random", "random"), 2**64 - 1, 3)  # seeds beyond SQLite's INTEGER
        assert store.ensure_run(X, Y, ("random", "random"), 2**64 - 1, 3) == run
        store.add_game(run, game(1, "B", "A", 9), "f" * 64)
        store.add_game(run, game(1, "B", "B", 99), "0" * 64)  # already stored: ignored
        assert store.stored_indices(run) == {1}
        [g] = store.games(run)
        assert (g.game, g.seed, g.winner, g.turns, g.decisions) == (1, 1001, "A", 9, 3)
        assert store.decisions(run, 1) == ["keep", "keep", "end"]
        assert run.seed == 2**64 - 1
        with pytest.raises(sqlite3.IntegrityError):
            store.conn.execute("INSERT INTO games SELECT * FROM games")
    (tmp_path / "junk").write_text("not a database")
    with pytest.raises(StoreError):
        GameStore(tmp_path / "junk")


@pytest.fixture()
def hand_built(tmp_path):
    """X-Y: X wins 7 of 10 (X first in even games); Z-X (Z in seat A): Z wins 4 of 5, one draw;
    Y-Y mirror: 2 games, the first player wins both."""
    path = tmp_path / "hand.sqlite"
    with GameStore(path) as store:
        xy = store.ensure_run(X, Y, ("random", "random"), 0, 10)
        winners = ["A", "A", "A", "B", "A", "B", "A", "B", "A", "A"]
        insert_games(store, xy, [game(i, "AB"[i % 2], w, 10 + i) for i, w in enumerate(winners)])
        zx = store.ensure_run(Z, X, ("heuristic", "heuristic"), 0, 5)
        insert_games(store, zx, [game(0, "A", "A", 20), game(1, "B", "A", 20), game(2, "A", "draw", 30, "deck"),
                                 game(3, "B", "A", 20), game(4, "A", "A", 20)])
        yy = store.ensure_run(Y, Y, ("random", "random"), 0, 2)
        insert_games(store, yy, [game(0, "A", "A", 12), game(1, "B", "B", 14)])
    return path


def test_wilson_interval_against_hand_computed_values():
    # computed by hand as the roots of (k/n - p)² = z²·p(1-p)/n (the Wilson score bounds), z = 1.959964:
    # (1 + z²/n)·p² - (2k/n + z²/n)·p + (k/n)² = 0
    assert wilson_interval(7, 10) == pytest.approx((0.396778, 0.892209), abs=1e-6)
    assert wilson_interval(3, 10) == pytest.approx((0.107791, 0.603222), abs=1e-6)
    assert wilson_interval(4, 5) == pytest.approx((0.375535, 0.963776), abs=1e-6)
    assert wilson_interval(0, 5) == pytest.approx((0.0, 0.434482), abs=1e-6)  # upper = z²/(n + z²)
    assert wilson_interval(5, 5) == pytest.approx((0.565518, 1.0), abs=1e-6)
    assert wilson_interval(0, 0) is None
    with pytest.raises(ValueError):
        wilson_interval(3, 2)


def test_wilson_bounds_are_exact_at_zero_and_all_wins():
    # the Wilson score bounds are the roots p of (k/n - p)^2 = z^2 p(1-p)/n: for k = 0, p = 0 is a root
    # (the lower bound); for k = n, p = 1 is (the upper bound). Rounding once gave 5.6e-17 for 0 of 3 and
    # 0.9999999999999999 for 10 of 10, and `tcgsim report` then failed drawing negative error bars.
    for n in range(1, 200):
        assert wilson_interval(0, n)[0] == 0.0
        assert wilson_interval(n, n)[1] == 1.0


def test_report_of_a_gauntlet_with_all_or_nothing_results(tmp_path):
    # README: `tcgsim gauntlet ... --db runs.db` then `tcgsim report runs.db --out report/` draws the report;
    # a deck that wins every game going first (3 of 3) and none going second must not break the plots
    path = tmp_path / "sweep.db"
    with GameStore(path) as store:
        xy = store.ensure_run(X, Y, ("random", "random"), 0, 6)
        insert_games(store, xy, [game(i, "AB"[i % 2], "AB"[i % 2], 10 + i) for i in range(6)])
    out = tmp_path / "report"
    write_report(path, out)
    for name in PLOTS:
        assert (out / name).stat().st_size > 0


def test_report_numbers(hand_built):
    data = collect(hand_built)
    assert data.decks == ["X", "Y", "Z"]
    assert data.games == 17 and data.mirrors == 2
    m = data.matrix()
    x, y, z = 0, 1, 2
    assert m[x][y] == pytest.approx((0.7, 0.396778, 0.892209, 10), abs=1e-6)
    assert m[y][x] == pytest.approx((0.3, 0.107791, 0.603222, 10), abs=1e-6)
    assert m[z][x] == pytest.approx((0.8, 0.375535, 0.963776, 5), abs=1e-6)
    assert m[x][z] == pytest.approx((0.0, 0.0, 0.434482, 5), abs=1e-6)
    assert m[x][x] is None and m[y][z] is None and m[z][y] is None
    sx = data.deck_stats[x]
    # X: first in X-Y games 0,2,4,6,8 (won all 5) and in Z-X games 1,3 (lost both)
    assert (sx.first.games, sx.first.wins) == (7, 5)
    # X second: X-Y games 1,3,5,7,9 (won 2: games 1 and 9) and Z-X games 0,2,4 (lost 2, one draw)
    assert (sx.second.games, sx.second.wins, sx.second.draws) == (8, 2, 1)
    assert (sx.overall.games, sx.overall.wins, sx.overall.draws) == (15, 7, 1)
    assert sx.end_reasons == {"life": 14, "deck": 1}
    assert sx.mean_turns == pytest.approx((sum(range(10, 20)) + 110) / 15)
    sz = data.deck_stats[z]
    assert (sz.first.games, sz.first.wins, sz.second.games, sz.second.wins) == (3, 2, 2, 2)
    # first player, every game (mirrors included): X-Y 7 of 10... first won games 0,2,4,6,8 and 3,5,7 -> 8
    assert (data.first_player.games, data.first_player.wins) == (17, 8 + 2 + 2)
    assert sorted(data.turns) == sorted([*range(10, 20), 20, 20, 30, 20, 20, 12, 14])


def test_report_files(hand_built, tmp_path, capsys):
    out = tmp_path / "report"
    with pytest.raises(SystemExit) as exc:
        main(["report", str(hand_built), "--out", str(out)])
    assert exc.value.code in (0, None)
    assert str(out / "index.html") in capsys.readouterr().out
    page = (out / "index.html").read_text()
    for name in PLOTS:
        assert (out / name).stat().st_size > 1000
        assert (out / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f"src='{name}'" in page
    assert "70.0%" in page and "39.7%" in page and "89.2%" in page


def test_report_errors(tmp_path, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["report", str(tmp_path / "missing.sqlite"), "--out", str(tmp_path / "r")])
    assert exc.value.code == 2
    assert "no such game database" in capsys.readouterr().err
    GameStore(tmp_path / "empty.sqlite").close()
    with pytest.raises(SystemExit) as exc:
        main(["report", str(tmp_path / "empty.sqlite"), "--out", str(tmp_path / "r")])
    assert exc.value.code == 2
    assert "holds no games" in capsys.readouterr().err


def test_more_games_later_adds_only_the_missing_ones(tmp_path, cli):
    """Game i of a run is the same game whatever -n says: asking for more games plays only the missing ones,
    asking for fewer reuses the stored ones, the summary always covers games 0..n-1 (equal to a run without
    a database), and no game is stored twice (the report counts each game once)."""
    import json as _json

    from tcgsim.batch.store import GameStore

    path = tmp_path / "runs.db"
    code, out30, _ = cli("simulate", "-n", "6", "--db", str(path), "--json", "-j", "1")
    assert code == 0
    code, out40, err = cli("simulate", "-n", "9", "--db", str(path), "--json", "-j", "1")
    assert code == 0 and "6 of 9 games already stored" in err and "playing 3" in err
    code, out10, err = cli("simulate", "-n", "4", "--db", str(path), "--json", "-j", "1")
    assert "playing 0" in err
    code, plain, _ = cli("simulate", "-n", "4", "--json", "-j", "1")
    strip = lambda s: {k: v for k, v in _json.loads(s).items() if k not in ("seconds", "games_per_second", "db")}  # noqa: E731
    assert strip(out10) == strip(plain) and _json.loads(out40)["games"] == 9
    with GameStore(path, readonly=True) as store:
        runs = store.runs()
        assert len(runs) == 1 and runs[0].games == 9 and len(store.games()) == 9
