"""effects/overrides.yaml: effects given by hand, only where the grammar cannot reach, each with its own
scenario (issue 10, part 3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgsim.onepiece.cards.database import default_database
from tcgsim.onepiece.effects.compiler import _compile_paragraph
from tcgsim.onepiece.effects.normalize import normalize_card_text
from tcgsim.onepiece.effects.overrides import OverrideError, _load, overrides
from tcgsim.onepiece.effects.support import why_unsupported

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
ENTRIES = overrides()


def _ids(entries):
    return [f"{o.card}{'-trigger' if o.trigger else ''}" for o in entries]


def test_the_file_has_entries():
    assert ENTRIES, "overrides.yaml holds the single-card wordings moved out of the grammar"


@pytest.mark.parametrize("ov", ENTRIES, ids=_ids(ENTRIES))
def test_override_only_where_the_grammar_cannot_reach(ov):
    effects, unsupported = _compile_paragraph(ov.text, ov.trigger)
    assert not effects and unsupported, "the grammar reads this paragraph now: drop the override"


@pytest.mark.parametrize("ov", ENTRIES, ids=_ids(ENTRIES))
def test_override_is_a_paragraph_of_its_card_and_played(ov):
    card = default_database().get(ov.card)
    norm = normalize_card_text(card.text or "", card.trigger_text or None)
    assert ov.text in (norm.trigger if ov.trigger else norm.paragraphs)
    for eff in ov.effects:
        assert why_unsupported(eff) is None
        assert eff in card.effects
    assert not any(ov.text in u for u in card.unsupported)


@pytest.mark.parametrize("ov", ENTRIES, ids=_ids(ENTRIES))
def test_override_has_its_own_scenario(ov):
    path = SCENARIOS / ov.scenario
    assert path.is_file(), f"{ov.card}: no scenario {ov.scenario}"
    assert ov.card in path.read_text(encoding="utf-8"), f"{ov.scenario} does not play {ov.card}"


def test_malformed_entry_names_file_entry_and_field(tmp_path):
    bad = tmp_path / "overrides.yaml"
    bad.write_text("override:\n- card: OP04-094\n  text: x\n  reason: r\n  scenario: a.yaml\n"
                   "  effects:\n  - kind: main\n    actions:\n    - op: ko\n      amount: many\n", encoding="utf-8")
    with pytest.raises(OverrideError) as exc:
        _load(bad)
    msg = str(exc.value)
    assert str(bad) in msg and "override 1 (OP04-094)" in msg and "amount" in msg


def test_unknown_field_is_refused(tmp_path):
    bad = tmp_path / "overrides.yaml"
    bad.write_text("override:\n- card: OP04-094\n  text: x\n  reason: r\n  scenario: a.yaml\n  colour: red\n"
                   "  effects:\n  - kind: main\n", encoding="utf-8")
    with pytest.raises(OverrideError, match="colour"):
        _load(bad)
