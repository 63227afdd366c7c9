"""Effects given by hand to the paragraphs the grammar cannot reach: ``effects/overrides.yaml``.

Each entry maps a card number and one of its printed paragraphs (as normalized by ``normalize.py``; a
[Trigger] paragraph with ``trigger: true``) to the IR of its effects, with the reason the grammar does not
read it and the scenario that plays it. The compiler (:func:`.compiler.compile_card_text` with the card's
number) uses the override in place of that paragraph; everything after (the support gate of
:mod:`.support`, the renderer, the interpreter) treats it as any compiled effect.

The effect data is the IR of :mod:`.ir` written as YAML mappings: a dataclass's fields by name (defaults
left out), ``params`` as a mapping, and a value that is itself an IR object where a field holds any value
(a parameter, a filter's or a condition's value) tagged with ``_t`` (the form of :func:`.ir.to_dict`).
The file is validated with pydantic when first read; a malformed entry raises :class:`OverrideError`
naming the file, the entry and the field.
"""

from __future__ import annotations

import re
from dataclasses import fields, is_dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from .ir import Effect, from_dict, to_dict

__all__ = ["OVERRIDES_FILE", "OverrideError", "Override", "overrides", "override_for", "effect_data"]

OVERRIDES_FILE = Path(__file__).with_name("overrides.yaml")



@lru_cache(maxsize=1)
def _effect_adapter() -> TypeAdapter:
    """pydantic's validator of :class:`.ir.Effect` (built on first use: only a file with entries needs it)."""
    return TypeAdapter(Effect)


class OverrideError(ValueError):
    """``overrides.yaml`` is malformed: the message names the file, the entry (1-based) and the problem."""


def _prepare(data: Any, any_value: bool = False) -> Any:
    """YAML data to what the IR dataclasses hold: lists become tuples, a ``params`` mapping becomes its
    ``(key, value)`` pairs, a mapping tagged ``_t`` becomes that IR object (:func:`.ir.from_dict`)."""
    if isinstance(data, list):
        return tuple(_prepare(x, any_value) for x in data)
    if isinstance(data, dict):
        if "_t" in data:
            return from_dict(data)
        out = {}
        for k, v in data.items():
            if k == "params" and isinstance(v, dict):
                out[k] = tuple((pk, _prepare(pv, True)) for pk, pv in v.items())
            elif k == "value":
                out[k] = _prepare(v, True)
            else:
                out[k] = _prepare(v, any_value)
        return out
    return data


def effect_data(obj: Any) -> Any:
    """The inverse of the loader: ``obj`` (an IR object) as plain YAML-able data in the file's form."""
    if is_dataclass(obj):
        out: dict[str, Any] = {}
        for f in fields(obj):
            v = getattr(obj, f.name)
            if v == f.default:
                continue
            if f.name == "params":
                out["params"] = {k: to_dict(pv) for k, pv in v}
            elif f.name == "value":
                out["value"] = to_dict(v)
            else:
                out[f.name] = effect_data(v)
        return out
    if isinstance(obj, tuple):
        return [effect_data(x) for x in obj]
    return obj


class Override(BaseModel):
    """One entry of ``overrides.yaml``: ``card`` (e.g. ``OP04-094``), ``text`` (the printed paragraph it
    replaces), ``trigger`` (the paragraph is the [Trigger] text), ``reason`` (why the grammar does not read
    it), ``scenario`` (a file under ``tests/scenarios/`` that plays it) and ``effects`` (its IR)."""

    model_config = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)

    card: str = Field(pattern=r"^[A-Z0-9]+-\d{3}$")
    text: str = Field(min_length=1)
    trigger: bool = False
    reason: str = Field(min_length=1)
    scenario: str = Field(pattern=r"^[\w./-]+\.yaml$")
    effects: tuple[Effect, ...]

    @field_validator("effects", mode="before")
    @classmethod
    def _effects(cls, value: Any) -> tuple[Effect, ...]:
        if not isinstance(value, list) or not value:
            raise ValueError("effects must be a non-empty list of effects")
        return tuple(_effect_adapter().validate_python(_prepare(e)) for e in value)


def _load(path: Path) -> tuple[Override, ...]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as exc:
        raise OverrideError(f"{path}: not YAML: {exc}") from None
    if not isinstance(data, dict) or set(data) - {"override"}:
        raise OverrideError(f"{path}: the file holds one list, 'override:'")
    out = []
    seen = set()
    for i, entry in enumerate(data.get("override") or (), 1):
        try:
            ov = Override.model_validate(entry)
        except ValidationError as exc:
            problems = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors())
            card = entry.get("card", "?") if isinstance(entry, dict) else "?"
            raise OverrideError(f"{path}: override {i} ({card}): {problems}") from None
        key = (ov.card, ov.text, ov.trigger)
        if key in seen:
            raise OverrideError(f"{path}: override {i} ({ov.card}): the same paragraph twice")
        seen.add(key)
        out.append(ov)
    return tuple(out)


@lru_cache(maxsize=1)
def overrides() -> tuple[Override, ...]:
    """Every entry of ``overrides.yaml`` (validated; raises :class:`OverrideError` on a malformed file)."""
    return _load(OVERRIDES_FILE)


@lru_cache(maxsize=1)
def _by_paragraph() -> dict[tuple[str, str, bool], tuple[Effect, ...]]:
    return {(o.card, _squash(o.text), o.trigger): o.effects for o in overrides()}


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def override_for(number: str | None, paragraph: str, trigger: bool = False) -> tuple[Effect, ...] | None:
    """The effects ``overrides.yaml`` gives paragraph ``paragraph`` of card ``number`` (``None``: none)."""
    if number is None:
        return None
    return _by_paragraph().get((number, _squash(paragraph), trigger))
