"""The speed benchmark: random-vs-random full games of ST01 vs ST02 on one core, plus clone and serialize
costs on mid-game states. Run it with ``tcgsim bench [--games N] [--json]`` (see benchmarks/README.md).
"""

from __future__ import annotations

import platform
import time

from ..core.rng import derive_seed
from .runner import game_seed, play_game

TARGET_GAMES_PER_SECOND = 100.0
"""Full random-vs-random games per second on one core that the engine must reach."""

TARGET_CLONE_US = 100.0
"""Mean ``Game.clone()`` time, in microseconds, on a mid-game state that the engine must not exceed."""

DECKS = ("ST01", "ST02")


def run_bench(games: int = 200, seed: int = 0, states: int = 20, clones_per_state: int = 500, db=None) -> dict:
    """Measure the engine and return a JSON-ready dict.

    Plays ``games`` random-vs-random games of ST01 vs ST02 through :func:`~tcgsim.batch.runner.play_game`
    (the path ``tcgsim simulate`` takes, notation and final fingerprint included), alternating who goes
    first; then takes the state halfway through ``states`` of those games and times ``Game.clone()``
    ``clones_per_state`` times on each, and ``to_dict``/``from_dict`` on each.

    Keys: ``games``, ``seconds``, ``games_per_second``, ``decisions_per_game``, ``us_per_decision``
    (wall time per answered decision, agent included), ``engine_games_per_second`` (the same games
    replayed by index with no agent, notation or fingerprint: the bare engine), ``clone_us``,
    ``serialize_us`` (``Game.to_dict``), ``deserialize_us`` (``Game.from_dict``), ``fingerprint_us``,
    ``targets`` {"games_per_second", "clone_us"}, ``meets_targets``, ``python``. Times in microseconds
    are means measured with ``time.perf_counter_ns``. Raises ``ValueError`` if ``games`` < 1.
    """
    if games < 1:
        raise ValueError("the benchmark needs at least one game")
    from ..onepiece.cards.database import default_database
    from ..onepiece.cards.decklist import load_valid_deck
    from ..onepiece.rules.engine import Game
    from ..onepiece.rules.setup import new_game

    db = db or default_database()
    deck_a, deck_b = (load_valid_deck(name, db) for name in DECKS)
    base = derive_seed(seed, "bench")

    play_game(deck_a, deck_b, db, game_seed(base, -1), ("random", "random"), True)  # warm-up
    records = []
    t0 = time.perf_counter_ns()
    for i in range(games):
        records.append(play_game(deck_a, deck_b, db, game_seed(base, i), ("random", "random"), i % 2 == 0))
    play_ns = time.perf_counter_ns() - t0
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
    t0 = time.perf_counter_ns()
    for g in mids:
        for _ in range(reps):
            d = g.to_dict()
        dicts.append(d)
    ser_ns = (time.perf_counter_ns() - t0) / (len(mids) * reps)
    t0 = time.perf_counter_ns()
    for d in dicts:
        for _ in range(reps):
            Game.from_dict(d, db)
    de_ns = (time.perf_counter_ns() - t0) / (len(dicts) * reps)
    t0 = time.perf_counter_ns()
    for g in mids:
        for _ in range(reps):
            g.fingerprint()
    fp_ns = (time.perf_counter_ns() - t0) / (len(mids) * reps)

    gps = games / (play_ns / 1e9)
    clone_us = clone_ns / 1000
    return {
        "decks": list(DECKS),
        "games": games,
        "seconds": round(play_ns / 1e9, 4),
        "games_per_second": round(gps, 1),
        "decisions_per_game": round(decisions / games, 1),
        "us_per_decision": round(play_ns / 1000 / max(1, decisions), 2),
        "engine_games_per_second": round(games / (engine_ns / 1e9), 1),
        "clone_us": round(clone_us, 2),
        "serialize_us": round(ser_ns / 1000, 2),
        "deserialize_us": round(de_ns / 1000, 2),
        "fingerprint_us": round(fp_ns / 1000, 2),
        "targets": {"games_per_second": TARGET_GAMES_PER_SECOND, "clone_us": TARGET_CLONE_US},
        "meets_targets": gps >= TARGET_GAMES_PER_SECOND and clone_us <= TARGET_CLONE_US,
        "python": platform.python_version(),
    }


def print_bench(result: dict, console=None) -> None:
    """Print a :func:`run_bench` result as a table with the targets."""
    from rich.console import Console
    from rich.table import Table

    console = console or Console()
    table = Table(title=f"random vs random, {' vs '.join(result['decks'])}, {result['games']} games, one core")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_column("target", justify="right")
    targets = {"games_per_second": f">= {TARGET_GAMES_PER_SECOND:g}", "clone_us": f"<= {TARGET_CLONE_US:g}"}
    for key in ("games_per_second", "decisions_per_game", "us_per_decision", "engine_games_per_second",
                "clone_us", "serialize_us", "deserialize_us", "fingerprint_us"):
        table.add_row(key, str(result[key]), targets.get(key, ""))
    console.print(table)
    console.print("targets met" if result["meets_targets"] else "TARGETS NOT MET", highlight=False)
