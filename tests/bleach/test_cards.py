"""Card file format (YAML + pydantic): the sample set and the errors naming file, card and field."""

from __future__ import annotations

import pytest

from tcgsim.bleach.cards.loader import load_cards, parse_cards
from tcgsim.bleach.cards.model import CARD_TYPES, OPS
from tcgsim.errors import UserError

from .helpers import DB


def test_sample_set_has_every_card_type_and_every_effect_op():
    """Brief §Cards: the sample set (set code BLX, ~30-40 cards) uses every card type and every op."""
    assert 30 <= len(DB) <= 40
    assert all(n.startswith("BLX-") for n in DB.cards)
    assert {c.type for c in DB.all()} == set(CARD_TYPES)
    used = {op.op for c in DB.all() for e in c.effects for op in e.actions}
    assert used == set(OPS)
    kinds = {e.kind for c in DB.all() for e in c.effects}
    assert kinds == {"effect", "ability"}


def test_load_cards_from_path(tmp_path):
    f = tmp_path / "x.yaml"
    f.write_text("cards:\n  - {number: TST-001, name: A, type: combat, bonus: 100}\n")
    db = load_cards(f)
    assert db.get("TST-001").bonus == 100
    with pytest.raises(UserError, match="unknown Bleach card number 'TST-002'"):
        db.get("TST-002")


@pytest.mark.parametrize("card, message", [
    ("{number: TST-001, name: A, type: main_soul, entry_cost: 0, pc_offensive: 300}",
     r"x\.yaml: card TST-001 \(#1\): .*pc_exhausted"),
    ("{number: TST-001, name: A, type: combat, bonus: 100, entry_cost: 1}",
     r"card TST-001 \(#1\): .*'entry_cost' is not allowed on a combat card"),
    ("{number: TST-001, name: A, type: event, cost: 1, effects: [{actions: [{op: fly}]}]}",
     r"card TST-001 \(#1\): effects\.0\.actions\.0"),
    ("{number: TST-001, name: A, type: event, cost: 1, effects: [{actions: [{op: draw, n: 0}]}]}",
     r"card TST-001 \(#1\): effects\.0\.actions\.0\.draw\.n"),
    ("{name: A, type: combat, bonus: 100}", r"card \? \(#1\): number: Field required"),
    ("{number: TST-001, name: A, type: wizard}", r"card TST-001 \(#1\): type"),
    ("{number: TST-001, name: A, type: combat, bonus: 100, colour: red}", r"colour: Extra inputs"),
])
def test_card_errors_name_file_card_and_field(tmp_path, card, message):
    f = tmp_path / "x.yaml"
    f.write_text(f"cards:\n  - {card}\n")
    with pytest.raises(UserError, match=message):
        load_cards(f)


def test_card_file_structure_errors():
    with pytest.raises(UserError, match="f.yaml: not valid YAML"):
        parse_cards("cards: [", "f.yaml")
    with pytest.raises(UserError, match="f.yaml: expected a mapping with a 'cards' list"):
        parse_cards("- 1", "f.yaml")
    dup = "cards:\n  - {number: TST-001, name: A, type: combat, bonus: 1}\n  - {number: TST-001, name: B, type: combat, bonus: 1}\n"
    with pytest.raises(UserError, match=r"card TST-001 \(#2\): number: duplicate"):
        parse_cards(dup, "f.yaml")


def test_unleashed_pieces_must_fit_their_base_and_each_other():
    """seed §Etape Force Spirituelle: Ame Déchaînée pieces assemble « comme un puzzle » on an Ame Principale."""
    base = "  - {number: TST-001, name: A, type: main_soul, entry_cost: 0, pc_offensive: 300, pc_exhausted: 200}\n"
    p1 = "  - {number: TST-002, name: P1, type: unleashed, form: F, base: %s, piece: 1, pieces: 2, pc_offensive: %d, pc_exhausted: 300}\n"
    p2 = "  - {number: TST-003, name: P2, type: unleashed, form: F, base: TST-001, piece: 2, pieces: 2, pc_offensive: 500, pc_exhausted: 300}\n"
    ok = parse_cards("cards:\n" + base + p1 % ("TST-001", 500) + p2, "f.yaml")
    assert ok["TST-003"].pieces == 2
    with pytest.raises(UserError, match="TST-002: base: 'TST-009' is not an Ame Principale"):
        parse_cards("cards:\n" + base + p1 % ("TST-009", 500) + p2, "f.yaml")
    with pytest.raises(UserError, match="form 'F': base/pieces/PC differ"):
        parse_cards("cards:\n" + base + p1 % ("TST-001", 600) + p2, "f.yaml")
    with pytest.raises(UserError, match="pieces must be numbered 1..2"):
        parse_cards("cards:\n" + base + p1 % ("TST-001", 500), "f.yaml")


def test_missing_card_file():
    with pytest.raises(UserError, match="cannot read card file"):
        load_cards("/nonexistent/cards.yaml")
