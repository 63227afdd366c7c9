"""Attaching compiled effects to card records, keeping only what the interpreter really supports.

:func:`with_effects` compiles a :class:`CardDef`'s printed text (compiler.py) and keeps each effect whose
every construct -- effect kind and timing, condition, cost, action, filter, selector zone, duration -- the
interpreter implements and has a behaviour test for (:func:`.support.why_unsupported`, derived from the
op records of :mod:`.ops`). Everything else is listed in
``CardDef.unsupported``: never offered, never applied, always reported. Printed keywords (rule 10-1)
are read by the rules engine from ``CardDef.keywords``, so their compiled form is dropped here.
"""

from __future__ import annotations

import tomllib
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from ..cards.model import CardDef
from ..cards.checks import specific_tests
from ..cards.database import is_construction_text
from .compiler import card_set, compile_card_text
from .support import why_unsupported

__all__ = ["with_effects", "why_unsupported", "engine_coverage", "known_defects", "known_defect"]


def _is_printed_keyword(eff) -> bool:
    return (eff.kind == "permanent" and not eff.conditions and len(eff.actions) == 1
            and eff.actions[0].op == "gain_keyword" and eff.actions[0].target is not None
            and eff.actions[0].target.ref == "this" and eff.actions[0].duration == "permanent")


def with_effects(card: CardDef) -> CardDef:
    """``card`` with its supported compiled effects in ``effects`` and every other fragment of its text
    in ``unsupported`` (compiler rejections and constructs the interpreter lacks)."""
    if not card.text and not card.trigger_text:
        return card
    compiled = compile_card_text(card.text, card.trigger_text, card.number)
    effects = []
    unsupported = [u.fragment for u in compiled.unsupported if not _construction_text(u.fragment)]
    for eff in compiled.effects:
        if _is_printed_keyword(eff):
            continue
        if eff.kind == "permanent" and all(a.op == "deck_rule" for a in eff.actions) and not any(
                eff.text in f for f in card.unsupported):
            continue  # construction text the deck validator applies (rule 5-1-2-4)
        reason = known_defect(card.number, eff.text) or why_unsupported(eff)
        if reason is None:
            effects.append(eff)
        else:
            unsupported.append(f"{eff.text} [{reason}]")
    return replace(card, effects=tuple(effects), unsupported=tuple(unsupported))


KNOWN_DEFECTS_FILE = Path(__file__).with_name("known_defects.toml")


@lru_cache(maxsize=1)
def known_defects() -> tuple[dict, ...]:
    """The entries of ``known_defects.toml``: dicts with ``card``, ``text``, ``reason`` and ``scenario``.
    Raises ``ValueError`` naming the file for a malformed entry (a packaging error, not user input)."""
    data = tomllib.loads(KNOWN_DEFECTS_FILE.read_text(encoding="utf-8"))
    entries = tuple(data.get("defect", ()))
    for i, e in enumerate(entries, 1):
        if set(e) != {"card", "text", "reason", "scenario"}:
            raise ValueError(f"{KNOWN_DEFECTS_FILE}: defect {i} needs exactly card, text, reason, scenario")
    return entries


def known_defect(number: str, text: str) -> str | None:
    """``"known defect: REASON"`` when the effect of card ``number`` whose printed text is ``text`` is listed
    in ``known_defects.toml`` (it plays against its text, a rule or a ruling), else ``None``."""
    for e in known_defects():
        if e["card"] == number and e["text"] in text:
            return f"known defect: {e['reason']}"
    return None


def _construction_text(fragment: str) -> bool:
    """Only a whole deck-construction sentence the deck validator enforces (rule 5-1-2-4) is left out of the
    unsupported list; "Under the rules of this game, ... and when your deck is reduced to 0, you win"
    (P-117) is game text and is reported when not compiled."""
    return is_construction_text(fragment.strip())


def engine_coverage(db, set_prefix: str | None = None) -> dict:
    """How many unique cards the engine plays fully: every fragment of their text is compiled *and*
    supported by the interpreter (an effect counts only when all its constructs are implemented and
    behaviour-tested). Alternate arts are folded into their base card; a set is the number's prefix.

    *Checked* cards are compiled cards with at least one card-specific test
    (:func:`~tcgsim.onepiece.cards.checks.specific_tests`): compiled is not checked.

    Shape: ``{"total": N, "compiled": M, "checked": K, "by_set": {"OP01": {"total", "compiled", "checked"},
    ...}, "unsupported": [{"number", "fragment"}, ...], "cards": {"OP01-016": {"compiled": bool, "tests": n},
    ...}}``. ``set_prefix`` (e.g. ``"OP01"``) restricts it to
    one set; an unknown set gives ``total`` 0.
    """
    total = compiled = checked = 0
    by_set: dict[str, dict[str, int]] = {}
    unsupported: list[dict[str, str]] = []
    cards: dict[str, dict] = {}
    for printed in db:
        s = card_set(printed.number)
        if set_prefix is not None and s.upper() != set_prefix.upper():
            continue
        card = db.get(printed.number)
        entry = by_set.setdefault(s, {"total": 0, "compiled": 0, "checked": 0})
        total += 1
        entry["total"] += 1
        n_tests = len(specific_tests(card.number))
        cards[card.number] = {"compiled": not card.unsupported, "tests": n_tests}
        if card.unsupported:
            unsupported.extend({"number": card.number, "fragment": f} for f in card.unsupported)
        else:
            compiled += 1
            entry["compiled"] += 1
            if n_tests:
                checked += 1
                entry["checked"] += 1
    return {"total": total, "compiled": compiled, "checked": checked, "by_set": dict(sorted(by_set.items())),
            "unsupported": unsupported, "cards": cards}
