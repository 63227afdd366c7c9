"""The speed benchmark: random-vs-random full games of ST01 vs ST02 on one core, plus clone and serialize
costs on mid-game states, the player's view and the MCTS agent's searched decisions. Run it with ``tcgsim bench [--games N] [--json]`` (see benchmarks/README.md).
"""

from __future__ import annotations

import platform
import time

from ..core.rng import derive_seed
from ..errors import UserError
from .runner import game_seed, play_game

TARGET_GAMES_PER_SECOND = 100.0
"""Full random-vs-random games per second on one core that the engine must reach."""

TARGET_CLONE_US = 100.0
"""Mean ``Game.clone()`` time, in microseconds, on a mid-game state that the engine must not exceed."""

TARGET_MCTS_MS = 50.0
"""Issue 14: wall milliseconds per searched decision of the MCTS agent at its default budget, on one core (a
goal shown beside the figure; not part of ``meets_targets``)."""

SEARCH_OPPONENT = "heuristic"
"""The agent the timed MCTS agent plays against (the issue's strength pairing)."""



class TimedAgent:
    """Wraps an agent (its ``name``, ``needs_view`` and ``needs_sampler`` passed through) and adds up the time of
    its ``choose`` calls: ``seconds`` / ``cpu_seconds`` (wall / process CPU, all ``decisions``) and
    ``searched_seconds`` / ``searched_cpu_seconds`` over the ``searched`` ones: the calls after which the
    agent's own ``searched`` counter went up (the MCTS agent's; single-option decisions and set-up choices
    are not searched), or, for an agent without that counter, the decisions with more than one option.
    Used by ``tcgsim bench`` and ``benchmarks/strength.py``."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.name = inner.name
        self.needs_view = inner.needs_view
        self.needs_sampler = getattr(inner, "needs_sampler", False)
        self.seconds = self.cpu_seconds = self.searched_seconds = self.searched_cpu_seconds = 0.0
        self.decisions = self.searched = 0

    def choose(self, view, decision, labels=None, **kw):
        before = getattr(self.inner, "searched", None)
        t0, c0 = time.perf_counter_ns(), time.process_time_ns()
        i = self.inner.choose(view, decision, labels, **kw)
        dt, dc = (time.perf_counter_ns() - t0) / 1e9, (time.process_time_ns() - c0) / 1e9
        self.seconds += dt
        self.cpu_seconds += dc
        self.decisions += 1
        if (self.inner.searched != before) if before is not None else len(decision.options) > 1:
            self.searched += 1
            self.searched_seconds += dt
            self.searched_cpu_seconds += dc
        return i


def run_bench(games: int = 200, seed: int = 0, states: int = 20, clones_per_state: int = 500, db=None,
              search_games: int = 1, mcts: str = "mcts") -> dict:
    """Measure the engine and return a JSON-ready dict.

    Plays ``games`` random-vs-random games of ST01 vs ST02 through :func:`~tcgsim.batch.runner.play_game`
    (the path ``tcgsim simulate`` takes, notation and final fingerprint included), alternating who goes
    first; then takes the state halfway through ``states`` of those games and times ``Game.clone()``
    ``clones_per_state`` times on each, and ``to_dict``/``from_dict`` on each. The player's view
    (``player_view`` of the seat to decide, its option labels included) is timed at every decision of the
    first ``states`` games. Last, ``search_games`` games of the agent ``mcts`` (default: the MCTS agent at its
    default budget) against the heuristic agent, ST01 vs ST02 with the MCTS agent as deck A, first in even
    games, time the MCTS agent's searched decisions (0: not measured, the ``mcts_*`` keys are ``None``).

    Keys: ``games``, ``seconds``, ``games_per_second``, ``decisions_per_game``, ``us_per_decision``
    (wall time per answered decision, agent included), ``engine_games_per_second`` (the same games
    replayed by index with no agent, notation or fingerprint: the bare engine), ``clone_us``,
    ``serialize_us`` (``Game.to_dict``), ``deserialize_us`` (``Game.from_dict``), ``fingerprint_us``,
    ``view_us`` (mean ``player_view`` of the deciding seat), ``views`` (how many were timed),
    ``games_per_cpu_second``, ``serialize_cpu_us``, ``deserialize_cpu_us``, ``view_cpu_us`` (the same in
    process CPU time, ``time.process_time_ns``: less inflated by other jobs on a shared machine),
    ``mcts_agent``, ``mcts_ms_per_decision`` / ``mcts_cpu_ms_per_decision`` (mean wall / process CPU
    milliseconds per searched decision), ``mcts_decisions`` (searched decisions timed), ``mcts_iterations``
    (mean iterations per searched decision), ``targets`` {"games_per_second", "clone_us", "mcts_ms"},
    ``meets_targets`` (games per second and clone only), ``python``. Times in microseconds are means measured
    with ``time.perf_counter_ns``. Raises ``ValueError`` if ``games`` < 1 or ``search_games`` < 0, and
    ``UserError`` for an unknown agent name ``mcts`` or one that does not search.
    """
    if games < 1:
        raise ValueError("the benchmark needs at least one game")
    if search_games < 0:
        raise ValueError("search_games must be 0 or more")
    from ..core.games import default_game

    module = default_game()  # the registry's first game: its bundled default decks (ST01, ST02 for One Piece)
    new_game = module.new_game
    db = db or module.default_database()
    deck_a, deck_b = (module.load_deck(name, db) for name in module.default_decks)
    base = derive_seed(seed, "bench")
    if search_games:
        _search_agent(module, mcts, 0, db)  # a bad name fails before anything is timed

    play_game(deck_a, deck_b, db, game_seed(base, -1), ("random", "random"), True)  # warm-up
    records = []
    t0, c0 = time.perf_counter_ns(), time.process_time_ns()
    for i in range(games):
        records.append(play_game(deck_a, deck_b, db, game_seed(base, i), ("random", "random"), i % 2 == 0))
    play_ns, play_cpu_ns = time.perf_counter_ns() - t0, time.process_time_ns() - c0
    decisions = sum(len(r.indices) for r in records)

    # The bare engine: the same games replayed by option index.
    t0 = time.perf_counter_ns()
    for r in records:
        g = new_game(deck_a, deck_b, db, r.seed, first=0 if r.first == "A" else 1)
        apply = g.apply_index
        for i in r.indices:
            apply(i)
    engine_ns = time.perf_counter_ns() - t0

    # Mid-game states.
    mids = []
    for r in records[: max(1, states)]:
        g = new_game(deck_a, deck_b, db, r.seed, first=0 if r.first == "A" else 1)
        for i in r.indices[: len(r.indices) // 2]:
            g.apply_index(i)
        mids.append(g)

    n = max(1, clones_per_state)
    t0 = time.perf_counter_ns()
    for g in mids:
        clone = g.clone
        for _ in range(n):
            clone()
    clone_ns = (time.perf_counter_ns() - t0) / (len(mids) * n)

    reps = max(1, n // 10)
    dicts = []
    t0, c0 = time.perf_counter_ns(), time.process_time_ns()
    for g in mids:
        for _ in range(reps):
            d = g.to_dict()
        dicts.append(d)
    ser_ns = (time.perf_counter_ns() - t0) / (len(mids) * reps)
    ser_cpu_ns = (time.process_time_ns() - c0) / (len(mids) * reps)
    game_class = type(mids[0])
    t0, c0 = time.perf_counter_ns(), time.process_time_ns()
    for d in dicts:
        for _ in range(reps):
            game_class.from_dict(d, db)
    de_ns = (time.perf_counter_ns() - t0) / (len(dicts) * reps)
    de_cpu_ns = (time.process_time_ns() - c0) / (len(dicts) * reps)
    t0 = time.perf_counter_ns()
    for g in mids:
        for _ in range(reps):
            g.fingerprint()
    fp_ns = (time.perf_counter_ns() - t0) / (len(mids) * reps)

    # The player's view of the seat to decide, at every decision of the first games (labels included).
    view = module.player_view
    view_ns = view_cpu_ns = views = 0
    for r in records[: max(1, states)]:
        g = new_game(deck_a, deck_b, db, r.seed, first=0 if r.first == "A" else 1)
        for i in r.indices:
            seat = g.pending.player
            t0, c0 = time.perf_counter_ns(), time.process_time_ns()
            view(g, seat)
            view_ns += time.perf_counter_ns() - t0
            view_cpu_ns += time.process_time_ns() - c0
            views += 1
            g.apply_index(i)

    search = _search_figures(module, deck_a, deck_b, db, base, search_games, mcts)

    gps = games / (play_ns / 1e9)
    clone_us = clone_ns / 1000
    return {
        "decks": list(module.default_decks),
        "games": games,
        "seconds": round(play_ns / 1e9, 4),
        "games_per_second": round(gps, 1),
        "games_per_cpu_second": round(games / (play_cpu_ns / 1e9), 1),
        "decisions_per_game": round(decisions / games, 1),
        "us_per_decision": round(play_ns / 1000 / max(1, decisions), 2),
        "engine_games_per_second": round(games / (engine_ns / 1e9), 1),
        "clone_us": round(clone_us, 2),
        "serialize_us": round(ser_ns / 1000, 2),
        "deserialize_us": round(de_ns / 1000, 2),
        "serialize_cpu_us": round(ser_cpu_ns / 1000, 2),
        "deserialize_cpu_us": round(de_cpu_ns / 1000, 2),
        "fingerprint_us": round(fp_ns / 1000, 2),
        "view_us": round(view_ns / 1000 / max(1, views), 2),
        "view_cpu_us": round(view_cpu_ns / 1000 / max(1, views), 2),
        "views": views,
        **search,
        "targets": {"games_per_second": TARGET_GAMES_PER_SECOND, "clone_us": TARGET_CLONE_US,
                    "mcts_ms": TARGET_MCTS_MS},
        "meets_targets": gps >= TARGET_GAMES_PER_SECOND and clone_us <= TARGET_CLONE_US,
        "python": platform.python_version(),
    }


def _search_agent(module, mcts: str, seed: int, db):
    """The agent ``mcts`` of the game ``module``; raises ``UserError`` for an unknown name or an agent that
    does not search (no ``searched`` counter)."""
    try:
        agent = module.make_agent(mcts, seed, db)
    except UserError as exc:
        raise UserError(f"--mcts {mcts!r}: {exc}") from None
    if not hasattr(agent, "searched"):
        raise UserError(f"--mcts {mcts!r} is not a search agent: the search figures need mcts, mcts:N or mcts:Nms")
    return agent


def _search_figures(module, deck_a, deck_b, db, base: int, search_games: int, mcts: str) -> dict:
    """The ``mcts_*`` keys of :func:`run_bench`: ``search_games`` games of ``mcts`` (deck A) against
    :data:`SEARCH_OPPONENT`, the searched decisions of the MCTS agent timed."""
    if search_games == 0:
        return {"mcts_agent": None, "mcts_ms_per_decision": None, "mcts_cpu_ms_per_decision": None,
                "mcts_decisions": 0, "mcts_iterations": None}
    timed = None
    seconds = cpu = 0.0
    searched = iterations = 0
    for i in range(search_games):
        gseed = game_seed(derive_seed(base, "search"), i)
        timed = TimedAgent(_search_agent(module, mcts, derive_seed(gseed, "agent", 0), db))
        play_game(deck_a, deck_b, db, gseed, (timed, SEARCH_OPPONENT), i % 2 == 0)
        seconds += timed.searched_seconds
        cpu += timed.searched_cpu_seconds
        searched += timed.searched
        iterations += getattr(timed.inner, "total_iterations", 0)
    n = max(1, searched)
    return {"mcts_agent": timed.name, "mcts_ms_per_decision": round(1000 * seconds / n, 2),
            "mcts_cpu_ms_per_decision": round(1000 * cpu / n, 2), "mcts_decisions": searched,
            "mcts_iterations": round(iterations / n, 1)}


def print_bench(result: dict, console=None) -> None:
    """Print a :func:`run_bench` result as a table with the targets."""
    from rich.console import Console
    from rich.table import Table

    console = console or Console()
    table = Table(title=f"random vs random, {' vs '.join(result['decks'])}, {result['games']} games, one core")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_column("target", justify="right")
    targets = {"games_per_second": f">= {TARGET_GAMES_PER_SECOND:g}", "clone_us": f"<= {TARGET_CLONE_US:g}",
               "mcts_ms_per_decision": f"<= {TARGET_MCTS_MS:g} (issue 14)"}
    for key in ("games_per_second", "games_per_cpu_second", "decisions_per_game", "us_per_decision",
                "engine_games_per_second", "clone_us", "serialize_us", "deserialize_us", "serialize_cpu_us",
                "deserialize_cpu_us", "fingerprint_us", "view_us", "view_cpu_us", "mcts_ms_per_decision",
                "mcts_cpu_ms_per_decision", "mcts_iterations"):
        table.add_row(key, str(result[key]), targets.get(key, ""))
    console.print(table)
    console.print("targets met" if result["meets_targets"] else "TARGETS NOT MET", highlight=False)
