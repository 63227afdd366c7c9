"""Checklist lines about secret information when effects look at, reveal or move hidden cards (rules 11-2,
11-3; rules Q&A on cards added to Life): what each player can see, from their view and the log shown to
them. As in test_checklist_views.py, the hidden cards carry numbers found nowhere else on the board."""

from __future__ import annotations

import pytest
from checklist_helpers import game, numbers, play, seen_by

from tcgsim.onepiece.rules.view import player_view

CARDS = """
- {number: TEST-S01, name: Test Scout, category: Character, colors: [Red], cost: 1, power: 1000,
   text: "[On Play] Look at 3 cards from the top of your deck; reveal up to 1 {Test Crew} type card and add it to your hand. Then, place the rest at the bottom of your deck in any order."}
- {number: TEST-S02, name: Test Stash, category: Event, colors: [Red], cost: 0,
   text: "[Main] Add up to 1 card from the top of your deck to the top of your Life cards."}
- {number: TEST-A01, name: Test Crewmate, category: Character, colors: [Red], cost: 1, power: 1000, types: [Test Crew]}
"""
BOARD = """
    turn: 3
    active: p1
    phase: main
    p1:
      leader: TEST-L01
      hand: [CARD]
      deck: [OP01-065, TEST-A01, OP02-055, OP02-053]
      don: {active: 1}
    p2:
      leader: TEST-L02
"""


def test_11_3_1_cards_looked_at_are_seen_by_the_effects_player_only():
    """11-3-1: an effect that looks at secret cards shows them to its player only: while p1 chooses among
    the three cards looked at, p1 sees them and p2 sees none of them."""
    g = game(BOARD.replace("CARD", "TEST-S01"), CARDS)
    play(g, "p1: play TEST-S01")
    assert g.pending.kind == "choose" and g.pending.player == 0
    for number in ("OP01-065", "OP02-055"):
        assert number in seen_by(g, 0)
        assert number not in seen_by(g, 1)


def test_11_2_1_a_card_moved_from_the_deck_to_the_hand_is_revealed():
    """11-2 / 11-2-1: a card moved from one secret area to another (deck to hand) is revealed, so p2 sees the
    {Test Crew} card p1 adds to hand, but not the cards p1 only looked at."""
    g = game(BOARD.replace("CARD", "TEST-S01"), CARDS)
    assert "TEST-A01" not in seen_by(g, 1)
    play(g, "p1: play TEST-S01", "p1: choose TEST-A01")
    assert numbers(g, g.players[0].hand) == ["TEST-A01"]
    assert "TEST-A01" in seen_by(g, 1)
    assert "OP01-065" not in seen_by(g, 1) and "OP02-055" not in seen_by(g, 1)


def test_3_1_8_the_order_of_cards_put_into_the_deck_together_is_not_shown_to_the_opponent():
    """3-1-7 / 3-1-8: p1 orders the two cards placed at the bottom of the deck together; p2 learns neither
    the cards nor their order, while p1's deck ends in the order p1 chose."""
    g = game(BOARD.replace("CARD", "TEST-S01"), CARDS)
    play(g, "p1: play TEST-S01", "p1: choose TEST-A01", "p1: order OP02-055, OP01-065")
    assert g.pending.kind == "main"
    assert numbers(g, g.players[0].deck[::-1]) == ["OP02-053", "OP02-055", "OP01-065"]
    assert "OP01-065" not in seen_by(g, 1) and "OP02-055" not in seen_by(g, 1)


def test_qa_cards_added_from_the_deck_to_life_are_seen_by_nobody():
    """Rules Q&A (checklist QA 14.5): a card added from the deck to Life is not looked at by either player;
    it goes face-down (3-10-2)."""
    g = game(BOARD.replace("CARD", "TEST-S02"), CARDS)
    play(g, "p1: play TEST-S02")
    if g.pending is not None and g.pending.kind == "choose":  # "up to 1": take the card
        play(g, "p1: choose deck 1")
    assert numbers(g, g.players[0].life) == ["OP01-065"] and not g.face_up[g.players[0].life[0]]
    assert "OP01-065" not in seen_by(g, 0)
    assert "OP01-065" not in seen_by(g, 1)


def test_11_3_2_cards_looked_at_stay_in_the_deck():
    """11-3-2: cards remain in their area while they are looked at, so the deck count both players see does
    not drop while p1 chooses among the 3 cards looked at."""
    g = game(BOARD.replace("CARD", "TEST-S01"), CARDS)
    play(g, "p1: play TEST-S01")
    assert g.pending.kind == "choose"
    assert player_view(g, 1)["opponent"]["deck_count"] == 4


