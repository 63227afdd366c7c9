"""The random agent: a uniform choice among the legal options, from the agent's own seeded stream."""

from __future__ import annotations

from ..core.agent import BaseAgent


class RandomAgent(BaseAgent):
    """Picks one of the pending decision's options uniformly at random.

    Its randomness comes only from its own :class:`~tcgsim.core.rng.Rng` seeded with ``seed``, never from
    the game's stream, so it cannot shift the game's shuffles. It needs no view (``needs_view`` is false),
    which keeps random-vs-random simulation cheap.
    """

    name = "random"
    needs_view = False

    def choose(self, view, decision, labels) -> int:
        """A uniform index in ``[0, len(decision.options))``; ``view`` and ``labels`` are ignored."""
        return self.rng.below(len(decision.options))
