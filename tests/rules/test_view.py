"""The documented shape of a player's view (``tcgsim.onepiece.rules.view.player_view``): the open cards on the
field with their state (3-6-2, 3-7-2, 3-8-2, 6-5-5-2, 3-7-4), the battle in progress (7-1-1), the pending
decision and the [Trigger] card its player has looked at (10-1-5-1), extra turns (rules/turns.py) and what a
player knows of hidden cards (``known``: 3-1-5, 3-2-2, 3-10-2). Expectations come from the rules and from the
docstrings of ``player_view`` and ``_known``; tests/rules/test_checklist_views.py covers what must stay hidden."""

from __future__ import annotations

from checklist_helpers import game, play

from tcgsim.onepiece.rules.turns import take_extra_turn
from tcgsim.onepiece.rules.view import player_view

CARDS = """
- {number: TEST-C01, name: Test Fresh, category: Character, colors: [Red], cost: 3, power: 3000}
- {number: TEST-C02, name: Test Veteran, category: Character, colors: [Red], cost: 2, power: 2000}
- {number: TEST-C03, name: Test Target, category: Character, colors: [Green], cost: 4, power: 4000}
- {number: TEST-C04, name: Test Striker, category: Character, colors: [Red], cost: 6, power: 6000}
- {number: TEST-B01, name: Test Guard, category: Character, colors: [Green], cost: 2, power: 1000,
   text: "[Blocker]"}
- {number: TEST-S01, name: Test Stage, category: Stage, colors: [Red], cost: 1}
- {number: TEST-T01, name: Test Ambusher, category: Character, colors: [Green], cost: 2, power: 3000,
   text: "[Trigger] Play this card."}
"""

FIELD = """
    turn: 3
    active: p1
    phase: main
    p1:
      leader: TEST-L01
      leader_rested: true
      leader_don: 1
      deck: 10
      characters:
        - {card: TEST-C01, rested: true, don: 2, played_this_turn: true}
        - {card: TEST-C02, don: 1}
      stage: {card: TEST-S01, rested: true}
    p2:
      leader: TEST-L02
      hand: [OP01-036]                 # a Counter card: the Counter Step is asked, the battle stays open
      deck: 10
      characters:
        - {card: TEST-C03, rested: true, don: 1}
"""


def _field(card, rested, don, power, played):
    return {"card": card, "rested": rested, "don": don, "power": power, "played_this_turn": played}


def test_3_7_2_3_8_2_field_cards_show_their_state_to_both_players():
    """3-6-2 / 3-7-2 / 3-8-2: the Leader, Character and Stage areas are open, so both players see each card
    there with its state: rested or active, the DON!! given to it, its power (6-5-5-2: +1000 per given DON!!
    during its owner's turn only), and whether it was played this turn (3-7-4: it cannot attack then). A player
    without a Stage shows ``stage: None``."""
    g = game(FIELD, CARDS)
    p1_side = {
        "leader": _field("TEST-L01", True, 1, 6000, False),
        "characters": [_field("TEST-C01", True, 2, 5000, True), _field("TEST-C02", False, 1, 3000, False)],
        "stage": {"card": "TEST-S01", "rested": True},
    }
    p2_side = {
        "leader": _field("TEST-L02", False, 0, 5000, False),
        # given DON!! count only during the owner's turn (6-5-5-2): it is p1's turn
        "characters": [_field("TEST-C03", True, 1, 4000, False)],
        "stage": None,
    }
    for viewer in (0, 1):
        v = player_view(g, viewer)
        sides = {"p1": v["me"] if viewer == 0 else v["opponent"], "p2": v["opponent"] if viewer == 0 else v["me"]}
        for name, want in (("p1", p1_side), ("p2", p2_side)):
            got = {k: sides[name].get(k, "missing") for k in want}
            assert got == want, (viewer, name)


