"""Hostile decklists (issue "Hostile input"): bounded size, typed Limitless JSON, short echoes, folders."""

from __future__ import annotations

import json

from tcgsim.onepiece.cards.decklist import MAX_DECK_BYTES, MAX_ECHO, parse_deck


def problems(text, db):
    return [p.message for p in parse_deck(text, db).parse_problems]


def limitless(character):
    return json.dumps({"decklist": {"leader": [{"set": "ST01", "number": "001", "count": 1}], "character": character}})


def test_limitless_counts_must_be_whole_numbers_and_name_their_card(db):
    found = problems(limitless([{"name": "Usopp", "set": "ST01", "number": "002", "count": "four"},
                                {"name": "Karoo", "set": "ST01", "number": "003", "count": 1e300},
                                {"name": "Sanji", "set": "ST01", "number": "004", "count": 2.5},
                                {"name": "Jinbe", "set": "ST01", "number": "005", "count": True}]), db)
    assert len(found) == 4
    for i, (name, value) in enumerate([("Usopp", '"four"'), ("Karoo", "1e+300"), ("Sanji", "2.5"), ("Jinbe", "true")]):
        assert found[i].startswith(f"decklist.character[{i + 1}] ('{name}'): count:") and value in found[i]


def test_a_section_that_is_not_a_list_is_named(db):
    text = json.dumps({"decklist": {"leader": [{"set": "ST01", "number": "001"}], "character": "lots"}})
    assert problems(text, db) == ["decklist.character must be a list of cards, not '\"lots\"'"]


def test_an_oversized_decklist_is_refused_without_reading_it(db):
    found = problems("4xST01-002\n" * (MAX_DECK_BYTES // 10), db)
    assert found == [f"the decklist is {len('4xST01-002' * (MAX_DECK_BYTES // 10)) + MAX_DECK_BYTES // 10:,} bytes; "
                     f"a decklist is at most {MAX_DECK_BYTES:,}"]


def test_a_huge_card_number_is_not_echoed_whole(db):
    found = problems("1xST01-001\n4x" + "OP" * 50_000 + "-016\n", db)
    assert len(found) == 1 and len(found[0]) < MAX_ECHO + 120 and "not a card number" in found[0]


def test_problems_are_capped_and_the_rest_counted(db):
    found = problems("\n".join(f"banana{i}" for i in range(500)), db)
    assert len(found) == 51 and found[-1] == "... and 450 more problems not shown"


def test_a_folder_given_as_a_deck_says_so(cli, tmp_path):
    code, _, err = cli("simulate", str(tmp_path), "ST01", "-n", "1")
    assert code == 2 and "is a folder, not a deck file" in err
    # `deck check` reads a folder as a corpus of decklists (tests/batch/test_corpus.py): one with no decklist
    # file is a user mistake that names the folder, not "0 decks" and success
    code, _, err = cli("deck", "check", str(tmp_path))
    assert code == 2 and f"{tmp_path}: a folder with no decklist file" in err and "Traceback" not in err


def test_deeply_nested_json_is_a_problem_not_a_traceback(db):
    """Found by a new user: 3,000 nested lists ended in a RecursionError (exit 1)."""
    found = problems('{"decklist": ' + "[" * 3000 + "]" * 3000 + "}", db)
    assert found == ["invalid JSON: nested too deeply for a decklist"]


def test_a_null_set_is_not_read_as_the_set_none(db):
    found = problems(json.dumps({"decklist": {"leader": [{"set": None, "number": "001"}]}}), db)
    assert len(found) == 1 and "without set and number" in found[0] and "NONE" not in found[0]
