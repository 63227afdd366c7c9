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
opponent's hand) stay where they are, except in the opponent's hand: its order is secret (card Q&A
OP01-105 q2), so a hand holding a known card is put in a random order too. An engine step that lets a
player look at hidden cards must add them to ``game.known[player]`` for this module to keep them put.
A card known only to be somewhere in some zones (``game.vague[player]``, after a secret reorder or move)
is dealt into a hidden slot of one of those zones (:func:`place_vague`).
:func:`make_sampler` holds only :func:`public_copy` of the game, never the live game (issue 18).
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


def hidden_slots(g, player: int) -> list[list[tuple[list, int]]]:
    """The hidden slots of each owner as seen by ``player`` (0 or 1): ``[slots of p1, slots of p2]``,
    each slot a ``(zone list, index)`` pair in a fixed order (hand, deck, Life).

    Hidden: the opponent's hand, both decks, face-down Life of both players, minus the cards in
    ``g.known[player]``; while ``player`` decides whether to use a [Trigger] the top card of their Life
    (the card being looked at, shown in their view) is not hidden from them.
    """
    known = g.known[player]
    face_up = g.face_up
    pinned = -1
    d = g.pending
    if d is not None and d.kind == "trigger" and d.player == player and g.players[player].life:
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
    every = hidden_slots(h, player)
    before = [[zone[k] for zone, k in slots] for slots in every]
    for slots in every:
        if len(slots) < 2:
            continue
        cards = sorted([zone[k] for zone, k in slots], key=rank.__getitem__)
        _shuffle(rng, cards)
        for (zone, k), c in zip(slots, cards):
            zone[k] = c
    place_vague(h, player, rng)
    moved = places_moved(every, before)
    hand = h.players[1 - player].hand
    if len(hand) > 1 and not all(c not in h.known[player] for c in hand):
        # the order of a hand is secret (card Q&A OP01-105 q2): a known card in it is somewhere in it
        order = sorted(hand, key=rank.__getitem__)
        _shuffle(rng, order)
        hand[:] = order
    follow_places(h, player, moved)
    return h


def place_vague(h, player: int, rng: Rng | None) -> None:
    """After the cards hidden from ``player`` were dealt in ``h``: for each entry ``(owner, zones, number)``
    of ``h.vague[player]`` ("a card ``number`` of ``owner`` is somewhere in ``zones``"), one hidden slot of
    those zones holds a card of that number, each entry its own card. When none does, a card of that
    number from another hidden slot of ``owner`` is swapped into one of them, drawn with ``rng`` (the first
    one when ``rng`` is ``None``). The result depends only on the dealt arrangement, the entries and ``rng``. An entry no hidden card can
    meet (never, while the engine keeps ``vague`` true) is left unmet."""
    entries = h.vague[player]
    if not entries:
        return
    numbers = h.t.numbers
    slots_of = hidden_slots(h, player)
    claimed: set[tuple[int, int]] = set()
    for owner, zones, number in entries:
        p = h.players[owner]
        slots = slots_of[owner]
        inside = {id(getattr(p, z)) for z in zones}
        free = [i for i, (zone, _) in enumerate(slots) if id(zone) in inside and (owner, i) not in claimed]
        hit = next((i for i in free if numbers[slots[i][0][slots[i][1]]] == number), -1)
        if hit < 0:
            src = next((i for i, (zone, k) in enumerate(slots) if id(zone) not in inside
                        and (owner, i) not in claimed and numbers[zone[k]] == number), -1)
            if src < 0 or not free:
                continue
            hit = free[rng.below(len(free))] if rng is not None else free[0]
            (za, ka), (zb, kb) = slots[src], slots[hit]
            za[ka], zb[kb] = zb[kb], za[ka]
        claimed.add((owner, hit))


def places_moved(every: list, before: list) -> dict[int, int]:
    """``{card that was at a hidden place: card there now}`` for the places ``every`` (as from
    :func:`hidden_slots`) whose cards were ``before`` (the same shape, the cards before a new deal)."""
    return {b: zone[k] for slots, cards in zip(every, before) for b, (zone, k) in zip(cards, slots)}


def follow_places(h, player: int, moved: dict[int, int]) -> None:
    """After the cards hidden from ``player`` were dealt anew in ``h`` (``moved``: the card that was at
    each place -> the card there now): the other player knows *places* (e.g. the top cards of ``player``'s
    deck they looked at), which is public, not which ids sit there, so their knowledge follows the places.
    What they "know" of their own hand (they see it) is dropped: its place in that hand is secret; so is
    what they know only to be somewhere (``vague``): the cards it names were dealt anew."""
    other = 1 - player
    known = h.known[other]
    if known:
        own = set(h.players[other].hand)
        h.known[other] = {m for m in (moved.get(c, c) for c in known) if m not in own}
    if h.vague[other]:  # of cards dealt anew, which may no longer be where it says
        h.vague[other] = []


def public_copy(g, player: int):
    """A clone of ``g`` holding only what ``player`` may know: every card hidden from ``player`` is put
    in a canonical order (by card number, then id) among its owner's hidden slots, the opponent's hand in
    that order too, what the other player knows follows the places, and the log, answer history and game
    stream are dropped. Twin games that differ only in cards hidden from ``player`` give equal copies, and
    :func:`determinize` of the copy equals :func:`determinize` of ``g`` for the same ``rng`` (issue 18)."""
    h = g.clone()
    h.log = None
    h.trace = None
    h.history = []
    h.rng = Rng(0)
    rank = _ranks(h.t)
    every = hidden_slots(h, player)
    before = [[zone[k] for zone, k in slots] for slots in every]
    for slots in every:
        cards = sorted([zone[k] for zone, k in slots], key=rank.__getitem__)
        for (zone, k), c in zip(slots, cards):
            zone[k] = c
    place_vague(h, player, None)
    moved = places_moved(every, before)
    h.players[1 - player].hand.sort(key=rank.__getitem__)
    follow_places(h, player, moved)
    return h


def make_sampler(g, player: int) -> Sampler:
    """The sampler a runner hands to a search agent deciding for ``player`` in game ``g``:
    ``sample(rng)`` returns a :func:`determinize` clone for ``player``. It holds only
    :func:`public_copy` of ``g`` (nothing of the live game: an agent cannot read hidden cards through
    it); valid while ``g`` stays at this decision."""
    base = public_copy(g, player)

    def sample(rng: Rng):
        return determinize(base, player, rng)

    return sample