def test_7_1_1_the_battle_in_progress_names_attacker_target_and_their_powers():
    """7-1-1-1 / 7-1-1-2: while a battle is on, both views show it: ``{"attacker", "target", "attacker_power",
    "target_power"}`` (player_view docstring); powers as in 6-5-5-2 (TEST-C02 2000 + 1 DON!! on its owner's turn
    = 3000; the target's DON!! do not count on p1's turn: 4000). Before the attack ``battle`` is None."""
    g = game(FIELD, CARDS)
    for viewer in (0, 1):
        v = player_view(g, viewer)
        assert "battle" in v and v["battle"] is None
    play(g, "p1: attack TEST-C02 -> opp TEST-C03")
    assert g.pending is not None and g.pending.player == 1  # the defender's Counter Step: the battle is open
    want = {"attacker": "TEST-C02", "target": "TEST-C03", "attacker_power": 3000, "target_power": 4000}
    for viewer in (0, 1):
        assert player_view(g, viewer).get("battle") == want, viewer
    # 7-1-1-1: the attacker was rested to attack, which both players see
    assert player_view(g, 1)["opponent"]["characters"][1]["rested"] is True


def test_pending_lists_kind_and_options_only_to_the_deciding_player():
    """player_view docstring / SCENARIOS.md: ``pending`` is ``{"player", "kind", "options"}`` for the player who
    decides (the turn player at the Main Phase, 6-5), only ``{"player"}`` for the other player."""
    g = game(FIELD, CARDS)
    mine = player_view(g, 0).get("pending")
    assert mine is not None and mine["player"] == "p1" and mine["kind"] == "main"
    assert "end turn" in mine["options"]
    assert player_view(g, 1).get("pending") == {"player": "p1"}


TRIGGER = """
    turn: 3
    active: p1
    phase: main
    p1:
      leader: TEST-L01
      life: [OP01-107, OP02-020]
      deck: 10
      characters:
        - {card: TEST-C04}
    p2:
      leader: TEST-L02
      life: [TEST-T01, OP01-010, OP01-092]    # top first
      deck: 10
"""


def test_10_1_5_1_the_deciding_player_sees_the_trigger_card_the_attacker_does_not():
    """10-1-5-1: on taking damage with a [Trigger] card at the top of the Life area, its player decides whether to
    reveal it and activate the [Trigger]; that player has looked at the card, so their ``pending`` has
    ``"card"`` = the top Life card (player_view docstring). The attacker's view names only who decides."""
    g = game(TRIGGER, CARDS)
    play(g, "p1: attack TEST-C04 -> opp leader")  # 6000 >= 5000: 1 damage (7-1-4-1)
    assert g.pending is not None and g.pending.kind == "trigger" and g.pending.player == 1
    defender = player_view(g, 1)["pending"]
    assert defender["player"] == "p2" and defender["kind"] == "trigger"
    assert defender.get("card") == "TEST-T01"
    assert player_view(g, 0)["pending"] == {"player": "p2"}


def test_extra_turn_view_shows_next_turns_and_the_extra_turn():
    """rules/turns.py, player_view docstring: once an extra turn is to come, both views list ``next_turns`` (the
    players of the next turns while they differ from alternation); during the extra turn ``extra_turn`` is true;
    after it, play alternates again and neither key is shown."""
    g = game(FIELD, CARDS)
    for viewer in (0, 1):
        v = player_view(g, viewer)
        assert "next_turns" not in v and "extra_turn" not in v
    take_extra_turn(g, 0)  # p1 takes an extra turn after this one (OP05-119's words)
    for viewer in (0, 1):
        v = player_view(g, viewer)
        assert v.get("next_turns") == ["p1", "p2"] and "extra_turn" not in v, viewer
    play(g, "p1: end turn")
    assert (g.turn, g.active, g.pending.kind) == (4, 0, "main")
    for viewer in (0, 1):
        v = player_view(g, viewer)
        assert v.get("extra_turn") is True and v.get("next_turns") == ["p2"], viewer
    play(g, "p1: end turn")
    assert (g.turn, g.active) == (5, 1)
    for viewer in (0, 1):
        v = player_view(g, viewer)
        assert "next_turns" not in v and "extra_turn" not in v, viewer


