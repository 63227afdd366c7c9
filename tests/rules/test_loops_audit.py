"""Second reading (audit, 2026-12-02) of rule 11-1 (rules/loops.py) and rule 8-4-5 (effects/hooks.py): the
cases the rules' words cover that the engine does not handle. Each test is a known defect, marked
``xfail(strict=True)``: it starts passing (and so fails the suite) when the engine is fixed; then drop the mark.
Fixed the same day, marks dropped: all but the Main Phase exception (left to the lead), with regression tests.
Findings in docs/design.md, "Audit 2026-12-02: infinite loops (11-1) and 8-4-5".

- 11-1-1: "there may be occasions where an action can be or must be carried out infinitely. This is called an
  infinite loop" (nothing about the state being exactly the same; that phrase is only in the restart clause of
  11-1-1-2 and 11-1-1-3).
- 11-1-1-1: "If neither player can stop an infinite loop, the game ends in a draw."
- 11-1-1-2: "If only one player has the choice to stop the infinite loop ... that player declares how many times
  ... The player cannot choose to restart the loop even if the game is in exactly the same state".
- 8-4-5: auto effects on a move "only activate if the area the card is moved to is an open area"; 3-10-2-1: a card
  added to the Life area face-up "is treated as a card in an open area as an exception".
"""

from __future__ import annotations

import pytest
from checklist_helpers import game, play
from test_loops import STATE, _start, warden_in_main_phase  # also registers the frame test_loop_set_active_once

from tcgsim.core import machine
from tcgsim.onepiece.rules.frames import HANDLERS, handler


def _fork(g, frame, choice):
    """A loop action with a choice that cannot stop it: "left" and "right" both rest the turn player's Leader,
    set it active again and come back to this same question (the frame stays on the stack)."""
    if choice is None:
        g.ask(0, "audit_fork", (("left",), ("right",)))
        return
    g.rested[g.players[g.active].leader] = 1
    g.stack.append(("test_loop_set_active_once",))


def _grow(g, frame, choice):
    """A mandatory loop action whose state grows: the count in the frame rises by 1 each cycle, forever."""
    g.stack.pop()
    g.stack.append(("audit_grow", frame[1] + 1))


def _shuffle(g, frame, choice):
    """A mandatory loop action with a random element: shuffle the turn player's deck (3-2-4), again, forever."""
    g.rng.shuffle(g.players[g.active].deck)


def _detour(g, frame, choice):
    """p1: "left" rests the Leader, sets it active again and comes back to this question; "right" asks p2 first
    (``audit_detour_p2``), whose answers both come back to it."""
    if choice is None:
        g.ask(0, "audit_detour", (("left",), ("right",)))
        return
    if choice == ("left",):
        g.rested[g.players[g.active].leader] = 1
        g.stack.append(("test_loop_set_active_once",))
        return
    g.stack.append(("audit_detour_p2",))


def _detour_p2(g, frame, choice):
    if choice is None:
        g.ask(1, "audit_detour_p2", (("up",), ("down",)))
        return
    g.stack.pop()


def _pair(g, frame, choice):
    """p1's "left" and "right" both go on to p2's question (``audit_pair_p2``): no choice to stop the loop."""
    if choice is None:
        g.ask(0, "audit_pair", (("left",), ("right",)))
        return
    g.stack.append(("audit_pair_p2",))


def _pair_p2(g, frame, choice):
    """p2: "again" rests the Leader, sets it active again and comes back to p1's question; "stop" ends it all."""
    if choice is None:
        g.ask(1, "audit_pair_p2", (("again",), ("stop",)))
        return
    g.stack.pop()
    if choice == ("stop",):
        g.stack.pop()
        return
    g.rested[g.players[g.active].leader] = 1
    g.stack.append(("test_loop_set_active_once",))


def _again_or_stop(g, frame, choice):
    """A loop action with two ways to stop it: "again" rests the Leader and comes back to this question (the Leader
    is set active again); "stop" and "done" end it."""
    if choice is None:
        g.ask(0, "audit_again", (("again",), ("stop",), ("done",)))
        return
    if choice == ("again",):
        g.rested[g.players[g.active].leader] = 1
        g.stack.append(("test_loop_set_active_once",))
        return
    g.stack.pop()


for _name, _fn in (("audit_fork", _fork), ("audit_grow", _grow),
                   ("audit_shuffle", _shuffle), ("audit_again", _again_or_stop),
                   ("audit_detour", _detour), ("audit_detour_p2", _detour_p2),
                   ("audit_pair", _pair), ("audit_pair_p2", _pair_p2)):
    if _name not in HANDLERS:
        handler(_name, _fn)


def test_11_1_1_1_a_loop_whose_every_choice_continues_it_is_a_draw():
    g = game(STATE)
    _start(g, ("audit_fork",))
    assert g.pending.kind == "audit_fork"
    g.apply(("left",))  # back at the same question in exactly the same state; "right" would do the same
    assert (g.winner, g.end_reason) == (g.DRAW, "loop")


