"""Card information as the engine reads it (rules section 2): categories, colors, types, attributes, which
categories carry power / cost / Life / Counter, and the zones of a player (3-1-1). Checked over the whole
pinned card database, so a wrongly read field on any card fails."""

from __future__ import annotations

from checklist_helpers import game, play

from tcgsim.onepiece.cards.model import CATEGORIES, CHARACTER, COLORS, EVENT, LEADER, STAGE, CardDef
from tcgsim.onepiece.rules.state import PlayerState
from tcgsim.onepiece.rules.view import player_view

ATTRIBUTES = {"Slash", "Strike", "Ranged", "Special", "Wisdom", "?"}


def test_2_2_2_every_card_is_a_leader_character_event_or_stage(db):
    """2-2-2: the card categories (DON!! cards are not database cards: the engine counts them per zone)."""
    assert set(CATEGORIES) == {LEADER, CHARACTER, EVENT, STAGE}
    assert {card.category for card in db} == set(CATEGORIES)


def test_2_3_3_2_3_5_six_colors_and_multicolor_cards_have_every_color(db):
    """Six colors (2-3-3); a multicolor card has each of its colors (2-3-5)."""
    assert set(COLORS) == {"Red", "Green", "Blue", "Purple", "Black", "Yellow"}
    assert all(card.colors and set(card.colors) <= set(COLORS) for card in db)
    assert db.get("OP01-002").colors == ("Red", "Green")  # Trafalgar Law, a Red/Green Leader
    assert sum(len(card.colors) > 1 for card in db) > 50


def test_2_4_2_types_are_split_at_the_slash(db):
    assert db.get("ST01-006").types == ("Animal", "Straw Hat Crew")
    assert not any("/" in t for card in db for t in card.types)


def test_2_5_2_2_5_5_attributes_only_on_leaders_and_characters(db):
    """The six attributes (2-5-2) are only on Leaders and Characters (2-5-5); a card with several has all
    of them (2-5-4)."""
    assert {a for card in db for a in card.attributes} == ATTRIBUTES
    assert all(not card.attributes for card in db if card.category in (EVENT, STAGE))
    multi = [card for card in db if len(card.attributes) > 1]
    assert multi and all(set(card.attributes) <= ATTRIBUTES for card in multi)  # 2-5-4: all of them


def test_2_6_2_2_7_5_2_9_3_2_10_2_power_cost_life_and_counter_by_category(db):
    """Only Leaders and Characters have power (2-6-2); only Characters, Events and Stages have a cost
    (2-7-5); only Leaders have Life (2-9-3); only Characters have a Counter value (2-10-2)."""
    for card in db:
        if card.category == LEADER:
            assert card.cost is None and card.life is not None and card.counter is None, card.number
        else:
            # (the data prints "-" for the power of some 0-power Characters and the cost of a few Events;
            # the engine reads a missing number as 0 when it needs one)
            assert card.life is None, card.number
        if card.category in (EVENT, STAGE):
            assert card.power is None and card.counter is None, card.number
    assert all(card.power is not None for card in db if card.category == LEADER)
    assert sum(card.cost is not None for card in db if card.category != LEADER) > 2500
    assert db.get("ST01-006").counter is None and db.get("OP01-010").counter == 1000


def test_2_12_to_2_17_print_details_do_not_make_different_cards(db):
    """2-12 to 2-17: copyright (2-12), rarity (2-13), illustration (2-16) and illustrator (2-17) do not affect
    gameplay: the engine keeps one definition per card number (2-14, 2-14-1: the number is what deck building
    counts), alternate arts and other rarities folded in, and a definition has no such fields."""
    fields = set(CardDef.__dataclass_fields__)
    assert not fields & {"rarity", "illustrator", "illustration", "copyright", "image"}
    assert db.get("OP01-120_p1") == db.get("OP01-120")  # 2-16: another illustration, the same card
    assert db.get("OP01-016_p4") == db.get("OP01-016")  # 2-13: printed R and SP CARD (_p4), the same card


def test_3_1_1_a_player_has_the_nine_zones():
    """3-1-1: deck, DON!! deck, hand, trash, Leader, Character, Stage, cost (active/rested DON!!) and Life."""
    p = PlayerState()
    zones = {"deck", "don_deck", "hand", "trash", "leader", "characters", "stage", "don_active", "don_rested", "life"}
    assert zones <= set(PlayerState.__slots__)
    assert (p.leader, p.stage, p.hand, p.characters, p.life, p.trash, p.deck) == (-1, -1, [], [], [], [], [])


