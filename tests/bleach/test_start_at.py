"""The engine additions for scenario files: ``turn.start_at`` / ``turn.turn_frames`` and the unshuffled setup."""

from __future__ import annotations

import pytest

from tcgsim.bleach.rules.setup import new_game
from tcgsim.bleach.rules.turn import STEPS, start_at, turn_frames

from .helpers import COMP, DB, RIV, act, default, start


def _at_turn_3():
    """A game paused at p1's turn-3 action decision, its stack emptied for start_at."""
    g = start(seed=2)
    while not (g.turn == 3 and g.pending.kind == "action"):
        default(g)
    return g


def test_turn_frames_cut_the_turn_at_each_step():
    g = _at_turn_3()
    full = turn_frames(g, "entry")
    assert full == [("turn_end",), ("zstep",), ("unleash",), ("spirit", ()), ("actions", 0), ("entry",)]
    assert turn_frames(g, "actions") == full[:5]
    assert turn_frames(g, "zanpakuto") == full[:2]
    assert turn_frames(g, "actions", combat_done=True)[-1] == ("actions", 1)
    g.players[g.active].turns = 0  # the attacker's first turn: no combat
    assert turn_frames(g, "actions")[-1] == ("actions", 1)


@pytest.mark.parametrize("step, top, kinds", [("depart", ("turn_start",), ("entry", "action")),
                                              ("entry", ("entry",), ("entry", "action")),
                                              ("actions", ("actions", 0), ("action",)),
                                              ("zanpakuto", ("zstep",), ("zanpakuto",))])
def test_start_at_positions_the_turn(step, top, kinds):
    g = _at_turn_3()
    g.stack.clear()
    g.pending = None
    p = g.players[0]
    for s in p.souls:
        g.exhausted[s] = 1
    start_at(g, step)
    assert g.stack[-1] == top and g.turn == (2 if step == "depart" else 3)
    g.run()
    assert g.turn == 3 and g.active == 0
    assert g.pending.kind in kinds and g.pending.player == 0
    # only "depart" runs the Récupération
    assert all(not g.exhausted[s] for s in p.souls) == (step == "depart")


def test_start_at_rejects_an_unknown_step():
    with pytest.raises(ValueError):
        start_at(_at_turn_3(), "combat")
    assert "setup" not in STEPS


def test_unshuffled_setup_keeps_the_deck_order():
    """Frame ``("setup", first, False)``: 6 soul points, then the 6-card hand, from the top of the deck as given."""
    from tcgsim.bleach.rules.engine import Game

    g = new_game(COMP, RIV, DB, 4, first=0)  # the same cards, shuffled
    h = Game(g.t, seed=4)
    for owner in (0, 1):
        src, p = g.players[owner], h.players[owner]
        p.start, p.zanpakuto = src.start, src.zanpakuto
        p.deck = [c for c in range(len(g.t.defs)) if g.t.owner[c] == owner and c not in (src.start, src.zanpakuto)]
    top = list(h.players[0].deck)  # top last
    h.stack.append(("setup", 0, False))
    h.run()
    assert h.players[0].soul == list(reversed(top[-6:]))
    assert h.players[0].hand == list(reversed(top[-12:-6]))
    assert h.players[0].soul != g.players[0].soul  # new_game shuffles
    assert h.pending.kind == "keep"
    act(h, "keep", "keep")
    assert h.turn == 1 and h.active == 0
