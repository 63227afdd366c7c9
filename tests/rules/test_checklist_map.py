"""docs/checklist.md and docs/bleach-rules.md are generated (`tcgsim rules map`, src/tcgsim/rules_map.py):
the committed pages must be the generated ones, and every checklist line must have a test citing one of its
rule numbers, except the lines of UNCITED, an allow-list that may only shrink (an entry whose line is now
cited must be removed); every Bleach rules section must have a citing test."""

from __future__ import annotations

import pytest

from tcgsim import rules_map

if not rules_map.CHECKLIST.exists():  # the shared checklist lives beside the repository
    pytest.skip(f"no checklist at {rules_map.CHECKLIST}", allow_module_level=True)

# checklist lines (their labels) that no test cites yet; the goal is to empty this
UNCITED: set[str] = set()


@pytest.fixture(scope="module")
def generated():
    return rules_map.generate()


@pytest.fixture(scope="module")
def bleach():
    return rules_map.generate_bleach()


def test_the_committed_page_is_the_generated_one(generated):
    page, _lines, _cites = generated
    assert rules_map.PAGE.read_text(encoding="utf-8") == page, "docs/checklist.md is stale: run tcgsim rules map"


def test_every_checklist_line_has_a_citing_test_or_is_allowed(generated):
    _page, lines, cites = generated
    missing = {ln.label for ln in rules_map.uncited(lines, cites)}
    assert missing <= UNCITED, f"lines no test cites: {sorted(missing - UNCITED)}"
    assert UNCITED <= missing, f"now cited, remove from UNCITED: {sorted(UNCITED - missing)}"


def test_every_paraphrase_names_a_checklist_line(generated):
    _page, lines, _cites = generated
    assert set(rules_map.load_paraphrases()) <= {ln.label for ln in lines}


@pytest.mark.parametrize("text, cited", [
    ("rules 8-6-1, 10-2-17-1", {"8-6-1", "10-2-17-1"}),
    ("rule 8-6 only", {"8-6"}),                       # a section is not its sub-rules
    ("card OP01-004 q1; ST07-008", set()),             # card numbers are not rules
    ("rules 2-7-2..2-7-4", {"2-7-2", "2-7-3", "2-7-4"}),
    ("6-6-1-1-2..4", {"6-6-1-1-2", "6-6-1-1-3", "6-6-1-1-4"}),
    ("rules Q&A; checklist QA 8.1", {"QA 8.1"}),
])
def test_citations_in_text_are_exact(text, cited):
    assert rules_map.cited_in_text(text) == cited


def test_citations_in_names():
    assert rules_map.cited_in_name("test_6_5_3_1_play") == {"6-5-3-1"}
    assert rules_map.cited_in_name("test_2_12_to_2_17_print") == {"2-12", "2-17"}
    assert rules_map.cited_in_name("test_choose_2_cards") == set()


def test_a_line_is_cited_only_by_its_exact_numbers():
    lines = rules_map.parse_checklist("## 9. Effects\n\n- [ ] 8-6-1 — a\n- [ ] 8-6-1-1 — b\n- [ ] QA — c\n")
    cites = rules_map.Citations()
    cites.add("t1", rules_map.cited_in_text("rule 8-6"))
    cites.add("t2", rules_map.cited_in_text("rule 8-6-1-1; QA 9.1"))
    assert [ln.label for ln in rules_map.uncited(lines, cites)] == ["8-6-1"]


def test_untested_notes_only_on_uncited_lines(generated):
    """A note saying why no test cites a line must go once a test cites it."""
    _page, lines, cites = generated
    missing = {ln.label for ln in rules_map.uncited(lines, cites)}
    noted = {label for label, entry in rules_map.load_paraphrases().items() if "untested" in entry}
    assert noted <= missing, f"cited lines with an 'untested' note: {sorted(noted - missing)}"


def test_the_committed_bleach_page_is_the_generated_one(bleach):
    page, _lines, _cites = bleach
    assert rules_map.BLEACH_PAGE.read_text(encoding="utf-8") == page, "docs/bleach-rules.md is stale: run tcgsim rules map"


def test_every_bleach_section_has_a_citing_test(bleach):
    _page, lines, cites = bleach
    assert [ln.label for ln in rules_map.uncited(lines, cites)] == []


@pytest.mark.parametrize("text, cited", [
    ("seed §Phase d'Actions / Action d'Effet (« L'Effet »); choices.X", {"Phase d'Actions", "Action d'Effet"}),
    ("seed §Préparation: the hand", set()),                       # not a section's whole name
    ("seed §Enchaînement d\u2019attaques !", {"Enchaînement d'attaques"}),
])
def test_bleach_citations_are_exact(text, cited):
    assert rules_map.cited_sections(text) == cited


def test_a_broken_scenario_file_is_named_not_a_traceback(tmp_path):
    """Found by an auditor: a scenario file with a YAML syntax error made `tcgsim rules map` end in a
    traceback. It is a user mistake: a UserError naming the file and its line."""
    from tcgsim.errors import UserError

    bad = tmp_path / "broken.yaml"
    bad.write_text('name: x\nsource: "8-1"\ncards: [\n', encoding="utf-8")
    with pytest.raises(UserError, match=r"broken\.yaml:4: not a readable scenario file"):
        rules_map.scenario_citations([bad], "onepiece", tmp_path, rules_map.Citations())