# --- timings the engine does not play: such text is reported unsupported, never compiled -------------------
# A card that compiles but plays wrongly is worse than one reported unsupported: with no "start of the
# turn" step (6-2-2), no "start of the Main Phase" step (6-5-1) and no "treated as all names" Leaders
# (rules Q&A, QA 14.8), a text needing them must stay in ``unsupported``: the real cards that have it, and
# a test text.

def _compiled_texts(card) -> list[str]:
    return [e.text for e in card.effects]


def _test_card(text: str):
    from tcgsim.onepiece.cards.database import card_from_record
    from tcgsim.onepiece.effects.cards import with_effects

    return with_effects(card_from_record({
        "card_number": "TEST-001", "card_name": "Test", "card_type": LEADER, "colors": ["Red"], "cost": None,
        "power": 5000, "counter": None, "life": 5, "attributes": [], "types": [], "effects": text}))


def _assert_unsupported(card, phrase: str) -> None:
    assert any(phrase in u.lower() for u in card.unsupported), (card.number, card.unsupported)
    assert not any(phrase in t.lower() for t in _compiled_texts(card)), (card.number, _compiled_texts(card))


def test_6_2_2_start_of_turn_effects_are_reported_unsupported(db):
    # OP11-040's "This effect can be activated at the start of your turn." is supported (its scenarios:
    # tests/scenarios/effects/timing-start-of-your-turn*.yaml); the bare "At the start of your turn" is not
    _assert_unsupported(_test_card("At the start of your turn, draw 1 card."), "start of your turn")


def test_6_5_1_start_of_main_phase_effects_are_reported_unsupported(db):
    assert not any("start of your main phase" in t.lower() for c in db for t in _compiled_texts(c))
    _assert_unsupported(_test_card("At the start of your Main Phase, draw 1 card."), "start of your main phase")


def test_qa_14_8_a_leader_treated_as_all_names_is_reported_unsupported(db):
    """Rules Q&A, checklist QA 14.8: such a Leader would match every name, type and attribute check."""
    text = "This Leader is also treated as having all card names, types and attributes."
    _assert_unsupported(_test_card(text), "treated as having all")


# --- 7-1-4 / 4-6: the Damage Step's log lines and what the damage shows of the Life card (mutation testing
# of rules/damage.py, issue 17 §4) -------------------------------------------------------------------------

DAMAGE_CARDS = """
    - {number: TEST-X11, name: Test Striker, category: Character, colors: [Red], cost: 4, power: 6000}
    - {number: TEST-X12, name: Test Banisher, category: Character, colors: [Red], cost: 4, power: 6000,
       text: "[Banish]"}
    - {number: TEST-G11, name: Test Wall, category: Character, colors: [Green], cost: 4, power: 7000}
    - {number: TEST-G12, name: Test Strike Shield, category: Character, colors: [Green], cost: 2, power: 2000,
       text: "This Character cannot be K.O.'d in battle by <Strike> attribute Characters."}
    - {number: TEST-S11, name: Test Strike Fist, category: Character, colors: [Red], cost: 3, power: 6000,
       attributes: [Strike]}
    - {number: TEST-T11, name: Test Snare, category: Event, colors: [Green], cost: 1, text: "[Trigger] Draw 1 card."}
"""


def _damage_game(p1_chars: str, p2: str):
    return game(f"""
        turn: 3
        active: p1
        phase: main
        p1: {{leader: TEST-L01, deck: 5, characters: {p1_chars}}}
        p2: {{leader: TEST-L02, deck: 5, {p2}}}
    """, DAMAGE_CARDS)


def _battle(g, attack: str, trigger: bool | None = None):
    """p1 declares ``attack``; p2 does not block nor counter (and uses the [Trigger] if ``trigger``); run to
    p1's next Main Phase decision."""
    play(g, f"p1: attack {attack}")
    while g.pending is not None and g.pending.player == 1:
        kind = g.pending.kind
        if kind == "trigger":
            play(g, "p2: trigger" if trigger else "p2: no trigger")
        else:
            g.apply_index(len(g.pending.options) - 1 if kind == "block" else 0)
    assert g.pending is None or (g.pending.kind == "main" and g.pending.player == 0)


def _log_entry(g, text: str):
    """(who may see it, the rules it cites) of the log entry ``text``, which must be there."""
    i = next((i for i, (_vis, t) in enumerate(g.log) if t == text), None)
    assert i is not None, f"no log entry {text!r} in {g.log!r}"
    return g.log[i][0], g.log_rules.get(i, ())


