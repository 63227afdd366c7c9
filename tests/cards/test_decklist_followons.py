"""Follow-ons of issue 15 ("Hostile input", Smaller): a Leader repeated in the list is reported at each place
it is repeated and how many copies went to the main deck; a card entry of a Limitless JSON file that cannot
be read (``"count": "four"``) is the only problem reported, without whole-deck counts made without it.

Rule 5-1-2: a deck is exactly 1 Leader card and a main deck of exactly 50 cards; 5-1-2-1: the main deck holds
only Character, Event and Stage cards."""

from __future__ import annotations

import json

# A legal main deck of 50 Red ST01 cards besides the Leader ST01-001 (4 x 12 + 2).
MAIN = "".join(f"4xST01-{n:03d}\n" for n in range(2, 14)) + "2xST01-014\n"


def _check(cli, tmp_path, name, text):
    deck = tmp_path / name
    deck.write_text(text)
    code, _, err = cli("deck", "check", str(deck))
    return deck, code, err.strip().splitlines()


def test_the_legal_deck_these_tests_break_is_legal(cli, tmp_path):
    _, code, lines = _check(cli, tmp_path, "ok.txt", "1xST01-001\n" + MAIN)
    assert code == 0 and lines == []


def test_a_second_leader_line_is_reported_at_its_own_line_with_the_copies_it_adds(cli, tmp_path):
    # lines: 1 Leader, 2..14 the main deck, 15 and 16 the Leader again (4 + 2 copies)
    deck, code, lines = _check(cli, tmp_path, "rep.txt", "1xST01-001\n" + MAIN + "4xST01-001\n2xST01-001\n")
    assert code == 2
    assert lines[0].startswith(f"{deck}:15: the Leader ST01-001 Monkey.D.Luffy is listed again (first on line 1), "
                               "also on line 16: 6 more copies counted in the main deck")
    # the 56 cards are explained by the 6 copies of the Leader, not left as a puzzle
    assert lines[1] == f"{deck}: the main deck has 56 cards (6 of them copies of the Leader); it needs exactly 50 (rule 5-1-2)"
    assert len(lines) == 2


def test_a_leader_number_counted_in_the_main_deck_of_a_json_list_is_named(cli, tmp_path):
    main = [{"set": "ST01", "number": f"{n:03d}", "count": 4} for n in range(2, 14)]
    main.append({"set": "ST01", "number": "014", "count": 2})
    main.append({"set": "ST01", "number": "001", "count": 1})  # the Leader again, in the character section
    text = json.dumps({"decklist": {"leader": [{"set": "ST01", "number": "001", "count": 1}], "character": main}})
    deck, code, lines = _check(cli, tmp_path, "lim.json", text)
    assert code == 2
    assert lines[0].startswith(f"{deck}: the Leader ST01-001 Monkey.D.Luffy is listed again: 1 more copy counted "
                               "in the main deck")
    assert lines[1] == f"{deck}: the main deck has 51 cards (1 of them a copy of the Leader); it needs exactly 50 (rule 5-1-2)"


def _limitless(character=None, leader_count=1):
    main = character if character is not None else [{"set": "ST01", "number": f"{n:03d}", "count": 4} for n in range(2, 14)]
    return json.dumps({"decklist": {"leader": [{"set": "ST01", "number": "001", "count": leader_count}],
                                    "character": main + [{"set": "ST01", "number": "014", "count": 2}]}})


def test_a_count_that_is_not_a_number_is_the_only_problem_reported(cli, tmp_path):
    main = [{"set": "ST01", "number": f"{n:03d}", "count": 4, "name": f"c{n}"} for n in range(2, 14)]
    main[2]["count"] = "four"
    deck, code, lines = _check(cli, tmp_path, "four.json", _limitless(main))
    assert code == 2
    # without the fix a second line "the main deck has 46 cards" followed: a count made without the bad entry
    assert lines == [f"{deck}: decklist.character[3] ('c4'): count: Input should be a valid integer, not '\"four\"'"]


def test_a_leader_entry_that_cannot_be_read_is_not_followed_by_no_leader(cli, tmp_path):
    deck, code, lines = _check(cli, tmp_path, "lead.json", _limitless(leader_count="one"))
    assert code == 2
    assert len(lines) == 1 and lines[0].startswith(f"{deck}: decklist.leader[1] ('001'): count: Input should be a "
                                                   "valid integer")


def test_once_the_entry_is_fixed_the_whole_deck_counts_are_reported_again(cli, tmp_path):
    main = [{"set": "ST01", "number": f"{n:03d}", "count": 4} for n in range(2, 13)]  # 44 + 2: four short
    deck, code, lines = _check(cli, tmp_path, "short.json", _limitless(main))
    assert code == 2 and lines == [f"{deck}: the main deck has 46 cards; it needs exactly 50 (rule 5-1-2)"]
