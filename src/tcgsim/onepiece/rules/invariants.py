"""Invariants of a game state, checked after every action by the invariants tests and by fuzzing.

Each check raises :class:`InvariantError` naming what broke. They are too slow for the hot path and are
never run by the engine itself.
"""

from __future__ import annotations

import json

from ...core.hidden import check_views_unchanged, first_difference, redeal
from ...core.rng import Rng
from ...core.invariants import check_once, count_cards
from .determinize import determinize, follow_places, hidden_slots, place_vague, places_moved
from .engine import Game
from .view import player_view

MAX_CHARACTERS = 5  # rule 3-7-6
DON_ZONES_NOTE = "DON!! deck + cost area (active, rested) + given DON!! = the DON!! deck size (rule 5-1-2)"


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


def _twins(g, rng):
    """``(player, real, twin)`` for the player of the pending decision: two clones of ``g``, the twin with that
    player's hidden cards redealt (:func:`_redeal_hidden`, drawing from ``rng``)."""
    player = g.pending.player
    real, twin = g.clone(), g.clone()
    _redeal_hidden(twin, player, rng)
    return player, real, twin


def check_decision(g, rng) -> None:
    """The pending decision tells its player nothing hidden (issue 18): in a twin game for that player
    (:func:`_redeal_hidden`) the decision, asked again, has the same option tuples, and a determinized
    sample drawn with the same stream is the same game. About 3 times the cost of :func:`check_views`."""
    if g.pending is None:
        return
    player, real, twin = _twins(g, rng)
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


def check_knowledge(g) -> None:
    """What a player knows only to be somewhere (``g.vague``, issue 18) is true: each entry ``(owner,
    zones, number)`` is met by a card of that number of ``owner`` in one of those zones (or set aside in
    limbo by an effect resolving), a different card for each entry (a matching, found by augmenting paths)."""
    for player, entries in enumerate(g.vague):
        match: dict[int, int] = {}  # card id -> index of the entry it meets

        def candidates(e):
            owner, zones, number = e
            p = g.players[owner]
            pool = [c for z in zones for c in getattr(p, z)] + [c for c in g.limbo if g.t.owner[c] == owner]
            return [c for c in pool if g.t.numbers[c] == number]

        def place(i, seen):
            for c in candidates(entries[i]):
                if c not in seen:
                    seen.add(c)
                    if c not in match or place(match[c], seen):
                        match[c] = i
                        return True
            return False

        for i, e in enumerate(entries):
            if not place(i, set()):
                raise InvariantError(f"p{player + 1} 'knows' {e[2]} is in p{e[0] + 1}'s {' or '.join(e[1])}, "
                                     "but no such card is there")


def check_evolution(g, rng) -> None:
    """Knowledge is updated from what the deciding player sees, not from where the hidden cards are
    (issue 18): in a twin game for the player who decides (:func:`_redeal_hidden`), the same answer leads,
    when that player decides again in both games, to the same places in that player's ``known`` (which
    zones, which Life positions, how many; the card numbers may differ, as a card revealed in between is
    another card in the twin). A known card that followed a hidden move would show here."""
    d = g.pending
    if d is None:
        return
    player, real, twin = _twins(g, rng)
    i = rng.below(len(d.options))
    for h in (real, twin):
        h.log = h.trace = None
        h.apply_index(i)
    if not all(h.pending is not None and h.pending.player == player for h in (real, twin)):
        return  # another player decides (on cards that differ) or the game ended
    a, b = ([sorted((k["zone"], k.get("position", 0)) for k in player_view(h, player)["known"])]
            for h in (real, twin))
    if a != b:
        raise InvariantError(f"p{player + 1}'s view after the same answer depends on hidden cards: "
                             f"{first_difference(a, b)}")


def _redeal_hidden(h, player: int, rng) -> None:
    """Make ``h`` a twin for ``player``: the cards hidden from ``player`` are redealt among their owner's
    hidden slots, the opponent's hand is shuffled (known cards too: a hand's order is secret), and what
    the other player knows follows the places (that knowledge is of places, which are public)."""
    every = hidden_slots(h, player)
    before = [[zone[k] for zone, k in slots] for slots in every]
    for slots in every:
        redeal(slots, rng)
    place_vague(h, player, rng)  # a card known to be somewhere in a zone stays in that zone
    rng.shuffle(h.players[1 - player].hand)
    follow_places(h, player, places_moved(every, before))


def check_all(g, db, rng, decision: bool = True) -> None:
    """Every invariant above (:func:`check_decision` only when ``decision``)."""
    check_conservation(g)
    check_limits(g)
    check_copies(g, db)
    check_views(g, rng)
    check_knowledge(g)
    if decision:
        check_decision(g, rng)
        check_evolution(g, rng)
