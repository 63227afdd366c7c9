"""Decklists: every accepted format, the deck-construction rules (5-1-2) with line numbers, summary, export."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tcgsim.errors import UserError
from tcgsim.onepiece.cards.database import CardDatabase
from tcgsim.onepiece.cards.decklist import (
    Deck,
    DeckError,
    DeckProblem,
    bundled_decks,
    deck_summary,
    export_sim_text,
    load_deck,
    load_valid_deck,
    parse_deck,
    validate_deck,
)
from tcgsim.onepiece.cards.model import CHARACTER, LEADER, CardDef

SHARED_DECKS = Path(__file__).resolve().parents[2].parent / "shared" / "decks"
SHARED_FILES = sorted(SHARED_DECKS.glob("*.txt"))

ST01_TEXT = """1xST01-001
4xST01-002
4xST01-003
4xST01-004
4xST01-005
4xST01-006
4xST01-007
4xST01-008
4xST01-009
4xST01-010
2xST01-011
2xST01-012
2xST01-013
2xST01-014
2xST01-015
2xST01-016
2xST01-017
"""


@pytest.fixture(scope="module")
def st01(db) -> Deck:
    return parse_deck(ST01_TEXT, db, name="ST01")


def lines_of(text: str) -> list[str]:
    return [line for line in text.splitlines() if line]


def problems_of(text: str, db) -> list[tuple[int | None, str]]:
    return [(p.line, p.message) for p in validate_deck(parse_deck(text, db), db)]


# --- real decks ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("path", SHARED_FILES, ids=[p.stem for p in SHARED_FILES])
def test_reference_decks_are_legal(db, path):
    deck = load_deck(path, db)
    assert validate_deck(deck, db) == []
    assert deck.size == 50 and deck.leader == lines_of(path.read_text())[0][2:]


@pytest.mark.parametrize("name", ["ST01", "ST02", "ST03", "ST04", "ST05", "ST06", "ST07"])
def test_bundled_starters_are_legal_and_match_the_reference(db, name):
    deck = load_deck(name.lower(), db)
    assert validate_deck(deck, db) == []
    (reference_path,) = SHARED_DECKS.glob(f"{name}_*.txt")
    reference = load_deck(reference_path, db)
    assert (deck.leader, deck.main) == (reference.leader, reference.main)


def test_bundled_deck_names(db):
    assert bundled_decks() == [f"ST0{i}" for i in range(1, 8)]
    deck = load_deck("St03", db)
    assert deck.name == "ST03" and deck.source == "bundled/ST03.txt"


# --- formats ------------------------------------------------------------------------------------------------

def test_sim_text(st01):
    assert st01.leader == "ST01-001"
    assert st01.main[0] == ("ST01-002", 4) and st01.main[-1] == ("ST01-017", 2)
    assert st01.size == 50 and len(st01.main) == 16


VARIANTS = {
    "uppercase X": lambda lines: [line.replace("x", "X") for line in lines],
    "space after x": lambda lines: [line.replace("x", "x ") for line in lines],
    "count space number": lambda lines: [line.replace("x", " ") for line in lines],
    "alt-art suffixes": lambda lines: [line + ("_p1" if i % 2 else "_r1") for i, line in enumerate(lines)],
    "one line": lambda lines: [" ".join(lines)],
    "comma with deck name": lambda lines: ["ST01-DefaultDeck," + ",".join(lines)],
    "comments and blanks": lambda lines: ["# my deck", ""] + [f"{line}  # ok" for line in lines] + ["", "   "],
    "leader last": lambda lines: lines[1:] + lines[:1],
    "windows line ends": lambda lines: ["\r\n".join(lines)],
}


@pytest.mark.parametrize("variant", VARIANTS, ids=list(VARIANTS))
def test_text_variants(db, st01, variant):
    text = "\n".join(VARIANTS[variant](lines_of(ST01_TEXT)))
    deck = parse_deck(text, db)
    assert (deck.leader, deck.main) == (st01.leader, st01.main)
    assert validate_deck(deck, db) == []


def test_comma_format_keeps_the_deck_name(db):
    deck = parse_deck("ST01-DefaultDeck," + ",".join(lines_of(ST01_TEXT)), db, name="file")
    assert deck.name == "ST01-DefaultDeck"


def test_egman_text_with_names(db):
    text = "\n".join(
        f"{line.split('x')[0]} {line.split('x')[1]} {db.get(line.split('x')[1]).name}" for line in lines_of(ST01_TEXT)[1:]
    )
    text += "\n1 ST01-001 Monkey.D.Luffy\n"
    deck = parse_deck(text, db)
    assert deck.leader == "ST01-001" and deck.size == 50 and validate_deck(deck, db) == []
    # names may contain commas
    assert parse_deck("4 OP01-016 One, Two, Jango", db).main == (("OP01-016", 4),)


def test_lines_are_recorded(db):
    deck = parse_deck("# header\n\n1xST01-001\n4xST01-002 2xST01-003\n", db)
    assert deck.lines_of("ST01-001") == (3,) and deck.lines_of("ST01-003") == (4,)


LIMITLESS = {
    "name": "Player",
    "placing": 1,
    "deck": {"id": "enel", "name": "Purple Enel"},
    "decklist": {
        "leader": {"name": "Monkey.D.Luffy", "set": "ST01", "number": "1"},
        "character": [
            {"name": "x", "set": "ST01", "number": f"{n:03d}" if n % 2 else str(n), "count": 4}
            for n in range(2, 11)
        ]
        + [{"name": "x", "set": "ST01", "number": str(n), "count": 2} for n in range(11, 17)],
        "event": [],
        "stage": [{"name": "Thousand Sunny", "set": "ST01", "number": "017", "count": 2}],
    },
}


def test_limitless_json_standing(db, st01):
    deck = parse_deck(json.dumps(LIMITLESS, indent=2), db)
    assert deck.name == "Purple Enel"
    assert (deck.leader, dict(deck.main)) == (st01.leader, dict(st01.main))
    assert validate_deck(deck, db) == []


def test_limitless_json_decklist_only(db, st01, tmp_path):
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(LIMITLESS["decklist"]))
    deck = load_deck(path, db)
    assert (deck.leader, dict(deck.main)) == (st01.leader, dict(st01.main))
    assert deck.name == "deck" and deck.source == str(path)


def test_bad_json(db):
    assert [p.message for p in validate_deck(parse_deck("{not json", db), db)][0].startswith("invalid JSON")
    problems = problems_of(json.dumps({"decklist": {"leader": {"name": "?"}, "character": []}}), db)
    assert any("without set and number" in message for _, message in problems)


def test_export_round_trip(db, st01):
    text = export_sim_text(st01)
    assert text == ST01_TEXT
    deck = parse_deck(text, db, name="ST01")
    assert deck == st01


# --- problems (rule 5-1-2) ------------------------------------------------------------------------------------

def test_no_leader(db):
    problems = problems_of("\n".join(lines_of(ST01_TEXT)[1:]), db)
    assert problems == [(None, "no Leader card; a deck needs exactly 1 Leader (rule 5-1-2)")]


def test_two_leaders(db):
    problems = problems_of(ST01_TEXT + "1xST02-001\n", db)
    assert [line for line, _ in problems] == [18, None]
    assert "second Leader" in problems[0][1] and "51 cards" in problems[1][1]


def test_leader_listed_twice(db):
    problems = problems_of(ST01_TEXT.replace("1xST01-001", "2xST01-001"), db)
    assert problems == [(1, "Leader ST01-001 is listed 2 times; a deck has exactly 1 Leader (rule 5-1-2)")]


def test_wrong_deck_size(db):
    assert problems_of(ST01_TEXT.replace("2xST01-017", "1xST01-017"), db) == [
        (None, "the main deck has 49 cards; it needs exactly 50 (rule 5-1-2)")
    ]


def test_too_many_copies_counts_repeated_lines(db):
    """Rules 5-1-2-3 and 2-14-2: at most 4 copies of a card number, counted over every line naming it."""
    text = ST01_TEXT.replace("2xST01-017\n", "") + "1xST01-002\n1xST01-002\n"
    problems = problems_of(text, db)
    assert problems == [(2, "6 copies of ST01-002 Usopp (lines 2, 17, 18); at most 4 per card number (rule 5-1-2-3)")]


def test_any_number_of_copies_is_allowed(db):
    text = "1xOP01-060\n50xOP01-075\n"  # Blue Leader; OP01-075 Pacifista: "any number of this card"
    assert problems_of(text, db) == []


def test_op01_075_q1_any_number_still_means_exactly_50_cards(db):
    """qa_op01.md OP01-075 q1: Pacifista's "any number of this card" does not allow 51 or more cards (5-1-2-1)."""
    problems = problems_of("1xOP01-060\n51xOP01-075\n", db)
    assert len(problems) == 1 and "51 cards" in problems[0][1]


