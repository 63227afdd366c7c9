"""Games kept in SQLite: enough to rebuild each one after a server restart.

A game is its decks (as the game's deck text), seed, opponent and the answers so far (option indices, one
row per decision): the engine is deterministic, so replaying the answers through a
:class:`~tcgsim.core.session.Session` gives back the same game, byte for byte (docs/protocol.md). Seat
tokens are stored as SHA-256 digests only, so the file does not hand out seats.
"""

from __future__ import annotations

import hashlib
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path

from ..batch.store import APPLICATION_ID as BATCH_ID, close_quietly, damage_found
from ..errors import UserError

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    deck_a TEXT NOT NULL, deck_a_name TEXT NOT NULL,
    deck_b TEXT NOT NULL, deck_b_name TEXT NOT NULL,
    seed INTEGER NOT NULL,
    opponent TEXT NOT NULL,          -- an agent name with its budget (mcts:200), or 'friend'
    token_p1 TEXT NOT NULL,          -- sha256 of the seat's secret token
    token_p2 TEXT NOT NULL,
    conceded INTEGER,                -- the seat (0/1) that conceded, or NULL
    created REAL NOT NULL DEFAULT (julianday('now'))
);
CREATE TABLE IF NOT EXISTS answers (
    game TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,              -- decision number (0-based): the request's "decision"
    answer INTEGER NOT NULL,         -- the option index
    PRIMARY KEY (game, n)
);
"""


SERVER_APPLICATION_ID = 0x74637376
"""SQLite ``application_id`` of a ``tcgsim serve`` database ("tcsv"); ``simulate``/``gauntlet`` files carry
:data:`tcgsim.batch.store.APPLICATION_ID` ("tcgs") instead, and neither opens the other's."""

_COLUMNS = {
    "games": {"id", "game", "deck_a", "deck_a_name", "deck_b", "deck_b_name", "seed", "opponent", "token_p1",
              "token_p2", "conceded", "created"},
    "answers": {"game", "n", "answer"},
}


def token_digest(token: str) -> str:
    """The stored form of a seat token: its SHA-256 digest in hex."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class GameRecord:
    """One stored game: ``deck_a``/``deck_b`` are deck texts (``GameModule.deck_text``), ``opponent`` an
    agent name (``random``, ``mcts:200``, ...) or ``"friend"``, ``answers`` the option indices in order,
    ``conceded`` the seat (0/1) that conceded or ``None``."""

    id: str
    game: str
    deck_a: str
    deck_a_name: str
    deck_b: str
    deck_b_name: str
    seed: int
    opponent: str
    answers: tuple[int, ...]
    conceded: int | None


class GameStore:
    """The SQLite file of a server (``path``; created with its folder). Safe to use from several threads
    (one connection behind a lock; WAL journal so each decision's commit is cheap). Raises
    :class:`~tcgsim.errors.UserError` when the file cannot be opened."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            if self.path.is_dir():
                raise UserError(f"--db {path}: is a folder, not a game database")
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._check_owner(path)  # before any write: another program's file is left as it is
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(_SCHEMA)
            self._db.execute(f"PRAGMA application_id={SERVER_APPLICATION_ID}")
        except sqlite3.DatabaseError as exc:
            close_quietly(getattr(self, "_db", None))
            if "malformed" in str(exc) or "not a database" in str(exc):
                raise UserError(f"--db {path}: the game database is damaged (corrupt) or not an SQLite file "
                                f"({exc}); left unchanged") from None
            raise UserError(f"--db {path}: cannot open the game database: {exc}") from None
        except OSError as exc:
            raise UserError(f"--db {path}: cannot open the game database: {exc}") from None
        self._lock = threading.Lock()

    def _check_owner(self, path) -> None:
        """Raise :class:`~tcgsim.errors.UserError` unless the open file is a new (empty) file or a database of
        ``tcgsim serve``: its ``application_id`` is :data:`SERVER_APPLICATION_ID`, or (a file written before
        the id was set) its tables are exactly ``games`` and ``answers`` with their columns. A damaged file is
        named so (``PRAGMA quick_check``). Reads only."""

        app_id = self._db.execute("PRAGMA application_id").fetchone()[0]
        tables = {r[0] for r in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if app_id == 0 and not tables:
            return
        problem = None
        if app_id == BATCH_ID:
            problem = ("a `tcgsim simulate`/`gauntlet` game database (read by `tcgsim report`), not a "
                       "`tcgsim serve` one")
        elif app_id not in (0, SERVER_APPLICATION_ID):
            problem = f"not a tcgsim serve database (application id {app_id:#x})"
        elif tables != set(_COLUMNS) or any(self._columns(t) != cols for t, cols in _COLUMNS.items()):
            problem = "not a tcgsim serve database (tables " + ", ".join(sorted(tables)) + ")"
        elif (damage := damage_found(self._db)) is not None:
            problem = f"the game database is damaged (corrupt: {damage})"
        if problem:
            close_quietly(self._db)
            raise UserError(f"--db {path}: {problem}; left unchanged: give a new file or one written by "
                            "`tcgsim serve`")

    def _columns(self, table: str) -> set[str]:
        return {r[1] for r in self._db.execute(f"PRAGMA table_info({table})")}

    def create(self, record: GameRecord, token_p1: str, token_p2: str) -> None:
        """Store a new game and the digests of its two seat tokens."""
        with self._lock:
            self._db.execute(
                "INSERT INTO games (id, game, deck_a, deck_a_name, deck_b, deck_b_name, seed, opponent, "
                "token_p1, token_p2) VALUES (?,?,?,?,?,?,?,?,?,?)",
                (record.id, record.game, record.deck_a, record.deck_a_name, record.deck_b, record.deck_b_name,
                 record.seed, record.opponent, token_digest(token_p1), token_digest(token_p2)))

    def add_answers(self, game_id: str, start: int, answers) -> None:
        """Record ``answers`` (option indices) as decisions ``start``, ``start + 1``, ... of ``game_id``."""
        rows = [(game_id, start + k, a) for k, a in enumerate(answers)]
        if rows:
            with self._lock:
                self._db.executemany("INSERT OR REPLACE INTO answers (game, n, answer) VALUES (?,?,?)", rows)

    def set_conceded(self, game_id: str, seat: int) -> None:
        """Record that ``seat`` conceded ``game_id``."""
        with self._lock:
            self._db.execute("UPDATE games SET conceded = ? WHERE id = ? AND conceded IS NULL", (seat, game_id))

    def seat_of(self, game_id: str, token: str) -> int | None:
        """The seat (0/1) that ``token`` opens in ``game_id``, or ``None``: a token opens one seat of one game."""
        digest = token_digest(token)
        with self._lock:
            row = self._db.execute("SELECT token_p1, token_p2 FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            return None
        return 0 if row[0] == digest else 1 if row[1] == digest else None

    def load(self, game_id: str) -> GameRecord | None:
        """The stored game ``game_id`` with its answers, or ``None``."""
        with self._lock:
            row = self._db.execute(
                "SELECT id, game, deck_a, deck_a_name, deck_b, deck_b_name, seed, opponent, conceded "
                "FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return None
            answers = tuple(a for (a,) in self._db.execute(
                "SELECT answer FROM answers WHERE game = ? ORDER BY n", (game_id,)))
        return GameRecord(*row[:8], answers=answers, conceded=row[8])

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._db.close()
