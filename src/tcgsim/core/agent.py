"""The one agent interface shared by every player: random, heuristic, search, human and remote.

An agent sees only its own view (a JSON-ready dict built by the game for that player) and the pending
decision with its rendered options, and answers with an option index. It draws randomness only from
its own seeded :class:`~tcgsim.core.rng.Rng`, never from the game's stream.

A search agent declares ``needs_sampler = True``; the runner then also passes ``sampler=``, a callable
``sample(rng) -> Game`` returning clones of the game in which every card hidden from the agent has been
redealt at random (:func:`tcgsim.onepiece.rules.determinize.determinize`), so it can search without ever
reading the real hidden cards; the sampler holds only a copy with what the agent may know. An agent with
``needs_messages`` gets only the protocol's messages (:class:`tcgsim.agents.remote.ProcessAgent`, an agent
in another process).
"""

from __future__ import annotations

from typing import Protocol, Sequence

from .decision import Decision
from .rng import Rng


class Agent(Protocol):
    """What the game loop calls. ``needs_view`` lets cheap agents skip building the view dict."""

    name: str
    needs_view: bool

    def choose(self, view: dict | None, decision: Decision, labels: Sequence[str] | None) -> int:
        """Return the index (0-based) of the chosen option of ``decision``.

        ``view`` is the player's view (``None`` when ``needs_view`` is false); ``labels`` are the options
        in action notation (``None`` when ``needs_view`` is false).
        """
        ...


class BaseAgent:
    """Shared plumbing: a name and a private seeded random stream."""

    name = "agent"
    needs_view = True
    needs_sampler = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view, decision, labels) -> int:  # pragma: no cover - interface
        raise NotImplementedError