def test_7_1_4_2_an_attack_with_less_power_fails_and_the_log_says_so_to_both_players():
    """7-1-4-2: the attacker's power (6000) is less than the attacked Character's (7000): nothing happens,
    and the public log line gives both powers and cites the rule."""
    g = _damage_game("[{card: TEST-X11}]", "characters: [{card: TEST-G11, rested: true}]")
    _battle(g, "TEST-X11 -> opp TEST-G11")
    assert [g.t.numbers[c] for c in g.players[1].characters] == ["TEST-G11"]
    assert _log_entry(g, "the attack fails (6000 < 7000)") == (None, ("7-1-4-2",))


def test_7_1_4_1_1_1_9_2_1_1_damage_to_a_leader_with_no_life_is_logged_for_that_player():
    """7-1-4-1-1-1 / 9-2-1-1: p2's Leader, with 0 Life cards, is dealt damage: p2 loses, and the public log
    line names p2 (not p1) and cites both rules."""
    g = _damage_game("[{card: TEST-X11}]", "life: []")
    _battle(g, "TEST-X11 -> opp leader")
    assert g.winner == 0
    assert _log_entry(g, "p2's leader is dealt damage with no Life left") == (None, ("7-1-4-1-1-1", "9-2-1-1"))


def test_7_1_4_1_2_a_character_that_cannot_be_ko_d_in_battle_by_the_attacker_stays_and_the_log_says_why():
    """7-1-4-1-2 with OP01-024's words ("cannot be K.O.'d in battle by <Strike> attribute Characters"): the
    <Strike> attacker wins the battle, p2's Character is not K.O.'d, and the log says so."""
    g = _damage_game("[{card: TEST-S11}]", "characters: [{card: TEST-G12, rested: true}]")
    _battle(g, "TEST-S11 -> opp TEST-G12")
    assert [g.t.numbers[c] for c in g.players[1].characters] == ["TEST-G12"]
    assert _log_entry(g, "TEST-G12 cannot be K.O.'d in battle") == (None, ())


def _p1_knows_only_somewhere_in_p2_life(g, number: str) -> None:
    """p1 knows that a card ``number`` is somewhere in p2's Life cards, not where (as after p1 saw it put
    there and p2 reordered the Life cards unseen, rules/zones.blur): p1's view says "opp life"."""
    g.vague[0] = [(1, ("life",), number)]
    assert {"card": number, "zone": "opp life"} in player_view(g, 0)["known"]


def _p1_known(g) -> list[dict]:
    return player_view(g, 0)["known"]


def test_4_6_2_1_3_1_5_a_life_card_taken_into_the_hand_unseen_is_only_somewhere_in_the_hand_or_life():
    """4-6-2-1: the damage adds p2's top Life card (face down) to p2's hand without showing it to p1 (the
    hand and the Life cards are secret areas, 3-1-5). p1, who knew only that an OP01-013 was somewhere in
    p2's Life, cannot tell whether it was the card that moved: p1 knows it is in p2's hand or Life, never
    that it left, and does not learn which card moved."""
    g = _damage_game("[{card: TEST-X11}]", "life: [OP01-013, OP01-016, OP01-013]")
    _p1_knows_only_somewhere_in_p2_life(g, "OP01-013")
    _battle(g, "TEST-X11 -> opp leader")
    assert [g.t.numbers[c] for c in g.players[1].hand] == ["OP01-013"]
    assert _p1_known(g) == [{"card": "OP01-013", "zone": "opp hand or life"}]


def test_10_1_3_1_3_5_2_a_life_card_trashed_by_banish_is_seen_by_both_players_and_leaves_the_secret():
    """10-1-3-1: [Banish] trashes the Life card; the trash is an open area (3-5-2), so p1 sees that it is
    the OP01-013 p1 knew was somewhere in p2's Life: p1 no longer counts it as in p2's Life."""
    g = _damage_game("[{card: TEST-X12}]", "life: [OP01-013, OP01-016]")
    _p1_knows_only_somewhere_in_p2_life(g, "OP01-013")
    _battle(g, "TEST-X12 -> opp leader")
    assert [g.t.numbers[c] for c in g.players[1].trash] == ["OP01-013"]
    assert _p1_known(g) == []


def test_10_1_5_1_a_life_card_revealed_for_its_trigger_leaves_the_secret():
    """10-1-5-1 / 4-6-3: the Life card whose [Trigger] p2 activates is revealed, so p1 sees that it is the
    TEST-T11 p1 knew was somewhere in p2's Life: p1 no longer counts it as in p2's Life (it is trashed after
    its [Trigger], 10-1-5-3)."""
    g = _damage_game("[{card: TEST-X11}]", "life: [TEST-T11, OP01-016]")
    _p1_knows_only_somewhere_in_p2_life(g, "TEST-T11")
    _battle(g, "TEST-X11 -> opp leader", trigger=True)
    assert [g.t.numbers[c] for c in g.players[1].trash] == ["TEST-T11"]
    assert _p1_known(g) == []