def test_11_1_1_2_only_the_player_with_a_choice_to_stop_names_the_count():
    """11-1-1-2: "If only one player has the choice to stop the infinite loop ..., that player declares how many
    times". p1 answers in the loop but both answers continue it; only p2's "stop" ends it, so p2 alone names the
    count (not 11-1-1-3's turn player first)."""
    g = game(STATE)
    _start(g, ("audit_pair",))
    g.apply(("left",))
    g.apply(("again",))  # back at p1's question in exactly the same state
    assert (g.pending.player, g.pending.kind) == (1, "loop_count")
    g.apply(("loop_count", 1))
    # finished "at a timing when that player can choose to stop": p2's question, "again" no longer offered
    assert (g.pending.player, g.pending.kind, g.pending.options) == (1, "audit_pair_p2", (("stop",),))
    assert sum(text == "p1 names 1 loop action(s) (11-1-1-2)" for _v, text in g.log) == 0
    g.apply(("stop",))
    assert g.pending.kind == "main" and g.winner is None


def test_11_1_1_1_after_the_count_a_loop_the_player_is_forced_through_is_a_draw():
    """p1's "left" comes straight back; "right" goes to p2's question first, so p1 can stop the loop by it
    (11-1-1-2: a count). After the count "left" is removed; "right" is forced ("unless they are forced to do
    so"), and both of p2's answers come back to p1's question: nobody can stop it, a draw (11-1-1-1)."""
    g = game(STATE)
    _start(g, ("audit_detour",))
    g.apply(("left",))
    assert g.pending.kind == "loop_count"
    g.apply(("loop_count", 1))
    for _ in range(10):
        if g.winner is not None:
            break
        if g.pending.player == 0:  # only "right" is offered now: forced
            assert g.pending.options == (("right",),)
        g.apply_index(0)
    assert (g.winner, g.end_reason) == (g.DRAW, "loop")


def test_11_1_1_2_after_the_count_the_answers_still_offered_stop_the_loop():
    """11-1-1-2: the loop is finished "at a timing when that player can choose to stop" it and only the restarting
    answer is taken away; either answer still offered is a legal choice and stops the loop."""
    for stop in (("stop",), ("done",)):
        g = game(STATE)
        _start(g, ("audit_again",))
        g.apply(("again",))
        g.apply(("loop_count", 1))
        assert g.pending.options == (("stop",), ("done",))
        g.apply(stop)
        assert g.pending.kind == "main" and g.winner is None


def test_11_1_1_1_a_mandatory_loop_whose_state_grows_is_a_draw(monkeypatch):
    monkeypatch.setattr(machine, "MAX_STEPS", 30_000)  # the guard as it is, sooner (the run is the same)
    g = game(STATE)
    _start(g, ("audit_grow", 0))
    assert (g.winner, g.end_reason) == (g.DRAW, "loop")


def test_11_1_1_1_a_mandatory_loop_with_a_shuffle_is_a_draw(monkeypatch):
    monkeypatch.setattr(machine, "MAX_STEPS", 30_000)
    g = game(STATE)
    _start(g, ("audit_shuffle",))
    assert (g.winner, g.end_reason) == (g.DRAW, "loop")


@pytest.mark.xfail(strict=True, reason="loops.py exempts every cycle through the Main Phase decision (6-5-2); by the "
                   "words of 11-1-1-2 a Main Phase action that brings the game back to exactly the same state can be "
                   "carried out infinitely, only the turn player can stop it, and they may not restart it; the engine "
                   "lets it repeat without end (reading disputed: 6-5-2 'as many times as you wish')")
def test_11_1_1_2_a_main_phase_action_back_to_the_same_state_cannot_be_restarted():
    g = warden_in_main_phase()
    act = ("activate", g.players[0].leader, 0)
    for _ in range(50):
        if g.pending.kind == "loop_count":
            g.apply(g.pending.options[0])
        if act not in g.pending.options:
            break
        g.apply(act)
    assert act not in g.pending.options  # 11-1-1-2: not restarted by choice (another action, End, exists)


def test_8_4_5_own_removed_effect_activates_when_added_to_life_face_up():
    g = game("""
        turn: 3
        active: p1
        phase: main
        p1: {leader: TEST-L01, hand: [OP04-117], don: {active: 3}}
        p2:
          leader: TEST-L02
          life: [FILLER]
          deck: [FILLER, FILLER, FILLER]
          characters: [{card: TEST-W01}]
    """, """
        - {number: TEST-W01, name: Test Witness, category: Character, colors: [Red], cost: 2, power: 3000,
           text: "When this Character is removed from the field by your opponent's effect, draw 1 card."}
    """)
    play(g, "p1: play OP04-117", "p1: choose opp TEST-W01", "p1: choose option 1")  # top of Life, face-up
    p2 = g.players[1]
    w = p2.life[-1] if g.t.numbers[p2.life[-1]] == "TEST-W01" else p2.life[0]
    assert g.t.numbers[w] == "TEST-W01" and g.face_up[w]  # the move happened as OP04-117 says
    assert (len(p2.hand), len(p2.deck)) == (1, 2)  # 8-4-5 with 3-10-2-1: it activated, p2 drew 1
