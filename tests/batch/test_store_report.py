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
        assert (out / f"onepiece-{name}").stat().st_size > 0  # one set of plots per game (issue 15 §4)


def test_report_numbers(hand_built):
    """Issue 15 §4: a player is a deck played by one agent; X appears as X·random (against Y) and as
    X·heuristic (against Z): two players, never pooled."""
    data = collect(hand_built)
    [sec] = data.sections
    assert sec.game == "onepiece"
    assert sec.labels == ["X · random", "Y · random", "Z · heuristic", "X · heuristic"]
    assert data.games == 17 and sec.mirrors == 2
    m = sec.matrix()
    xr, yr, zh, xh = 0, 1, 2, 3
    assert m[xr][yr] == pytest.approx((0.7, 0.396778, 0.892209, 10), abs=1e-6)
    assert m[yr][xr] == pytest.approx((0.3, 0.107791, 0.603222, 10), abs=1e-6)
    assert m[zh][xh] == pytest.approx((0.8, 0.375535, 0.963776, 5), abs=1e-6)
    assert m[xh][zh] == pytest.approx((0.0, 0.0, 0.434482, 5), abs=1e-6)
    assert m[xr][xr] is None and m[xr][xh] is None and m[xr][zh] is None and m[yr][zh] is None
    sx = sec.deck_stats[xr]
    # X·random: first in X-Y games 0,2,4,6,8 (won all 5); second in games 1,3,5,7,9 (won 2: games 1 and 9)
    assert (sx.first.games, sx.first.wins, sx.second.games, sx.second.wins) == (5, 5, 5, 2)
    assert (sx.overall.games, sx.overall.wins, sx.overall.draws) == (10, 7, 0)
    assert sx.mean_turns == pytest.approx(sum(range(10, 20)) / 10)
    # the same per matchup: X·random going first against Y·random 5 of 5, going second 2 of 5
    assert (sec.first[xr][yr].games, sec.first[xr][yr].wins, sec.second[xr][yr].games, sec.second[xr][yr].wins) == (5, 5, 5, 2)
    # Y going first (games 1,3,5,7,9) won 3, 5, 7
    assert (sec.first[yr][xr].games, sec.first[yr][xr].wins) == (5, 3)
    sxh = sec.deck_stats[xh]
    # X·heuristic in seat B of Z-X: first in games 1,3 (lost both); second in 0,2,4 (lost 2, one draw)
    assert (sxh.first.games, sxh.first.wins, sxh.second.games, sxh.second.wins, sxh.second.draws) == (2, 0, 3, 0, 1)
    assert sxh.end_reasons == {"life": 4, "deck": 1}
    sz = sec.deck_stats[zh]
    assert (sz.first.games, sz.first.wins, sz.second.games, sz.second.wins) == (3, 2, 2, 2)
    # first player, every game (mirrors included): X-Y 0,2,4,6,8 and 3,5,7 -> 8; Z-X 0, 4 -> 2; Y-Y 2
    assert (sec.first_player.games, sec.first_player.wins) == (17, 8 + 2 + 2)
    assert sorted(sec.turns) == sorted([*range(10, 20), 20, 20, 30, 20, 20, 12, 14])


def test_report_files(hand_built, tmp_path, capsys):
    out = tmp_path / "report"
    with pytest.raises(SystemExit) as exc:
        main(["report", str(hand_built), "--out", str(out)])
    assert exc.value.code in (0, None)
    assert str(out / "index.html") in capsys.readouterr().out
    page = (out / "index.html").read_text()
    for name in PLOTS:
        path = out / f"onepiece-{name}"
        assert path.stat().st_size > 1000
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f"src='onepiece-{name}'" in page
    assert "70.0%" in page and "39.7%" in page and "89.2%" in page


def _tally(sec, a, b):
    t = sec.cells[a][b]
    return t.games, t.wins


def test_runs_of_other_agents_are_apart_and_runs_of_other_seeds_merge(tmp_path):
    """Issue 15 §4 ("simulate ST01 ST02" then "simulate ST01 ST02 --agents heuristic,random" pooled 250/350):
    the unit is (game, decks, agents); runs identical but for the seed (or the seats) add up."""
    path = tmp_path / "r.sqlite"
    with GameStore(path) as store:
        rr = store.ensure_run(X, Y, ("random", "random"), 0, 4)  # X (A) wins 3 of 4
        insert_games(store, rr, [game(0, "A", "A", 9), game(1, "B", "A", 9), game(2, "A", "B", 9), game(3, "B", "A", 9)])
        hr = store.ensure_run(X, Y, ("heuristic", "random"), 0, 2)  # X·heuristic wins both
        insert_games(store, hr, [game(0, "A", "A", 9), game(1, "B", "A", 9)])
        yx = store.ensure_run(Y, X, ("random", "random"), 5, 2)  # another seed, seats swapped: X (B) wins 1
        insert_games(store, yx, [game(0, "A", "A", 9), game(1, "B", "A", 9)][:1] + [game(1, "B", "B", 9)])
    sec = collect(path).section("onepiece")
    xr, yr = sec.index(run_key_id(X), "random"), sec.index(run_key_id(Y), "random")
    xh = sec.index(run_key_id(X), "heuristic")
    assert _tally(sec, xr, yr) == (6, 4) and _tally(sec, yr, xr) == (6, 2)
    assert _tally(sec, xh, yr) == (2, 2) and _tally(sec, yr, xh) == (2, 0)
    assert len(sec.players) == 3 and sec.cells[xr][xh].games == 0


def run_key_id(deck):
    from tcgsim.batch.store import deck_id

    return deck_id(deck)


def test_each_game_has_its_own_section_and_headline(hand_built, tmp_path):
    """Issue 15 §4: One Piece and Bleach games in one database are never pooled, not even in the
    first-player headline."""
    from tcgsim.core.games import get_game

    bleach = get_game("bleach")
    bdb = bleach.default_database()
    a, b = bleach.load_deck("compagnons", bdb), bleach.load_deck("rivaux", bdb)
    with GameStore(hand_built) as store:
        run = store.ensure_run(a, b, ("random", "random"), 0, 3)
        # first player wins 0 of 3
        insert_games(store, run, [game(0, "A", "B", 5), game(1, "B", "A", 5), game(2, "A", "B", 5)])
    data = collect(hand_built)
    assert [s.game for s in data.sections] == ["onepiece", "bleach"]
    op, bl = data.section("onepiece"), data.section("bleach")
    assert (op.first_player.games, op.first_player.wins) == (17, 12)  # as without the Bleach games
    assert (bl.first_player.games, bl.first_player.wins) == (3, 0)
    assert bl.labels == ["compagnons", "rivaux"] and _tally(bl, 0, 1) == (3, 1)
    out = tmp_path / "rep"
    write_report(hand_built, out)
    page = (out / "index.html").read_text()
    assert "won 12 of 17 games" in page and "won 0 of 3 games" in page and "won 12 of 20" not in page
    assert (out / "bleach-matrix.png").exists() and "src='bleach-matrix.png'" in page


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