def test_color_not_on_the_leader(db):
    """Rule 5-1-2-2: a deck card whose color is not on the Leader is refused."""
    problems = problems_of(ST01_TEXT.replace("2xST01-017", "2xST02-002"), db)
    assert len(problems) == 1 and problems[0][0] == 17
    assert "ST02-002" in problems[0][1] and "is Green but the Leader ST01-001 is Red" in problems[0][1]
    assert "rule 5-1-2-2" in problems[0][1]


def test_multicolor_card_needs_every_color_on_the_leader():
    """Rule 5-1-2-2 (the engine's reading for a multicolor card): every one of its colors must be on the Leader."""
    leader = CardDef(number="T-001", name="Red Leader", category=LEADER, colors=("Red",), life=5, power=5000)
    wide = CardDef(number="T-002", name="Wide Leader", category=LEADER, colors=("Red", "Green"), life=5, power=5000)
    card = CardDef(number="T-003", name="Red Green", category=CHARACTER, colors=("Red", "Green"), cost=1, power=1000)
    small = CardDatabase([leader, wide, card])
    bad = validate_deck(parse_deck("1xT-001\n4xT-003", small), small)
    assert any(p.line == 2 and "Red/Green" in p.message for p in bad)
    good = validate_deck(parse_deck("1xT-002\n4xT-003", small), small)
    assert all("5-1-2-2" not in p.message for p in good)


