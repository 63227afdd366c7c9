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


# ---------------------------------------------------------------- mutation run 2026-12-04b (branch mutF)

STATE_P2 = """
    turn: 4
    active: p2
    phase: main
    p1: {leader: TEST-L01, life: [OP01-010], deck: 5}
    p2: {leader: TEST-L02, life: [OP01-010], deck: 5}
"""


def _change(g, frame, choice):
    """``frame[1]`` says what "again" changes, so that the game never comes back to the same state (not a
    loop, 11-1-1): "draw" (a card from deck to hand), "ctx" (an effect's scratch data), "list" (a count held
    in a list in this frame). "stop" ends it."""
    if choice is None:
        g.ask(0, "test_change", (("again",), ("stop",)))
        return
    g.stack.pop()
    if choice == ("stop",):
        return
    mode = frame[1]
    if mode == "draw":
        p = g.players[0]
        p.hand.append(p.deck.pop())
        g.stack.append(frame)
    elif mode == "ctx":
        g.ctx[-7] = (g.ctx.get(-7, (0,))[0] + 1,)
        g.stack.append(frame)
    else:
        g.stack.append(("test_change", "list", [frame[2][0] + 1]))


def _mainlike(g, frame, choice):
    """A decision of the kind of the Main Phase decision ("main"): "act" starts ``frame[1]`` (default
    ``test_yes_no``, a "you may" choice that changes nothing), "end" ends it. A cycle through it is not a loop
    (6-5-2)."""
    if choice is None:
        g.ask(0, "main", (("act",), ("end",)))
        return
    if choice == ("end",):
        g.stack.pop()
        return
    g.stack.append(frame[1] if len(frame) > 1 else ("test_yes_no",))


def _yes_no(g, frame, choice):
    """p1 may say "yes" or "no"; either changes nothing."""
    if choice is None:
        g.ask(0, "test_yes_no", (("yes",), ("no",)))
        return
    g.stack.pop()


def _triple(g, frame, choice):
    """p1: "again" rests the Leader (set active again) and comes back here, a loop action; "end" ends it;
    "back" (the last option) asks p2 (``test_back_p2``), whose "return" comes back here."""
    if choice is None:
        g.ask(0, "test_triple", (("again",), ("end",), ("back",)))
        return
    if choice == ("again",):
        g.emit(None, "p1: again")
        g.rested[g.players[g.active].leader] = 1
        g.stack.append(("test_loop_set_active_once",))
    elif choice == ("back",):
        g.stack.append(("test_back_p2",))
    else:
        g.stack.pop()


def _back_p2(g, frame, choice):
    if choice is None:
        g.ask(1, "test_back_p2", (("return",), ("quit",)))
        return
    g.stack.pop()
    if choice == ("quit",):
        g.stack.pop()


def _pair1(g, frame, choice):
    """p1's "left" and "right" both go on to p1's ``test_pair2`` (no choice to stop the loop)."""
    if choice is None:
        g.ask(0, "test_pair1", (("left",), ("right",)))
        return
    g.stack.append(("test_pair2",))


def _pair2(g, frame, choice):
    """p1: "again" rests the Leader, sets it active again and comes back to ``test_pair1``; "stop" ends it."""
    if choice is None:
        g.ask(0, "test_pair2", (("again",), ("stop",)))
        return
    g.stack.pop()
    if choice == ("stop",):
        g.stack.pop()
        return
    g.emit(None, "p1: again")
    g.rested[g.players[g.active].leader] = 1
    g.stack.append(("test_loop_set_active_once",))


def _long_offer(g, frame, choice):
    """p1: "again" is a loop action of ``frame[1]`` steps (a countdown), resting the Leader and setting it
    active again, back to this same question; "stop" ends it."""
    if choice is None:
        g.ask(0, "test_long_offer", (("again",), ("stop",)))
        return
    if choice == ("stop",):
        g.stack.pop()
        return
    g.emit(None, "p1: again")
    g.rested[g.players[g.active].leader] = 1
    g.stack.append(("test_loop_set_active_once",))
    g.stack.append(("test_countdown", frame[1]))


for _name, _fn in (("test_change", _change), ("test_mainlike", _mainlike), ("test_yes_no", _yes_no),
                   ("test_triple", _triple), ("test_back_p2", _back_p2), ("test_pair1", _pair1),
                   ("test_pair2", _pair2), ("test_long_offer", _long_offer)):
    if _name not in HANDLERS:
        handler(_name, _fn)


def _line(g, text):
    """The index of the one log line ``text`` (public), asserted unique."""
    found = [i for i, (vis, t) in enumerate(g.log) if t == text]
    assert len(found) == 1, (text, [t for _v, t in g.log])
    assert g.log[found[0]][0] is None
    return found[0]


def test_11_1_1_2_the_loop_lines_are_public_and_cite_11_1_1_2():
    g = game(STATE)
    _start(g, ("test_offer", 0, None))
    g.apply(("again",))
    i = _line(g, "infinite loop: p1 names how many times the loop action is carried out (11-1-1-2)")
    assert g.log_rules[i] == ("11-1-1-2",)
    g.apply(("loop_count", 3))
    i = _line(g, "the loop action is carried out 3 time(s) in all (11-1-1-2)")
    assert g.log_rules[i] == ("11-1-1-2",)


