"""Invariants of a game state, checked after every action by the invariants tests and by fuzzing.

Each check raises :class:`InvariantError` naming what broke. They are too slow for the hot path and are
never run by the engine itself.
"""

from __future__ import annotations

import json

from ...core.hidden import check_views_unchanged, redeal
from ...core.invariants import check_once, count_cards
from .determinize import hidden_slots
from .view import player_view

MAX_CHARACTERS = 5  # rule 3-7-6
DON_ZONES_NOTE = "DON!! deck + cost area (active, rested) + given DON!! = the DON!! deck size (rule 5-1-2-1)"


class InvariantError(AssertionError):
    """A broken invariant: the message names the player, the zone and the numbers involved."""


def check_conservation(g) -> None:
    """No card created or lost: every card id of a player is in exactly one of that player's zones (or in
    limbo, between zones), and each player's DON!! are all somewhere."""
    n = len(g.t.defs)
    seen = [0] * n
    for i, p in enumerate(g.players):
        zones = [[p.leader], p.deck, p.hand, p.trash, p.life, p.characters]
        if p.stage >= 0:
            zones.append([p.stage])
        count_cards(g, i, zones, seen, InvariantError)
        given = sum(g.given[c] for c in (p.leader, *p.characters))
        total = p.don_deck + p.don_active + p.don_rested + given
        if total != p.don_total or min(p.don_deck, p.don_active, p.don_rested) < 0:
            raise InvariantError(f"p{i + 1} DON!!: deck {p.don_deck} + active {p.don_active} + rested "
                                 f"{p.don_rested} + given {given} != {p.don_total} ({DON_ZONES_NOTE})")
    for cid in g.limbo:
        seen[cid] += 1
    check_once(g, seen, InvariantError)
    for cid in range(n):
        if g.given[cid] and not g.on_field(cid):
            raise InvariantError(f"card {cid} ({g.t.numbers[cid]}) has DON!! given but is not on the field")


def check_limits(g) -> None:
    """Zone limits: at most 5 Characters (3-7-6), at most 1 Stage (3-8-5), non-negative counts."""
    for i, p in enumerate(g.players):
        if len(p.characters) > MAX_CHARACTERS:
            raise InvariantError(f"p{i + 1} has {len(p.characters)} Characters")
        if p.stage >= 0 and g.t.defs[p.stage].category != "Stage":
            raise InvariantError(f"p{i + 1}'s stage holds a {g.t.defs[p.stage].category}")
        for c in p.characters:
            if g.t.defs[c].category != "Character":
                raise InvariantError(f"p{i + 1}'s Character area holds a {g.t.defs[c].category}")


def check_copies(g, db) -> None:
    """A clone equals the original, and a serialize/deserialize round trip (through JSON text) too."""
    from .engine import Game

    original = g.to_dict()
    if g.clone().to_dict() != original:
        raise InvariantError("a clone differs from the original")
    again = Game.from_dict(json.loads(json.dumps(original)), db).to_dict()
    if again != json.loads(json.dumps(original)):
        diff = [k for k in original if json.loads(json.dumps(original[k])) != again.get(k)]
        raise InvariantError(f"serialize/deserialize round trip differs in {diff}")


def check_views(g, rng) -> None:
    """A player's view holds nothing hidden from that player: moving the hidden cards around (the
    opponent's hand, both decks, face-down Life; cards the player knows stay put; each owner's cards among
    that owner's slots) leaves it unchanged."""
    check_views_unchanged(g, rng, player_view, _redeal_hidden, InvariantError)


def _redeal_hidden(h, player: int, rng) -> None:
    for slots in hidden_slots(h, player, pin_trigger=False):
        redeal(slots, rng)


def check_all(g, db, rng) -> None:
    """Every invariant above."""
    check_conservation(g)
    check_limits(g)
    check_copies(g, db)
    check_views(g, rng)
