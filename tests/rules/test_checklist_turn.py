"""Checklist lines about the order of a turn's steps that a scenario's end state cannot show: only the game
log records what happened in which order."""

from __future__ import annotations

import pytest
from checklist_helpers import game, play


def _log(g) -> list[str]:
    return [text for _vis, text in g.log]


def test_6_1_1_refresh_then_draw_then_don_then_main():
    """Rule 6-1-1: a turn is the Refresh Phase, then the Draw Phase, then the DON!! Phase, then the Main
    Phase. p2's rested Leader is set active (Refresh) before p2 draws (Draw), before 2 DON!! are added
    (DON!!), before the main-phase decision is asked."""
    g = game("""
        turn: 4
        active: p2
        phase: refresh
        p1: {leader: TEST-L01}
        p2: {leader: TEST-L02, leader_rested: true, deck: 5, don: {rested: 2}}
    """)
    log = _log(g)
    draw = next(i for i, t in enumerate(log) if t.startswith("p2 draws"))
    don = next(i for i, t in enumerate(log) if t.startswith("p2 adds 2 DON!!"))
    assert draw < don, log
    assert g.pending.player == 1 and g.pending.kind == "main"
    p2 = g.players[1]
    assert (len(p2.hand), len(p2.deck), p2.don_active, p2.don_rested) == (1, 4, 4, 0)
    assert g.rested[p2.leader] == 0


def test_6_1_1_the_draw_phase_comes_before_the_don_phase_even_when_the_draw_loses():
    """Rules 6-1-1 and 1-2-1-1-2: p2 draws their last card in the Draw Phase and loses at the next rule
    processing, so the DON!! Phase, which comes after, never adds DON!!."""
    g = game("""
        turn: 4
        active: p2
        phase: refresh
        p1: {leader: TEST-L01}
        p2: {leader: TEST-L02, deck: 1}
    """)
    assert g.winner == 0
    assert g.players[1].don_active == 0 and not any("adds" in t for t in _log(g))


def test_6_6_1_1_3_the_turn_player_orders_their_end_of_turn_effects():
    """6-6-1-1-3: with several [End of Your Turn] effects the turn player may resolve them in any order, so
    ending the turn asks p1 which resolves first."""
    g = game("""
        turn: 3
        active: p1
        phase: main
        p1:
          leader: TEST-L01
          deck: 5
          characters: [{card: TEST-A01}, {card: TEST-B01}]
        p2: {leader: TEST-L02}
    """, """
        - {number: TEST-A01, name: Test A, category: Character, colors: [Red], cost: 1, power: 1000,
           text: "[End of Your Turn] Draw 1 card."}
        - {number: TEST-B01, name: Test B, category: Character, colors: [Red], cost: 1, power: 1000,
           text: "[End of Your Turn] Draw 1 card."}
    """)
    play(g, "p1: end turn")
    assert (g.pending.player, g.pending.kind) == (0, "effect")


def _rules_of(g, prefix: str) -> tuple[str, ...]:
    """The rules the log cites for its first entry starting with ``prefix``."""
    i = next(i for i, (_vis, text) in enumerate(g.log) if text.startswith(prefix))
    return g.log_rules.get(i, ())


def test_6_1_1_6_3_1_6_4_1_the_log_names_the_turn_player_and_the_rule_of_each_phase_step():
    """Rule 6-1-1 (a turn of p2 starts: its phases in order), 6-3-1 (the turn player draws 1 card in the
    Draw Phase), 6-4-1 (2 DON!! are added in the DON!! Phase): the public log names the turn and its player
    and cites the rule of each step, in a line every player sees."""
    g = game("""
        turn: 3
        active: p1
        phase: main
        p1: {leader: TEST-L01, deck: 5}
        p2: {leader: TEST-L02, deck: 5}
    """)
    play(g, "p1: end turn")
    entries = [(vis, text) for vis, text in g.log]
    assert (None, "turn 4: p2") in entries
    assert _rules_of(g, "turn 4: p2") == ("6-1-1",)
    assert _rules_of(g, "p2 draws") == ("6-3-1",)  # the Draw Phase draw, not a draw by an effect
    assert (None, "p2 adds 2 DON!!") in entries and _rules_of(g, "p2 adds 2 DON!!") == ("6-4-1",)


