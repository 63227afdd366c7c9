"""The RL environments (docs/rl.md; issue "A reinforcement-learning environment"): PettingZoo's and
Gymnasium's own checks pass for both games, every option the engine offers has exactly one action index and
back, an illegal index is refused, observations hold nothing hidden and the same seed gives the same game."""

from __future__ import annotations

import importlib
import json
import random
import re
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from tcgsim.core.rng import Rng
from tcgsim.core.session import Session
from tcgsim.errors import UserError
from tcgsim.rl.env import IllegalActionError, TcgEnv
from tcgsim.rl.gym_env import SingleAgentEnv, make_vector_env
from tcgsim.rl.layout import LAYOUTS, Vocabulary

GAMES = ["onepiece", "bleach"]
AGENT = ("p1", "p2")


@pytest.fixture(autouse=True)
def _quiet():
    # PettingZoo warns about a Dict observation space and agent names that are not "player_N": by design
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_test(game):
    api_test(TcgEnv(game=game), num_cycles=300)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_seed_test(game):
    seed_test(lambda: TcgEnv(game=game), num_cycles=200)


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_check_env(game):
    # check_env steps an action sampled before its own reset, so the checked wrapper ends an episode on an
    # illegal action (illegal="lose") instead of raising; the default raises (next test)
    check_env(SingleAgentEnv(game=game, illegal="lose"), skip_render_check=True)
    check_env(SingleAgentEnv(game=game, opponent="heuristic", illegal="lose"), skip_render_check=True)


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_index_is_refused_with_its_meaning(game):
    env = TcgEnv(game=game)
    env.reset(seed=1)
    legal = env.legal_actions()
    illegal = next(i for i in range(env.action_space("p1").n) if i not in legal)
    before = env.session.fingerprint()
    with pytest.raises(IllegalActionError, match=rf"action {illegal} .* not legal for p\d now; legal: "):
        env.step(illegal)
    assert env.session.fingerprint() == before and env.session.indices == []
    single = SingleAgentEnv(game=game)
    obs, _ = single.reset(seed=1)
    with pytest.raises(IllegalActionError):
        single.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))


def _random_games(env, seeds, check):
    """Play ``seeds`` games with random legal actions, calling ``check(env, obs, info)`` at each decision."""
    for seed in seeds:
        env.reset(seed=seed)
        pick = random.Random(seed)
        for agent in env.agent_iter():
            obs, _, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            check(env, obs, info)
            action = pick.choice(info["indices"])
            label = info["labels"][info["indices"].index(action)]
            env.step(action)
            assert env.session.decisions[-1] == label  # the index played exactly that option


@pytest.mark.parametrize("game, decks, seeds", [
    ("onepiece", None, range(8)), ("onepiece", ("ST03", "ST04"), range(3)), ("onepiece", ("ST05", "ST06"), range(3)),
    ("onepiece", ("ST07", "ST01"), range(3)), ("bleach", None, range(10)),
])
def test_every_offered_option_has_one_index_and_back(game, decks, seeds):
    """In whole random games, each option maps to one index, no two options share one, the mask is exactly
    those indices, and each index played answers its own option; observations stay inside their Box."""
    env = TcgEnv(game=game, decks=decks)
    box = env.observation_space("p1")["observation"]
    layout = env.layout.actions
    families = {f.name: f for f in layout.families}

    def check(env, obs, info):
        indices = info["indices"]
        assert len(indices) == len(info["labels"]) == len(set(indices))
        assert sorted(np.flatnonzero(obs["action_mask"]).tolist()) == sorted(indices)
        assert box.contains(obs["observation"]), "observation outside its Box"
        for i, label in zip(indices, info["labels"]):
            meaning = layout.describe(i)
            if meaning.startswith("'"):  # a simple label has its own index
                assert meaning == repr(label)
            elif not meaning.startswith("candidate"):  # a family's index: the family's pattern reads the label
                family = families[meaning.split("(")[0]]
                assert re.fullmatch(family.pattern, label), (label, meaning)
            else:
                assert layout.index(info["view"], label, 0) is None or info["labels"].count(label) > 1

    _random_games(env, seeds, check)


