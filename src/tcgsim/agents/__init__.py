"""Players: the agents that answer a game's decisions, and a registry to build them by name.

``make_agent("heuristic", seed)`` returns a fresh agent; :data:`AGENTS` lists the known names.
"""

from __future__ import annotations

from ..core.agent import Agent
from ..errors import UserError
from .heuristic import HeuristicAgent
from .random_agent import RandomAgent

AGENTS: dict[str, type] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
}
"""Agent classes by name; each is built as ``cls(seed)`` (plus ``db=`` for agents that read card data)."""


def agent_names() -> list[str]:
    """The known agent names, sorted."""
    return sorted(AGENTS)


def make_agent(name: str, seed: int = 0, db=None) -> Agent:
    """A new agent called ``name`` (case and surrounding spaces ignored) with its private stream seeded by
    ``seed``. ``db`` (a CardDatabase) is handed to agents that read printed card data; they load the
    default database when it is ``None``. Raises :class:`~tcgsim.errors.UserError` listing the known
    names for an unknown ``name``.
    """
    key = str(name).strip().lower()
    cls = AGENTS.get(key)
    if cls is None:
        raise UserError(f"unknown agent {name!r}; known agents: {', '.join(agent_names())}")
    if cls is HeuristicAgent:
        return cls(seed, db=db)
    return cls(seed)


__all__ = ["AGENTS", "HeuristicAgent", "RandomAgent", "agent_names", "make_agent"]
