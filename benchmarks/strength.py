"""Playing strength of the MCTS agent: win rates with 95% Wilson intervals, and time per decision.

Not a test (it takes minutes). For each opponent (default: heuristic and random) it plays every ordered
pairing of the decks (default ST01-ST04, mirrors included: MCTS's deck x the opponent's deck), with the
MCTS agent in both seats and who goes first alternating, ``--games`` games per pairing and seat. Games
are seeded (``derive_seed(seed, pairing, seat, i)``) so that with an iteration budget a run is
reproducible; the times are wall clock on this machine.

Usage::

    .venv/bin/python benchmarks/strength.py                         # mcts (default budget), 4 games/pairing/seat
    .venv/bin/python benchmarks/strength.py --mcts mcts:300 --games 8 --jobs 2 --json

``ms per decision`` is the mean wall time of the MCTS agent's ``choose`` over all its decisions (the
ones with a single option included, which need no search) and, separately, over searched decisions
only (``tcgsim.batch.bench.TimedAgent``: the set-up choices, answered without search, are not counted); ``cpu ms per decision`` is the same mean in CPU time of the process (``time.process_time``), which
a busy machine inflates less than wall time. With ``--jobs`` > 1 games run in parallel processes, one game per process at a time, so each
decision still runs on one core (the machine must have that many idle cores for honest times).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from tcgsim.agents import make_agent  # noqa: E402
from tcgsim.batch.bench import TimedAgent as Timed  # noqa: E402
from tcgsim.batch.runner import play_game  # noqa: E402
from tcgsim.core.rng import derive_seed  # noqa: E402


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval ``(low, high)`` for ``wins`` successes in ``n`` trials (draws may
    count half). ``(0.0, 1.0)`` for ``n == 0``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def _one(job: tuple) -> dict:
    mcts_spec, opponent, deck_m, deck_o, seat, i, seed = job
    from tcgsim.onepiece.cards.database import default_database
    from tcgsim.onepiece.cards.decklist import load_valid_deck

    db = default_database()
    gseed = derive_seed(seed, deck_m, deck_o, seat, i)
    me = Timed(make_agent(mcts_spec, derive_seed(gseed, "agent", seat), db=db))
    other = make_agent(opponent, derive_seed(gseed, "agent", 1 - seat), db=db)
    agents = [me, other] if seat == 0 else [other, me]
    decks = [load_valid_deck(deck_m, db), load_valid_deck(deck_o, db)]
    if seat == 1:
        decks.reverse()
    rec = play_game(decks[0], decks[1], db, gseed, agents, a_first=i % 2 == 0)
    side = "AB"[seat]
    return {
        "opponent": opponent, "deck": deck_m, "opp_deck": deck_o, "seat": seat,
        "win": 1.0 if rec.winner == side else 0.5 if rec.winner == "draw" else 0.0,
        "first": rec.first == side, "turns": rec.turns,
        "seconds": me.seconds, "cpu_seconds": me.cpu_seconds, "decisions": me.decisions,
        "searched_seconds": me.searched_seconds, "searched": me.searched,
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mcts", default="mcts", help="the MCTS agent name, e.g. mcts, mcts:300, mcts:80ms")
    ap.add_argument("--opponents", default="heuristic,random")
    ap.add_argument("--decks", default="ST01,ST02,ST03,ST04")
    ap.add_argument("--games", type=int, default=4, help="games per deck pairing and seat")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    decks = [d.strip() for d in args.decks.split(",") if d.strip()]
    jobs = [(args.mcts, opp.strip(), dm, do, seat, i, args.seed)
            for opp in args.opponents.split(",") for dm in decks for do in decks
            for seat in (0, 1) for i in range(args.games)]
    started = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(_one, jobs, chunksize=1))
    else:
        results = [_one(j) for j in jobs]
    out = {"mcts": args.mcts, "decks": decks, "games_per_pairing_and_seat": args.games, "seed": args.seed,
           "wall_seconds": round(time.perf_counter() - started, 1), "opponents": {}}
    for opp in dict.fromkeys(r["opponent"] for r in results):
        rs = [r for r in results if r["opponent"] == opp]
        n = len(rs)
        wins = sum(r["win"] for r in rs)
        lo, hi = wilson(wins, n)
        dec = sum(r["decisions"] for r in rs)
        srch = sum(r["searched"] for r in rs)
        by_deck = {}
        for d in decks:
            sub = [r for r in rs if r["deck"] == d]
            by_deck[d] = round(sum(r["win"] for r in sub) / len(sub), 3) if sub else None
        out["opponents"][opp] = {
            "games": n, "wins": wins, "win_rate": round(wins / n, 4), "wilson95": [round(lo, 4), round(hi, 4)],
            "win_rate_first": _rate([r for r in rs if r["first"]]),
            "win_rate_second": _rate([r for r in rs if not r["first"]]),
            "win_rate_by_mcts_deck": by_deck,
            "ms_per_decision": round(1000 * sum(r["seconds"] for r in rs) / max(dec, 1), 2),
            "ms_per_searched_decision": round(1000 * sum(r["searched_seconds"] for r in rs) / max(srch, 1), 2),
            "cpu_ms_per_decision": round(1000 * sum(r["cpu_seconds"] for r in rs) / max(dec, 1), 2),
            "decisions_per_game": round(dec / n, 1), "searched_per_game": round(srch / n, 1),
            "mean_turns": round(sum(r["turns"] for r in rs) / n, 2),
        }
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{args.mcts}: decks {','.join(decks)}, {args.games} games per pairing and seat, seed {args.seed}, "
              f"{out['wall_seconds']} s")
        for opp, s in out["opponents"].items():
            lo, hi = s["wilson95"]
            print(f"  vs {opp:10} {s['wins']:g}/{s['games']} = {100 * s['win_rate']:.1f}% "
                  f"[95% CI {100 * lo:.1f}-{100 * hi:.1f}%]  {s['ms_per_decision']} ms/decision "
                  f"(CPU {s['cpu_ms_per_decision']} ms) "
                  f"({s['ms_per_searched_decision']} ms/searched decision, {s['searched_per_game']} searched/game)  "
                  f"by deck {s['win_rate_by_mcts_deck']}")
    return 0


def _rate(rs: list) -> float | None:
    return round(sum(r["win"] for r in rs) / len(rs), 3) if rs else None


if __name__ == "__main__":
    raise SystemExit(main())
