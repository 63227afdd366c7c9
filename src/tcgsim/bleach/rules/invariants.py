"""Invariants of a Bleach game state, checked after every action by the tests (too slow for the engine).

Each check raises :class:`InvariantError` naming what broke.
"""

from __future__ import annotations

import json

from ...core.hidden import check_views_unchanged, redeal
from ...core.invariants import check_once, count_cards
from .determinize import freeze, hidden_slots
from .view import player_view


class InvariantError(AssertionError):
    """A broken invariant; the message names the player, the zone and the numbers."""


def check_conservation(g) -> None:
    """Every card id is in exactly one zone of its owner (or borne, or in the current combat)."""
    n = len(g.t.defs)
    seen = [0] * n
    for i, p in enumerate(g.players):
        zones = [p.deck, p.hand, p.discard, p.soul, p.souls, p.supports, p.exclusion, p.aside, p.limbo,
                 *p.reserve.values(), *p.pieces.values()]
        if p.bearer >= 0:
            zones.append([p.zanpakuto])
        count_cards(g, i, zones, seen, InvariantError)
        for s in list(p.reserve) + list(p.pieces):
            if s not in p.souls and (p.reserve.get(s) or p.pieces.get(s)):
                raise InvariantError(f"p{i + 1}: {g.t.numbers[s]} has a reserve or pieces but is not on the field")
        if p.bearer >= 0 and p.bearer not in p.souls:
            raise InvariantError(f"p{i + 1}: the Zanpakutô is borne by {g.t.numbers[p.bearer]}, not on the field")
    if g.combat is not None:
        for cid in g.combat[2] + g.combat[3]:
            seen[cid] += 1
    check_once(g, seen, InvariantError)


def check_limits(g) -> None:
    """Zone contents: souls are Ames Principales, supports Ames de Soutien, pieces Ames Déchaînées of the
    right base, hand <= 6 + drawn by effects is not bounded (no check), soul points <= 6."""
    for i, p in enumerate(g.players):
        for s in p.souls:
            if g.t.defs[s].type != "main_soul":
                raise InvariantError(f"p{i + 1}'s Ames Principales hold a {g.t.defs[s].type}")
            pieces = p.pieces.get(s, ())
            if pieces and any(g.t.defs[c].type != "unleashed" or g.t.defs[c].base != g.t.numbers[s] for c in pieces):
                raise InvariantError(f"p{i + 1}: wrong Ame Déchaînée pieces on {g.t.numbers[s]}")
        for s in p.supports:
            if g.t.defs[s].type != "support_soul":
                raise InvariantError(f"p{i + 1}'s Ames de Soutien hold a {g.t.defs[s].type}")
        if len(p.soul) > 6:
            raise InvariantError(f"p{i + 1} has {len(p.soul)} soul points")
        if g.winner is None and g.turn > 0 and (not p.soul or not p.souls):
            raise InvariantError(f"p{i + 1} meets a loss condition but the game goes on")
    if g.pending is not None:
        for o in g.pending.options:
            if not isinstance(o, tuple) or not o or not isinstance(o[0], str):
                raise InvariantError(f"bad option {o!r}")


def check_copies(g, db) -> None:
    """A clone equals the original; a to_dict/from_dict round trip through JSON text too."""
    from .engine import Game

    original = g.to_dict()
    if g.clone().to_dict() != original:
        raise InvariantError("a clone differs from the original")
    text = json.loads(json.dumps(original))
    again = Game.from_dict(text, db).to_dict()
    if json.loads(json.dumps(again)) != text:
        diff = [k for k in original if text[k] != json.loads(json.dumps(again[k]))]
        raise InvariantError(f"serialize/deserialize round trip differs in {diff}")


def check_views(g, rng) -> None:
    """A view holds nothing hidden: moving hidden cards (the opponent's hand and reserves, both decks, all
    soul points) around, keeping each zone's size, leaves the view unchanged (one deal of all the hidden
    slots of both owners together)."""
    check_views_unchanged(g, rng, player_view, _redeal_hidden, InvariantError)


def _redeal_hidden(h, player: int, rng) -> None:
    redeal([slot for slots in hidden_slots(h, player) for slot in slots], rng)
    freeze(h)


def check_all(g, db, rng) -> None:
    """Every invariant above."""
    check_conservation(g)
    check_limits(g)
    check_copies(g, db)
    check_views(g, rng)
