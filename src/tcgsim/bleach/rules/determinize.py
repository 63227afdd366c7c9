"""Sampling the cards hidden from a player (for search agents): each owner's hidden cards are redealt among
that owner's hidden slots (the opponent's hand and reserves; both decks; all soul points)."""

from __future__ import annotations

from ...core.hidden import Slot, redeal
from ...core.rng import Rng


def hidden_slots(h, player: int) -> list[list[Slot]]:
    """The slots hidden from ``player`` (0 or 1) in game ``h``, per owner: ``[slots of p1, slots of p2]``,
    each in the order hand and reserves (the opponent's only), deck, soul points.

    The opponent's reserves become lists in ``h`` so that their slots can be written; :func:`freeze` turns
    them back into tuples once the cards are dealt. Use on a clone.
    """
    out = []
    for owner in (0, 1):
        p = h.players[owner]
        slots: list[Slot] = []
        if owner != player:
            # the Zanpakutô's place is public (the view shows it): never redealt
            slots += [(p.hand, k) for k in range(len(p.hand)) if p.hand[k] != p.zanpakuto]
            for s in list(p.reserve):
                p.reserve[s] = list(p.reserve[s])
                slots += [(p.reserve[s], k) for k in range(len(p.reserve[s]))]
        slots += [(p.deck, k) for k in range(len(p.deck))]
        slots += [(p.soul, k) for k in range(len(p.soul))]
        out.append(slots)
    return out


def freeze(h) -> None:
    """Every reserve of ``h`` back to a tuple (after :func:`hidden_slots`)."""
    for p in h.players:
        for s in list(p.reserve):
            p.reserve[s] = tuple(p.reserve[s])


def determinize(g, player: int, rng):
    """A clone of ``g`` where every card hidden from ``player`` is redealt at random (zone sizes kept)."""
    h = g.clone()
    for slots in hidden_slots(h, player):
        redeal(slots, rng)
    freeze(h)
    h.rng = rng.clone()
    return h


def public_copy(g, player: int):
    """A clone of ``g`` holding only what ``player`` may know: the cards hidden from ``player`` in a
    canonical order (by card number, then id) among their owner's hidden slots, no log, trace or answer
    history, and a blank game stream. Twin games that differ only in hidden cards give equal copies."""
    h = g.clone()
    h.log = None
    h.trace = None
    h.history = []
    h.rng = Rng(0)
    numbers = h.t.numbers
    for slots in hidden_slots(h, player):
        cards = sorted((zone[k] for zone, k in slots), key=lambda c: (numbers[c], c))
        for (zone, k), c in zip(slots, cards):
            zone[k] = c
    freeze(h)
    return h


def make_sampler(g, player: int):
    """``sample(rng)`` returning :func:`determinize` clones for ``player`` of :func:`public_copy` of ``g``
    (the sampler holds nothing of the live game, issue 18)."""
    base = public_copy(g, player)
    return lambda rng: determinize(base, player, rng)