def test_6_6_1_1_4_the_non_turn_player_orders_their_end_of_opponents_turn_effects():
    """6-6-1-1-4: the non-turn player resolves their several [End of Your Opponent's Turn] effects in the
    order they choose: at the end of p2's turn p1 (not p2, not anyone else) is asked which resolves first;
    and the player's view at that decision shows the End Phase."""
    from tcgsim.onepiece.rules.view import player_view

    g = game("""
        turn: 4
        active: p2
        phase: main
        p1:
          leader: TEST-L01
          deck: 5
          characters: [{card: TEST-A01}, {card: TEST-B01}]
        p2: {leader: TEST-L02, deck: 5}
    """, """
        - {number: TEST-A01, name: Test A, category: Character, colors: [Red], cost: 1, power: 1000,
           text: "[End of Your Opponent's Turn] Draw 1 card."}
        - {number: TEST-B01, name: Test B, category: Character, colors: [Red], cost: 1, power: 1000,
           text: "[End of Your Opponent's Turn] Draw 1 card."}
    """)
    play(g, "p2: end turn")
    assert (g.pending.player, g.pending.kind) == (0, "effect")
    assert player_view(g, 0)["phase"] == "end"


def _draw_game():
    return game("""
        turn: 3
        active: p1
        phase: main
        p1: {leader: TEST-L01, hand: [OP01-010], deck: [OP01-012, OP01-013, OP01-016]}
        p2: {leader: TEST-L02, deck: 5}
    """)


@pytest.mark.parametrize("n", [0, -2])
def test_4_5_3_1_3_2_2_drawing_zero_or_a_negative_number_of_cards_does_nothing(n):
    """4-5-3: "draw X cards" with X = 0 does nothing; 1-3-2-2: an action to be carried out a negative number
    of times is not carried out, and does not mean its opposite (no card goes from the hand to the deck)."""
    from tcgsim.onepiece.rules.zones import draw

    g = _draw_game()
    p = g.players[0]
    before = (list(p.hand), list(p.deck), len(g.log))
    assert draw(g, 0, n) == 0
    assert (p.hand, p.deck, len(g.log)) == before


def test_3_2_3_4_5_3_cards_drawn_together_leave_the_deck_one_by_one_from_the_top():
    """3-2-3: several cards moved from a deck together are moved one by one; 4-5-3: "draw X" repeats "draw a
    card" X times. Drawing 2 takes the top card, then the new top card; drawing more than the deck holds
    draws what is there (1-3-2) and stops."""
    from tcgsim.onepiece.rules.zones import draw

    g = _draw_game()
    p = g.players[0]
    top, second, last = p.deck[-1], p.deck[-2], p.deck[0]   # the deck's top card is its last element
    assert draw(g, 0, 2) == 2
    assert p.hand[-2:] == [top, second] and p.deck == [last]
    assert draw(g, 0, 5) == 1 and p.deck == [] and p.hand[-1] == last


def test_3_3_3_6_4_1_don_cards_leave_the_don_deck_one_by_one_as_many_as_remain():
    """3-3-3: several DON!! cards moved from the DON!! deck together move one by one; so in the DON!!
    Phase (6-4-1, 2 DON!!) with 1 DON!! left in the DON!! deck, that one is placed and the Phase ends."""
    g = game("""
        turn: 3
        active: p1
        phase: main
        p1: {leader: TEST-L01, deck: 5}
        p2: {leader: TEST-L02, deck: 5, don: {deck: 1, active: 9}}
    """)
    play(g, "p1: end turn")
    p2 = g.players[1]
    assert (p2.don_deck, p2.don_active) == (0, 10)
    assert (None, "p2 adds 1 DON!!") in g.log


def test_6_1_1_op05_119_a_copy_of_the_game_keeps_the_extra_turn_to_come_and_the_extra_turn_being_taken():
    """OP05-119 "Then, take an extra turn after this one": after this turn ends (6-6) the same player takes a
    whole turn (6-1-1). A copy of the game (``Game.clone``, which the search starts from) keeps the turn to
    come and, in the extra turn, that it is one: both players' views of the copy are their views of the game,
    and the copy's turns go on in the same order (p1, p1, then p2)."""
    from tcgsim.onepiece.rules.view import player_view as _view
    g = game("""
        turn: 3
        active: p1
        phase: main
        p1: {leader: TEST-L01, hand: [OP05-119, FILLER], deck: 20, don: {active: 10}}
        p2: {leader: TEST-L02, deck: 20}
    """, log=False)
    play(g, "p1: play OP05-119", "p1: yes")
    c = g.clone()
    assert [_view(c, p) for p in (0, 1)] == [_view(g, p) for p in (0, 1)]
    play(c, "p1: end turn")
    assert (c.turn, c.active, _view(c, 1)["extra_turn"]) == (4, 0, True)
    d = c.clone()
    assert [_view(d, p) for p in (0, 1)] == [_view(c, p) for p in (0, 1)]
    play(d, "p1: end turn")
    assert (d.turn, d.active) == (5, 1)


