"""Deck format and deck-construction rules (seed §Choix des cartes)."""

from __future__ import annotations

from importlib import resources

import pytest

from tcgsim.bleach.deck import deck_text, load_deck, parse_deck
from tcgsim.errors import UserError

from .helpers import DB

GOOD = """# a comment
name: test
start: BLX-001
zanpakuto: BLX-034
3xBLX-001
3xBLX-002
3xBLX-003
3xBLX-004
3 BLX-005
3xBLX-006
3xBLX-007
3xBLX-008
3xBLX-026
3xBLX-027
2xBLX-028
"""


def test_bundled_decks_by_name_and_path():
    for name in ("compagnons", "rivaux"):
        d = load_deck(name, DB)
        path = resources.files("tcgsim.bleach").joinpath("decks", name + ".txt")
        d2 = load_deck(str(path), DB)
        assert d.name == d2.name == name
        assert d.main == d2.main and d.leader == d2.leader and d.zanpakuto == d2.zanpakuto
        assert d.size >= 32
        assert DB.get(d.leader).entry_cost == 0 and DB.get(d.zanpakuto).type == "zanpakuto"


def test_deck_attributes_and_text_round_trip():
    d = parse_deck(GOOD, DB, "t.txt")
    assert d.name == "test" and d.source == "t.txt" and d.leader == "BLX-001" and d.zanpakuto == "BLX-034"
    assert dict(d.main)["BLX-005"] == 3 and d.size == 32
    assert parse_deck(deck_text(d), DB, "again") == parse_deck(deck_text(d), DB, "again")
    assert parse_deck(deck_text(d), DB, "again").main == d.main


def _replace(old, new):
    return GOOD.replace(old, new, 1)


@pytest.mark.parametrize("text, message", [
    (_replace("2xBLX-028", "1xBLX-028"), r"t\.txt: 31 cards in the deck \(at least 32\)"),  # seed: au moins 32 cartes
    (_replace("2xBLX-028", "2xBLX-028\n1xBLX-001"), r"t\.txt:16: 4 copies of BLX-001 \(at most 3\)"),  # pas plus de 3
    (_replace("3xBLX-026", "3xBLX-999"), r"t\.txt:13: unknown card number BLX-999"),
    (_replace("3xBLX-026", "three BLX-026"), r"t\.txt:13: cannot read 'three BLX-026'"),
    (_replace("start: BLX-001\n", ""), r"t\.txt: missing 'start: NUMBER' line"),
    (_replace("zanpakuto: BLX-034\n", ""), r"t\.txt: missing 'zanpakuto: NUMBER' line"),
    (_replace("start: BLX-001", "start: BLX-003"), r"t\.txt:3: start card BLX-003 must be an Ame Principale .* entry cost 0"),
    (_replace("start: BLX-001", "start: BLX-009"), r"t\.txt:3: start card BLX-009 is not in the deck"),
    (_replace("zanpakuto: BLX-034", "zanpakuto: BLX-026"), r"t\.txt:4: BLX-026 is not a Zanpakutô"),
    (_replace("2xBLX-028", "2xBLX-028\n1xBLX-035"), r"t\.txt:16: BLX-035 is a Zanpakutô"),
    (_replace("name: test", "name: test\nname: again"), r"t\.txt:3: 'name:' given twice"),
])
def test_deck_errors_give_file_line_and_problem(text, message):
    """seed §Choix des cartes: 32 cards at least, 3 copies at most, one Zanpakutô besides the deck, one
    starting Ame Principale of Coût d'Entrée 0."""
    with pytest.raises(UserError, match=message):
        parse_deck(text, DB, "t.txt")


def test_missing_deck_file():
    with pytest.raises(UserError, match="nope.txt: no such deck file"):
        load_deck("nope.txt", DB)


def test_cli_deck_check_and_cards_show_for_bleach(cli):
    """`tcgsim deck check --game bleach` and `tcgsim cards show --game bleach`: a summary of a legal deck,
    every problem of an illegal one (exit 2), a card's fields and effects, an unknown number (exit 2)."""
    code, out, _ = cli("deck", "check", "--game", "bleach", "rivaux")
    assert code == 0 and "legal Bleach deck (34 cards)" in out and "BLX-035" in out
    code, out, _ = cli("cards", "show", "--game", "bleach", "BLX-001")
    assert code == 0 and "pc_offensive: 300" in out and '"op":"pc_plus"' in out
    code, _, err = cli("cards", "show", "--game", "bleach", "BLX-999")
    assert code == 2 and "unknown Bleach card number 'BLX-999'" in err
    code, _, err = cli("deck", "check", "--game", "bleach", "ST01")
    assert code == 2 and "ST01" in err


def test_deck_file_encoding_problems(tmp_path, cli):
    """A deck file that is not UTF-8 text is a user mistake (exit 2, the file named, no traceback); a UTF-8
    byte-order mark is not part of the list."""
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00bad")
    code, _, err = cli("simulate", "--game", "bleach", str(binary), "compagnons", "-n", "1")
    assert code == 2 and f"{binary}: cannot read the deck file: not UTF-8" in err and "Traceback" not in err
    from importlib import resources

    text = resources.files("tcgsim.bleach").joinpath("decks", "rivaux.txt").read_text(encoding="utf-8")
    bom = tmp_path / "bom.txt"
    bom.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode())
    code, out, _ = cli("deck", "check", "--game", "bleach", str(bom))
    assert code == 0 and "legal Bleach deck" in out
    # a folder is a corpus of decklists (batch/corpus.py): one with no decklist file says so
    empty = tmp_path / "empty"
    empty.mkdir()
    code, _, err = cli("deck", "check", "--game", "bleach", str(empty))
    assert code == 2 and f"{empty}: a folder with no decklist file" in err and "Traceback" not in err


def test_an_oversized_deck_file_is_refused_before_it_is_parsed(tmp_path):
    """Issue "Hostile input" §1 (limits enforced before parsing): a deck file over MAX_DECK_BYTES is refused by
    its size, and the message does not quote its content."""
    from tcgsim.bleach.deck import MAX_DECK_BYTES

    big = tmp_path / "big.txt"
    big.write_text("a" * (MAX_DECK_BYTES + 1))
    with pytest.raises(UserError) as exc:
        load_deck(str(big), DB)
    assert "over 200,000 bytes" in str(exc.value) and len(str(exc.value)) < 200


@pytest.mark.parametrize("line, needle", [
    ("start: BLX-" + "9" * 100_000, "unknown card number BLX-999"),
    ("9" * 5_000 + "xBLX-001", "too large"),
])
def test_a_huge_value_is_not_echoed_whole(line, needle):
    """Issue "Hostile input" (a 100,000-character card number is echoed whole): the message names the line and
    the problem with at most a short cut of the value."""
    with pytest.raises(UserError) as exc:
        parse_deck(GOOD.replace("start: BLX-001", line), DB, "t.txt")
    assert str(exc.value).startswith("t.txt:3: ") and needle in str(exc.value) and len(str(exc.value)) < 200
