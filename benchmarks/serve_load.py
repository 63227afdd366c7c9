"""Load on `tcgsim serve`: many simultaneous games against the random agent through the WebSocket protocol.

Starts `tcgsim serve` on a free port of 127.0.0.1 (its own process, a temporary SQLite file), opens
``--games`` games (default 200) against the server's random agent, and connects one bot per game that
answers every request at once with a random option (a fast player). One more seat, the "human", answers at
a person's pace (one answer every ``--human-pause`` seconds) in its own game. Everything is bounded: it
stops when every game has ended or after ``--seconds`` (default 60), then stops the server.

Reports (JSON on stdout): answered decisions per second over the bots' games while they play (both the
bots' answers and the agent's, counted in the server's SQLite file), the bots' answer times (send → the seat's next request or the end,
p50/p99 in ms), the human seat's answer times, games finished, and rate-limit refusals. The answer time
includes the server's random agent playing its turn.

    PYTHONPATH=src .venv/bin/python benchmarks/serve_load.py [--games 200] [--seconds 60]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path


def free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def start_server(port: int, db: Path, pace_ms: float = 0.0) -> subprocess.Popen:
    exe = Path(sys.executable).with_name("tcgsim")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "tcgsim.cli"]
    proc = subprocess.Popen(cmd + ["serve", "--port", str(port), "--db", str(db), "--agent-pace-ms", str(pace_ms)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/setup", timeout=1):
                return proc
        except OSError:
            if proc.poll() is not None:
                raise SystemExit(f"the server did not start: {proc.stderr.read().decode()}")
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start within 60 s")


def new_game(port: int, seed: int) -> dict:
    body = json.dumps({"deck": {"name": "ST01"}, "opponent_deck": {"name": "ST02"}, "opponent": "random",
                       "seed": seed}).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}/api/games", body, {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.load(r)


async def seat(port: int, game: dict, rng: random.Random, times: list, stats: dict, deadline: float,
               pause: float = 0.0) -> None:
    """One seat: answer each request with a random option, timing send → next request (or the end)."""
    from websockets.asyncio.client import connect

    async with connect(f"ws://127.0.0.1:{port}/ws/{game['game']}?token={game['token']}", max_size=2**22,
                       open_timeout=60, ping_interval=None) as ws:
        request, sent = None, None
        while time.monotonic() < deadline:
            try:
                m = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, deadline - time.monotonic())))
            except asyncio.TimeoutError:
                break
            if m["type"] == "error":
                stats[m["code"]] = stats.get(m["code"], 0) + 1
                if m["code"] == "rate-limited" and request is not None:
                    await asyncio.sleep(0.1)
                    await ws.send(json.dumps(request))
                continue
            if m["type"] not in ("request", "over"):
                continue
            if sent is not None:
                times.append(time.monotonic() - sent)
            if m["type"] == "over":
                stats["finished"] = stats.get("finished", 0) + 1
                return
            if pause:
                await asyncio.sleep(pause)
            request = {"type": "answer", "decision": m["decision"], "index": rng.randrange(len(m["options"]))}
            sent = time.monotonic()
            await ws.send(json.dumps(request))


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    v = sorted(values)
    return v[min(len(v) - 1, int(q * len(v)))]


async def run(port: int, games: int, seconds: float, human_pause: float) -> dict:
    loop = asyncio.get_running_loop()
    created = await asyncio.gather(*[loop.run_in_executor(None, new_game, port, seed) for seed in range(games + 1)])
    start = time.monotonic()
    deadline = start + seconds
    bot_times, human_times, stats = [], [], {}
    human = asyncio.create_task(seat(port, created[-1], random.Random(-1), human_times, {}, deadline,
                                     pause=human_pause))
    await asyncio.gather(*[seat(port, g, random.Random(i), bot_times, stats, deadline)
                           for i, g in enumerate(created[:-1])])
    elapsed = time.monotonic() - start  # the load lasts while the bots play
    human.cancel()  # the human's game needs no end: it was there to be answered under load
    return {"elapsed": elapsed, "bot_times": bot_times, "human_times": human_times,
            "stats": stats, "ids": [g["game"] for g in created]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--human-pause", type=float, default=0.5)
    ap.add_argument("--agent-pace-ms", type=float, default=0.0,
                    help="the server's pacing floor (serve's default is 400 ms, a deliberate wait after each "
                         "answer against an agent: 0 measures the server itself)")
    args = ap.parse_args()
    if not 1 <= args.games <= 1000 or not 0 < args.seconds <= 600:
        ap.error("--games is 1 to 1000 and --seconds at most 600: the load stays bounded")
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "load.db"
        proc = start_server(port, db, args.agent_pace_ms)
        try:
            out = asyncio.run(run(port, args.games, args.seconds, args.human_pause))
        finally:
            proc.terminate()
            proc.wait(10)
        with sqlite3.connect(db) as con:
            human_game = out["ids"][-1]
            decisions = con.execute("SELECT COUNT(*) FROM answers WHERE game != ?", (human_game,)).fetchone()[0]
    bots, human = out["bot_times"], out["human_times"]
    report = {
        "games": args.games, "seconds": round(out["elapsed"], 1), "cpu_count": os.cpu_count(),
        "finished": out["stats"].get("finished", 0),
        "decisions": decisions, "decisions_per_second": round(decisions / out["elapsed"], 1),
        "bot_answers": len(bots),
        "bot_answer_ms_p50": round(1000 * percentile(bots, 0.5), 1),
        "bot_answer_ms_p99": round(1000 * percentile(bots, 0.99), 1),
        "human_answers": len(human),
        "human_answer_ms_p50": round(1000 * percentile(human, 0.5), 1),
        "human_answer_ms_p99": round(1000 * percentile(human, 0.99), 1),
        "human_answer_ms_max": round(1000 * max(human, default=float("nan")), 1),
        "refusals": {k: v for k, v in out["stats"].items() if k != "finished"},
    }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
