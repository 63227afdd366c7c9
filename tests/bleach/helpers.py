"""Helpers for the Bleach tests: build a game at a known point and play it in action notation."""

from __future__ import annotations

from tcgsim.bleach.cards.loader import default_database
from tcgsim.bleach.deck import load_deck, parse_deck
from tcgsim.bleach.rules.notation import parse, render
from tcgsim.bleach.rules.setup import new_game

DB = default_database()
COMP = load_deck("compagnons", DB)
RIV = load_deck("rivaux", DB)
_EVERY = "\n".join(f"1x{c.number}" for c in DB.all() if c.type != "zanpakuto")
ALL_A = parse_deck(f"name: all-a\nstart: BLX-001\nzanpakuto: BLX-034\n{_EVERY}\n", DB, "all-a")
ALL_B = parse_deck(f"name: all-b\nstart: BLX-009\nzanpakuto: BLX-035\n{_EVERY}\n", DB, "all-b")
"""One copy of every card (33 cards): p1 starts with BLX-001 and Lame du Vent, p2 with BLX-009 and Croc Sombre."""


def start(seed: int = 1, first: int = 0, decks=(COMP, RIV), log: bool = True):
    """A game with ``first`` forced, both players keeping: pending is p{first+1}'s turn-1 ``entry``."""
    g = new_game(decks[0], decks[1], DB, seed, first=first, log=log)
    act(g, "keep")
    act(g, "keep")
    return g


def labels(g) -> list[str]:
    return [render(g, g.pending.player, o) for o in g.pending.options]


def act(g, *texts: str) -> None:
    """Apply each text as the pending option (raises IllegalAction if not legal); a ``discard`` decision that
    follows (a reserve paying a cost or damage) is answered with the card placed last (:func:`pay_last`)."""
    for t in texts:
        g.apply(parse(g, t))
        pay_last(g)


def pay_last(g) -> None:
    """Answer pending ``discard`` decisions (the owner chooses reserve cards) with the last placed card."""
    while g.pending is not None and g.pending.kind == "discard":
        soul = next(s for p in g.players for s, res in p.reserve.items()
                    if any(o[1] in res for o in g.pending.options))
        last = g.reserve(soul)[-1]
        g.apply(next(o for o in g.pending.options if g.t.numbers[o[1]] == g.t.numbers[last]))


def default(g) -> None:
    """Answer the pending decision with the most passive option."""
    labs = labels(g)
    if g.pending.kind == "discard":
        pay_last(g)
        return
    for want in ("pass", "end", "suffer", "keep", "first"):
        if want in labs:
            g.apply_index(labs.index(want))
            return
    for k, lab in enumerate(labs):
        if lab.startswith(("attack ", "defend ")):
            g.apply_index(k)
            return
    g.apply_index(0)


def until(g, kind: str, player: int | None = None, limit: int = 500) -> None:
    """Answer passively until a ``kind`` decision of ``player`` (any player when None) is pending."""
    for _ in range(limit):
        d = g.pending
        if d is None:
            raise AssertionError(f"game over ({g.end_reason}) before a {kind} decision")
        if d.kind == kind and (player is None or d.player == player):
            return
        default(g)
    raise AssertionError(f"no {kind} decision")


def find(g, player: int, number: str, zones=("deck", "hand", "discard", "soul")) -> int:
    """The id of a card of ``player`` with ``number`` in one of ``zones``, removed from that zone."""
    p = g.players[player]
    for z in zones:
        lst = getattr(p, z)
        for c in reversed(lst):
            if g.t.numbers[c] == number:
                if z == "soul":  # keep the soul points count: a deck card replaces it
                    lst[lst.index(c)] = p.deck.pop(0)
                else:
                    lst.remove(c)
                return c
    for s, res in p.reserve.items():
        for c in res:
            if g.t.numbers[c] == number:
                p.reserve[s] = tuple(x for x in res if x != c)
                return c
    raise AssertionError(f"no {number} of p{player + 1} in {zones} or a reserve")


def give(g, player: int, number: str, zone: str = "hand", soul: int | None = None) -> int:
    """Move a card of ``number`` to ``zone`` (``hand``, ``discard``, ``souls``, ``supports``, ``reserve``
    of ``soul``). Returns its id."""
    c = find(g, player, number)
    p = g.players[player]
    if zone == "reserve":
        p.reserve[soul] = p.reserve.get(soul, ()) + (c,)
    else:
        getattr(p, zone).append(c)
        g.face_up[c] = 1
    return c


def fill_reserve(g, soul: int, n: int) -> None:
    """Put ``n`` cards from the owner's deck into ``soul``'s reserve."""
    p = g.players[g.t.owner[soul]]
    for _ in range(n):
        p.reserve[soul] = p.reserve.get(soul, ()) + (p.deck.pop(),)


def to_turn(g, n: int, kind: str = "action", limit: int = 2000) -> None:
    """Answer passively until turn ``n`` has a ``kind`` decision of its attacker pending."""
    for _ in range(limit):
        d = g.pending
        if d is None:
            raise AssertionError(f"game over ({g.end_reason}) before turn {n}")
        if g.turn == n and d.kind == kind and d.player == g.active:
            return
        if g.turn > n:
            raise AssertionError(f"turn {n} had no {kind} decision")
        default(g)
    raise AssertionError("too many decisions")


def clear_hand(g, player: int) -> None:
    """Put ``player``'s hand under the deck."""
    p = g.players[player]
    p.deck[:0] = p.hand
    p.hand.clear()


def soul_of(g, player: int, number: str) -> int:
    for s in g.players[player].souls:
        if g.t.numbers[s] == number:
            return s
    raise AssertionError(f"no {number} on p{player + 1}'s field")


def refresh(g) -> None:
    """Re-ask the pending decision after the test edited the state (options are recomputed)."""
    g.pending = None
    g.run()
