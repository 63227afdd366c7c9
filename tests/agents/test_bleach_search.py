"""The MCTS agent on Bleach (agents/bleach_search.py): option keys stable across determinizations, the
evaluation's sign, reproducible games through the runner."""

from __future__ import annotations

import pytest

from tcgsim.agents import bleach_search
from tcgsim.batch.runner import load_decks, play_game
from tcgsim.core.games import get_game
from tcgsim.core.rng import Rng

M = get_game("bleach")


@pytest.fixture(scope="module")
def setup():
    db = M.default_database()
    return db, load_decks("compagnons", "rivaux", db, "bleach")


def _game_at_action(db, decks, seed=3):
    g = M.new_game(*decks, db, seed, first=0)
    rng = Rng(seed)
    while g.winner is None and not (g.pending.kind == "action" and g.turn >= 3):
        g.apply_index(rng.below(len(g.pending.options)))
    assert g.winner is None
    return g


def test_keys_name_the_same_action_in_every_determinization(setup):
    """Hand and reserve cards are redealt between samples: their options must key by card number, so the
    tree shares statistics; field cards keep their ids."""
    db, decks = setup
    g = _game_at_action(db, decks)
    d = g.pending
    sample = M.make_sampler(g, d.player)
    keys = {tuple(bleach_search.key(h, o) for o in d.options) for h in (sample(Rng(s)) for s in range(6))}
    assert len(keys) == 1
    field = set(g.players[d.player].souls)
    for o, k in zip(d.options, next(iter(keys))):
        for x, y in zip(o[1:], k[1:]):
            if type(x) is int and o[0] != "effect":
                assert y == (x if x in field or x in g.players[1 - d.player].souls else g.t.numbers[x])


def test_evaluation_prefers_more_soul_points(setup):
    db, decks = setup
    g = _game_at_action(db, decks)
    base = bleach_search.evaluate(g)
    h = g.clone()
    h.players[1].discard.append(h.players[1].soul.pop())  # player 1 loses a soul point
    assert bleach_search.evaluate(h) > base
    h.players[1].soul.clear()
    h.check()
    assert h.winner == 0 and bleach_search.evaluate(h) == 1.0


def test_mcts_plays_reproducible_bleach_games(setup):
    db, decks = setup
    a = play_game(*decks, db, 17, ("mcts:8", "heuristic"), True)
    b = play_game(*decks, db, 17, ("mcts:8", "heuristic"), True)
    assert a.winner in ("A", "B", "draw") and a.decisions == b.decisions and a.fingerprint == b.fingerprint
