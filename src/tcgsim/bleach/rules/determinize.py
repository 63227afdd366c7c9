"""Sampling the cards hidden from a player (for search agents): each owner's hidden cards are redealt among
that owner's hidden slots (the opponent's hand and reserves; both decks; all soul points)."""

from __future__ import annotations


def determinize(g, player: int, rng):
    """A clone of ``g`` where every card hidden from ``player`` is redealt at random (zone sizes kept)."""
    h = g.clone()
    for owner in (0, 1):
        p = h.players[owner]
        slots = []
        if owner != player:
            slots += [(p.hand, k) for k in range(len(p.hand))]
            for s in list(p.reserve):
                p.reserve[s] = list(p.reserve[s])
                slots += [(p.reserve[s], k) for k in range(len(p.reserve[s]))]
        slots += [(p.deck, k) for k in range(len(p.deck))]
        slots += [(p.soul, k) for k in range(len(p.soul))]
        cards = [zone[k] for zone, k in slots]
        rng.shuffle(cards)
        for (zone, k), c in zip(slots, cards):
            zone[k] = c
        for s in list(p.reserve):
            p.reserve[s] = tuple(p.reserve[s])
    h.rng = rng.clone()
    return h


def make_sampler(g, player: int):
    """``sample(rng)`` returning :func:`determinize` clones of ``g`` for ``player``."""
    return lambda rng: determinize(g, player, rng)
