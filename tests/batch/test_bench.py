"""`tcgsim bench`: the figures issue 14 asks of it are there (the search and view figures beside the engine's),
and a bad search agent is refused before anything is timed. Timings themselves are a benchmark
(benchmarks/README.md), not tested."""

from __future__ import annotations

import json
import numbers

import pytest

from tcgsim.batch.bench import run_bench
from tcgsim.cli import main
from tcgsim.errors import UserError

POSITIVE = ("games_per_second", "games_per_cpu_second", "us_per_decision", "clone_us", "serialize_us",
            "deserialize_us", "serialize_cpu_us", "deserialize_cpu_us", "fingerprint_us", "view_us", "view_cpu_us", "views", "mcts_ms_per_decision", "mcts_cpu_ms_per_decision", "mcts_decisions",
            "mcts_iterations")


@pytest.fixture(scope="module")
def small():
    return run_bench(games=2, states=2, clones_per_state=10, search_games=1, mcts="mcts:8")


@pytest.mark.parametrize("key", POSITIVE)
def test_each_figure_is_a_positive_number(small, key):
    value = small[key]
    assert isinstance(value, numbers.Real) and not isinstance(value, bool) and value > 0, (key, value)


def test_the_search_figures_name_their_agent_and_budget(small):
    assert small["mcts_agent"] == "mcts:8"
    assert small["mcts_iterations"] == 8.0, "each searched decision runs the agent's whole iteration budget"
    assert small["targets"]["mcts_ms"] == 50.0  # issue 14: "no more than 50 ms per searched decision"
    json.dumps(small)


def test_without_search_games_the_search_figures_are_absent_not_zero():
    r = run_bench(games=1, states=1, clones_per_state=2, search_games=0)
    assert r["mcts_ms_per_decision"] is None and r["mcts_decisions"] == 0 and r["view_us"] > 0


def test_an_agent_that_does_not_search_is_refused_at_once():
    with pytest.raises(UserError, match="'random' is not a search agent"):
        run_bench(games=1, search_games=1, mcts="random")


def test_the_command_line_names_a_bad_search_agent_without_a_traceback(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["bench", "--games", "1", "--mcts", "mcts:0"])
    out, err = capsys.readouterr()
    assert exit_.value.code == 2 and "mcts:0" in err and "Traceback" not in err + out