def test_11_3_1_3_1_8_a_copy_of_the_game_keeps_what_each_player_knows_of_secret_cards():
    """11-3-1 / 3-1-8: what p1 looked at and the order p1 chose stay known to p1 only; p2 saw TEST-A01 go
    to p1's hand (11-2-1), then p1 put a card of that hand on the Life cards unseen (3-10-2), so p2 knows only
    that TEST-A01 is in p1's hand or Life. A copy of the game (``Game.clone``, which the search starts from)
    keeps each player's knowledge: every player's view of the copy is their view of the game."""
    g = game(BOARD.replace("CARD", "TEST-S01, TEST-S03").replace("active: 1}", "active: 2}"), CARDS + """
- {number: TEST-S03, name: Test Hide, category: Event, colors: [Red], cost: 0,
   text: "[Main] Add up to 1 card from your hand to the top of your Life cards."}
""")
    play(g, "p1: play TEST-S01", "p1: choose TEST-A01", "p1: order OP02-055, OP01-065", "p1: play TEST-S03",
         "p1: choose TEST-A01")
    views = [player_view(g, p) for p in (0, 1)]
    assert views[0]["known"] != views[1]["known"]
    assert {"card": "TEST-A01", "zone": "opp hand or life"} in views[1]["known"]
    c = g.clone()
    assert [player_view(c, p) for p in (0, 1)] == views


POWER_CARDS = """
- {number: TEST-LP1, name: Test Leader Captain, category: Leader, colors: [Red], power: 5000, life: 5,
   text: "[Your Turn] All of your {Test Alpha} type Characters gain +1000 power.<br>[Your Turn] All of your {Test Beta} type Characters gain +2000 power."}
- {number: TEST-GP1, name: Test Gamma Chief, category: Character, colors: [Red], cost: 2, power: 2000,
   text: "[Your Turn] All of your {Test Gamma} type Characters gain +3000 power."}
- {number: TEST-AP1, name: Test Alpha, category: Character, colors: [Red], cost: 1, power: 1000, types: [Test Alpha]}
- {number: TEST-BP1, name: Test Beta, category: Character, colors: [Red], cost: 1, power: 1000, types: [Test Beta]}
- {number: TEST-TP1, name: Test Trigger Alpha, category: Character, colors: [Yellow], cost: 3, power: 4000,
   types: [Test Alpha], text: "[Trigger] Draw 1 card."}
"""


def test_8_1_3_3_a_view_shows_the_power_each_permanent_effect_gives_its_own_targets():
    """8-1-3-3: a permanent effect applies to the cards its text names while its condition holds. Both views
    (each built while the state is only read, rules/view.player_view) show each Character's power with what
    each effect gives its own targets: the Leader's two effects give {Test Alpha} +1000 and {Test Beta}
    +2000, the Character's gives {Test Gamma} (none on the field) +3000, and none gives the others' types anything; OP17-112 sets
    the base power of the {Test Alpha} Character with a [Trigger] and 4000 base power to 8000 (4-9-2-1), to which
    the Leader's +1000 is added, and changes no other power (12000 printed, OP17-112 is no target). A view built
    in another thread (a server builds views in several) is the same."""
    import threading

    g = game("""
    turn: 3
    active: p1
    phase: main
    p1:
      leader: TEST-LP1
      characters: [{card: TEST-GP1}, {card: TEST-AP1}, {card: TEST-BP1}, {card: OP17-112},
                   {card: TEST-TP1}]
      deck: 5
    p2:
      leader: TEST-L02
      deck: 5
    """, POWER_CARDS)
    want = {"TEST-GP1": 2000, "TEST-AP1": 2000, "TEST-BP1": 3000, "OP17-112": 12000,
            "TEST-TP1": 9000}
    views = [player_view(g, 0), player_view(g, 1)]
    got = {}
    thread = threading.Thread(target=lambda: got.setdefault("view", player_view(g, 0)))
    thread.start()
    thread.join()
    assert got.get("view") == views[0]
    assert {c["card"]: c["power"] for c in views[0]["me"]["characters"]} == want
    assert {c["card"]: c["power"] for c in views[1]["opponent"]["characters"]} == want
    assert views[0]["me"]["leader"]["power"] == 5000


def test_8_1_4_a_player_wide_modifier_binds_the_player_it_names_only():
    """8-1-4: a continuous effect applies to what it names. A player-wide modifier ("your opponent cannot
    activate [Blocker] during this battle": ``NO_BLOCKER`` with target ``-1 - player``) binds that player,
    not the other one, and only for its own kind (``continuous.player_flag``)."""
    from tcgsim.onepiece.rules import continuous as cv

    g = game("""
    turn: 3
    active: p1
    phase: main
    p1:
      leader: TEST-L01
      deck: 5
    p2:
      leader: TEST-L02
      deck: 5
    """)
    assert not cv.player_flag(g, 0, cv.NO_BLOCKER) and not cv.player_flag(g, 1, cv.NO_BLOCKER)
    cv.add_modifier(g, -1 - 1, cv.NO_BLOCKER, 0, cv.BATTLE, g.turn, 0)
    assert cv.player_flag(g, 1, cv.NO_BLOCKER)
    assert not cv.player_flag(g, 0, cv.NO_BLOCKER)
    assert not cv.player_flag(g, 1, cv.NO_DRAW)
    cv.expire(g, cv.BATTLE)
    assert not cv.player_flag(g, 1, cv.NO_BLOCKER)
