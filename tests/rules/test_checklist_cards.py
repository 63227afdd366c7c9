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
    """2-12 to 2-17: rarity, art, illustrator etc. never affect play: the engine keeps one definition per
    card number (alternate arts folded in) and a definition has no such fields."""
    fields = set(CardDef.__dataclass_fields__)
    assert not fields & {"rarity", "illustrator", "illustration", "copyright", "image"}
    assert db.get("OP01-120_p1") == db.get("OP01-120")


def test_3_1_1_a_player_has_the_nine_zones():
    """3-1-1: deck, DON!! deck, hand, trash, Leader, Character, Stage, cost (active/rested DON!!) and Life."""
    p = PlayerState()
    zones = {"deck", "don_deck", "hand", "trash", "leader", "characters", "stage", "don_active", "don_rested", "life"}
    assert zones <= set(PlayerState.__slots__)
    assert (p.leader, p.stage, p.hand, p.characters, p.life, p.trash, p.deck) == (-1, -1, [], [], [], [], [])