def test_indices_mean_the_same_thing_at_every_step():
    """The index of an attack names the attacker's and the target's field slots, whatever else is legal."""
    env = TcgEnv(game="onepiece")
    layout = env.layout.actions
    view = {"me": {"characters": [{"card": "ST01-004"}, {"card": "ST01-004"}], "hand": ["ST01-014", "ST01-014"]},
            "opponent": {"characters": [{"card": "ST02-003"}]}}
    a = layout.indices(view, ["attack ST01-004#2 -> opp ST02-003", "end turn"])
    b = layout.indices(view, ["end turn", "play ST01-014", "attack ST01-004#2 -> opp ST02-003"])
    assert a[0] == b[2] and layout.describe(a[0]) == "attack(op_field=2, op_opp_field=1)"
    assert layout.describe(b[1]) == "play(hand=0)" and a[1] == b[0] == layout.simple.index("end turn")
    # a Bleach hand holds copies under one label: the k-th option with that label is the k-th copy
    bl = LAYOUTS["bleach"].actions
    two = bl.indices({"me": {"hand": ["BLX-003", "BLX-010", "BLX-003"], "souls": []}}, ["enter BLX-003", "enter BLX-003"])
    assert [bl.describe(i) for i in two] == ["enter(hand=0)", "enter(hand=2)"]


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_gives_the_same_observations(game):
    def trace(seed):
        env = TcgEnv(game=game)
        env.reset(seed=seed)
        out = []
        pick = random.Random(0)
        for _ in range(150):
            obs, _, term, trunc, info = env.last()
            if term or trunc:
                break
            out.append(obs["observation"].tobytes() + obs["action_mask"].tobytes())
            env.step(pick.choice(info["indices"]))
        return out

    assert trace(4) == trace(4)
    assert trace(4) != trace(5)  # the check can fail: another seed deals another game


@pytest.mark.parametrize("game", GAMES)
def test_an_observation_holds_nothing_hidden(game):
    """Twin environments whose games differ only in the cards hidden from a seat (the opponent's hand, deck
    orders, face-down Life or soul points) give that seat the same observation, mask and raw view."""
    invariants = importlib.import_module(f"tcgsim.{game}.rules.invariants")
    env = TcgEnv(game=game)
    rng = Rng(7)
    differed = 0
    for seed in range(3):
        env.reset(seed=seed)
        pick = random.Random(seed)
        while not env.session.over and len(env.session.indices) < 300:
            for agent in ("p1", "p2"):
                seat = int(agent[1]) - 1
                twin = TcgEnv(game=game)
                twin.reset(seed=seed)
                twin.session = Session(env.session.module, env.session._game.clone())
                invariants._redeal_hidden(twin.session._game, seat, rng)
                twin._refresh()
                differed += twin.session.fingerprint() != env.session.fingerprint()
                a, b = env.observe(agent), twin.observe(agent)
                assert np.array_equal(a["observation"], b["observation"])
                assert np.array_equal(a["action_mask"], b["action_mask"])
                assert json.dumps(env.raw_view(agent)) == json.dumps(twin.raw_view(agent))
            env.step(pick.choice(env.legal_actions()))
    assert differed > 100  # the twins really differed in hidden cards


def test_the_vocabulary_is_stable_with_zero_for_none():
    db = TcgEnv(game="onepiece").db
    voc = Vocabulary.of(db)
    assert voc(None) == 0 and voc("OP01-001") == 1 + voc.numbers.index("OP01-001")
    assert list(voc.numbers) == sorted(voc.numbers) and Vocabulary.of(db).numbers == voc.numbers


@pytest.mark.parametrize("game", GAMES)
def test_rewards_are_plus_minus_one_at_the_end_and_shaped_on_request(game):
    for shaped in (False, True):
        env = SingleAgentEnv(game=game, shaped=shaped)
        obs, _ = env.reset(seed=2)
        rewards, done = [], False
        rng = np.random.default_rng(0)
        while not done:
            obs, r, done, trunc, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            rewards.append(r)
            done = done or trunc
        winner = env.aec.session.winner
        final = 1.0 if winner == "p1" else -1.0 if winner == "p2" else 0.0
        if not shaped:
            assert set(rewards[:-1]) <= {0.0} and rewards[-1] == final
        else:
            assert any(r not in (0.0, 1.0, -1.0) for r in rewards)  # Life lost moves the reward
            assert abs(rewards[-1] - final) <= 0.5


