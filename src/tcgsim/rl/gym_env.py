"""Gymnasium wrappers: one seat against one of our agents, and many such environments at once.

:class:`SingleAgentEnv` plays ``seat`` of a :class:`~tcgsim.rl.env.TcgEnv` and lets the game's agent
``opponent`` (``random``, ``heuristic``, ``mcts:N``: ``module.make_agent``) answer the other seat's
decisions through the same session (:meth:`TcgEnv.step_agent`). :func:`make_vector_env` builds
Gymnasium's vector API over it (``SyncVectorEnv`` or one process per environment, ``AsyncVectorEnv``).
"""

from __future__ import annotations

import json
import os
from functools import partial
from typing import Any

import gymnasium
import numpy as np

from .env import AGENTS, IllegalActionError, TcgEnv


class LegalDiscrete(gymnasium.spaces.Discrete):
    """A ``Discrete`` space whose ``sample()`` without a mask draws a legal action of the environment now
    (``legal()`` returns the mask), so that generic tools that sample blindly (Gymnasium's ``check_env``)
    send legal actions; ``sample(mask)`` is Gymnasium's."""

    def __init__(self, n: int, legal) -> None:
        super().__init__(n)
        self._legal = legal

    def __getstate__(self):
        # a copy in another process (the vector API sends spaces between processes) has no environment
        # to ask: it samples like a plain Discrete
        return {**self.__dict__, "_legal": None}

    def sample(self, mask=None, probability=None):
        if mask is None and probability is None and self._legal is not None:
            mask = self._legal()
            if not mask.any():  # the episode is over: any index (step will refuse it)
                mask = None
        return super().sample(mask=mask, probability=probability)


class SingleAgentEnv(gymnasium.Env):
    """``seat`` (0 = p1, 1 = p2) of a :class:`TcgEnv` against the agent ``opponent``.

    ``reset(seed=S)`` seeds the game (seed ``S``) and the opponent (seed ``S + 1``), so the same seed and
    actions give the same episode. Spaces: those of :class:`TcgEnv` (``Dict(observation, action_mask)`` and
    ``Discrete``). ``step`` returns ``(obs, reward, terminated, truncated, info)`` with the rewards of
    :class:`TcgEnv` (+1/-1/0 at the end, plus the shaped reward with ``shaped=True``); ``info`` holds the
    view, labels and indices. An action that is not legal raises :class:`IllegalActionError` with
    ``illegal="raise"`` (the default); with ``illegal="lose"`` it ends the episode at once as a loss
    (reward -1, ``info["illegal"]`` the action), nothing mapped to another option. (``"lose"`` is for
    tools that step actions sampled in another state, such as Gymnasium's ``check_env``.)
    Other keyword arguments go to :class:`TcgEnv`.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str = "onepiece", opponent: str = "random", seat: int = 0, *, illegal: str = "raise",
                 **kwargs: Any) -> None:
        if illegal not in ("raise", "lose"):
            raise ValueError(f"illegal={illegal!r}: 'raise' or 'lose'")
        self.illegal = illegal
        self.aec = TcgEnv(game=game, **kwargs)
        self.seat = seat
        self.agent = AGENTS[seat]
        self.opponent_name = opponent
        self.opponent = self.aec.module.make_agent(opponent, 0, self.aec.db)
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = LegalDiscrete(self.aec.action_space(self.agent).n,
                                          lambda: self.aec.observe(self.agent)["action_mask"])
        self.render_mode = kwargs.get("render_mode")

    def _advance(self) -> float:
        """Let the opponent play until it is this seat's decision or the game ends; its rewards for us."""
        aec = self.aec
        reward = 0.0
        while aec.agent_selection != self.agent and not (aec.terminations[self.agent] or aec.truncations[self.agent]):
            aec.step_agent(self.opponent)
            reward += aec.rewards[self.agent]
        return reward

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(2**31))
        self.aec.reset(seed=seed)
        self.opponent = self.aec.module.make_agent(self.opponent_name, seed + 1, self.aec.db)
        self._advance()
        return self.aec.observe(self.agent), self._info()

    def _info(self) -> dict:
        return dict(self.aec.infos[self.agent])

    def step(self, action):
        aec = self.aec
        if self.illegal == "lose" and int(action) not in aec.legal_actions(self.agent):
            if not aec.terminations[self.agent]:
                aec.session.concede(self.seat)  # rule 1-2-3: the seat loses at once
                aec._answered(self.seat)  # noqa: SLF001 (the same package: rewards and ends)
            return aec.observe(self.agent), -1.0, True, False, {**self._info(), "illegal": int(action)}
        aec.step(int(action))
        reward = aec.rewards[self.agent] + self._advance()
        done = aec.terminations[self.agent]
        truncated = aec.truncations[self.agent] and not done
        return aec.observe(self.agent), reward, done, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        """The current action mask as booleans (sb3-contrib's MaskablePPO asks for it by this name)."""
        return self.aec.observe(self.agent)["action_mask"].astype(bool)

    def render(self):
        return self.aec.render()


class JsonInfo(gymnasium.Wrapper):
    """``info`` as ``{"view_json": the view as JSON text}``: Gymnasium's vector API stacks infos key by key and
    cannot stack views (nested dicts and lists whose shape changes from step to step)."""

    @staticmethod
    def _flat(info: dict) -> dict:
        return {"view_json": json.dumps(info.get("view")), **({"illegal": info["illegal"]} if "illegal" in info else {})}

    def reset(self, **kwargs):
        obs, info = self.env.reset(**kwargs)
        return obs, self._flat(info)

    def step(self, action):
        obs, reward, terminated, truncated, info = self.env.step(action)
        return obs, reward, terminated, truncated, self._flat(info)


def _make_single(kwargs: dict) -> gymnasium.Env:
    return JsonInfo(SingleAgentEnv(**kwargs))


def make_vector_env(n: int | None = None, *, asynchronous: bool = True, **kwargs: Any) -> gymnasium.vector.VectorEnv:
    """``n`` :class:`SingleAgentEnv` (keyword arguments as its constructor, infos as :class:`JsonInfo`; default
    ``n``: ``os.cpu_count()``, every core) under Gymnasium's vector API: one process each with
    ``asynchronous``, else in this process. Seed them with ``reset(seed=S)`` (environment ``k`` gets
    ``S + k``). Raises ``ValueError`` for ``n < 1``."""
    if n is None:
        n = os.cpu_count() or 1
    if n < 1:
        raise ValueError(f"n={n}: at least one environment")
    fns = [partial(_make_single, kwargs) for _ in range(n)]
    cls = gymnasium.vector.AsyncVectorEnv if asynchronous else gymnasium.vector.SyncVectorEnv
    return cls(fns)


__all__ = ["ENV_IDS", "IllegalActionError", "JsonInfo", "LegalDiscrete", "SingleAgentEnv", "make_vector_env"]


ENV_IDS = {"tcgsim/OnePiece-v0": "onepiece", "tcgsim/Bleach-v0": "bleach"}
"""Gymnasium ids registered when this module is imported: ``gymnasium.make("tcgsim/OnePiece-v0",
opponent="heuristic")`` builds a :class:`SingleAgentEnv` of that game (keyword arguments as its constructor)."""

for _id, _game in ENV_IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(_id, entry_point=SingleAgentEnv, kwargs={"game": _game})
