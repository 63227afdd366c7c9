"""Infinite loops (rule 11-1, src/tcgsim/onepiece/rules/loops.py), from the rules' words:

- 11-1-1: an action that can or must be carried out infinitely is an infinite loop; one cycle is a loop action.
- 11-1-1-1: "If neither player can stop an infinite loop, the game ends in a draw."
- 11-1-1-2: "If only one player has the choice to stop the infinite loop during the loop action, that player
  declares how many times they wish to carry out the loop action. Carry out the loop action that many times
  and finish it at a timing when that player can choose to stop the infinite loop. The player cannot choose
  to restart the loop even if the game is in exactly the same state ... unless they are forced to do so."
- 11-1-1-3: "If both players have the choice to stop ..., the turn player first decides how many times ...
  Next, the non-turn player decides ... Carry out the loop action the fewer of these two times and finish it
  at a timing when the player who chose the fewer of these two times can choose to stop the infinite loop."

No printed card makes a loop the engine supports, so the loops are synthetic steps (frames): a forced one
that rests the Leader and sets it active again forever, and "again / stop" choices standing for a card
effect a player may repeat ("you may ..."), each loop action resting the Leader and setting it active.
"""

from __future__ import annotations

from checklist_helpers import game

from tcgsim.onepiece.rules import loops
from tcgsim.onepiece.rules.frames import HANDLERS, handler

STATE = """
    turn: 3
    active: p1
    phase: main
    p1: {leader: TEST-L01, life: [OP01-010], deck: 5}
    p2: {leader: TEST-L02, life: [OP01-010], deck: 5}
"""


def _rest_leader(g, frame, choice):
    """A forced loop action, first half: rest the turn player's Leader, then set it active (second half)."""
    g.stack.pop()
    g.rested[g.players[g.active].leader] = 1
    g.stack.append(("test_loop_set_active",))


def _set_active(g, frame, choice):
    """The forced loop, second half: set the Leader active and start over (nobody is asked anything)."""
    g.stack.pop()
    g.rested[g.players[g.active].leader] = 0
    g.stack.append(("test_loop_rest",))


def _countdown(g, frame, choice):
    """Not a loop: a long processing whose state changes every step (the count left), then done."""
    g.stack.pop()
    if frame[1]:
        g.stack.append(("test_countdown", frame[1] - 1))


def _offer(g, frame, choice):
    """``frame[1]`` may repeat the loop action ("again") or stop; ``frame[2]``: the player who answers next
    in the cycle (or None: the cycle is this one decision). "again" rests the Leader (set active again by
    ``test_loop_set_active_once``), a loop action; "stop" ends the loop for everyone."""
    player, then = frame[1], frame[2]
    if choice is None:
        g.ask(player, "test_again", (("again",), ("stop",)))
        return
    if choice == ("stop",):
        while g.stack[-1][0] == "test_offer":
            g.stack.pop()
        return
    g.emit(None, f"p{player + 1}: again")
    g.rested[g.players[g.active].leader] = 1
    if then is not None:  # the other player's decision of the same loop action
        g.stack.pop()
        g.stack.append(("test_offer", then, player))
    g.stack.append(("test_loop_set_active_once",))


def _set_active_once(g, frame, choice):
    g.stack.pop()
    g.rested[g.players[g.active].leader] = 0


for _name, _fn in (("test_loop_rest", _rest_leader), ("test_loop_set_active", _set_active),
                   ("test_countdown", _countdown), ("test_offer", _offer),
                   ("test_loop_set_active_once", _set_active_once)):
    if _name not in HANDLERS:
        handler(_name, _fn)


def _start(g, *frames):
    """Put ``frames`` on top of the stack of ``g`` (at its Main Phase decision) and run them."""
    g.pending = None
    g.stack.extend(frames)
    g.run()


def _agains(g, player):
    return sum(text == f"p{player + 1}: again" for _vis, text in g.log)


def test_11_1_1_1_a_loop_neither_player_can_stop_is_a_draw():
    g = game(STATE)
    _start(g, ("test_loop_rest",))
    assert (g.winner, g.end_reason, g.pending, g.phase) == (g.DRAW, "loop", None, "over")
    over = [i for i, (_vis, text) in enumerate(g.log) if text.startswith("game over")]
    assert len(over) == 1 and "11-1-1-1" in g.log_rules[over[0]]


def test_11_1_1_1_a_long_processing_that_does_not_repeat_is_not_a_loop():
    # longer than the quiet stretch after which the engine looks for a repeated state, but every state differs
    g = game(STATE)
    _start(g, ("test_countdown", loops.QUIET_STEPS + 500))
    assert g.winner is None and g.pending.kind == "main" and g.pending.player == 0


