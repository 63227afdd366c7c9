"""audit 2026-12-04 (extra-turn), branch audit-x2: a game saved and loaded around OP05-119's extra turn
("[On Play] DON!! −10: ... Then, take an extra turn after this one.") goes on as the game that was not saved:
saved after the [On Play] (the extra turn scheduled, not begun) and saved in the extra turn itself, the next
turns' players and a duration that spans them are the same. p2's OP02-004 ("[On Play] Up to 1 of your Leader
gains +2000 power until the start of your next turn.") played in turn 4 lasts through p1's turn 5 and p1's
extra turn 6 and ends in p2's turn 7 (rules 6-1-1, 6-2-1, 6-6-1-4). Real cards only: a saved game's test
cards come back without their effects (serialize._carddef_to_dict drops ``effects``), see the audit-x2 report.
"""

from __future__ import annotations

import json

import pytest

from tcgsim.core.scenario.runner import Trace
from tcgsim.onepiece.cards.database import default_database
from tcgsim.onepiece.rules import continuous as cv
from tcgsim.onepiece.rules.engine import Game
from tcgsim.onepiece.scenario import RULES, build_game, load_scenario_text, play_action

SCENARIO = """\
name: OP05-119 extra turn saved and loaded
state:
  turn: 4
  active: p2
  phase: main
  p1:
    leader: ST01-001
    life: [FILLER, FILLER]
    hand: [OP05-119]
    deck: 10
    don: {rested: 8}
  p2:
    leader: ST01-001
    life: [FILLER, FILLER]
    hand: [OP02-004]
    deck: 10
    don: {active: 9}
"""
ACTIONS = ["p2: play OP02-004", "p2: choose leader", "p2: end turn", "p1: play OP05-119", "p1: yes"]


def _play(g, entry: str) -> None:
    who, text = entry.split(":", 1)
    assert play_action(g, int(who.strip()[1]) - 1, text.strip()), entry


def _saved_and_loaded(g):
    h = Game.from_dict(json.loads(json.dumps(g.to_dict())), default_database())
    assert h.fingerprint() == g.fingerprint()
    h.trace = Trace(h, RULES)
    return h


@pytest.mark.parametrize("in_extra_turn", [False, True], ids=["after-on-play", "in-extra-turn"])
def test_extra_turn_survives_save_and_load(in_extra_turn):
    g = build_game(load_scenario_text(SCENARIO, "audit-x2.yaml"), run=False, trace=True)
    g.run()
    for entry in ACTIONS:
        _play(g, entry)
    assert (g.turn, g.active) == (5, 0)
    assert [g.t.numbers[c] for c in g.players[0].characters] == ["OP05-119"]
    if in_extra_turn:
        _play(g, "p1: end turn")
    h = _saved_and_loaded(g)
    if not in_extra_turn:
        _play(h, "p1: end turn")
    assert (h.turn, h.active) == (6, 0), "the extra turn is p1's"
    assert cv.power(h, h.players[1].leader) == 7000, "p2's next turn has not started"
    assert len(h.players[0].hand) == 2 and h.players[0].don_active == 2  # drew in turns 5 and 6
    _play(h, "p1: end turn")
    assert (h.turn, h.active) == (7, 1), "after the extra turn the order resumes with p2"
    assert cv.power(h, h.players[1].leader) == 5000
    _play(h, "p2: end turn")
    assert (h.turn, h.active) == (8, 0)


TEST_EVENT = """\
name: a test Event saved and loaded
cards:
  - {number: TEST-ES, name: Test Start, category: Event, colors: [Red], cost: 0,
     text: "[Main] Up to 1 of your Leader gains +2000 power until the start of your next turn."}
state:
  turn: 3
  active: p1
  phase: main
  p1:
    leader: ST01-001
    hand: [TEST-ES]
  p2:
    leader: ST01-001
"""


def test_a_saved_test_card_keeps_its_effect():
    """Found by audit-x2: a test card saved with a game is compiled again when the game is loaded (its
    [Main] effect resolves as before the save)."""
    g = build_game(load_scenario_text(TEST_EVENT, "audit-x2.yaml"), run=False, trace=True)
    g.run()
    h = _saved_and_loaded(g)
    _play(h, "p1: play TEST-ES")
    assert h.pending.kind == "choose", "the [Main] effect asks for its target"