def test_11_1_1_3_the_turn_player_p2_names_first_then_p1_and_the_lines_cite_11_1_1_3():
    """11-1-1-3: "the turn player first decides how many times ... Next, the non-turn player decides"; here
    the turn player is p2."""
    g = game(STATE_P2)
    _start(g, ("test_offer", 1, 0))
    g.apply(("again",))
    assert (g.pending.player, g.pending.kind) == (0, "test_again")
    g.apply(("again",))  # back at p2's decision in exactly the same state
    assert (g.pending.player, g.pending.kind) == (1, "loop_count")
    i = _line(g, "infinite loop: p2 names how many times the loop action is carried out (11-1-1-3)")
    assert g.log_rules[i] == ("11-1-1-3",)
    g.apply(("loop_count", 2))
    assert (g.pending.player, g.pending.kind) == (0, "loop_count")
    g.apply(("loop_count", 3))
    i = _line(g, "the loop action is carried out 2 time(s) in all (11-1-1-3)")
    assert g.log_rules[i] == ("11-1-1-3",)
    assert g.log_rules[_line(g, "p2 names 2 loop action(s) (11-1-1-3)")] == ("11-1-1-3",)
    assert (_agains(g, 1), _agains(g, 0)) == (2, 2)
    assert (g.pending.player, g.pending.kind, g.pending.options) == (1, "test_again", (("stop",),))


def test_11_1_1_2_the_count_is_in_the_answer_history_and_play_goes_on_after_one():
    g = game(STATE)
    _start(g, ("test_offer", 0, None))
    n0 = len(g.history)
    g.apply(("again",))
    g.apply(("loop_count", 1))  # index 0
    assert g.history[n0:] == [0, 0]
    g.apply(("stop",))  # the game goes on after the loop
    assert g.pending.kind == "main" and g.winner is None
    assert g.history[n0:] == [0, 0, 0]


def test_11_1_1_2_an_answer_out_of_range_is_refused_and_not_part_of_the_loop():
    import pytest

    from tcgsim.onepiece.rules.engine import IllegalAction

    g = game(STATE)
    _start(g, ("test_offer", 0, None))
    with pytest.raises(IllegalAction):
        g.apply_index(2)  # two options: 0 and 1
    g.apply(("again",))
    g.apply(("loop_count", 3))
    assert _agains(g, 0) == 3
    assert g.pending.options == (("stop",),)


def test_11_1_1_a_cycle_that_changes_a_player_area_the_scratch_data_or_a_frame_is_not_a_loop():
    """11-1-1-2 "exactly the same state (all cards in all areas are the same)": a choice that each time draws a
    card, or changes an effect's data, never comes back to the same state: no count is asked."""
    for frame in (("test_change", "draw"), ("test_change", "ctx"), ("test_change", "list", [0])):
        g = game(STATE)
        _start(g, frame)
        for _ in range(3):
            assert (g.pending.kind, g.winner) == ("test_change", None), frame
            g.apply(("again",))
        g.apply(("stop",))
        assert g.pending.kind == "main" and g.winner is None


def test_6_5_2_a_cycle_through_a_main_decision_is_not_a_loop_and_the_record_starts_after_it():
    g = game(STATE)
    _start(g, ("test_mainlike",))
    for _ in range(3):
        assert g.pending.kind == "main"
        g.apply(("act",))
        assert g.pending.kind == "test_yes_no"
        g.apply(("yes",))
    assert g.pending.kind == "main"
    g.apply(("end",))
    assert g.pending.kind == "main" and g.winner is None


def test_11_1_1_2_the_finished_loop_cannot_be_restarted_in_the_same_state_after_a_main_decision():
    """11-1-1-2: "The player cannot choose to restart the loop even if the game is in exactly the same state
    ... as before the loop": back at the same decision in the same state, "again" is not offered."""
    g = game(STATE)
    _start(g, ("test_mainlike", ("test_offer", 0, None)))
    g.apply(("act",))
    assert g.pending.kind == "test_again"
    g.apply(("again",))
    g.apply(("loop_count", 1))
    assert g.pending.options == (("stop",),)
    g.apply(("stop",))
    assert (g.pending.kind, g.pending.options) == ("main", (("act",), ("end",)))
    g.apply(("act",))  # exactly the same state as at the loop's first "again"
    assert (g.pending.kind, g.pending.options) == ("test_again", (("stop",),))
    g.apply(("stop",))
    assert g.pending.kind == "main"