def test_unknown_card(db):
    problems = problems_of(ST01_TEXT.replace("2xST01-017", "2xST01-0170"), db)
    assert problems == [(17, "unknown card number ST01-0170 (did you mean ST01-017?)")]


def test_leader_in_main_deck_category(db):
    problems = problems_of(ST01_TEXT.replace("2xST01-017", "1xST01-017\n1xST03-001"), db)
    assert [line for line, _ in problems] == [18] and "second Leader" in problems[0][1]


def test_malformed_lines_do_not_stop_reading(db):
    text = ST01_TEXT.replace("4xST01-003", "4xST01-003 banana?!") + "zzz\n0xST01-004\nST01-005\n"
    problems = problems_of(text, db)
    assert [line for line, _ in problems] == [18, 19, 20]
    assert problems[0][1].startswith("cannot read 'zzz'")
    assert "count must be at least 1" in problems[1][1]


def test_leader_construction_text(db):
    # OP12-001 (Red): no cards with a cost of 5 or more. OP02-006 costs 5, OP01-024 costs 2.
    text = "1xOP12-001\n4xOP02-006\n4xOP01-024\n42xOP01-016\n"
    problems = problems_of(text, db)
    assert [line for line, _ in problems] == [2, 4]
    assert problems[0][1] == (
        "OP02-006 Kingdew is not allowed by the Leader OP12-001: \"Under the rules of this game, "
        "you cannot include cards with a cost of 5 or more in your deck\" (rule 5-1-2-4)"
    )
    assert "42 copies" in problems[1][1]


