"""Hidden and open information in a player's view and in the log shown to that player (rules 3-1-4, 3-1-5,
3-2-2, 3-3-2, 3-4-2, 3-4-3, 3-5-2, 3-9-2, 3-10-2, 3-10-2-1, 4-5-1, 10-1-5-2; SCENARIOS.md: skipping a hidden
decision is never information). Each test places card numbers that appear nowhere else on the board in the
zone under test, so a leak shows up as that number in what the other player sees."""

from __future__ import annotations

from checklist_helpers import game, numbers, play, seen_by

from tcgsim.onepiece.rules.view import player_view

BOARD = """
    turn: 3
    active: p1
    phase: main
    p1:
      leader: TEST-L01
      life: [OP01-092, OP01-107]        # unique numbers: p1's face-down Life
      hand: [OP01-110, OP02-020]        # unique: p1's hand
      deck: [OP01-065, OP02-007, OP02-055, OP02-053]   # unique: p1's deck
      characters:
        - {card: OP01-023}
      don: {active: 2, rested: 1}
    p2:
      leader: TEST-L02
      life: [{card: OP02-039, face_up: true}, OP01-045]   # a face-up Life card, then a face-down one
      hand: [OP02-043, OP02-054]
      deck: [OP02-109, OP02-116]
      trash: [OP02-097, OP02-107]         # top first
      characters:
        - {card: OP01-012, rested: true}
      don: {active: 0, rested: 3}
"""


def test_3_1_4_zone_sizes_are_public_to_both_players():
    """3-1-4: every zone's card count is open information; 3-3-2 / 3-9-2: DON!! deck and cost area are open."""
    g = game(BOARD)
    for viewer in (0, 1):
        v = player_view(g, viewer)
        me, opp = (v["me"], v["opponent"])
        mine, theirs = g.players[viewer], g.players[1 - viewer]
        for side, p in ((me, mine), (opp, theirs)):
            assert side["hand_count"] == len(p.hand)
            assert side["deck_count"] == len(p.deck)
            assert side["life_count"] == len(p.life)
            assert side["don"] == {"active": p.don_active, "rested": p.don_rested, "deck": p.don_deck}
    v = player_view(g, 0)["opponent"]
    assert (v["hand_count"], v["deck_count"], v["life_count"]) == (2, 2, 2)
    assert v["don"] == {"active": 0, "rested": 3, "deck": 7}


def test_3_4_2_3_4_3_hand_is_seen_by_its_owner_only():
    g = game(BOARD)
    assert player_view(g, 0)["me"]["hand"] == ["OP01-110", "OP02-020"]
    assert player_view(g, 1)["me"]["hand"] == ["OP02-043", "OP02-054"]
    for number in ("OP01-110", "OP02-020"):
        assert number not in seen_by(g, 1)
    for number in ("OP02-043", "OP02-054"):
        assert number not in seen_by(g, 0)


def test_3_2_2_deck_contents_and_order_are_hidden_from_both_players():
    g = game(BOARD)
    for viewer in (0, 1):
        seen = seen_by(g, viewer)
        for number in ("OP01-065", "OP02-007", "OP02-055", "OP02-053", "OP02-109", "OP02-116"):
            assert number not in seen, (viewer, number)


def test_3_10_2_face_down_life_is_hidden_even_from_its_owner_3_10_2_1_face_up_life_is_open():
    """3-1-5: the Life area is a secret zone whose face-down cards nobody sees (3-10-2); a face-up Life card
    is open (3-10-2-1)."""
    g = game(BOARD)
    for viewer in (0, 1):
        seen = seen_by(g, viewer)
        for number in ("OP01-092", "OP01-107", "OP01-045"):
            assert number not in seen, (viewer, number)
        assert "OP02-039" in seen  # face-up: open to both (3-10-2-1)
    assert player_view(g, 0)["opponent"]["life_face_up"] == [{"position": 1, "card": "OP02-039"}]
    assert player_view(g, 1)["me"]["life_face_up"] == [{"position": 1, "card": "OP02-039"}]


def test_3_5_2_trash_is_open_and_new_cards_go_on_top():
    """3-5-1 / 3-5-2: the trash is face-up for both; a K.O.'d Character is placed on top (10-2-1-2)."""
    g = game(BOARD)
    assert player_view(g, 0)["opponent"]["trash"] == ["OP02-097", "OP02-107"]  # top first
    play(g, "p1: attack OP01-023 -> opp OP01-012", "p2: end counter")
    assert numbers(g, g.players[1].characters) == []
    for viewer in (0, 1):
        side = player_view(g, viewer)["opponent" if viewer == 0 else "me"]
        assert side["trash"] == ["OP01-012", "OP02-097", "OP02-107"]


