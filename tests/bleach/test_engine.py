"""Engine requirements: determinism, clone and serialization, invariants over seeded random games, notation,
views, the GameModule API and the heuristic agent."""

from __future__ import annotations

import json

import pytest

from tcgsim.bleach.module import MODULE
from tcgsim.bleach.rules.engine import Game
from tcgsim.bleach.rules.invariants import InvariantError, check_all, check_conservation, check_views
from tcgsim.bleach.rules.notation import parse, render
from tcgsim.bleach.rules.setup import new_game
from tcgsim.core.games import get_game
from tcgsim.core.machine import IllegalAction
from tcgsim.core.rng import Rng
from tcgsim.errors import UserError

from .helpers import ALL_A, ALL_B, COMP, DB, RIV

RANDOM_GAMES = 300
"""Seeded random games of the demo decks in the default suite, invariants checked after every action."""


def random_game(seed, decks=(COMP, RIV), check_every=False, log=False):
    g = new_game(decks[seed % 2], decks[1 - seed % 2], DB, seed, log=log)
    r, cr = Rng(seed), Rng(seed + 1000)
    while g.winner is None:
        if check_every:
            check_all(g, DB, cr)
        g.apply_index(r.below(len(g.pending.options)))
    if check_every:
        check_all(g, DB, cr)
    return g


def test_module_is_registered_and_complete():
    m = get_game("bleach")
    assert m is MODULE and m.name == "bleach" and m.default_decks == ("compagnons", "rivaux")
    db = m.default_database()
    a, b = (m.load_deck(n, db) for n in m.default_decks)
    assert m.parse_deck(m.deck_text(a), db, "x").main == a.main
    g = m.new_game(a, b, db, 3, first=1, log=True)
    assert g.pending.kind == "keep" and g.log
    v = m.player_view(g, 0)
    assert v["pending"]["options"] == ["keep", "mulligan"]
    assert m.parse(g, "mulligan") == ("mulligan",) and m.render(g, 0, ("keep",)) == "keep"
    assert m.unsupported_cards(a, b, db) == []
    m.check_invariants(g, db, Rng(1))
    h = m.make_sampler(g, 0)(Rng(5))
    check_conservation(h)
    assert h.players[0].hand == g.players[0].hand
    assert set(m.agent_names()) == {"random", "heuristic", "mcts"}
    assert m.make_agent("random", 1, db).name == "random" and m.make_agent("heuristic", 1, db).name == "heuristic"
    assert m.make_agent("mcts:50", 1, db).iterations == 50
    with pytest.raises(UserError, match="unknown Bleach agent 'alphazero'"):
        m.make_agent("alphazero", 1, db)
    with pytest.raises(UserError, match="takes no argument"):
        m.make_agent("heuristic:3", 1, db)


def test_same_seed_and_choices_give_the_same_fingerprint():
    """Determinism: all randomness comes from the game's seeded stream."""
    a, b = random_game(11), random_game(11)
    assert a.fingerprint() == b.fingerprint() and a.history == b.history
    assert random_game(12).fingerprint() != a.fingerprint()


def test_clone_and_round_trip_at_random_points_resume_identically():
    for seed in range(20):
        g = new_game(COMP, RIV, DB, seed)
        r = Rng(seed)
        stop = 10 + seed * 7
        for _ in range(stop):
            if g.winner is not None:
                break
            g.apply_index(r.below(len(g.pending.options)))
        c = g.clone()
        d = Game.from_dict(json.loads(json.dumps(g.to_dict())), DB)
        assert c.fingerprint() == d.fingerprint() == g.fingerprint()
        for game in (g, c, d):
            rr = r.clone()
            while game.winner is None:
                game.apply_index(rr.below(len(game.pending.options)))
        assert g.fingerprint() == c.fingerprint() == d.fingerprint()


def test_clone_is_independent():
    g = new_game(COMP, RIV, DB, 2)
    hand, before = list(g.players[0].hand), g.fingerprint()
    c = g.clone()
    c.apply_index(1)  # p1 mulligans in the clone only
    assert c.history == [1] and c.pending.player == 1
    assert g.history == [] and g.players[0].hand == hand and g.fingerprint() == before


@pytest.mark.parametrize("block", range(3))
def test_demo_decks_random_games_keep_every_invariant(block):
    """Seeded random games of « compagnons » against « rivaux » with the invariants (conservation, limits,
    clone/serialization, view leaks) checked after every action (three blocks, so that the cores share them)."""
    reasons = set()
    size = RANDOM_GAMES // 3
    for seed in range(block * size, block * size + size):
        g = random_game(seed, check_every=True)
        assert g.winner in (0, 1, 2)
        reasons.add(g.end_reason)
    assert {"soul", "field"} <= reasons


