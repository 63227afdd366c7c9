"""Helpers of the invariant checks every game runs in its tests (``<game>/rules/invariants.py``)."""

from __future__ import annotations

from typing import Callable, Iterable


def count_cards(g, owner: int, zones: Iterable[Iterable[int]], seen: list[int],
                error: Callable[[str], Exception]) -> None:
    """Count each card id of ``zones`` (the zones of player ``owner``, 0 or 1) in ``seen[cid]``; raises
    ``error("card CID (NUMBER) of pN is in pM's zones")`` for a card of the other player. ``g.t.owner`` and
    ``g.t.numbers`` give each card's owner and number."""
    for zone in zones:
        for cid in zone:
            if g.t.owner[cid] != owner:
                raise error(f"card {cid} ({g.t.numbers[cid]}) of p{g.t.owner[cid] + 1} is in p{owner + 1}'s zones")
            seen[cid] += 1


def check_once(g, seen: list[int], error: Callable[[str], Exception]) -> None:
    """Every card was counted exactly once in ``seen``; else ``error("card CID (NUMBER) is in N places")``."""
    for cid, count in enumerate(seen):
        if count != 1:
            raise error(f"card {cid} ({g.t.numbers[cid]}) is in {count} places")
