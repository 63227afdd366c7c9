"""The PettingZoo AEC environment: one game of any registered game, played through a :class:`Session`.

The environment is the protocol's third client (after the batch runner and the terminal): each agent
(``"p1"``, ``"p2"``) gets only what :meth:`Session.view` gives its seat, encoded by the game's layout
(:mod:`tcgsim.rl.layout`), and answers with an action index that the layout maps back to one of the
pending options. ``docs/rl.md`` documents the spaces.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from ..core.games import get_game
from ..core.session import Session, act
from ..errors import UserError
from .layout import LAYOUTS, Vocabulary

AGENTS = ("p1", "p2")

SHAPED_LIFE = 0.05
"""Shaped reward per Life (One Piece) or soul point (Bleach) the opponent loses, minus per own loss."""


class IllegalActionError(UserError):
    """An action index that names no legal option now (``action_mask`` is 0 there)."""


def observation_space(layout, vocab: Vocabulary) -> gymnasium.spaces.Dict:
    """``Dict(observation=Box(layout.obs.size), action_mask=MultiBinary-like Box of int8)``."""
    low, high = layout.obs.bounds(len(vocab))
    return gymnasium.spaces.Dict({
        "observation": gymnasium.spaces.Box(low, high, dtype=np.float32),
        "action_mask": gymnasium.spaces.Box(0, 1, (layout.actions.size,), dtype=np.int8),
    })


class TcgEnv(AECEnv):
    """A two-player AEC environment of ``game`` (``"onepiece"`` or ``"bleach"``, any registered name).

    ``decks``: two deck names or files (default the game's ``default_decks``); ``first``: 0/1 to fix who
    goes first, ``None`` to let p1 choose (a ``first`` decision); ``max_decisions``: the game is truncated
    after that many decisions (no legal game comes near the default); ``shaped``: add the shaped reward
    :data:`SHAPED_LIFE` at each step. Rewards: +1 to the winner and -1 to the loser at the end, 0 for a draw
    or a truncated game.

    ``infos[agent]`` of the agent to act: ``{"view": its raw view dict, "labels": the option labels,
    "indices": their action indices}``; ``{}`` for the other agent (:meth:`observe` still gives it its own
    observation, and :meth:`raw_view` its view); both agents' final views when the game has ended.
    """

    metadata = {"name": "tcgsim_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str = "onepiece", decks: tuple[str, str] | None = None, *, first: int | None = None,
                 max_decisions: int = 5000, shaped: bool = False, render_mode: str | None = None) -> None:
        super().__init__()
        self.module = get_game(game)
        if self.module.name not in LAYOUTS:
            raise UserError(f"no RL layout for the game {self.module.name!r}; known: {', '.join(LAYOUTS)}")
        self.layout = LAYOUTS[self.module.name]
        self.db = self.module.default_database()
        specs = decks or self.module.default_decks
        self.decks = tuple(self.module.load_deck(s, self.db) for s in specs)
        self.first = first
        self.max_decisions = max_decisions
        self.shaped = shaped
        self.render_mode = render_mode
        self.vocab = Vocabulary.of(self.db)
        self.possible_agents = list(AGENTS)
        self._obs_space = observation_space(self.layout, self.vocab)
        self._act_space = gymnasium.spaces.Discrete(self.layout.actions.size)
        self.session: Session | None = None
        self._seed_rng = np.random.default_rng()

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        return self._obs_space

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        return self._act_space

    # ------------------------------------------------------------------ episode
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game; ``seed`` (an int) fixes the game seed and so every shuffle: the same seed and actions
        give the same observations. Without a seed, the next seed comes from the environment's own stream
        (itself seeded by the last ``reset(seed=...)``)."""
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._seed_rng.integers(2**31))
        self.session = Session.start(self.module, self.decks[0], self.decks[1], self.db, game_seed, first=self.first)
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos = {a: {} for a in AGENTS}
        self._cache: dict[int, tuple] = {}
        self._score = self._life_score() if self.shaped else None
        self._refresh()

    def _seat(self, agent: str) -> int:
        return AGENTS.index(agent)

    def _decision(self, seat: int) -> tuple[dict, list[str], list[int]]:
        """``(view, labels, indices)`` of ``seat`` now (cached until the next answer)."""
        got = self._cache.get(seat)
        if got is None:
            view = self.session.view(seat)
            pend = view["pending"]
            labels = pend["options"] if pend is not None and "options" in pend else []
            got = self._cache[seat] = (view, labels, self.layout.actions.indices(view, labels))
        return got

    def _refresh(self) -> None:
        s = self.session
        self._cache = {}
        if s.over or len(s.indices) >= self.max_decisions:
            for a in AGENTS:  # the final views, for both
                self.infos[a] = {"view": self.raw_view(a), "labels": [], "indices": []}
            return
        self.agent_selection = AGENTS[s.to_act]
        # only the acting agent's info: building a view is most of a step's cost (benchmarks/README.md)
        view, labels, indices = self._decision(s.to_act)
        self.infos[self.agent_selection] = {"view": view, "labels": labels, "indices": indices}
        self.infos[AGENTS[1 - s.to_act]] = {}

    def observe(self, agent: str) -> dict:
        """``agent``'s observation: ``{"observation": float32[obs size], "action_mask": int8[action size]}``."""
        view, labels, indices = self._decision(self._seat(agent))
        mask = np.zeros(self.layout.actions.size, dtype=np.int8)
        mask[indices] = 1
        return {"observation": self.layout.obs.encode(view, self.vocab), "action_mask": mask}

    def raw_view(self, agent: str) -> dict:
        """``agent``'s view as the session gives it (the dict the observation encodes)."""
        return self._decision(self._seat(agent))[0]

    def legal_actions(self, agent: str | None = None) -> list[int]:
        """The legal action indices of ``agent`` (default: the one to act), in option order."""
        return list(self._decision(self._seat(agent or self.agent_selection))[2])

    def step(self, action: int) -> None:
        """The acting agent answers with ``action``. Raises :class:`IllegalActionError` for an index that is
        not legal now (its meaning is named in the message)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat(agent)
        view, labels, indices = self._decision(seat)
        try:
            k = indices.index(int(action))
        except ValueError:
            raise IllegalActionError(
                f"action {action} ({self.layout.actions.describe(int(action))}) is not legal for {agent} now; "
                f"legal: {dict(zip(indices, labels))}") from None
        self._cumulative_rewards[agent] = 0.0
        self.session.answer(seat, k, labels=labels)
        self._answered(seat)

    def step_agent(self, agent: Any) -> int:
        """The acting seat's decision answered by one of our agents (``module.make_agent``) through the
        session (:func:`tcgsim.core.session.act`), with the same bookkeeping as :meth:`step`; returns the
        option index it chose. For the single-agent wrapper's opponent."""
        seat = self._seat(self.agent_selection)
        self._cumulative_rewards[self.agent_selection] = 0.0
        k = act(self.session, agent)
        self._answered(seat)
        return k

    def _answered(self, seat: int) -> None:
        """Rewards, ends and the next agent after ``seat`` answered."""
        self.rewards = {a: 0.0 for a in AGENTS}
        s = self.session
        if self.shaped:
            score = self._life_score()
            for i, a in enumerate(AGENTS):
                # Life the opponent lost minus Life this seat lost since the last answer
                self.rewards[a] += SHAPED_LIFE * ((self._score[1 - i] - score[1 - i]) - (self._score[i] - score[i]))
            self._score = score
        if s.over:
            w = s.winner
            for a in AGENTS:
                self.rewards[a] += 0.0 if w == "draw" else (1.0 if w == a else -1.0)
                self.terminations[a] = True
        elif len(s.indices) >= self.max_decisions:
            for a in AGENTS:
                self.truncations[a] = True
        self._refresh()
        self._accumulate_rewards()
        if s.over or len(s.indices) >= self.max_decisions:
            # both are done: the agent that answered last is stepped dead first (PettingZoo's order)
            self.agent_selection = AGENTS[seat]

    def _life_score(self) -> tuple[int, int]:
        """Each seat's Life (One Piece) or soul points (Bleach) as the public views count them."""
        out = []
        for seat in (0, 1):
            me = self.session.view(seat)["me"]
            out.append(me.get("life_count", me.get("soul_points", 0)))
        return tuple(out)

    def render(self) -> str | None:
        """``ansi``: the acting seat's options and the last decision."""
        if self.session is None:
            return None
        s = self.session
        last = s.decisions[-1] if s.decisions else "-"
        return f"turn {s.turn} last={last!r} winner={s.winner}"

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> TcgEnv:
    """PettingZoo's ``env()`` convention: a :class:`TcgEnv` (keyword arguments as its constructor)."""
    return TcgEnv(**kwargs)
