"""Pending decisions: the only way a game asks a player anything.

A game is a state machine with no callbacks into players: when it needs a choice it stops with a
:class:`Decision` naming the one player who must decide, the kind of choice and its legal options. The
caller answers with the index of one option. Options are small immutable tuples, cheap to build; their
human-readable names (the action notation of SCENARIOS.md) are rendered only when asked for.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice the game waits for.

    ``player`` is 0 or 1; ``kind`` is one of the pending kinds of SCENARIOS.md (``first``, ``keep``,
    ``main``, ``block``, ``counter``, ``trigger``, ``choose``, ``option``, ``effect``, ``yes-no``,
    ``order``, ``trash``); ``options`` is a non-empty tuple of option tuples whose first element names the
    action (``("attack", attacker_id, target_id)``, ``("end",)``, ...).
    """

    player: int
    kind: str
    options: tuple

    def __len__(self) -> int:
        return len(self.options)
