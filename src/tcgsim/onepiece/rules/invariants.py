"""Invariants of a game state, checked after every action by the invariants tests and by fuzzing.

Each check raises :class:`InvariantError` naming what broke. They are too slow for the hot path and are
never run by the engine itself.
"""

from __future__ import annotations

import json

from ...core.hidden import check_views_unchanged, first_difference, redeal
from ...core.rng import Rng
from ...core.invariants import check_once, count_cards
from .determinize import determinize, follow_places, hidden_slots
from .engine import Game
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
    original = g.to_dict()
    if g.clone().to_dict() != original:
        raise InvariantError("a clone differs from the original")
    again = Game.from_dict(json.loads(json.dumps(original)), db).to_dict()
    if again != json.loads(json.dumps(original)):
        diff = [k for k in original if json.loads(json.dumps(original[k])) != again.get(k)]
        raise InvariantError(f"serialize/deserialize round trip differs in {diff}")


def check_views(g, rng) -> None:
    """A player's view holds nothing hidden from that player: moving the hidden cards around (the
    opponent's hand, both decks, face-down Life; cards the player knows stay put, except that the
    opponent's hand is in any order, card Q&A OP01-105 q2; each owner's cards among that owner's slots)
    leaves it unchanged (:func:`check_decision` checks the options and samples too)."""
    check_views_unchanged(g, rng, player_view, _redeal_hidden, InvariantError)


def check_decision(g, rng) -> None:
    """The pending decision tells its player nothing hidden (issue 18): in a twin game for that player
    (:func:`_redeal_hidden`) the decision, asked again, has the same option tuples, and a determinized
    sample drawn with the same stream is the same game. About 3 times the cost of :func:`check_views`."""
    d = g.pending
    if d is None:
        return
    player = d.player
    real, twin = g.clone(), g.clone()
    _redeal_hidden(twin, player, rng)
    for h in (real, twin):  # the decision asked again, on the twin's cards
        h.log = h.trace = None
        h.pending = None
        h.run()
    if twin.pending.options != real.pending.options:
        raise InvariantError(f"p{player + 1}'s options change when only hidden cards move: "
                             f"{first_difference(list(real.pending.options), list(twin.pending.options), 'options')}")
    seed = rng.next64()
    a, b = determinize(real, player, Rng(seed)), determinize(twin, player, Rng(seed))
    if a.to_dict() != b.to_dict():
        diff = [k for k, v in a.to_dict().items() if b.to_dict().get(k) != v]
        raise InvariantError(f"p{player + 1}'s samples change when only hidden cards move: {diff}")


def _redeal_hidden(h, player: int, rng) -> None:
    """Make ``h`` a twin for ``player``: the cards hidden from ``player`` are redealt among their owner's
    hidden slots, the opponent's hand is shuffled (known cards too: a hand's order is secret), and what
    the other player knows follows the places (that knowledge is of places, which are public)."""
    moved: dict[int, int] = {}
    for slots in hidden_slots(h, player):
        before = [zone[k] for zone, k in slots]
        redeal(slots, rng)
        moved.update((c, zone[k]) for c, (zone, k) in zip(before, slots))
    rng.shuffle(h.players[1 - player].hand)
    follow_places(h, player, moved)


def check_all(g, db, rng, decision: bool = True) -> None:
    """Every invariant above (:func:`check_decision` only when ``decision``)."""
    check_conservation(g)
    check_limits(g)
    check_copies(g, db)
    check_views(g, rng)
    if decision:
        check_decision(g, rng)