def test_event_cost_limit(db):
    # OP13-079 (Black): no Events with a cost of 2 or more. OP02-119 is a cost-2 Black Event.
    problems = problems_of("1xOP13-079\n4xOP02-119\n", db)
    assert [line for line, m in problems if "5-1-2-4" in m] == [2]


def test_type_limit(db):
    # P-117 (Blue): only {East Blue} type cards. OP03-041 is East Blue, OP01-063 is not.
    problems = problems_of("1xP-117\n4xOP03-041\n4xOP01-063\n", db)
    assert [line for line, m in problems if "5-1-2-4" in m] == [3]


def test_every_problem_is_reported_at_once(db):
    text = "4xST01-002\nbanana\n9xST01-003\n4xST02-002\n1xST01-001\n4xOP01-0999\n"
    problems = problems_of(text, db)
    assert [line for line, _ in problems] == [2, 3, 4, 6, None]
    assert "5-1-2-3" in problems[1][1] and "5-1-2-2" in problems[2][1] and "unknown" in problems[3][1]
    assert "21 cards" in problems[4][1]


def test_deck_error_message_lists_every_problem(db, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("4xST01-002\nbanana\n")
    with pytest.raises(DeckError) as info:
        load_valid_deck(path, db)
    message = str(info.value)
    assert isinstance(info.value, UserError)
    assert message.splitlines()[0] == f"{path}:2: cannot read 'banana' (expected COUNTxCARD-NUMBER, e.g. 4xOP01-016)"
    assert f"{path}: no Leader card" in message and f"{path}: the main deck has 4 cards" in message
    assert len(info.value.problems) == 3


def test_unknown_file_or_bundled_name(db):
    with pytest.raises(DeckError, match="no such deck file or bundled deck"):
        load_deck("ST99", db)
    with pytest.raises(DeckError):
        load_deck("/nonexistent/deck.txt", db)


def test_problem_format():
    assert DeckProblem(3, "bad").format("f.txt") == "f.txt:3: bad"
    assert DeckProblem(None, "bad").format("f.txt") == "f.txt: bad"


# --- summary and DON!! deck -------------------------------------------------------------------------------------

def test_summary(db, st01):
    assert deck_summary(st01, db) == "ST01: Leader ST01-001 Monkey.D.Luffy (Red), 50 cards, 17 distinct, DON!! deck 10"


def test_don_deck_from_the_leader(db):
    deck = parse_deck("1xOP15-058\n4xOP12-071\n", db, name="enel")
    assert deck.don_deck_size(db) == 6
    assert deck_summary(deck, db).splitlines()[0].endswith("DON!! deck 6")
    assert parse_deck("4xOP12-071", db).don_deck_size(db) == 10


def test_copies_are_counted_by_card_number_not_by_name(db):
    # Rule 5-1-2-3: at most 4 cards of the same card number. EB04-038 is also named [Trafalgar Law] and
    # [Donquixote Rosinante] (rule 2-1-3), yet 4 of it stand beside 4 [Trafalgar Law] OP12-106 and 4
    # [Donquixote Rosinante] OP12-108: the names are not counted together.
    problems = problems_of("1xOP12-061\n4xEB04-038\n4xOP12-106\n4xOP12-108\n", db)
    assert problems and not [m for _, m in problems if "5-1-2-3" in m]  # only the deck size is wrong
    problems = problems_of("1xOP12-061\n5xEB04-038\n", db)
    assert [line for line, m in problems if "5-1-2-3" in m] == [2]


def test_imu_event_rule_refuses_the_deck_when_loading_for_play(cli, tmp_path):
    # OP13-079 Imu: "Under the rules of this game, you cannot include Events with a cost of 2 or more in your
    # deck" (rule 5-1-2-4): `simulate --strict` (as any deck loading for play) refuses a deck with one, naming it
    deck = tmp_path / "imu.txt"
    deck.write_text("1xOP13-079\n4xOP02-119\n4xOP05-097\n")
    code, _, err = cli("simulate", str(deck), "ST01", "-n", "1", "--strict")
    assert code == 2 and "OP02-119" in err and "5-1-2-4" in err
