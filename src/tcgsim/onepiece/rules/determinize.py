"""Determinization: a full game consistent with what one player can see, for search agents.

A search agent must not read cards hidden from it (the opponent's hand, both decks' order, face-down Life,
rules 3-1-5, 3-2-2, 3-10-2). Instead of the game it receives a *sampler*: a function returning clones of
the game in which every hidden card has been redistributed at random among the hidden slots of its owner.

Which slots are hidden, and the multiset of hidden cards of each owner (the decklist minus every card the
player can see), are public knowledge. :func:`determinize` first puts each owner's hidden cards in a
canonical order (by card number, then id) and only then shuffles them with the agent's stream, so a sample
depends on that public multiset and on the agent's stream only, never on where the hidden cards really are:
two games that look the same to the player give the same samples for the same agent seed.

Cards whose identity the player knows (``game.known[player]``, e.g. a face-up Life card that went to the
opponent's hand) stay where they are. An engine step that lets a player look at hidden cards must add them
to ``game.known[player]`` for this module to keep them put.
"""

from __future__ import annotations

from typing import Callable

from ...core.rng import Rng

Sampler = Callable[[Rng], "object"]
"""``sample(rng) -> Game``: a fresh determinized clone of the real game, drawn with ``rng``."""

_MASK = (1 << 64) - 1
_RANKS: dict[int, tuple] = {}  # id(Tables) -> (tables, rank of each card id in (number, id) order)


def _ranks(t) -> list[int]:
    """``rank[cid]``: the position of card ``cid`` when every card of the game is sorted by (card number,
    id). Cached per card tables (shared by every clone of a game)."""
    hit = _RANKS.get(id(t))
    if hit is not None and hit[0] is t:
        return hit[1]
    numbers = t.numbers
    order = sorted(range(len(numbers)), key=lambda c: (numbers[c], c))
    rank = [0] * len(numbers)
    for r, c in enumerate(order):
        rank[c] = r
    if len(_RANKS) > 16:
        _RANKS.clear()
    _RANKS[id(t)] = (t, rank)
    return rank


def _shuffle(rng: Rng, items: list) -> None:
    """Fisher-Yates shuffle of ``items`` in place, drawing from ``rng`` (its SplitMix64 steps inlined; an
    index in ``[0, n)`` is ``(x * n) >> 64``, whose bias, below n / 2**64, is negligible)."""
    s = rng.state
    for i in range(len(items) - 1, 0, -1):
        s = (s + 0x9E3779B97F4A7C15) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
    rng.state = s


def hidden_slots(g, player: int, *, pin_trigger: bool = True) -> list[list[tuple[list, int]]]:
    """The hidden slots of each owner as seen by ``player`` (0 or 1): ``[slots of p1, slots of p2]``,
    each slot a ``(zone list, index)`` pair in a fixed order (hand, deck, Life).

    Hidden: the opponent's hand, both decks, face-down Life of both players, minus the cards in
    ``g.known[player]``; while ``player`` decides whether to use a [Trigger] the top card of their Life
    (the card being looked at) is not hidden from them (unless ``pin_trigger`` is false: the view invariant
    moves that card too, as the view does not show it).
    """
    known = g.known[player]
    face_up = g.face_up
    pinned = -1
    d = g.pending
    if pin_trigger and d is not None and d.kind == "trigger" and d.player == player and g.players[player].life:
        pinned = g.players[player].life[-1]
    out = []
    for owner in (0, 1):
        p = g.players[owner]
        slots: list[tuple[list, int]] = []
        if owner != player:
            hand = p.hand
            slots += [(hand, k) for k, c in enumerate(hand) if c not in known]
        deck = p.deck
        slots += [(deck, k) for k, c in enumerate(deck) if c not in known]
        life = p.life
        slots += [(life, k) for k, c in enumerate(life) if not face_up[c] and c not in known and c != pinned]
        out.append(slots)
    return out


def determinize(g, player: int, rng: Rng):
    """A clone of ``g`` in which every card hidden from ``player`` is dealt at random (from ``rng``) into
    the hidden slots of its owner.

    Everything ``player`` can see is unchanged (``player_view`` of the clone equals that of ``g``) and no
    card is created or lost. What the other player knows (``known``) stays attached to the same places. The clone carries no log, trace or answer history, and its own game stream is
    reseeded from ``rng``, so it tells nothing about the real future shuffles either. ``rng`` is advanced;
    ``g`` is not modified. The result depends only on the public part of ``g`` and on ``rng``.

    Raises ``ValueError`` if a decision of the other player is pending: its options can name that
    player's hidden cards (a Counter card in hand), so it cannot be resumed on redealt cards.
    """
    if g.pending is not None and g.pending.player != player:
        raise ValueError(f"p{g.pending.player + 1}'s decision is pending: determinize for that player")
    h = g.clone()
    h.log = None
    h.trace = None
    h.history = []
    h.rng = Rng(rng.next64())
    rank = _ranks(h.t)
    other_known = h.known[1 - player]
    moved: dict[int, int] = {}
    for slots in hidden_slots(h, player):
        if len(slots) < 2:
            continue
        cards = sorted([zone[k] for zone, k in slots], key=rank.__getitem__)
        _shuffle(rng, cards)
        for (zone, k), c in zip(slots, cards):
            if other_known:
                moved[zone[k]] = c
            zone[k] = c
    if moved:
        # The other player knows *places* (e.g. the deck's top cards they looked at), which is public;
        # which ids sit there is not: their knowledge follows the places to the redealt cards.
        h.known[1 - player] = {moved.get(c, c) for c in other_known}
    return h


def make_sampler(g, player: int) -> Sampler:
    """The sampler a runner hands to a search agent deciding for ``player`` in game ``g``:
    ``sample(rng)`` returns ``determinize(g, player, rng)``. Valid while ``g`` stays at this decision."""

    def sample(rng: Rng):
        return determinize(g, player, rng)

    return sample