def test_4_5_1_a_drawn_card_is_not_shown_to_the_opponent():
    """4-5-1 / 6-3-1: the Draw Phase adds the deck's top card to hand without revealing it."""
    g = game(BOARD.replace("phase: main", "phase: draw"))
    assert numbers(g, g.players[0].hand) == ["OP01-110", "OP02-020", "OP01-065"]
    assert "OP01-065" in seen_by(g, 0)
    assert "OP01-065" not in seen_by(g, 1)
    assert any("draws 1 card" in text for vis, text in g.log if vis is None)


def test_3_10_2_1_a_face_up_life_card_taken_by_damage_stays_known_to_the_opponent():
    g = game(BOARD)
    play(g, "p1: attack OP01-023 -> opp leader", "p2: end counter")
    assert "OP02-039" in numbers(g, g.players[1].hand)
    known = player_view(g, 0)["known"]
    assert {"card": "OP02-039", "zone": "opp hand"} in known


TRIGGER_BOARD = """
    turn: 3
    active: p1
    phase: main
    p1:
      leader: TEST-L01
      life: [OP01-010]
      deck: 10
      characters:
        - {card: OP01-023}
    p2:
      leader: TEST-L02
      life: [LIFECARD, OP01-010]
      deck: 10
"""
TRIGGER_CARD = """
- {number: TEST-T01, name: Test Ambusher, category: Character, colors: [Green], cost: 2, power: 3000,
   text: "[Trigger] Play this card."}
- {number: TEST-N01, name: Test Bystander, category: Character, colors: [Green], cost: 2, power: 3000}
"""


def _attacker_sees_after_damage(life_card: str, *declines: str) -> str:
    g = game(TRIGGER_BOARD.replace("LIFECARD", life_card), TRIGGER_CARD)
    play(g, "p1: attack OP01-023 -> opp leader", "p2: end counter", *declines)
    assert g.pending.kind == "main" and numbers(g, g.players[1].hand) == [life_card]
    return seen_by(g, 0).replace(life_card, "?")


def test_10_1_5_2_a_declined_trigger_card_goes_to_hand_unrevealed():
    """10-1-5-2: not using a [Trigger] adds the card to hand without revealing it; and whether the Life card
    had a [Trigger] at all (whether the decision was asked) is not visible to the attacker."""
    g = game(TRIGGER_BOARD.replace("LIFECARD", "TEST-T01"), TRIGGER_CARD)
    play(g, "p1: attack OP01-023 -> opp leader", "p2: end counter", "p2: no trigger")
    assert "TEST-T01" not in seen_by(g, 0)
    assert "TEST-T01" in seen_by(g, 1)
    with_trigger = _attacker_sees_after_damage("TEST-T01", "p2: no trigger")
    without = _attacker_sees_after_damage("TEST-N01")
    assert with_trigger == without


def test_counter_step_skipped_or_declined_looks_the_same_to_the_attacker():
    """SCENARIOS.md: a Counter Step that passed by itself (no usable Counter) and one the defender declined
    show the attacker the same view and log."""
    def attacker_sees(hand: str) -> str:
        g = game(TRIGGER_BOARD.replace("LIFECARD", "OP01-010") + f"      hand: [{hand}]\n")
        assert numbers(g, g.players[1].hand) == [hand]
        play(g, "p1: attack OP01-023 -> opp leader", "p2: end counter")
        assert g.pending.kind == "main" and g.players[1].life and len(g.players[1].hand) == 2
        return seen_by(g, 0).replace(hand, "?")

    assert attacker_sees("OP01-036") == attacker_sees("ST01-006")  # Counter +1000 / no Counter


def test_3_1_7_3_1_8_cards_placed_together_at_the_bottom_are_ordered_by_their_owner_out_of_view():
    """3-1-7: two of p2's Characters placed together at the bottom of the owner's deck by p1's effect (ST33-003)
    are ordered by p2, their owner; 3-1-8: p1 cannot confirm that order -- p1's view and log are the same
    whichever order p2 chose, and both cards are hidden slots of p2's deck for p1 (determinize may move them)."""
    from tcgsim.onepiece.rules.determinize import hidden_slots

    state = """
        turn: 3
        active: p1
        phase: main
        p1:
          leader: TEST-L01
          hand: [ST33-003, OP01-110]
          don: {active: 2}
        p2:
          leader: TEST-L02
          characters:
            - {card: TEST-A01}
            - {card: TEST-A02}
          deck: [OP02-109]
    """
    seen = []
    for order in ("TEST-A01, TEST-A02", "TEST-A02, TEST-A01"):
        g = game(state, """
            - {number: TEST-A01, name: Test A, category: Character, colors: [Green], cost: 1, power: 1000}
            - {number: TEST-A02, name: Test B, category: Character, colors: [Green], cost: 2, power: 2000}
        """)
        play(g, "p1: play ST33-003", "p1: yes", "p1: choose hand OP01-110", "p1: choose opp TEST-A01, opp TEST-A02")
        assert g.pending.player == 1 and g.pending.kind == "order"  # the owner orders
        play(g, f"p2: order {order}")
        assert numbers(g, g.players[1].deck[:2][::-1]) == order.split(", ")  # first listed ends highest
        deck = g.players[1].deck
        assert {k for zone, k in hidden_slots(g, 0)[1] if zone is deck} == set(range(len(deck)))
        seen.append(seen_by(g, 0))
    assert seen[0] == seen[1]


