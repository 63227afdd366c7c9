"""Card information as the engine reads it (rules section 2): categories, colors, types, attributes, which
categories carry power / cost / Life / Counter, and the zones of a player (3-1-1). Checked over the whole
pinned card database, so a wrongly read field on any card fails."""

from __future__ import annotations

from tcgsim.onepiece.cards.model import CATEGORIES, CHARACTER, COLORS, EVENT, LEADER, STAGE, CardDef
from tcgsim.onepiece.rules.state import PlayerState

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
