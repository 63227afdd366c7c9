"""The official card rulings and their scenario files agree (issue "Every card right", part 2).

Every ruling of ``../shared/rules/card-qa/*.md`` is either a scenario file under ``tests/scenarios/card-qa/``
named ``<CARD>-q<N>-<slug>.yaml`` (see :mod:`tcgsim.onepiece.cards.rulings`) or listed with a reason in
``tests/scenarios/card-qa/not-scenarios.toml``. For the ruling files that list declares complete, every
ruling must be one of the two; for all files, no scenario may name a ruling that does not exist, and each
cites its ruling file in ``source``.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
import yaml

from tcgsim.onepiece.cards.rulings import folder_for, read_rulings
from tcgsim.onepiece.effects.cards import known_defects

ROOT = Path(__file__).resolve().parents[2]
QA_DIR = ROOT.parent / "shared" / "rules" / "card-qa"
SCENARIOS = ROOT / "tests" / "scenarios" / "card-qa"
LIST = tomllib.loads((SCENARIOS / "not-scenarios.toml").read_text(encoding="utf-8"))
REASONS = {"deck construction", "not about play", "format"}
NAME = re.compile(r"([A-Z0-9]+-\d+)-q(\d+)-[a-z0-9-]+\.yaml")

pytestmark = pytest.mark.skipif(not QA_DIR.is_dir(), reason="../shared/rules/card-qa is not beside the clone")


def _rulings():
    return {(folder_for(p.name), r.card, r.index): r for p in sorted(QA_DIR.glob("*.md")) for r in read_rulings(p)}


def _scenarios():
    out = {}
    for f in sorted(SCENARIOS.rglob("*.y*ml")):
        m = NAME.fullmatch(f.name)
        assert m, f"{f.relative_to(ROOT)}: a ruling scenario is named CARD-qN-slug.yaml (lower-case slug)"
        out[(f.parent.name, m.group(1), int(m.group(2)))] = f
    return out


def test_every_scenario_names_a_real_ruling_and_cites_its_file():
    rulings = _rulings()
    for key, f in _scenarios().items():
        assert key in rulings, f"{f.relative_to(ROOT)}: no question {key[2]} of {key[1]} in the ruling files"
        source = str(yaml.safe_load(f.read_text(encoding="utf-8")).get("source", ""))
        assert rulings[key].file in source and key[1] in source, (
            f"{f.relative_to(ROOT)}: source must cite {rulings[key].file} and {key[1]}, found {source!r}")


def test_every_listed_ruling_exists_has_a_reason_and_no_scenario():
    rulings = {r.key: k for k, r in _rulings().items()}
    scenarios = _scenarios()
    keys = [e["key"] for e in LIST.get("ruling", [])]
    assert len(keys) == len(set(keys)), "a ruling is listed twice in not-scenarios.toml"
    for e in LIST.get("ruling", []):
        assert e["key"] in rulings, f"not-scenarios.toml: {e['key']!r} is not a ruling"
        assert e["reason"] in REASONS, f"not-scenarios.toml: {e['key']}: reason must be one of {sorted(REASONS)}"
        if e["reason"] == "format":
            assert e.get("needs"), f"not-scenarios.toml: {e['key']}: say what the format would need"
        assert rulings[e["key"]] not in scenarios, f"not-scenarios.toml: {e['key']} also has a scenario file"
        if "test" in e:
            path, _, name = e["test"].partition("::")
            assert (ROOT / path).is_file() and f"def {name}(" in (ROOT / path).read_text(), e["test"]


def test_complete_ruling_files_are_wholly_accounted_for():
    listed = {e["key"] for e in LIST.get("ruling", [])}
    scenarios = _scenarios()
    for name in LIST["complete"]:
        missing = [r.key for k, r in _rulings().items() if r.file == name and k not in scenarios and r.key not in listed]
        assert not missing, f"{name} is declared complete but these rulings have no scenario and no reason: {missing}"


def test_the_parser_reads_every_question_of_the_ruling_files():
    """Each ``**Q:**`` line is one ruling; the two page-break flaws of the source do not lose any."""
    for p in QA_DIR.glob("*.md"):
        text = p.read_text(encoding="utf-8")
        assert len(read_rulings(p)) == text.count("**Q:**"), p.name
    op01 = {(r.card, r.index): r.question for r in read_rulings(QA_DIR / "qa_op01.md")}
    assert "non-red" in op01[("OP01-030", 1)] and "OP01-026" not in {c for c, i in op01 if i > 2}
    assert "rested by this Character" in op01[("OP01-035", 1)]


def test_every_known_defect_names_a_compiled_effect_and_a_scenario(db):
    for e in known_defects():
        card = db.get(e["card"])
        assert any(e["text"] in f for f in card.unsupported), f"known_defects.toml: {e['card']}: no effect has {e['text']!r}"
        assert (ROOT / e["scenario"]).is_file(), f"known_defects.toml: {e['card']}: no file {e['scenario']}"