def test_5_2_1_3_leaders_are_face_up_for_both_players():
    """5-2-1-3: each player's Leader is placed face up: both players see both Leaders from the start."""
    g = game(BOARD)
    for viewer in (0, 1):
        v = player_view(g, viewer)
        mine, theirs = ("TEST-L01", "TEST-L02") if viewer == 0 else ("TEST-L02", "TEST-L01")
        assert v["me"]["leader"]["card"] == mine and v["opponent"]["leader"]["card"] == theirs


def _entry_rules(g, text):
    """The public log entry ``text`` and the rules it cites (asserts that it is there, shown to both)."""
    hits = [i for i, (vis, t) in enumerate(g.log) if t == text]
    assert hits, f"no log line {text!r} in {[t for _v, t in g.log]}"
    assert g.log[hits[0]][0] is None
    return g.log_rules.get(hits[0], ())


def test_6_5_5_1_6_5_2_1_3_7_6_1_main_phase_actions_are_public_log_lines_naming_player_card_and_rule():
    """6-5-5-1 (giving DON!! to the Leader or a Character), 3-7-6-1 / 3-7-6-1-1 (the sixth Character: one is
    trashed by rule processing), 6-5-2-1 (the turn player ends the Main Phase), 6-5-4-1 ([Activate: Main]):
    public actions, so each is a log line both players see, naming the player who acted and the card."""
    board = """
        turn: 3
        active: p1
        phase: main
        p1:
          leader: TEST-L01
          hand: [OP01-018]
          deck: 10
          characters:
            - {card: OP01-010}
            - {card: OP01-012}
            - {card: OP01-023}
            - {card: OP01-036}
            - {card: ST01-006}
          don: {active: 9}
        p2:
          leader: TEST-L02
          deck: 10
    """
    g = game(board)
    play(g, "p1: give 1 don -> leader", "p1: give 2 don -> OP01-023", "p1: play OP01-018", "p1: trash OP01-012")
    assert _entry_rules(g, "p1 gives 1 DON!! to p1's leader") == ("6-5-5-1",)
    assert _entry_rules(g, "p1 gives 2 DON!! to p1's OP01-023") == ("6-5-5-1",)
    assert _entry_rules(g, "p1 trashes OP01-012 to make room (rule 3-7-6)") == ("3-7-6-1", "3-7-6-1-1")
    play(g, "p1: end turn")
    assert _entry_rules(g, "p1 ends the Main Phase") == ("6-5-2-1",)


def test_6_5_4_1_activating_an_activate_main_effect_is_a_public_log_line_naming_the_card():
    """6-5-4-1: the turn player activates an [Activate: Main] effect (OP09-022 Lim, Leader); the log line
    names the player and the card."""
    g = game("""
        turn: 3
        active: p1
        phase: main
        p1:
          leader: OP09-022
          deck: 10
          don: {active: 3}
        p2:
          leader: TEST-L02
          deck: 10
    """)
    play(g, "p1: activate leader")
    assert any(t == "p1 activates OP09-022" and vis is None for vis, t in g.log), [t for _v, t in g.log]


def test_6_5_the_view_names_the_main_phase_at_the_turn_players_main_phase_decision():
    """6-5 (Main Phase), 6-5-2: a game entering the Main Phase from the DON!! Phase (6-4) asks the turn player for
    a Main Phase action; both players' views then name the phase "main" (the view's ``phase``), also after an
    action has been carried out and the turn player is asked again."""
    g = game("""
        turn: 3
        active: p1
        phase: don
        p1:
          leader: TEST-L01
          deck: 10
          don: {active: 0}
        p2:
          leader: TEST-L02
          deck: 10
    """)
    assert g.pending is not None and g.pending.kind == "main" and g.pending.player == 0
    assert [player_view(g, p)["phase"] for p in (0, 1)] == ["main", "main"]
    play(g, "p1: give 1 don -> leader")
    assert g.pending.kind == "main"
    assert [player_view(g, p)["phase"] for p in (0, 1)] == ["main", "main"]
