"""Every effect op has one record (effects/ops.py) holding how it resolves, its supported forms and how it
renders, and the support gate (effects/support.py) is derived from those records (issue 10, part 2)."""

from __future__ import annotations

import importlib
from dataclasses import replace

import pytest

from tcgsim.onepiece.effects import render
from tcgsim.onepiece.effects.card_effects import OPS
from tcgsim.onepiece.effects.ir import ACTION_OPS, Action, Cost, Effect, Selector
from tcgsim.onepiece.effects.ops import RECORDS, supported_forms
from tcgsim.onepiece.effects.support import why_unsupported

COST_ONLY_OPS = set(render.COSTS)  # rest_don, don_minus, return_don, one_of
CONSTRUCTION_OPS = {"deck_rule"}  # compiled from deck-construction text (rule 5-1-2-4), read by the deck validator


def test_every_ir_op_has_one_record():
    assert ACTION_OPS | COST_ONLY_OPS | CONSTRUCTION_OPS == set(RECORDS)


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_record_resolves_and_renders_each_form_it_supports(name):
    rec = RECORDS[name]
    forms = supported_forms(rec)
    if rec.action is not None:
        assert rec.resolve is OPS[name], "an action form needs the interpreter's handler"
    else:
        assert name not in OPS, "a handler without an action form would never be offered"
    if rec.permanent is not None:
        module, _, path = (rec.reads or "").partition(":")
        obj = importlib.import_module(module)
        for attr in path.split("."):
            obj = getattr(obj, attr)
        assert callable(obj), f"{rec.reads} reads the permanent effect (8-1-3-3)"
    if forms:
        assert rec.render is not None, "every supported form renders as text (effects/render.py)"
    else:
        assert rec.note, "an op with no supported form says why"


def _draw_effect() -> Effect:
    return Effect(kind="auto", timing="on_play", actions=(Action("draw", amount=1),), text="[On Play] Draw 1 card.")


def test_support_gate_reads_the_action_form_from_the_record(monkeypatch):
    eff = _draw_effect()
    assert why_unsupported(eff) is None
    monkeypatch.setitem(RECORDS, "draw", replace(RECORDS["draw"], action=None))
    assert why_unsupported(eff) == "action draw"


def test_support_gate_reads_the_cost_form_from_the_record(monkeypatch):
    trash_one = Selector(owner="self", zones=("hand",), count=1)
    eff = replace(_draw_effect(), kind="activate", timing="activate_main", costs=(Cost("trash", trash_one, 1),))
    assert why_unsupported(eff) is None
    monkeypatch.setitem(RECORDS, "trash", replace(RECORDS["trash"], cost=None))
    assert why_unsupported(eff) == "cost trash"


def test_support_gate_runs_the_records_own_check(monkeypatch):
    eff = _draw_effect()
    monkeypatch.setitem(RECORDS, "draw", replace(RECORDS["draw"], action=lambda a, site: "draw form under test"))
    assert why_unsupported(eff) == "draw form under test"


def test_permanent_form_from_the_record(monkeypatch):
    this = Selector(ref="this", count=1)
    eff = Effect(kind="permanent", timing=None, actions=(Action("modify_power", this, 1000, duration="permanent"),),
                 text="[Your Turn] This Character gains +1000 power.")
    assert why_unsupported(eff) is None
    monkeypatch.setitem(RECORDS, "modify_power", replace(RECORDS["modify_power"], permanent=None))
    assert why_unsupported(eff) == "permanent modify_power"
