"""The live games of a server: sessions, seat tokens, the agents that answer on the server side, and the
SQLite store that lets a game outlive the server.

A :class:`LiveGame` is one :class:`~tcgsim.core.session.Session` plus what a server adds around it: the
opponent agent (or a friend in the other seat), an ``asyncio.Lock`` so that one message at a time reaches
the session, and each seat's open WebSockets. :class:`Hub` creates games (decks checked by the game,
tokens drawn from :mod:`secrets`), rebuilds a stored game by replaying its answers, and after every change
lets the agent answer and pushes each seat its own messages (``Session.status``): a connection never
receives anything built for the other seat.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from ..agents.human import AGENT_PACE_MS
from ..core.rng import derive_seed
from ..core.session import Session, act, seat_name
from ..errors import UserError
from .store import GameRecord, GameStore

FRIEND = "friend"
"""The opponent name of a game whose second seat is a person with the invitation link."""

MAX_ITERATIONS = 5000
MAX_MS = 10_000
"""The largest MCTS budgets a browser may ask for (iterations; milliseconds per decision)."""

MAX_LIVE = 2000
"""Games kept in memory; beyond it finished games are dropped first (they stay in the store)."""


@dataclass
class LiveGame:
    """One game on the server. ``agent_seat`` is the seat its agent plays (``None`` in a friend game)."""

    record: GameRecord
    session: Session
    agent: Any
    agent_seat: int | None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: tuple[set, set] = field(default_factory=lambda: (set(), set()))
    stored: int = 0  # answers already in the store

    def hello(self, seat: int, base_url: str = "", invite: str | None = None) -> dict:
        """The first message to a seat's connection: ``{"type": "hello", "game", "seat", "opponent",
        "decks": {"p1": NAME, "p2": NAME}, "invite": URL | None, "rules": "onepiece" | "bleach"}`` (``invite``
        only for p1 of a friend game; ``rules``: the card game, whose board the client draws)."""
        r = self.record
        return {"type": "hello", "game": r.id, "seat": seat_name(seat), "opponent": r.opponent,
                "decks": {"p1": r.deck_a_name, "p2": r.deck_b_name}, "invite": invite, "rules": r.game}


class Hub:
    """Every game of one server, backed by ``store``; ``module`` is the game (ONE PIECE by default).

    ``pace_ms``: the least time (milliseconds) from a person's answer in a game against an agent to the
    messages that answer brings them (issue 18 point 6: the agent's thinking, or its decisions taken at once
    because they had a single option, must not show in the timing); ``clock`` (seconds) and ``sleep`` (an
    ``async`` function of seconds) measure and wait it, and are replaced by a test's fake clock.
    """

    def __init__(self, store: GameStore, module, db=None, pace_ms: float = AGENT_PACE_MS,
                 clock=time.monotonic, sleep=asyncio.sleep) -> None:
        self.store = store
        self.module = module
        self.db = db if db is not None else module.default_database()
        self.games: dict[str, LiveGame] = {}
        self.pace_ms, self.clock, self.sleep = float(pace_ms), clock, sleep

    async def pace(self, since: float) -> None:
        """Wait until :attr:`pace_ms` milliseconds have passed since ``since`` (a :attr:`clock` reading)."""
        left = self.pace_ms / 1000.0 - (self.clock() - since)
        if left > 0:
            await self.sleep(left)

    # ------------------------------------------------------------------ creating and loading
    def deck(self, name: str | None, text: str | None, who: str):
        """A legal deck from a bundled name or a pasted decklist (any format the game reads). Raises
        :class:`UserError` with the game's own words (``your deck, line 3: ...``)."""
        if (name is None) == (text is None):
            raise UserError(f"{who}: give a bundled deck name or a decklist, not both or neither")
        if name is not None:
            names = self.module.deck_names()
            if name not in names:  # a name only: never a path on the server
                raise UserError(f"{who}: unknown deck {name!r}; bundled decks: {', '.join(names)}")
            return self.module.load_deck(name, self.db)
        deck = self.module.parse_deck(text, self.db, who)
        problems = self.module.deck_problems(deck, self.db)
        if problems:
            raise UserError("\n".join(problems))
        return deck

    def check_opponent(self, opponent: str) -> str:
        """``opponent`` normalized (``random``, ``heuristic``, ``mcts:200``, ``mcts:500ms``, ``friend``);
        raises :class:`UserError` for an unknown agent or a budget over :data:`MAX_ITERATIONS` / :data:`MAX_MS`."""
        spec = opponent.strip().lower()
        if spec == FRIEND:
            return spec
        if spec.startswith("proc:"):  # a browser must never name a program for the server to run
            raise UserError(f"opponent {opponent!r}: an agent in another process is for the command line only")
        self.module.make_agent(spec, 0, self.db)  # raises UserError naming the known agents
        _, _, budget = spec.partition(":")
        if budget:
            ms = budget.endswith("ms")
            value = float(budget[:-2] if ms else budget)
            if value > (MAX_MS if ms else MAX_ITERATIONS):
                raise UserError(f"opponent {opponent!r}: at most {MAX_MS}ms or {MAX_ITERATIONS} iterations per decision")
        return spec

    def create(self, deck_a, deck_b, opponent: str, seed: int | None = None) -> tuple[LiveGame, str, str]:
        """A new game of ``deck_a`` (p1, the player who creates it) against ``deck_b`` played by
        ``opponent``; returns the game and the two seats' secret tokens. ``seed``: drawn at random when ``None``."""
        opponent = self.check_opponent(opponent)
        if seed is None:
            seed = secrets.randbits(63)
        record = GameRecord(
            id=secrets.token_hex(8), game=self.module.name,
            deck_a=self.module.deck_text(deck_a), deck_a_name=deck_a.name or "your deck",
            deck_b=self.module.deck_text(deck_b), deck_b_name=deck_b.name or "opponent's deck",
            seed=seed, opponent=opponent, answers=(), conceded=None)
        tokens = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
        self.store.create(record, *tokens)
        live = self._live(record)
        self.store.add_answers(record.id, 0, live.session.indices)
        live.stored = len(live.session.indices)
        return live, tokens[0], tokens[1]

    def _live(self, record: GameRecord) -> LiveGame:
        m, db = self.module, self.db
        a = m.parse_deck(record.deck_a, db, "deck A")
        b = m.parse_deck(record.deck_b, db, "deck B")
        session = Session.start(m, a, b, db, record.seed, first=None, log=True,
                                options=getattr(m, "person_options", None))
        for index in record.answers:  # deterministic: the same answers rebuild the same game
            session.answer(session.to_act, index)
        if record.conceded is not None:
            session.concede(record.conceded)
        agent, agent_seat = None, None
        if record.opponent != FRIEND:
            agent_seat = 1
            agent = m.make_agent(record.opponent, derive_seed(record.seed, "agent", agent_seat), db)
        live = LiveGame(record, session, agent, agent_seat, stored=len(record.answers))
        if len(self.games) >= MAX_LIVE:
            self._evict()
        self.games[record.id] = live
        return live

    def _evict(self) -> None:
        idle = [k for k, g in self.games.items() if not (g.conns[0] or g.conns[1]) and not g.lock.locked()]
        idle.sort(key=lambda k: not self.games[k].session.over)  # finished games first
        for k in idle[: max(1, len(idle) // 2)]:
            del self.games[k]

    def get(self, game_id: str) -> LiveGame | None:
        """The live game ``game_id``, rebuilt from the store after a restart; ``None`` if unknown."""
        live = self.games.get(game_id)
        if live is None:
            record = self.store.load(game_id)
            if record is None or record.game != self.module.name:  # a game of another card game's server
                return None
            live = self._live(record)
        return live

    # ------------------------------------------------------------------ changes
    def persist(self, live: LiveGame, conceded: int | None = None) -> None:
        """Store the answers given since the last call (every decision is stored as it is made)."""
        s = live.session
        if len(s.indices) > live.stored:
            self.store.add_answers(live.record.id, live.stored, s.indices[live.stored:])
            live.stored = len(s.indices)
        if conceded is not None:
            self.store.set_conceded(live.record.id, conceded)

    async def run_agent(self, live: LiveGame) -> None:
        """Let the agent answer while its seat decides (in a worker thread: a search agent takes its budget
        per decision), storing each answer. Call with ``live.lock`` held."""
        s = live.session
        while live.agent is not None and not s.over and s.to_act == live.agent_seat:
            await asyncio.to_thread(act, s, live.agent)
            self.persist(live)

    async def push(self, live: LiveGame, seats=(0, 1)) -> None:
        """Send each connected seat of ``seats`` its own messages (``Session.status``). Lock held."""
        for seat in seats:
            conns = list(live.conns[seat])
            if not conns:
                continue  # its log lines wait for its next connection
            messages = live.session.status(seat)
            for ws in conns:
                try:
                    for m in messages:
                        await ws.send_json(m)
                except Exception:  # a connection closing under us: its handler cleans up
                    live.conns[seat].discard(ws)
