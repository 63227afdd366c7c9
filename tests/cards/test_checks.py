"""Compiled told apart from checked (issue "Every card right", part 3): card-specific tests, the coverage
report's per-card counts, and the seeded audit sheet."""

from __future__ import annotations

import json

from tcgsim.onepiece.cards.checks import card_tests, specific_tests
from tcgsim.onepiece.effects.audit import audit_sample, audit_sheet
from tcgsim.onepiece.effects.cards import engine_coverage


def test_a_test_is_card_specific_by_file_name_or_source_only(tmp_path):
    tests = tmp_path / "tests"
    (tests / "scenarios").mkdir(parents=True)
    (tests / "scenarios" / "OP04-033-q1-then-not-resolved.yaml").write_text("name: x\nsource: rule 8-3-3\n")
    (tests / "scenarios" / "by-source.yaml").write_text('name: y\nsource: "card OP06-088; rule 8-3-2"\n')
    (tests / "scenarios" / "board-only.yaml").write_text(
        "name: z\nsource: rule 7-1\nstate:\n  p1:\n    leader: ST01-001\n    hand: [OP01-016]\n")
    found = card_tests(tests)
    assert found["OP04-033"] == ("tests/scenarios/OP04-033-q1-then-not-resolved.yaml",)
    assert found["OP06-088"] == ("tests/scenarios/by-source.yaml",)
    # a card that is only a body on the board is not checked by that test
    assert "OP01-016" not in found and "ST01-001" not in found


def test_coverage_counts_checked_cards_among_the_compiled(db):
    report = engine_coverage(db, "ST01")
    cards = report["cards"]
    assert len(cards) == report["total"]
    assert report["compiled"] == sum(c["compiled"] for c in cards.values())
    assert report["checked"] == sum(1 for c in cards.values() if c["compiled"] and c["tests"])
    assert report["checked"] <= report["compiled"]
    for number, entry in cards.items():
        assert entry["tests"] == len(specific_tests(number))
    # ST01-016's rulings are scenario files named after it (tests/scenarios/card-qa/st01-st04)
    assert cards["ST01-016"]["tests"] >= 1


def test_cards_show_lists_the_tests_of_the_card(cli):
    code, out, _ = cli("cards", "show", "ST01-016")
    assert code == 0
    listed = [line.strip()[2:] for line in out.split("tests of this card:")[1].splitlines()[1:]]
    assert listed == list(specific_tests("ST01-016")) and listed


def test_coverage_json_has_per_card_counts(cli):
    code, out, _ = cli("cards", "coverage", "--set", "ST01", "--json")
    report = json.loads(out)
    assert code == 0 and report["cards"]["ST01-016"]["tests"] == len(specific_tests("ST01-016"))


def test_audit_sample_is_seeded_and_holds_only_compiled_cards(db):
    a, b, c = audit_sample(db, 7, 25), audit_sample(db, 7, 25), audit_sample(db, 8, 25)
    assert [x.number for x in a] == [x.number for x in b]
    assert [x.number for x in a] != [x.number for x in c]
    assert len(a) == 25 and len({x.number for x in a}) == 25
    assert all(x.effects and not x.unsupported for x in a)
    assert all(x.number.startswith("ST01-") for x in audit_sample(db, 1, 1000, "ST01"))


def test_audit_sheet_puts_printed_text_beside_compiled_form(db):
    card = db.get("OP01-016")
    sheet = audit_sheet([card], seed=3)
    assert sheet.startswith("# Audit sheet: seed 3, 1 compiled card\n")
    assert "> " + card.text.splitlines()[0] in sheet
    assert "- [On Play] Look at 5 cards from the top of your deck and reveal up to 1 {Straw Hat Crew} type card" in sheet
    assert "qa_op01.md OP01-016 q1" in sheet and "Verdict:" in sheet


def test_audit_command_writes_the_sheet_and_refuses_an_empty_set(cli, tmp_path):
    out = tmp_path / "audit.md"
    code, _, err = cli("cards", "audit", "--seed", "5", "-n", "4", "--out", str(out))
    assert code == 0 and out.read_text().count("\n## ") == 4 and "seed 5" in err
    code, _, err = cli("cards", "audit", "--seed", "5", "--set", "ZZ99")
    assert code == 2 and "ZZ99" in err
