"""Agents: only legal answers, the heuristic beats random, agent randomness never touches the game's."""

from __future__ import annotations

import pytest

from tcgsim.agents import HeuristicAgent, RandomAgent, make_agent
from tcgsim.batch.runner import play_game, simulate
from tcgsim.errors import UserError
from tcgsim.onepiece.cards.database import default_database
from tcgsim.onepiece.cards.decklist import load_valid_deck
from tcgsim.onepiece.rules.setup import new_game
from tcgsim.onepiece.rules.view import player_view


@pytest.fixture(scope="module")
def db():
    return default_database()


def test_registry():
    assert isinstance(make_agent("random", 1), RandomAgent)
    assert isinstance(make_agent(" Heuristic ", 1), HeuristicAgent)
    assert make_agent("random", 1).needs_view is False
    with pytest.raises(UserError) as exc:
        make_agent("alphazero", 0)
    assert "heuristic" in str(exc.value) and "random" in str(exc.value)


@pytest.mark.parametrize("pair", [("ST01", "ST02"), ("ST03", "ST04"), ("ST05", "ST06"), ("ST07", "ST03")])
def test_agents_choose_legal_options(db, pair):
    deck_a, deck_b = (load_valid_deck(name, db) for name in pair)
    kinds = set()
    for seed in range(6):
        agents = [make_agent("random", seed, db=db), make_agent("heuristic", seed, db=db)]
        if seed % 2:
            agents.reverse()
        g = new_game(deck_a, deck_b, db, seed, first=seed % 2)
        while g.winner is None:
            d = g.pending
            kinds.add(d.kind)
            agent = agents[d.player]
            view = player_view(g, d.player) if agent.needs_view else None
            i = agent.choose(view, d, view["pending"]["options"] if view else None)
            assert type(i) is int and 0 <= i < len(d.options)
            g.apply_index(i)
    assert {"keep", "main", "counter"} <= kinds


def test_heuristic_beats_random(db):
    deck_a, deck_b = load_valid_deck("ST01", db), load_valid_deck("ST02", db)
    h_a = simulate(deck_a, deck_b, games=20, seed=11, agents=("heuristic", "random"), progress=False, db=db)
    h_b = simulate(deck_a, deck_b, games=20, seed=12, agents=("random", "heuristic"), progress=False, db=db)
    heuristic_wins = h_a["wins"]["A"] + h_b["wins"]["B"]
    assert heuristic_wins >= 34, (h_a["wins"], h_b["wins"])  # >= 85% of 40 games


class _Recorder:
    """Wraps an agent and remembers the hand it saw at its first decision (the keep/mulligan choice)."""

    needs_view = True

    def __init__(self, inner):
        self.inner = inner
        self.name = inner.name
        self.first_hand = None

    def choose(self, view, decision, labels):
        if self.first_hand is None:
            self.first_hand = list(view["me"]["hand"])
        return self.inner.choose(view, decision, labels)


def test_agent_randomness_is_isolated(db):
    deck_a, deck_b = load_valid_deck("ST01", db), load_valid_deck("ST02", db)
    runs = []
    for agent_seed in (1, 2):
        seats = [_Recorder(RandomAgent(agent_seed * 10 + i)) for i in (0, 1)]
        record = play_game(deck_a, deck_b, db, 77, seats, a_first=True)
        runs.append((record, [s.first_hand for s in seats]))
    (r1, hands1), (r2, hands2) = runs
    assert r1.decisions != r2.decisions  # the agents did play differently ...
    assert hands1 == hands2  # ... but the game's shuffles are the same
    assert all(len(h) == 5 for h in hands1)