def test_every_option_renders_uniquely_and_parses_back():
    """The action notation: every pending option renders to text that parses back to an equivalent option."""
    for seed in range(30):
        g = new_game(ALL_A, ALL_B, DB, seed)
        r = Rng(seed)
        while g.winner is None:
            d = g.pending
            texts = [render(g, d.player, o) for o in d.options]
            assert len(set(texts)) == len(texts), texts
            for o in d.options:
                text = render(g, d.player, o)
                back = parse(g, text)
                assert render(g, d.player, back) == text
            g.apply_index(r.below(len(d.options)))


def test_parse_errors():
    g = new_game(COMP, RIV, DB, 1)
    with pytest.raises(IllegalAction, match=r"'attack BLX-001' is not a legal keep option for p1; legal: keep, mulligan"):
        parse(g, "attack BLX-001")
    with pytest.raises(UserError):
        parse(g, "fly away")
    assert parse(g, "  KEEP ") == ("keep",)


def test_views_leak_nothing_hidden():
    """A view never contains the opponent's hand, the deck order, face-down soul points or the opponent's
    reserves: check_views fails on a view that shows them."""
    g = new_game(COMP, RIV, DB, 4)
    check_views(g, Rng(1))
    from tcgsim.bleach.rules import view as view_module

    original = view_module._side

    def leaky(g, viewer, i):
        side = original(g, viewer, i)
        side["soul_cards"] = [g.t.numbers[c] for c in g.players[i].soul]
        return side

    view_module._side = leaky
    try:
        with pytest.raises(InvariantError, match="view changes when only hidden cards move"):
            check_views(g, Rng(1))
    finally:
        view_module._side = original


def test_private_log_events_are_visible_only_to_their_player():
    g = random_game(3, log=True)
    draws = [(v, t) for v, t in g.log if " draws BLX-" in t]
    assert draws and all(v == int(t[1]) - 1 for v, t in draws)
    assert any(v is None for v, _ in g.log)


def _play(seed, names):
    decks = (COMP, RIV) if seed % 4 < 2 else (RIV, COMP)
    g = MODULE.new_game(decks[0], decks[1], DB, seed)
    agents = [MODULE.make_agent(n, seed * 10 + i, DB) for i, n in enumerate(names)]
    while g.winner is None:
        d = g.pending
        a = agents[d.player]
        if a.needs_view:
            v = MODULE.player_view(g, d.player)
            i = a.choose(v, d, v["pending"]["options"])
        else:
            i = a.choose(None, d, None)
        g.apply_index(i)
    return g.winner


def test_heuristic_beats_random_clearly():
    wins = 0
    for seed in range(100):
        names = ("heuristic", "random") if seed % 2 == 0 else ("random", "heuristic")
        w = _play(seed, names)
        wins += w in (0, 1) and names[w] == "heuristic"
    assert wins >= 85, wins


def test_demo_decks_exercise_every_rule():
    """The demo decks « compagnons » and « rivaux » reach every decision kind and rule event in seeded games
    (heuristic and random players)."""
    kinds, events = set(), set()
    keys = ("unleashes", "returns to Ame Principale", "sacrifices", "shuffles", "plays BLX-034", "plays BLX-035",
            "plays event", "uses ability", "uses effect", "tie at", "mulligans", "takes", "becomes exhausted",
            "becomes offensive", "until end of combat", "until end of turn", "attaches", "enters",
            "discards soul point")
    for seed in range(40):
        names = ("heuristic", "heuristic") if seed % 2 else ("random", "random")
        decks = (COMP, RIV) if seed % 4 < 2 else (RIV, COMP)
        g = MODULE.new_game(decks[0], decks[1], DB, seed, log=True)
        agents = [MODULE.make_agent(n, seed * 10 + i, DB) for i, n in enumerate(names)]
        while g.winner is None:
            d = g.pending
            kinds.add(d.kind)
            v = MODULE.player_view(g, d.player)
            g.apply_index(agents[d.player].choose(v, d, v["pending"]["options"]))
        events |= {k for _, t in g.log for k in keys if k in t}
    assert kinds == {"keep", "first", "entry", "action", "respond", "choose", "combat", "defend", "exchange",
                     "sacrifice", "discard", "spirit", "unleash", "zanpakuto"}
    assert events == set(keys), set(keys) - events


def test_heuristic_plays_itself_with_both_decks_winning():
    winners = {_play(seed, ("heuristic", "heuristic")) for seed in range(40)}
    assert {0, 1} <= winners


@pytest.mark.long
def test_thousands_of_random_games_keep_every_invariant():
    """Issue 5 "done when": thousands of seeded random games of the demo decks (and of decks holding every
    card of the sample set), every invariant checked after every action of every game."""
    for seed in range(3000):
        random_game(10_000 + seed, decks=(COMP, RIV) if seed % 3 else (ALL_A, ALL_B), check_every=True)
