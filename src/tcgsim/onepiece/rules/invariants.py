"""Invariants of a game state, checked after every action by the invariants tests and by fuzzing.

Each check raises :class:`InvariantError` naming what broke. They are too slow for the hot path and are
never run by the engine itself.
"""

from __future__ import annotations

import json

from .state import PlayerState
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
        for zone in zones:
            for cid in zone:
                if g.t.owner[cid] != i:
                    raise InvariantError(f"card {cid} ({g.t.numbers[cid]}) of p{g.t.owner[cid] + 1} is in p{i + 1}'s zones")
                seen[cid] += 1
        given = sum(g.given[c] for c in (p.leader, *p.characters))
        total = p.don_deck + p.don_active + p.don_rested + given
        if total != p.don_total or min(p.don_deck, p.don_active, p.don_rested) < 0:
            raise InvariantError(f"p{i + 1} DON!!: deck {p.don_deck} + active {p.don_active} + rested "
                                 f"{p.don_rested} + given {given} != {p.don_total} ({DON_ZONES_NOTE})")
    for cid in g.limbo:
        seen[cid] += 1
    for cid, count in enumerate(seen):
        if count != 1:
            raise InvariantError(f"card {cid} ({g.t.numbers[cid]}) is in {count} places")
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
    opponent's hand, both decks, face-down Life; cards the player knows stay put) leaves it unchanged."""
    for player in (0, 1):
        before = player_view(g, player)
        h = g.clone()
        known = g.known[player]
        for owner in (0, 1):
            p: PlayerState = h.players[owner]
            slots = []  # (zone list, index) of hidden cards
            if owner != player:
                slots += [(p.hand, k) for k, c in enumerate(p.hand) if c not in known]
            slots += [(p.deck, k) for k, c in enumerate(p.deck) if c not in known]
            slots += [(p.life, k) for k, c in enumerate(p.life) if not h.face_up[c] and c not in known]
            cards = [zone[k] for zone, k in slots]
            rng.shuffle(cards)
            for (zone, k), c in zip(slots, cards):
                zone[k] = c
        after = player_view(h, player)
        if after != before:
            raise InvariantError(f"p{player + 1}'s view changes when only hidden cards move: "
                                 f"{_first_difference(before, after)}")


def _first_difference(a, b, path="view") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in a.keys() | b.keys():
            if a.get(k) != b.get(k):
                return _first_difference(a.get(k), b.get(k), f"{path}.{k}")
    return f"{path}: {a!r} != {b!r}"


def check_all(g, db, rng) -> None:
    """Every invariant above."""
    check_conservation(g)
    check_limits(g)
    check_copies(g, db)
    check_views(g, rng)