KNOWN = """
    turn: 3
    active: p1
    phase: main
    p1:
      leader: TEST-L01
      life: [OP01-092, {card: OP02-039, face_up: true}, OP01-107]
      hand: [OP01-110]
      deck: [OP01-065, OP02-007, OP02-055]
    p2:
      leader: TEST-L02
      life: [OP01-045, OP02-109, OP02-116]
      hand: [OP02-043]
      deck: [OP02-054, OP02-053]
"""


def _cid(g, zone, number):
    """The id of the card ``number`` in ``zone`` (a list of card ids)."""
    return next(c for c in zone if g.t.numbers[c] == number)


def test_3_2_2_3_10_2_known_lists_secret_cards_whose_identity_the_player_knows():
    """_known docstring: ``known`` lists the cards in secret zones (deck 3-2-2, face-down Life 3-10-2) or the
    opponent's hand whose identity the player knows, as ``{"card", "zone"}``, the zone prefixed ``opp `` for
    the opponent's (``"position"`` too for a face-down Life card, 1 = the top); then the cards known only to be
    somewhere (``vague``): ``{"card", "zone": "[opp ]Z1 or Z2"}``. Cards the player sees anyway are not listed:
    their own hand (3-4-2) and a face-up Life card (3-10-2-1, shown in ``life_face_up``)."""
    g = game(KNOWN)
    me, opp = g.players
    g.known[0].update({
        _cid(g, me.deck, "OP02-007"),     # own deck (e.g. looked at and put back)
        _cid(g, opp.deck, "OP02-053"),    # opponent's deck
        _cid(g, me.life, "OP01-107"),     # own face-down Life, 3rd from the top
        _cid(g, opp.life, "OP02-109"),    # opponent's face-down Life, 2nd from the top
        _cid(g, opp.hand, "OP02-043"),    # opponent's hand
        _cid(g, me.hand, "OP01-110"),     # own hand: seen anyway, not listed
        _cid(g, me.life, "OP02-039"),     # face-up Life: open, not listed
    })
    g.vague[0] = [(0, ("hand", "deck"), "OP01-036"), (1, ("life",), "ST01-006")]
    known = player_view(g, 0)["known"]
    secret = [
        {"card": "OP02-007", "zone": "deck"},
        {"card": "OP02-053", "zone": "opp deck"},
        {"card": "OP01-107", "zone": "life", "position": 3},
        {"card": "OP02-109", "zone": "opp life", "position": 2},
        {"card": "OP02-043", "zone": "opp hand"},
    ]
    vague = [{"card": "OP01-036", "zone": "hand or deck"}, {"card": "ST01-006", "zone": "opp life"}]
    assert len(known) == len(secret) + len(vague), known
    assert all(e in known[:len(secret)] for e in secret), known
    assert known[len(secret):] == vague


def test_10_1_4_1_a_blocked_battle_names_the_blocker_as_target():
    """10-1-4-1 ([Blocker]): the attacked player may rest a Blocker, which takes the place of the card being
    attacked; both views then name the Blocker as ``target`` with its power (TEST-B01 1000), not the original target."""
    g = game(FIELD.replace("        - {card: TEST-C03, rested: true, don: 1}",
                           "        - {card: TEST-C03, rested: true, don: 1}\n        - {card: TEST-B01}"), CARDS)
    play(g, "p1: attack TEST-C02 -> opp TEST-C03", "p2: block TEST-B01")
    assert g.pending is not None and g.pending.player == 1  # the Counter Step: the battle is still on
    want = {"attacker": "TEST-C02", "target": "TEST-B01", "attacker_power": 3000, "target_power": 1000}
    for viewer in (0, 1):
        assert player_view(g, viewer).get("battle") == want, viewer