@pytest.mark.parametrize("game", GAMES)
def test_single_agent_against_search_and_vectorized(game):
    env = SingleAgentEnv(game=game, opponent="mcts:4")
    obs, info = env.reset(seed=3)
    assert info["view"]["you"] == "p1" and obs["action_mask"].any()
    made = gymnasium.make({"onepiece": "tcgsim/OnePiece-v0", "bleach": "tcgsim/Bleach-v0"}[game], opponent="heuristic")
    assert made.unwrapped.aec.module.name == game and made.unwrapped.opponent_name == "heuristic"
    vec = make_vector_env(2, asynchronous=False, game=game)
    obs, _ = vec.reset(seed=1)
    assert obs["observation"].shape == (2, env.observation_space["observation"].shape[0])
    ends = 0
    rng = np.random.default_rng(0)
    for _ in range(400):  # through whole episodes: the vector API resets them and stacks their infos
        actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in obs["action_mask"]]
        obs, rewards, term, trunc, info = vec.step(np.array(actions))
        assert rewards.shape == (2,) and json.loads(info["view_json"][0])["you"] == "p1"
        ends += int(term.sum())
    assert ends >= 2
    vec.close()


def test_the_docs_hold_the_layout_tables_and_their_examples_run():
    """docs/rl.md prints the tables the code builds, and its Python examples run as written."""
    from pathlib import Path

    from tcgsim.rl.layout import markdown_tables

    text = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text()
    for game in GAMES:
        assert markdown_tables(game) in text
    for block in re.findall(r"```python\n(.*?)```", text, re.S):
        exec(compile(block, "docs/rl.md", "exec"), {})


def test_decks_are_names_or_files(tmp_path):
    """A deck option is a bundled name or a deck file; a bad file is refused naming it."""
    module = TcgEnv(game="onepiece").module
    db = module.default_database()
    path = tmp_path / "mine.txt"
    path.write_text(module.deck_text(module.load_deck("ST03", db)))
    env = TcgEnv(game="onepiece", decks=(str(path), "ST04"), first=0)
    env.reset(seed=0)
    assert env.raw_view("p1")["me"]["leader"]["card"] == "ST03-001"
    assert env.raw_view("p1")["opponent"]["leader"]["card"] == "ST04-001"
    bad = tmp_path / "bad.txt"
    bad.write_text("1xNOPE-999\n")
    with pytest.raises(UserError, match="bad.txt"):
        TcgEnv(game="onepiece", decks=(str(bad), "ST01"))


@pytest.mark.parametrize("game, decks", [("onepiece", None), ("onepiece", ("ST03", "ST04")),
                                         ("onepiece", ("ST05", "ST06")), ("onepiece", ("ST07", "ST01")),
                                         ("bleach", None)])
def test_the_fast_paths_give_what_the_plain_reading_gives(game, decks, monkeypatch):
    """benchmarks/README.md's speed-ups change no answer: a One Piece view built while the permanent effects
    are read once per state (``continuous.reading``) equals the view built card by card, and the action
    indices found through the per-view slot tables equal those of the resolvers alone."""
    from tcgsim.rl import layout as layout_module

    env = TcgEnv(game=game, decks=decks)
    actions = env.layout.actions
    checked = 0
    for seed in range(2):
        env.reset(seed=seed)
        pick = random.Random(seed)
        while not env.session.over:
            g = env.session._game
            seat = env.session.to_act
            view = env.raw_view(AGENT[seat])
            if game == "onepiece":
                from tcgsim.onepiece.rules.view import _view

                from tcgsim.onepiece.rules import continuous

                assert json.dumps(_view(g, seat)) == json.dumps(view)  # _view: no reading() around it
                assert continuous._memo(g) is None  # the memo ends with the view: the game goes on changing
            labels = view["pending"]["options"]
            fast = actions.indices(view, labels)
            with monkeypatch.context() as m:
                m.setattr(layout_module, "_TABLES", {})
                actions._parses.clear()
                slow = actions.indices(view, labels)
            actions._parses.clear()
            assert fast == slow, labels
            checked += 1
            env.step(pick.choice(env.legal_actions()))
    assert checked > 100