def test_11_1_1_2_the_restarting_answer_is_refused_when_the_decision_is_asked_again_in_full():
    """11-1-1-2: the player "cannot choose to restart the loop": a decision asked again (``Game.run``) with all
    its options in the same state refuses the restarting answer, citing the rule."""
    import pytest

    from tcgsim.onepiece.rules.engine import IllegalAction

    g = game(STATE)
    _start(g, ("test_offer", 0, None))
    g.apply(("again",))
    g.apply(("loop_count", 1))
    assert g.pending.options == (("stop",),)
    g.pending = None
    g.run()  # the same question, asked again in full
    assert g.pending.options == (("again",), ("stop",))
    with pytest.raises(IllegalAction) as e:
        g.apply_index(0)
    assert str(e.value) == "11-1-1-2: the loop was carried out the number of times declared and cannot be restarted by choice"
    assert e.value.rule == "11-1-1-2"
    assert e.value.reason == "11-1-1-2: a player cannot choose to restart an infinite loop already carried out"
    g.apply(("stop",))
    assert g.pending.kind == "main"


def test_11_1_1_3_a_second_loop_at_a_point_of_a_finished_loop_keeps_both_restarts_forbidden():
    """First loop: p1's "again" (11-1-1-2), named 1: "again" is removed. Then "back" to p2 and "return" is a
    second loop that both can stop (11-1-1-3); named 1 by both, it finishes where p1 (the turn player, on a tie)
    can stop it, and neither "again" nor "back" restarts a loop: only "end" is offered."""
    g = game(STATE)
    _start(g, ("test_triple",))
    g.apply(("again",))
    g.apply(("loop_count", 1))
    assert g.pending.options == (("end",), ("back",))
    c = g.clone()  # a clone made here goes on the same way
    for x in (g, c):
        x.apply(("back",))
        assert (x.pending.player, x.pending.kind) == (1, "test_back_p2")
        x.apply(("return",))
        assert (x.pending.player, x.pending.kind) == (0, "loop_count")
        x.apply(("loop_count", 1))
        x.apply(("loop_count", 1))
        assert (x.pending.player, x.pending.kind, x.pending.options) == (0, "test_triple", (("end",),))
        x.apply(("end",))
        assert x.pending.kind == "main" and x.winner is None


def test_11_1_1_2_the_loop_finishes_at_the_players_choice_not_at_their_forced_decision():
    """11-1-1-2: "finish it at a timing when that player can choose to stop": p1's "left"/"right" both go on
    (no choice to stop), so the loop finishes at p1's "again"/"stop", with "again" removed."""
    g = game(STATE)
    _start(g, ("test_pair1",))
    g.apply(("left",))
    g.apply(("again",))
    assert (g.pending.player, g.pending.kind) == (0, "loop_count")
    g.apply(("loop_count", 2))
    assert _agains(g, 0) == 2
    assert (g.pending.kind, g.pending.options) == ("test_pair2", (("stop",),))


def test_11_1_1_2_a_long_loop_action_carried_out_many_times_is_not_a_draw():
    """Each loop action takes 400 steps; 20 of them are carried out as declared (11-1-1-2), more steps than the
    engine's quiet stretch, and the game goes on: only a loop nobody can stop is a draw (11-1-1-1)."""
    g = game(STATE)
    _start(g, ("test_long_offer", 400))
    g.apply(("again",))
    g.apply(("loop_count", loops.MAX_LOOP_COUNT))
    assert g.winner is None and _agains(g, 0) == loops.MAX_LOOP_COUNT
    assert g.pending.options == (("stop",),)


def test_11_1_1_a_long_processing_that_ends_is_not_a_draw(monkeypatch):
    """11-1-1: a processing that ends is no infinite loop; one of 12,000 steps, two of 6,000 with an answer
    between, under a step guard of 30,000 (half: 15,000)."""
    from tcgsim.core import machine

    monkeypatch.setattr(machine, "MAX_STEPS", 30_000)
    g = game(STATE)
    _start(g, ("test_countdown", 12_000))
    assert g.winner is None and g.pending.kind == "main"
    g = game(STATE)
    _start(g, ("test_countdown", 6_000), ("test_offer", 0, None), ("test_countdown", 6_000))
    assert g.pending.kind == "test_again"
    g.apply(("stop",))
    assert g.winner is None and g.pending.kind == "main"


def test_11_1_1_1_a_clone_finds_a_loop_nobody_can_stop():
    g = game(STATE)
    c = g.clone()
    _start(c, ("test_loop_rest",))
    assert (c.winner, c.end_reason) == (c.DRAW, "loop")


def test_11_1_1_2_a_clone_made_inside_a_loop_action_finds_the_loop():
    g = game(STATE)
    _start(g, ("test_offer", 0, 1))
    g.apply(("again",))
    c = g.clone()
    c.apply(("again",))  # back at p1's decision in exactly the same state
    assert (c.pending.player, c.pending.kind) == (0, "loop_count")


def test_11_1_1_3_a_loop_started_after_a_main_decision_is_found():
    """After a Main Phase-like decision ("act"), a loop action in which both players choose (p1, then p2) comes
    back to exactly the same state: a loop both can stop (11-1-1-3), the turn player names first."""
    g = game(STATE)
    _start(g, ("test_mainlike", ("test_offer", 0, 1)))
    g.apply(("act",))
    g.apply(("again",))
    assert (g.pending.player, g.pending.kind) == (1, "test_again")
    g.apply(("again",))
    assert (g.pending.player, g.pending.kind) == (0, "loop_count")