def test_6_1_1_op05_119_the_turn_line_of_an_extra_turn_says_it_is_an_extra_turn():
    """OP05-119 "Then, take an extra turn after this one" and rule 6-1-1: the public line that starts the
    extra turn names its player and says that it is an extra turn; the next, ordinary turn's line does not."""
    g = game("""
        turn: 3
        active: p1
        phase: main
        p1: {leader: TEST-L01, hand: [OP05-119, FILLER], deck: 20, don: {active: 10}}
        p2: {leader: TEST-L02, deck: 20}
    """)
    play(g, "p1: play OP05-119", "p1: yes", "p1: end turn")
    assert (None, "turn 4: p1 (extra turn)") in g.log
    assert _rules_of(g, "turn 4: p1") == ("6-1-1",)
    play(g, "p1: end turn")
    assert (None, "turn 5: p2") in g.log


def test_6_2_2_a_start_of_turn_decision_is_asked_in_the_refresh_phase():
    """Rule 6-2-2: "at the start of your turn" effects activate in the Refresh Phase (before 6-2-3, 6-2-4):
    at OP11-040's "This effect can be activated at the start of your turn" decision, each player's view shows
    the Refresh Phase."""
    from tcgsim.onepiece.rules.view import player_view

    g = game("""
        turn: 3
        active: p1
        phase: refresh
        p1: {leader: OP11-040, leader_don: 2, deck: 6, don: {rested: 6}}
        p2: {leader: TEST-L02, deck: 5}
    """)
    assert (g.pending.player, g.pending.kind) == (0, "yes-no")
    assert [player_view(g, p)["phase"] for p in (0, 1)] == ["refresh", "refresh"]


def test_6_4_1_the_don_phase_places_don_in_the_cost_area_and_gives_none():
    """Rule 6-4-1: the DON!! Phase places 2 DON!! cards active in the cost area; nothing is given to a card
    (6-5-5-1 giving is a Main Phase action, or OP13-003's effect): the log has no "gives" line."""
    g = game("""
        turn: 3
        active: p1
        phase: main
        p1: {leader: TEST-L01, deck: 5}
        p2: {leader: TEST-L02, deck: 5}
    """)
    play(g, "p1: end turn")
    assert (None, "p2 adds 2 DON!!") in g.log
    assert not [t for t in _log(g) if "gives" in t], _log(g)
    assert (g.players[1].don_active, g.given[g.players[1].leader]) == (2, 0)


def test_6_4_1_op13_003_a_decision_of_an_effect_triggered_in_the_don_phase_is_asked_in_the_don_phase():
    """Rule 6-4-1 with OP13-003's "1 DON!! card placed during your DON!! Phase is given to your Leader": the
    DON!! given in the DON!! Phase triggers "When this Leader ... is given a DON!! card" (OP02-002's wording),
    whose "up to 1" choice is asked before the Main Phase, so both views show the DON!! Phase."""
    from tcgsim.onepiece.rules.view import player_view

    g = game("""
        turn: 3
        active: p1
        phase: main
        p1:
          leader: TEST-L01
          deck: 5
          characters: [{card: TEST-C07}]
        p2: {leader: TEST-L03, deck: 5, don: {rested: 2}}
    """, """
        - {number: TEST-L03, name: Test Leader Given, category: Leader, colors: [Red], power: 5000, life: 5,
           text: "If you have any DON!! cards on your field, 1 DON!! card placed during your DON!! Phase is given to your Leader.\\n[Your Turn] When this Leader or any of your Characters is given a DON!! card, give up to 1 of your opponent's Characters with a cost of 7 or less -1 cost during this turn."}
        - {number: TEST-C07, name: Test Seven, category: Character, colors: [Red], cost: 7, power: 7000}
    """)
    play(g, "p1: end turn")
    assert (g.pending.player, g.pending.kind) == (1, "choose"), g.pending
    assert g.given[g.players[1].leader] == 1
    assert [player_view(g, p)["phase"] for p in (0, 1)] == ["don", "don"]
