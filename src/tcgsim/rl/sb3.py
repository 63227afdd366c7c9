"""Stable-Baselines3 adapters: the single-agent environment as SB3 and sb3-contrib's ``MaskablePPO`` expect
it, many of them on every core, and the evaluation of a policy against one of our agents.

* :class:`ScaledObservation`: :class:`~tcgsim.rl.gym_env.SingleAgentEnv` with the observation alone (the
  ``"observation"`` vector divided by its Box's upper bounds, so every number is in ``[0, 1]``; the mask is
  given by ``action_masks()``, the method ``MaskablePPO`` calls) and a small ``info`` (the raw view stays out:
  SB3's subprocess vector env would pickle it at every step).
* :func:`make_sb3_vec_env`: ``n`` of them (default: one per core) in SB3's ``SubprocVecEnv`` (one process
  each) or ``DummyVecEnv`` (this process).
* :func:`evaluate` and :func:`wilson`: win counts of a policy over seeded games and their 95% interval.

Needs ``stable-baselines3`` for :func:`make_sb3_vec_env` only (``pip install -e '.[rl]'``); the rest needs
Gymnasium and NumPy like the environments. ``docs/rl.md`` and ``examples/train_maskable_ppo.py`` use them.
"""

from __future__ import annotations

import math
import os
from functools import partial
from statistics import NormalDist
from typing import Any, Callable

import gymnasium
import numpy as np

from .gym_env import SingleAgentEnv


class ScaledObservation(gymnasium.Wrapper):
    """A :class:`SingleAgentEnv` (built from the keyword arguments) whose observation is the float32 vector
    of shape ``(obs size,)`` scaled into ``[0, 1]`` (each number divided by its slot's upper bound,
    ``docs/rl.md``'s layout tables); ``action_masks()`` gives the legal indices as a bool array of shape
    ``(action size,)``. ``info`` keeps only ``"winner"`` (``"p1"``, ``"p2"``, ``"draw"`` or ``None`` while the
    game goes on) and, after an illegal action with ``illegal="lose"``, ``"illegal"``."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(SingleAgentEnv(**kwargs))
        box = self.env.observation_space["observation"]
        self._scale = (1.0 / np.maximum(box.high, 1.0)).astype(np.float32)
        self.observation_space = gymnasium.spaces.Box(0.0, 1.0, box.shape, dtype=np.float32)

    def _obs(self, obs: dict) -> np.ndarray:
        return obs["observation"] * self._scale

    def _info(self, info: dict) -> dict:
        out = {"winner": self.env.unwrapped.aec.session.winner}
        if "illegal" in info:
            out["illegal"] = info["illegal"]
        return out

    def reset(self, **kwargs):
        obs, info = self.env.reset(**kwargs)
        return self._obs(obs), self._info(info)

    def step(self, action):
        obs, reward, terminated, truncated, info = self.env.step(action)
        return self._obs(obs), reward, terminated, truncated, self._info(info)

    def action_masks(self) -> np.ndarray:
        """The legal action indices now as booleans, shape ``(action size,)`` (all False once it ended)."""
        return self.env.unwrapped.action_masks()


def _make(kwargs: dict) -> ScaledObservation:
    return ScaledObservation(**kwargs)


def make_sb3_vec_env(n: int | None = None, *, subprocess: bool = True, seed: int | None = None, **kwargs: Any):
    """``n`` :class:`ScaledObservation` environments (keyword arguments as :class:`SingleAgentEnv`; default
    ``n``: ``os.cpu_count()``, every core) as an SB3 ``SubprocVecEnv`` (one process each; ``subprocess=False``
    for a ``DummyVecEnv`` in this process). ``seed``: environment ``k``'s first game is seeded with
    ``seed + k`` (SB3's ``VecEnv.seed``), and each later game from that environment's own stream.

    Raises ``ImportError`` naming the extra when stable-baselines3 is not installed; ``ValueError`` for
    ``n < 1``."""
    try:
        from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv
    except ImportError as exc:  # pragma: no cover - depends on the install
        raise ImportError("make_sb3_vec_env needs stable-baselines3: pip install -e '.[rl]'") from exc
    if n is None:
        n = os.cpu_count() or 1
    if n < 1:
        raise ValueError(f"n={n}: at least one environment")
    fns = [partial(_make, kwargs) for _ in range(n)]
    vec = SubprocVecEnv(fns) if subprocess else DummyVecEnv(fns)
    if seed is not None:
        vec.seed(seed)
    return vec


def evaluate(policy: Callable[[np.ndarray, np.ndarray], int] | None, games: int, *, seed: int = 0,
             **kwargs: Any) -> dict:
    """Play ``games`` games of a :class:`ScaledObservation` (keyword arguments as :class:`SingleAgentEnv`),
    game ``k`` seeded with ``seed + k``; ``policy(obs, mask) -> action index`` picks this seat's actions
    (``obs`` float32 ``(obs size,)``, ``mask`` bool ``(action size,)``); ``None`` picks uniformly among the
    legal indices (a generator seeded with ``seed``). Returns ``{"games", "wins", "losses", "draws",
    "win_rate", "low", "high"}`` (``low``/``high``: the Wilson 95% interval of the win rate, :func:`wilson`)."""
    env = ScaledObservation(**kwargs)
    rng = np.random.default_rng(seed)
    me = env.unwrapped.agent
    wins = losses = draws = 0
    for k in range(games):
        obs, info = env.reset(seed=seed + k)
        done = False
        while not done:
            mask = env.action_masks()
            action = int(rng.choice(np.flatnonzero(mask))) if policy is None else int(policy(obs, mask))
            obs, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        w = info["winner"]
        wins += w == me
        losses += w not in (me, "draw", None)
        draws += w == "draw" or w is None
    low, high = wilson(wins, games)
    return {"games": games, "wins": wins, "losses": losses, "draws": draws,
            "win_rate": wins / games if games else 0.0, "low": low, "high": high}


def wilson(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval ``(low, high)`` of a proportion ``k / n`` at ``confidence`` (``(0, 1)`` when
    ``n`` is 0). Wilson, "Probable inference, the law of succession, and statistical inference", JASA 1927."""
    if n == 0:
        return 0.0, 1.0
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


__all__ = ["ScaledObservation", "evaluate", "make_sb3_vec_env", "wilson"]
