"""A real server for the web tests: uvicorn on a free localhost port in a thread of the test process (so a
test can stop it and start a new one on the same SQLite file: a server restart), and WebSocket clients."""

from __future__ import annotations

import json
import socket
import threading
import time

import pytest

from tcgsim.web.server import create_app, server


class LiveServer:
    """``url`` (``http://127.0.0.1:PORT``), ``app`` (its ``app.state.hub`` is the server's hub),
    :meth:`restart` (stop, then serve the same database file on the same port)."""

    def __init__(self, db_path, rate: float = 1000.0, pace_ms: float = 0.0, module=None) -> None:
        # bots answer at once: the rate limit and the pacing floor (test_pacing.py) have their own tests
        self.db_path, self.rate, self.pace_ms, self.module = db_path, rate, pace_ms, module
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        sock.close()
        self.url = f"http://127.0.0.1:{self.port}"
        self.start()

    def start(self) -> None:
        self.app = create_app(self.db_path, self.module, rate=self.rate, burst=int(self.rate), pace_ms=self.pace_ms)
        self.server = server(self.app, "127.0.0.1", self.port)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.app.state.hub.store.close()

    def restart(self) -> None:
        """A server restart: nothing survives but the SQLite file."""
        self.stop()
        self.start()

    @property
    def hub(self):
        return self.app.state.hub

    def new_game(self, opponent="random", deck="ST01", opponent_deck="ST02", seed=None) -> dict:
        """``POST /api/games`` with bundled decks: ``{"game", "token", "invite"}``."""
        import urllib.request

        body = json.dumps({"deck": {"name": deck}, "opponent_deck": {"name": opponent_deck},
                           "opponent": opponent, "seed": seed}).encode()
        req = urllib.request.Request(self.url + "/api/games", body, {"Content-Type": "application/json"})
        with urllib.request.urlopen(req) as r:
            return json.load(r)

    def ws_url(self, game: str, token: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{game}?token={token}"


@pytest.fixture
def live_server(tmp_path):
    s = LiveServer(tmp_path / "games.db")
    yield s
    s.stop()


class Seat:
    """A WebSocket client for one seat (the ``websockets`` sync client): :meth:`until` reads messages up to
    the seat's next request or the end of the game, keeping every message in ``received``."""

    def __init__(self, url: str) -> None:
        from websockets.sync.client import connect

        self.ws = connect(url, max_size=2**22).__enter__()
        self.received: list[dict] = []
        self.view = self.request = self.over = None

    def recv(self, timeout=30) -> dict:
        m = json.loads(self.ws.recv(timeout=timeout))
        self.received.append(m)
        if m["type"] == "view":
            self.view, self.request = m["view"], None
        elif m["type"] == "request":
            self.request = m
        elif m["type"] == "over":
            self.over = m
        return m

    def until_view(self, timeout=20) -> list[dict]:
        """Messages up to this seat's next view."""
        out = [self.recv(timeout)]
        while out[-1]["type"] != "view":
            out.append(self.recv(timeout))
        return out

    def until(self, timeout=20) -> list[dict]:
        """Messages up to the next request of this seat or the ``over`` message."""
        out = []
        while True:
            m = self.recv(timeout)
            out.append(m)
            if m["type"] in ("request", "over"):
                return out

    def send(self, message) -> None:
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def close(self) -> None:
        self.ws.close()
