"""An audit sheet: a seeded sample of compiled cards, each printed text beside its compiled form
(issue "Every card right", part 3; how to run one is in docs/effects.md, "Audits").

A reader who did not write the change checks each card clause by clause against the printed text, the
Comprehensive Rules and the rulings (timing, [Once Per Turn], [DON!! xN], conditions and their scope,
optional costs, targets and filters, owner, "up to", amounts, durations, who chooses) and writes a failing
scenario for each defect. The sample is reproducible: the same database, seed and size give the same cards.
"""

from __future__ import annotations

import random
from pathlib import Path

from ..cards.checks import specific_tests
from ..cards.database import PROJECT_ROOT
from ..cards.rulings import read_rulings
from .render import render_effect, this_noun

RULINGS_DIR = PROJECT_ROOT.parent / "shared" / "rules" / "card-qa"


def audit_sample(db, seed: int, size: int, set_prefix: str | None = None) -> list:
    """``size`` compiled cards with at least one compiled effect (all of them if fewer), drawn with
    ``random.Random(seed)`` from the database in card-number order; optionally only numbers starting with
    ``set_prefix`` (e.g. ``"OP05"``). Raises ``ValueError`` if ``size`` < 1."""
    if size < 1:
        raise ValueError("the sample size must be at least 1")
    pool = sorted((c for c in (db.get(p.number) for p in db) if c.effects and not c.unsupported
                   and (set_prefix is None or c.number.upper().startswith(set_prefix.upper() + "-")
                        or c.number.upper().startswith(set_prefix.upper()))),
                  key=lambda c: c.number)
    return sorted(random.Random(seed).sample(pool, min(size, len(pool))), key=lambda c: c.number)


def _rulings_by_card(rulings_dir: Path) -> dict[str, list]:
    out: dict[str, list] = {}
    if rulings_dir.is_dir():
        for p in sorted(rulings_dir.glob("*.md")):
            for r in read_rulings(p):
                out.setdefault(r.card, []).append(r)
    return out


def audit_sheet(cards, seed: int, rulings_dir: Path = RULINGS_DIR) -> str:
    """The sheet as Markdown: a heading with the seed and size, then per card its stats, printed text and
    [Trigger], its compiled effects read back as English (one :func:`~.render.render_effect` each), its official rulings and its
    card-specific tests, and a line for the reader's verdict."""
    rulings = _rulings_by_card(rulings_dir)
    out = [f"# Audit sheet: seed {seed}, {len(cards)} compiled card{'s' if len(cards) != 1 else ''}", "",
           "For each card: check every clause of the printed text against the compiled lines (timing, "
           "[Once Per Turn], [DON!! xN], conditions and their scope, optional costs, targets and filters, "
           "owner, \"up to\", amounts, durations, who chooses). For each defect write a scenario that fails "
           "(tests/scenarios/effects/ or card-qa/) and note it on the verdict line.", ""]
    for c in cards:
        stats = " · ".join(x for x in (c.category, "/".join(c.colors), f"cost {c.cost}" if c.cost is not None else "",
                                       f"power {c.power}" if c.power is not None else "",
                                       f"counter {c.counter}" if c.counter else "") if x)
        out += [f"## {c.number} {c.name}", "", stats, "", "Printed:", ""]
        out += [f"> {line}" for line in c.text.splitlines()]
        if c.trigger_text:
            out.append(f"> [Trigger] {c.trigger_text}")
        out += ["", "Compiled (read back):", ""] + [
            "- " + render_effect(e, this_noun(c)).replace("\n", "\n  ") for e in c.effects]
        qa = rulings.get(c.number, [])
        if qa:
            out += ["", "Rulings:", ""] + [f"- {r.key}: Q: {r.question} A: {r.answer}" for r in qa]
        tests = specific_tests(c.number)
        out += ["", f"Tests of this card: {len(tests)}" + (": " + ", ".join(tests) if tests else ""), "",
                "Verdict: ", ""]
    return "\n".join(out)
