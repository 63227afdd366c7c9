"""Hidden information, for every game: a player's view and the cards it must not show.

* :func:`view_header` and :func:`pending_view`: the parts of a player's view (``player_view``) that every
  game shares: whose turn and phase, the winner, and the pending decision (its options only for the player
  who decides).
* :func:`redeal`: deal the cards of some hidden slots among those slots at random (for the determinization
  samplers of search agents and for the view invariant).
* :func:`check_views_unchanged` and :func:`first_difference`: the invariant "a view holds nothing hidden":
  redealing the hidden cards leaves every view unchanged.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from .machine import DRAW

Slot = tuple[list, int]
"""A hidden place: ``(zone list, index)``; the card there is ``zone[index]``."""


def view_header(g, player: int) -> dict:
    """The first keys of ``player``'s view (0 or 1), in this order: ``{"you": "pN", "turn": int, "active":
    "pN", "first": "pN" | None, "phase": str, "winner": None | "p1" | "p2" | "draw"}``. ``g`` has ``turn``,
    ``active``, ``first`` (-1 before it is known), ``phase`` and ``winner`` (None, 0, 1 or 2 for a draw)."""
    return {
        "you": f"p{player + 1}",
        "turn": g.turn,
        "active": f"p{g.active + 1}",
        "first": None if g.first < 0 else f"p{g.first + 1}",
        "phase": g.phase,
        "winner": None if g.winner is None else ("draw" if g.winner == DRAW else f"p{g.winner + 1}"),
    }


def pending_view(g, player: int, render: Callable[[Any, int, tuple], str]) -> dict | None:
    """The ``pending`` part of ``player``'s view: None when nothing is pending;
    ``{"player": "pN", "kind": KIND, "options": [label, ...]}`` (``render(g, player, option)`` of each
    option) when the decision is ``player``'s; else only ``{"player": "pN"}``: the kind of the other
    player's decision could reveal a hidden card."""
    d = g.pending
    if d is None:
        return None
    if d.player == player:
        return {"player": f"p{player + 1}", "kind": d.kind, "options": [render(g, player, o) for o in d.options]}
    return {"player": f"p{d.player + 1}"}


def redeal(slots: Sequence[Slot], rng) -> None:
    """Deal the cards found at ``slots`` back into the same slots in a random order: one
    ``rng.shuffle`` of the list of cards (so the same ``rng`` state gives the same deal). Zone sizes and the
    multiset of cards are kept; the zones are changed in place (they must be lists)."""
    cards = [zone[k] for zone, k in slots]
    rng.shuffle(cards)
    for (zone, k), c in zip(slots, cards):
        zone[k] = c


def first_difference(a, b, path: str = "view") -> str:
    """The first place where two JSON-like values differ, as ``"view.me.hand: [...] != [...]"``: it
    descends into dicts (``.key``) and into lists of equal length (``[i]``)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in a.keys() | b.keys():
            if a.get(k) != b.get(k):
                return first_difference(a.get(k), b.get(k), f"{path}.{k}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return first_difference(x, y, f"{path}[{i}]")
    return f"{path}: {a!r} != {b!r}"


def check_views_unchanged(g, rng, view: Callable[[Any, int], dict], hide: Callable[[Any, int, Any], None],
                          error: Callable[[str], Exception]) -> None:
    """The invariant "a view holds nothing hidden", for both players: ``hide(h, player, rng)`` moves the
    cards hidden from ``player`` around in a clone ``h`` of ``g`` (e.g. with :func:`redeal`), and
    ``view(h, player)`` must equal ``view(g, player)``. ``g`` is not changed.

    Raises ``error("pN's view changes when only hidden cards move: WHERE: A != B")`` (WHERE from
    :func:`first_difference`) for the first player whose view changes.
    """
    for player in (0, 1):
        before = view(g, player)
        h = g.clone()
        hide(h, player, rng)
        after = view(h, player)
        if after != before:
            raise error(f"p{player + 1}'s view changes when only hidden cards move: "
                        f"{first_difference(before, after)}")
