"""The web server of ``tcgsim serve``: the browser client, a small JSON API to start games, and one
WebSocket per seat speaking the session's JSON protocol (``docs/protocol.md``, ``docs/browser.md``).

Routes:

* ``GET /``: the client (``static/index.html``; plain HTML, CSS and JavaScript, no build step).
* ``GET /api/setup``: ``{"decks": [NAME, ...], "agents": [{"name", "budget"}, ...]}``.
* ``POST /api/games``: ``{"deck": {"name": N} | {"text": T}, "opponent_deck": ..., "opponent": "random" |
  "heuristic" | "mcts:200" | "mcts:500ms" | "friend", "seed"?: S}`` → ``{"game", "token", "invite",
  "unsupported": ["NUMBER NAME", ...]}`` (the decks' cards with text the engine does not support); a deck or
  opponent the game refuses → status 400 ``{"error": TEXT}`` in the engine's words.
* ``GET /api/cards/{number}``: a card's printed data and image URL (``GameModule.card_info``).
* ``WS /ws/{game}?token=T``: the seat that ``T`` opens. It receives ``hello`` and then only that seat's
  messages; it sends the protocol's messages, each refused as the session refuses it (``error`` with a
  code) or, beyond :data:`RATE` messages a second, with the code ``rate-limited``.
"""

from __future__ import annotations

import time
from importlib import resources
from pathlib import Path

from fastapi import FastAPI, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field

from ..agents.human import AGENT_PACE_MS
from ..errors import UserError
from .hub import FRIEND, Hub
from .store import GameStore

RATE = 20.0
BURST = 40
"""Messages a connection may send: :data:`RATE` a second on average, bursts of :data:`BURST`."""

MAX_FRAME = 16_384
"""The WebSocket frame limit (bytes) given to uvicorn; the session refuses messages over 4,096 bytes."""

STATIC = Path(str(resources.files("tcgsim.web").joinpath("static")))


