"""The Stable-Baselines3 adapters (tcgsim.rl.sb3, docs/rl.md "Training"): many environments in their own
processes, the scaled observation and the mask MaskablePPO asks for, the evaluation and its interval."""

from __future__ import annotations

import json
import os

import numpy as np
import pytest

from tcgsim.rl.gym_env import SingleAgentEnv, make_vector_env
from tcgsim.rl.sb3 import ScaledObservation, evaluate, make_sb3_vec_env, wilson

GAMES = ["onepiece", "bleach"]


def test_the_wilson_interval_matches_published_values():
    # Newcombe, "Two-sided confidence intervals for the single proportion", Statistics in Medicine 17 (1998),
    # Table II, method 3 (Wilson score, no continuity correction)
    for (k, n), (low, high) in {(81, 263): (0.2553, 0.3662), (15, 148): (0.0624, 0.1605),
                                (0, 20): (0.0, 0.1611), (1, 29): (0.0061, 0.1718)}.items():
        got = wilson(k, n)
        assert got == pytest.approx((low, high), abs=6e-5), (k, n, got)
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("game", GAMES)
def test_the_scaled_observation_is_in_unit_range_and_the_mask_is_the_legal_set(game):
    env = ScaledObservation(game=game)
    raw = SingleAgentEnv(game=game)
    obs, info = env.reset(seed=5)
    raw_obs, _ = raw.reset(seed=5)
    rng = np.random.default_rng(5)
    done, steps = False, 0
    while not done:
        assert env.observation_space.contains(obs)
        high = raw.observation_space["observation"].high
        assert np.allclose(obs * np.maximum(high, 1.0), raw_obs["observation"], atol=1e-3)
        mask = env.action_masks()
        assert mask.dtype == bool and np.array_equal(mask, raw_obs["action_mask"].astype(bool))
        action = int(rng.choice(np.flatnonzero(mask)))
        obs, reward, term, trunc, info = env.step(action)
        raw_obs, raw_reward, *_ = raw.step(action)
        assert reward == raw_reward and set(info) <= {"winner", "illegal"}
        done, steps = term or trunc, steps + 1
    assert info["winner"] in ("p1", "p2", "draw") and not env.action_masks().any() and steps > 10


def test_evaluate_counts_every_game_and_is_seeded():
    a = evaluate(None, 6, seed=11, game="bleach")
    assert a["wins"] + a["losses"] + a["draws"] == a["games"] == 6
    assert a == evaluate(None, 6, seed=11, game="bleach")
    assert (a["low"], a["high"]) == wilson(a["wins"], 6)
    # a policy that always takes the highest legal index plays other games than random actions
    last = evaluate(lambda obs, mask: int(np.flatnonzero(mask)[-1]), 6, seed=11, game="bleach")
    assert last["games"] == 6


def test_the_sb3_vector_env_runs_one_process_per_environment():
    pytest.importorskip("stable_baselines3", reason="stable-baselines3 is not installed: pip install -e '.[rl]'")
    vec = make_sb3_vec_env(2, seed=3, game="onepiece")
    try:
        pids = {p.pid for p in vec.processes}
        assert len(pids) == 2 and os.getpid() not in pids and all(p.is_alive() for p in vec.processes)
        obs = vec.reset()
        assert obs.shape == (2, vec.observation_space.shape[0])
        rng = np.random.default_rng(0)
        ends = 0
        for _ in range(300):
            masks = np.stack(vec.env_method("action_masks"))
            assert masks.shape == (2, vec.action_space.n) and masks.any(axis=1).all()
            obs, rewards, dones, infos = vec.step(np.array([rng.choice(np.flatnonzero(m)) for m in masks]))
            for d, r, info in zip(dones, rewards, infos):
                if d:  # SB3 resets an ended environment at once; the game's result is in its info
                    ends += 1
                    assert info["winner"] in ("p1", "p2", "draw") and "terminal_observation" in info
                    assert r == {"p1": 1.0, "p2": -1.0}.get(info["winner"], 0.0)  # docs/rl.md: +1/-1/0
        assert ends >= 1
    finally:
        vec.close()


def test_the_sb3_vector_env_is_seeded_per_environment():
    pytest.importorskip("stable_baselines3", reason="stable-baselines3 is not installed: pip install -e '.[rl]'")
    first = [make_sb3_vec_env(2, subprocess=False, seed=8, game="bleach") for _ in range(2)]
    a, b = (v.reset() for v in first)
    assert np.array_equal(a, b)  # the same seeds, the same first observations
    other = make_sb3_vec_env(2, subprocess=False, seed=9, game="bleach").reset()
    assert not np.array_equal(a, other)
    assert make_sb3_vec_env(subprocess=False, game="bleach").num_envs == (os.cpu_count() or 1)
    with pytest.raises(ValueError, match="at least one"):
        make_sb3_vec_env(0, subprocess=False)


def test_gymnasium_async_vector_env_runs_in_other_processes():
    vec = make_vector_env(2, game="bleach")  # AsyncVectorEnv: one process each
    try:
        pids = {p.pid for p in vec.processes}
        assert len(pids) == 2 and os.getpid() not in pids
        obs, info = vec.reset(seed=4)
        assert obs["action_mask"].shape[0] == 2 and json.loads(info["view_json"][1])["you"] == "p1"
        rng = np.random.default_rng(1)
        ends = 0
        for _ in range(300):
            actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in obs["action_mask"]]
            obs, rewards, term, trunc, info = vec.step(np.array(actions))
            ends += int(term.sum())
        assert ends >= 1
    finally:
        vec.close()
    default = make_vector_env(asynchronous=False, game="bleach")
    assert default.num_envs == (os.cpu_count() or 1)
    default.close()
    with pytest.raises(ValueError, match="at least one"):
        make_vector_env(0, game="bleach")


@pytest.mark.filterwarnings("ignore:.*is different from the unwrapped version")  # a wrapper, on purpose
@pytest.mark.parametrize("game", GAMES)
def test_the_scaled_environment_passes_gymnasiums_and_sb3s_checkers(game):
    # both checkers step actions sampled in another state: illegal="lose" ends the episode instead of raising
    import warnings

    from gymnasium.utils.env_checker import check_env

    check_env(ScaledObservation(game=game, illegal="lose"), skip_render_check=True)
    sb3_checker = pytest.importorskip("stable_baselines3.common.env_checker",
                                      reason="stable-baselines3 is not installed: pip install -e '.[rl]'")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # SB3's checker warns about what it finds wrong: make that fail
        sb3_checker.check_env(ScaledObservation(game=game, illegal="lose"), warn=True, skip_render_check=True)
