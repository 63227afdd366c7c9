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


def test_deck_check_lists_at_most_50_problems_and_suggests_only_for_those(cli, db, tmp_path, monkeypatch):
    """README: "a decklist is at most 200 KB (..., at most 50 problems listed)". Found by the new-user check:
    200 unknown card numbers printed 201 problems, each with a "did you mean" (a search of the database),
    and a 176 KB decklist of them took minutes."""
    from tcgsim.onepiece.cards.database import CardDatabase
    from tcgsim.onepiece.cards.decklist import MAX_PROBLEMS, validate_deck

    calls = []
    real = CardDatabase.suggest
    monkeypatch.setattr(CardDatabase, "suggest", lambda self, number: calls.append(number) or real(self, number))
    deck = tmp_path / "many.txt"
    deck.write_text("1xST01-001\n" + "".join(f"1xOP{k % 90 + 20:02d}-{k % 1000:03d}\n" for k in range(200)))
    code, _, err = cli("deck", "check", str(deck))
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == MAX_PROBLEMS + 1
    assert lines[0].startswith(f"{deck}:2: unknown card number OP20-000") and "(did you mean " in lines[0]
    assert lines[-1] == f"{deck}: ... and 151 more problems not shown"  # 150 unknown numbers and "the main deck has 200 cards"
    assert len(calls) == MAX_PROBLEMS
    # reading problems and deck problems share the one limit: 30 unreadable lines, then 100 unknown numbers
    calls.clear()
    text = "1xST01-001\n" + "banana\n" * 30 + "".join(f"1xOP{k % 80 + 20:02d}-{k:03d}\n" for k in range(100))
    found = validate_deck(parse_deck(text, db), db)
    assert len(found) == MAX_PROBLEMS + 1 and found[-1].message == "... and 81 more problems not shown"
    assert [p.line for p in found[:31]] == list(range(2, 33)) and len(calls) == MAX_PROBLEMS - 30
    # past the reading limit too: 60 unreadable lines (10 hidden by the reader), then 10 unknown numbers
    text = "1xST01-001\n" + "banana\n" * 60 + "".join(f"1xOP{k + 20:02d}-{k:03d}\n" for k in range(10))
    found = validate_deck(parse_deck(text, db), db)
    assert len(found) == MAX_PROBLEMS + 1 and found[-1].message == "... and 21 more problems not shown"


def test_a_176_kb_decklist_of_unknown_numbers_is_checked_in_bounded_time(cli, tmp_path):
    import time

    deck = tmp_path / "big.txt"
    deck.write_text("1xST01-001\n" + "".join(f"1xOP{k % 90 + 10:02d}-{k % 1000:03d}\n" for k in range(16_000)))
    assert 170_000 < deck.stat().st_size <= MAX_DECK_BYTES
    start = time.monotonic()
    code, _, err = cli("deck", "check", str(deck))
    assert code == 2 and err.strip().splitlines()[-1].endswith("more problems not shown")
    assert time.monotonic() - start < 20  # minutes before; about a second now
