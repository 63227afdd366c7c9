"""Players: the agents that answer a game's decisions, and a registry to build them by name.

``make_agent("heuristic", seed)`` returns a fresh agent; :data:`AGENTS` lists the known names.
"""

from __future__ import annotations

from ..core.agent import Agent
from ..errors import UserError
from .heuristic import HeuristicAgent
from .mcts import MCTSAgent
from .random_agent import RandomAgent

AGENTS: dict[str, type] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
    "mcts": MCTSAgent,
}
"""Agent classes by name; each is built as ``cls(seed)`` (plus ``db=`` for agents that read card data).
``mcts:N`` / ``mcts:Nms`` name the MCTS agent with a budget of N iterations / N milliseconds per decision;
``proc:COMMAND`` an agent program run in its own process that gets only protocol messages
(:class:`~tcgsim.agents.remote.ProcessAgent`)."""


def agent_names() -> list[str]:
    """The known agent names, sorted."""
    return sorted(AGENTS)


def make_agent(name: str, seed: int = 0, db=None) -> Agent:
    """A new agent called ``name`` (case and surrounding spaces ignored) with its private stream seeded by
    ``seed``. ``db`` (a CardDatabase) is handed to agents that read printed card data; they load the
    default database when it is ``None``. Raises :class:`~tcgsim.errors.UserError` listing the known
    names for an unknown ``name``.
    """
    from .remote import from_name

    remote = from_name(name)  # a program in another process, fed protocol messages
    if remote is not None:
        return remote
    key, _, arg = str(name).strip().lower().partition(":")
    cls = AGENTS.get(key)
    if cls is None:
        raise UserError(f"unknown agent {name!r}; known agents: {', '.join(agent_names())}")
    if arg or cls is MCTSAgent:
        if not hasattr(cls, "from_spec"):
            raise UserError(f"agent {key!r} takes no argument (got {name!r})")
        from . import onepiece_search

        return cls.from_spec(arg, seed, db=db, knowledge=onepiece_search) if arg else cls(
            seed, db=db, knowledge=onepiece_search)
    if cls is HeuristicAgent:
        return cls(seed, db=db)
    return cls(seed)


__all__ = ["AGENTS", "HeuristicAgent", "MCTSAgent", "RandomAgent", "agent_names", "make_agent"]
