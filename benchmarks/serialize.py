"""Serialization round trip of mid-game states, in CPU time (issue 14): ``Game.to_dict`` and ``Game.from_dict``.

The states are those of ``tcgsim bench``: halfway through random-vs-random ST01 vs ST02 games of the
benchmark's seeds. Times are process CPU time (``time.process_time_ns``), which a machine shared with other
jobs inflates less than wall time; ``--cold`` also times ``from_dict`` with the card tables rebuilt (the first
load of a game's cards in a process), ``--profile`` prints cProfile's top entries of ``from_dict``.

    PYTHONPATH=src .venv/bin/python benchmarks/serialize.py [--states 20] [--reps 50] [--cold] [--profile]
"""

from __future__ import annotations

import argparse
import json
import time


def mid_states(count: int):
    from tcgsim.batch.runner import game_seed, play_game
    from tcgsim.core.rng import derive_seed
    from tcgsim.onepiece.cards.database import default_database
    from tcgsim.onepiece.cards.decklist import load_valid_deck
    from tcgsim.onepiece.rules.setup import new_game

    db = default_database()
    a, b = (load_valid_deck(n, db) for n in ("ST01", "ST02"))
    base = derive_seed(0, "bench")
    out = []
    for i in range(count):
        r = play_game(a, b, db, game_seed(base, i), ("random", "random"), i % 2 == 0)
        g = new_game(a, b, db, r.seed, first=0 if r.first == "A" else 1)
        for x in r.indices[: len(r.indices) // 2]:
            g.apply_index(x)
        out.append(g)
    return db, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--states", type=int, default=20)
    ap.add_argument("--reps", type=int, default=50)
    ap.add_argument("--cold", action="store_true", help="also time from_dict with the card tables rebuilt")
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    from tcgsim.onepiece.rules import serialize
    from tcgsim.onepiece.rules.engine import Game

    db, games = mid_states(args.states)
    dicts = [json.loads(json.dumps(g.to_dict())) for g in games]
    n = len(games) * args.reps
    t0 = time.process_time_ns()
    for g in games:
        for _ in range(args.reps):
            g.to_dict()
    t1 = time.process_time_ns()
    for d in dicts:
        for _ in range(args.reps):
            Game.from_dict(d, db)
    t2 = time.process_time_ns()
    out = {"states": len(games), "to_dict_cpu_us": round((t1 - t0) / n / 1000, 2),
           "from_dict_cpu_us": round((t2 - t1) / n / 1000, 2),
           "round_trip_cpu_us": round((t2 - t0) / n / 1000, 2)}
    cache = getattr(serialize, "_TABLES", None)
    if args.cold and cache is not None:
        t0 = time.process_time_ns()
        for d in dicts:
            for _ in range(max(1, args.reps // 10)):
                cache.clear()
                Game.from_dict(d, db)
        out["from_dict_cold_cpu_us"] = round((time.process_time_ns() - t0) / (len(dicts) * max(1, args.reps // 10)) / 1000, 2)
    print(json.dumps(out))
    if args.profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        prof.enable()
        for d in dicts:
            for _ in range(args.reps):
                Game.from_dict(d, db)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