class _DeckChoice(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str | None = Field(default=None, max_length=40)
    text: str | None = Field(default=None, max_length=20_000)


class NewGame(BaseModel):
    """The body of ``POST /api/games``."""

    model_config = ConfigDict(extra="forbid")
    deck: _DeckChoice
    opponent_deck: _DeckChoice
    opponent: str = Field(max_length=40)
    seed: int | None = Field(default=None, ge=0, lt=2**63)  # to replay a game; drawn at random when absent


class RateLimit:
    """A token bucket: :meth:`allow` is true for at most ``burst`` messages at once and ``rate`` a second
    on average (time from ``clock``, in seconds)."""

    def __init__(self, rate: float = RATE, burst: int = BURST, clock=time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.last = float(burst), clock()

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def agents_on_offer(module) -> list[dict]:
    """The opponents a player may pick: every agent of the game with its budget (MCTS: iterations per
    decision, default 200), then ``friend``."""
    out = []
    for name in module.agent_names():
        out.append({"name": name, "budget": {"iterations": 200} if name == "mcts" else None})
    out.append({"name": FRIEND, "budget": None})
    return out


def create_app(db_path: str | Path, module=None, rate: float = RATE, burst: int = BURST,
               pace_ms: float = AGENT_PACE_MS) -> FastAPI:
    """The application serving the games stored in ``db_path`` (SQLite, created if missing) of ``module``
    (default: the ONE PIECE CARD GAME); each connection may send ``rate`` messages a second (bursts of
    ``burst``); against an agent, an answer's messages come at least ``pace_ms`` milliseconds after it
    (:class:`Hub`). Raises :class:`UserError` if the file cannot be opened."""
    from ..core.games import get_game

    module = module or get_game("onepiece")
    hub = Hub(GameStore(db_path), module, pace_ms=pace_ms)
    app = FastAPI(title="tcgsim", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.hub = hub
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/")
    async def index():
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})

    @app.get("/api/setup")
    async def setup():
        return {"game": module.title, "decks": module.deck_names(), "agents": agents_on_offer(module)}

    @app.get("/api/cards/{number}")
    async def card(number: str):
        try:
            return module.card_info(number[:40], hub.db)
        except UserError as exc:
            return JSONResponse({"error": str(exc)}, status_code=404)

    @app.post("/api/games")
    async def new_game(body: NewGame):
        try:
            a = hub.deck(body.deck.name, body.deck.text, "your deck")
            b = hub.deck(body.opponent_deck.name, body.opponent_deck.text, "the opponent's deck")
            live, mine, theirs = hub.create(a, b, body.opponent, body.seed)
        except UserError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        invite = theirs if live.agent is None else None
        # cards whose text the engine does not understand: the player is told before playing
        unsupported = [f"{u['number']} {u['name']}" for u in module.unsupported_cards(a, b, hub.db)]
        return {"game": live.record.id, "token": mine, "invite": invite, "unsupported": unsupported}

    @app.websocket("/ws/{game_id}")
    async def seat_socket(ws: WebSocket, game_id: str, token: str = ""):
        await ws.accept()
        seat = hub.store.seat_of(game_id[:40], token[:100]) if token else None
        live = hub.get(game_id) if seat is not None else None
        if live is None:
            await ws.send_json({"type": "error", "code": "unknown-token",
                                "message": "no game has this link: the game or its token is unknown"})
            await ws.close(code=4403)
            return
        limit = RateLimit(rate, burst)
        async with live.lock:
            live.conns[seat].add(ws)
            live.session.rewind_events(seat)  # a (re)connecting client rebuilds its whole log
            await ws.send_json(live.hello(seat))
            await hub.push(live, (seat,))
        try:
            async with live.lock:  # after a restart, or when the agent goes first, it may be the agent's turn
                if live.agent is not None and live.session.to_act == live.agent_seat:
                    await hub.run_agent(live)
                    await hub.push(live)
            while True:
                event = await ws.receive()
                if event["type"] == "websocket.disconnect":
                    break
                data = event.get("text")
                if data is None:
                    data = event.get("bytes") or b""
                if not limit.allow():
                    await ws.send_json({"type": "error", "code": "rate-limited",
                                        "message": f"too many messages: at most {rate:g} a second"})
                    continue
                await _message(hub, live, seat, ws, data)
        except WebSocketDisconnect:
            pass
        finally:
            live.conns[seat].discard(ws)

    return app


async def _message(hub: Hub, live, seat: int, ws: WebSocket, data) -> None:
    """One message of ``seat``: the session's replies to it, then (after a change) the agent's answers and
    each seat's new messages. Against an agent, what an answer brings its seat comes no sooner than
    ``hub.pace_ms`` after the answer (:meth:`Hub.pace`), whether the agent thought, had its decisions taken at
    once (a single option) or had none: its pauses tell nothing of its hidden cards (issue 18 point 6)."""
    s = live.session
    async with live.lock:
        received = hub.clock()
        before, over = len(s.indices), s.over
        replies = s.handle(seat, data)
        conceded = seat if s.over and not over and s.end_reason == "concede" else None
        hub.persist(live, conceded)
        if replies and replies[0]["type"] == "error":
            await ws.send_json(replies[0])  # refused: nothing changed
            return
        changed = len(s.indices) != before or conceded is not None
        paced = changed and live.agent is not None and conceded is None
        n = len(s.indices)
        if paced:  # the agent answers first; then the floor; then this seat hears of both
            await hub.run_agent(live)
            await hub.pace(received)
        others = [c for c in live.conns[seat] if c is not ws]
        for m in replies:
            for c in (ws, *others):
                await c.send_json(m)
        if changed:
            if not paced:
                await hub.run_agent(live)
            # the acting seat already has its messages, unless the agent answered since
            await hub.push(live, (0, 1) if len(s.indices) != n else (1 - seat,))


def server(app, host: str = "127.0.0.1", port: int = 0):
    """A ``uvicorn.Server`` for ``app`` on ``host:port`` with the frame limit :data:`MAX_FRAME`; run it with
    ``.run()`` (or ``.run(sockets=[sock])`` on a socket already bound, as the tests do)."""
    import uvicorn

    config = uvicorn.Config(app, host=host, port=port, log_level="warning", ws_max_size=MAX_FRAME,
                            lifespan="off", ws_ping_interval=None)
    return uvicorn.Server(config)