def test_11_1_1_2_one_player_who_can_stop_names_the_count_then_must_stop():
    g = game(STATE)
    _start(g, ("test_offer", 0, None))
    assert g.pending.kind == "test_again"
    g.apply(("again",))  # one loop action, back in exactly the same state: an infinite loop p1 alone can stop
    d = g.pending
    assert (d.player, d.kind) == (0, "loop_count")
    assert d.options == tuple(("loop_count", n) for n in range(1, loops.MAX_LOOP_COUNT + 1))
    g.apply(("loop_count", 3))
    assert _agains(g, 0) == 3  # carried out that many times
    # finished where p1 can stop it; p1 cannot choose to restart it although the state is the same
    assert (g.pending.player, g.pending.kind, g.pending.options) == (0, "test_again", (("stop",),))
    g.apply(("stop",))
    assert g.pending.kind == "main" and g.winner is None
    assert not g.rested[g.players[0].leader]
    named = [i for i, (_vis, text) in enumerate(g.log) if text == "p1 names 3 loop action(s) (11-1-1-2)"]
    assert len(named) == 1 and g.log_rules[named[0]] == ("11-1-1-2",)


def test_11_1_1_2_declaring_one_carries_out_no_more():
    g = game(STATE)
    _start(g, ("test_offer", 0, None))
    g.apply(("again",))
    g.apply(("loop_count", 1))
    assert _agains(g, 0) == 1
    assert g.pending.options == (("stop",),)


def test_11_1_1_2_the_loop_count_is_a_legal_option_only():
    import pytest

    from tcgsim.onepiece.rules.engine import IllegalAction

    g = game(STATE)
    _start(g, ("test_offer", 0, None))
    g.apply(("again",))
    with pytest.raises(IllegalAction, match="out of range"):
        g.apply_index(loops.MAX_LOOP_COUNT)
    assert g.pending.kind == "loop_count"


def _both(g):
    """A loop action in which both players choose: the turn player (p1) "again", then p2 "again"."""
    _start(g, ("test_offer", 0, 1))
    g.apply(("again",))
    assert (g.pending.player, g.pending.kind) == (1, "test_again")
    g.apply(("again",))  # back at p1's decision in exactly the same state


def test_11_1_1_3_turn_player_names_first_and_the_fewer_count_is_carried_out():
    g = game(STATE)
    _both(g)
    assert (g.pending.player, g.pending.kind) == (0, "loop_count")  # the turn player first
    g.apply(("loop_count", 4))
    assert (g.pending.player, g.pending.kind) == (1, "loop_count")  # then the non-turn player
    g.apply(("loop_count", 2))
    # p2 named fewer: 2 loop actions in all, then on to where p2 can stop it (p1's "again" of a third)
    assert (_agains(g, 0), _agains(g, 1)) == (3, 2)
    assert (g.pending.player, g.pending.kind, g.pending.options) == (1, "test_again", (("stop",),))
    lines = [text for _vis, text in g.log]
    assert "the loop action is carried out 2 time(s) in all (11-1-1-3)" in lines


def test_11_1_1_3_the_turn_player_naming_fewer_stops_at_their_own_choice():
    g = game(STATE)
    _both(g)
    g.apply(("loop_count", 1))
    g.apply(("loop_count", 5))
    assert (_agains(g, 0), _agains(g, 1)) == (1, 1)
    assert (g.pending.player, g.pending.kind, g.pending.options) == (0, "test_again", (("stop",),))
    g.apply(("stop",))
    assert g.pending.kind == "main"


def test_11_1_1_a_clone_keeps_the_loop_in_progress():
    g = game(STATE)
    _start(g, ("test_offer", 0, None))
    g.apply(("again",))
    c = g.clone()
    c.apply(("loop_count", 2))
    assert g.pending.kind == "loop_count" and _agains(c, 0) == 2


def warden_in_main_phase():
    """p1's Main Phase with a Leader whose [Activate: Main] does nothing (its condition is not met): activating
    it comes back to the same state (6-5-2; also tests/rules/test_loops_audit.py)."""
    return game("""
        turn: 3
        active: p1
        phase: main
        p1: {leader: TEST-W01, deck: 5}
        p2: {leader: TEST-L02, deck: 5}
    """, """
        - {number: TEST-W01, name: Test Warden, category: Leader, colors: [Red], power: 5000, life: 5,
           text: "[Activate: Main] If you have 3 or more Characters, draw 1 card."}
    """)


def test_6_5_2_repeating_a_main_phase_action_that_changes_nothing_is_not_a_loop():
    """6-5-2: Main Phase actions may be carried out "in any order and as many times as you wish"; the turn
    player ends the phase when they choose (6-5-2-1). Activating an effect whose condition is not met comes
    back to the same state each time, and is allowed again and again: no loop count is asked."""
    g = warden_in_main_phase()
    for _ in range(3):
        assert g.pending.kind == "main" and ("activate", g.players[0].leader, 0) in g.pending.options
        g.apply(("activate", g.players[0].leader, 0))
    assert g.pending.kind == "main" and len(g.players[0].hand) == 0
