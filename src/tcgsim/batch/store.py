"""Finished games in SQLite (``tcgsim simulate --db FILE``, ``tcgsim gauntlet``), so that no result is lost.

A *run* is one pairing played with fixed arguments: deck A and deck B (their card lists, in file order),
the two agent names and the master seed. Its key is the SHA-256 of those arguments (:func:`run_key`; not
the number of games: game ``i`` is the same game for any ``-n``), so restarting an interrupted command, or
asking for more games, finds its run and plays only the games not stored yet; ``UNIQUE(run, game_index)``
guarantees that no game is stored twice.
A gauntlet pair (X, Y) is exactly the run of ``tcgsim simulate X Y`` with the same seed, agents and games.

Schema (version :data:`SCHEMA_VERSION`)::

    meta(key TEXT PRIMARY KEY, value TEXT)                 -- "schema": "1"
    decks(id TEXT PRIMARY KEY,                             -- SHA-256 (hex) of the OPTCGSim text below
          name TEXT, leader TEXT, list TEXT,               -- first name seen; OPTCGSim text, file order
          game TEXT)                                       -- the game's name ("onepiece", "bleach"; "" in a
                                                           -- store written before it was kept)
    runs(id INTEGER PRIMARY KEY, key TEXT UNIQUE,          -- key: see run_key()
         deck_a TEXT, deck_b TEXT,                         -- decks.id of seat A (player 1) and seat B
         agent_a TEXT, agent_b TEXT, seed TEXT,            -- seed in decimal (it may not fit SQLite's INTEGER)
         games INTEGER, created TEXT, version TEXT,        -- most games asked for; ISO 8601 UTC; tcgsim version
         cards TEXT)                                       -- the card database's version ("" if not kept)
    games(run INTEGER, game_index INTEGER,                 -- UNIQUE(run, game_index)
          seed TEXT, first TEXT, winner TEXT,              -- game seed (decimal); "A"/"B"; "A"/"B"/"draw"
          turns INTEGER, end_reason TEXT,
          decisions INTEGER, log TEXT,                     -- answered decisions; JSON list of notation strings
          fingerprint TEXT, finished TEXT,                 -- SHA-256 of the final fingerprint; ISO 8601 UTC
          events TEXT)                                     -- JSON list of the referee's log lines ([] unless
                                                           -- the run keeps a game log)

The database runs in WAL mode with ``synchronous=NORMAL`` and every game is committed as it is stored: a
killed process loses at most the game being played. Only the parent process writes; workers never open it.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Iterable, Literal, Sequence

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, Json, StrictInt, StrictStr, ValidationError

from .. import __version__
from ..errors import UserError
from ..core.games import module_of


def deck_text(deck) -> str:
    """A deck in its game's text format (OPTCGSim text for the ONE PIECE CARD GAME)."""
    return module_of(deck).deck_text(deck)

SCHEMA_VERSION = 1

APPLICATION_ID = 0x74636773
"""SQLite ``application_id`` of a tcgsim game database ("tcgs"): a file without it is not ours to write."""

_TABLES = {"meta", "decks", "runs", "games"}

_ADDED_COLUMNS = (("games", "events", "[]"), ("decks", "game", ""), ("runs", "cards", ""))
"""Columns added after the first stores were written: ``(table, column, default)``, added on opening."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS decks(
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    leader TEXT NOT NULL,
    list TEXT NOT NULL,
    game TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS runs(
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    deck_a TEXT NOT NULL REFERENCES decks(id),
    deck_b TEXT NOT NULL REFERENCES decks(id),
    agent_a TEXT NOT NULL,
    agent_b TEXT NOT NULL,
    seed TEXT NOT NULL,
    games INTEGER NOT NULL,
    created TEXT NOT NULL,
    version TEXT NOT NULL,
    cards TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS games(
    run INTEGER NOT NULL REFERENCES runs(id),
    game_index INTEGER NOT NULL,
    seed TEXT NOT NULL,
    first TEXT NOT NULL CHECK(first IN ('A', 'B')),
    winner TEXT NOT NULL CHECK(winner IN ('A', 'B', 'draw')),
    turns INTEGER NOT NULL,
    end_reason TEXT NOT NULL,
    decisions INTEGER NOT NULL,
    log TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    finished TEXT NOT NULL,
    events TEXT NOT NULL DEFAULT '[]',
    UNIQUE(run, game_index)
);
"""


class StoreError(UserError):
    """The file cannot be opened or is not a tcgsim game database (the CLI exits with status 2)."""


# -- the rows, as read back --------------------------------------------------------------------------------
# Every row read is validated against one of the models below before it is used, so that a row another program
# (or a damaged page) left with a wrong type, a missing value or a log column that is not a JSON list of strings
# is a StoreError naming the file, the table and the row, never a traceback further on.

MAX_TEXT = 200_000
"""The longest deck list, deck name or other text column read (a deck list is under 1 KB)."""
MAX_LOG_CHARS = 4_000_000
"""The longest ``log`` or ``events`` column read: checked before it is parsed as JSON (as a game log line,
:data:`tcgsim.batch.gamelog.MAX_LINE_BYTES`)."""
MAX_STORED_DECISIONS = 50_000
"""Most decisions a stored game may hold (the runner's guard, :data:`tcgsim.batch.runner.MAX_DECISIONS`)."""


def _at_most_log_chars(value):
    """A check, before JSON parsing, that a column's text is at most :data:`MAX_LOG_CHARS` characters."""
    if isinstance(value, (str, bytes)) and len(value) > MAX_LOG_CHARS:
        raise ValueError(f"longer than {MAX_LOG_CHARS} characters")
    return value


_Text = Annotated[StrictStr, Field(max_length=MAX_TEXT)]
_Seed = Annotated[StrictStr, Field(pattern=r"^-?[0-9]{1,100}$")]  # decimal: a seed may not fit SQLite's INTEGER
_Count = Annotated[StrictInt, Field(ge=0)]
_Decisions = Annotated[Json[Annotated[list[_Text], Field(max_length=MAX_STORED_DECISIONS)]], BeforeValidator(_at_most_log_chars)]
_Events = Annotated[Json[list[_Text]], BeforeValidator(_at_most_log_chars)]


class _Row(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _RunRow(_Row):
    id: StrictInt
    key: _Text
    deck_a: _Text
    deck_b: _Text
    name_a: _Text
    name_b: _Text
    agent_a: _Text
    agent_b: _Text
    seed: _Seed
    games: _Count
    created: _Text
    version: _Text
    cards: _Text


class _DeckRow(_Row):
    id: _Text
    name: _Text
    leader: _Text
    list: _Text
    game: _Text


class _GameRow(_Row):
    run: StrictInt
    game_index: _Count
    seed: _Seed
    first: Literal["A", "B"]
    winner: Literal["A", "B", "draw"]
    turns: _Count
    end_reason: _Text
    decisions: _Count


class _LoggedRow(_Row):
    game_index: _Count
    seed: _Seed
    first: Literal["A", "B"]
    winner: Literal["A", "B", "draw"]
    turns: _Count
    end_reason: _Text
    log: _Decisions
    fingerprint: _Text
    events: _Events


class _LogRow(_Row):
    log: _Decisions


class _IndexRow(_Row):
    game_index: _Count


def _shown(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:60] + "…"


def _typed(model: type[_Row], path: Path, table: str, row: Sequence) -> _Row:
    """``row`` (its ``rowid`` first, then the model's fields in order) as ``model``. Raises
    :class:`StoreError` naming the file, the table, the row and the column that does not fit (a NULL is a
    missing value)."""
    rowid, values = row[0], row[1:]
    try:
        return model.model_validate({k: v for k, v in zip(model.model_fields, values) if v is not None})
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        column = ".".join(str(x) for x in err["loc"]) or "row"
        value = "missing" if err["type"] == "missing" else f"{err['msg']}, not {_shown(err.get('input'))}"
        raise StoreError(f"{path}: not a tcgsim game database or a damaged one: corrupt row {rowid} of table "
                         f"{table}: {column}: {value}") from None


def deck_id(deck) -> str:
    """The identity of a deck's contents: SHA-256 (hex) of its text (:func:`deck_text`: for the ONE PIECE CARD
    GAME the Leader, then the main deck entries in file order; name and source do not count)."""
    return hashlib.sha256(deck_text(deck).encode()).hexdigest()


def deck_label(deck) -> str:
    """The name a deck is stored and shown under: its name, else its source."""
    return deck.name or deck.source or "deck"


def run_key(deck_a, deck_b, agents: Sequence[str], seed: int, games: int | None = None) -> str:
    """SHA-256 (hex) of what decides a run's games: both decks' contents (order kept: it changes the games),
    the two agent names and the master seed. Game ``i`` of a run is the same game whatever the number of
    games asked for, so ``games`` is not part of the key: asking for more games later adds the missing ones,
    and no game is stored twice. (``games`` is accepted and ignored, for callers that pass it.)"""
    payload = {
        "format": "tcgsim-run/2",
        "deck_a": deck_text(deck_a),
        "deck_b": deck_text(deck_b),
        "agents": [str(a) for a in agents],
        "seed": str(int(seed)),
    }
    return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()


@dataclass(frozen=True)
class Run:
    """A stored run: database ``id``, ``key`` (see :func:`run_key`), decks' ids and names by seat, agents,
    master ``seed``, planned ``games``; when it was ``created`` (ISO 8601 UTC), the tcgsim ``version`` that
    created it and its card database's version ``cards`` ("" when not recorded)."""

    id: int
    key: str
    deck_a: str
    deck_b: str
    name_a: str
    name_b: str
    agents: tuple[str, str]
    seed: int
    games: int
    created: str = ""
    version: str = ""
    cards: str = ""


@dataclass(frozen=True)
class StoredGame:
    """One stored game, read back. ``decisions`` is the number of answered decisions; ``indices`` is
    ``range(decisions)`` so that :func:`tcgsim.batch.runner.summarize` (which only counts it) accepts it."""

    run: int
    game: int
    seed: int
    first: str
    winner: str
    turns: int
    end_reason: str
    decisions: int

    @property
    def indices(self) -> range:
        return range(self.decisions)


def _reason(exc: sqlite3.OperationalError) -> str:
    """An SQLite operational error in words a user can act on (permission, disk full, locked)."""
    text = str(exc)
    if "readonly" in text:
        return f"permission denied: the game database cannot be written ({text})"
    if "unable to open" in text:
        return f"permission denied or missing folder: the game database cannot be opened ({text})"
    if "disk is full" in text or "disk I/O" in text:
        return f"the disk is full: the game database cannot grow ({text})"
    if "locked" in text:
        return f"the game database is locked by another program ({text})"
    return f"game database error ({text})"


def damage_found(conn: sqlite3.Connection) -> str | None:
    """``None`` when SQLite's ``PRAGMA quick_check`` finds the open database sound, else the first problem it
    reports, on one line (at most 200 characters). Reads only: run it before any write, so that a damaged
    file is named and left as it is (the ``simulate`` and ``serve`` stores)."""
    row = conn.execute("PRAGMA quick_check(1)").fetchone()
    if row is not None and row[0] == "ok":
        return None
    return " ".join(str(row and row[0]).replace("*** in database main ***", "").split())[:200]


def close_quietly(conn: sqlite3.Connection | None) -> None:
    """Close ``conn`` (if any) on the way out of a refused open; a close that fails adds nothing to the error
    being raised."""
    if conn is not None:
        try:
            conn.close()
        except sqlite3.Error:
            pass


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="milliseconds")


def _reads(method):
    """Make a reading method raise :class:`StoreError` naming the file, not SQLite's error, when the file is
    damaged (a malformed page, text that is not UTF-8, a value of the wrong type)."""
    import functools

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except (sqlite3.DatabaseError, UnicodeDecodeError, ValueError, TypeError) as exc:
            raise StoreError(f"{self.path}: the game database is damaged or not tcgsim's ({exc})") from None
    return wrapper


class GameStore:
    """A tcgsim game database (created if missing). Use as a context manager or call :meth:`close`.

    ``path``: the SQLite file. ``readonly``: open an existing file without creating or changing it (for
    reports). Raises :class:`StoreError` if the file cannot be opened, is not an SQLite database, or holds
    another schema version.
    """

    def __init__(self, path: str | Path, *, readonly: bool = False) -> None:
        self.path = Path(path)
        try:
            if self.path.is_dir():
                raise StoreError(f"{path}: is a folder, not a game database")
            if readonly:
                if not self.path.is_file():
                    raise StoreError(f"{path}: no such game database")
                self.conn = sqlite3.connect(f"file:{self.path.resolve()}?mode=ro", uri=True)
                self._check_owner(create=False)
            else:
                existed = self.path.is_file() and self.path.stat().st_size > 0
                if existed and not os.access(self.path, os.W_OK):
                    raise StoreError(f"{path}: permission denied: the game database cannot be written")
                if not existed and not self.path.parent.resolve().is_dir():
                    raise StoreError(f"{path}: no such folder {self.path.parent}")
                if not existed and not os.access(self.path.parent.resolve(), os.W_OK):
                    raise StoreError(f"{path}: permission denied: cannot create a file in {self.path.parent.resolve()}")
                self.conn = sqlite3.connect(self.path)
                self._check_owner(create=True)  # before any write: another program's database is left as it is
                self.conn.execute("PRAGMA journal_mode=WAL")
                self.conn.execute("PRAGMA synchronous=NORMAL")
                self.conn.execute("PRAGMA busy_timeout=10000")
                self.conn.executescript(_SCHEMA)
                for table, column, default in _ADDED_COLUMNS:  # a store written before they were kept
                    if column not in self._columns(table):
                        self.conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} TEXT NOT NULL DEFAULT '{default}'")
                self.conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
                self.conn.execute("INSERT OR IGNORE INTO meta(key, value) VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
                self.conn.commit()
            row = self.conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        except sqlite3.OperationalError as exc:
            raise StoreError(f"{path}: {_reason(exc)}") from None
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:  # a damaged file: names that are not UTF-8
            close_quietly(getattr(self, "conn", None))
            if "malformed" in str(exc):
                raise StoreError(f"{path}: the game database is damaged (corrupt: {exc}); left unchanged") from None
            if "not a database" in str(exc):
                raise StoreError(f"{path}: not a tcgsim game database (not an SQLite file, or one whose header "
                                 f"is damaged: {exc}); left unchanged") from None
            raise StoreError(f"{path}: not a tcgsim game database or a damaged one ({exc})") from None
        except OSError as exc:
            raise StoreError(f"{path}: cannot open the game database ({exc.strerror or exc})") from None
        if row is None or row[0] != str(SCHEMA_VERSION):
            self.conn.close()
            raise StoreError(f"{path}: unsupported game database schema {row and row[0]!r} (this tcgsim uses {SCHEMA_VERSION})")

    def _columns(self, table: str) -> set[str]:
        return {r[1] for r in self.conn.execute(f"PRAGMA table_info({table})")}

    def _check_owner(self, create: bool) -> None:
        """Raise :class:`StoreError` unless the open file is a tcgsim game database: its ``application_id``
        is :data:`APPLICATION_ID`, or (a store written before the id existed) its tables are exactly
        tcgsim's; an empty file is one only when ``create``. Reads only."""
        app_id = self.conn.execute("PRAGMA application_id").fetchone()[0]
        tables = {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if app_id == APPLICATION_ID or (app_id == 0 and tables == _TABLES):
            damage = damage_found(self.conn)  # before any write: a damaged file is named and left as it is
            if damage is None:
                return
            self.conn.close()
            raise StoreError(f"{self.path}: the game database is damaged (corrupt: {damage}); "
                             "left unchanged")
        if create and app_id == 0 and not tables:
            return
        self.conn.close()
        what = f"application id {app_id:#x}" if app_id else ("tables " + ", ".join(sorted(tables)) if tables else "no tables")
        raise StoreError(f"{self.path}: not a tcgsim game database ({what}); left unchanged" + (
            ": give a new file or one written by tcgsim" if create else ""))

    # -- writing -------------------------------------------------------------------------------------------

    def _ensure_deck(self, deck) -> str:
        did = deck_id(deck)
        self.conn.execute("INSERT OR IGNORE INTO decks(id, name, leader, list, game) VALUES (?, ?, ?, ?, ?)",
                          (did, deck_label(deck), deck.leader, deck_text(deck), module_of(deck).name))
        self.conn.execute("UPDATE decks SET game = ? WHERE id = ? AND game = ''", (module_of(deck).name, did))
        return did

    def ensure_run(self, deck_a, deck_b, agents: Sequence[str], seed: int, games: int, *, cards: str = "") -> Run:
        """The run with these decks, agents and seed, created if new (committed; see :func:`run_key`); its
        ``games`` is the largest number of games asked for so far. ``cards``: the card database's version
        (:func:`tcgsim.core.games.database_version`), recorded when the run is created."""
        key = run_key(deck_a, deck_b, agents, seed)
        a, b = self._ensure_deck(deck_a), self._ensure_deck(deck_b)
        self.conn.execute(
            "INSERT OR IGNORE INTO runs(key, deck_a, deck_b, agent_a, agent_b, seed, games, created, version, cards) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (key, a, b, str(agents[0]), str(agents[1]), str(int(seed)), int(games), _now(), __version__, cards),
        )
        self.conn.execute("UPDATE runs SET games = MAX(games, ?) WHERE key = ?", (int(games), key))
        self.conn.commit()
        return self.run(key)

    def add_game(self, run: Run | int, record, fingerprint_hash: str, *, commit: bool = True) -> None:
        """Store one finished game (a :class:`~tcgsim.batch.runner.GameRecord` whose ``game`` is its index
        in the run) and commit. A game already stored under that index is left as it is."""
        run_id = run.id if isinstance(run, Run) else int(run)
        try:
            self.conn.execute(
                "INSERT OR IGNORE INTO games(run, game_index, seed, first, winner, turns, end_reason, decisions, log, "
                "fingerprint, finished, events) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (run_id, int(record.game), str(record.seed), record.first, record.winner, int(record.turns),
                 record.end_reason, len(record.decisions), json.dumps(list(record.decisions), separators=(",", ":")),
                 fingerprint_hash, _now(), json.dumps(list(getattr(record, "events", ())), separators=(",", ":"))),
            )
            if commit:
                self.conn.commit()
        except sqlite3.OperationalError as exc:
            raise StoreError(f"{self.path}: {_reason(exc)}") from None

    def commit(self) -> None:
        """Commit pending writes; raises :class:`StoreError` (disk full, permission) when SQLite cannot."""
        try:
            self.conn.commit()
        except sqlite3.OperationalError as exc:
            raise StoreError(f"{self.path}: {_reason(exc)}") from None

    # -- reading -------------------------------------------------------------------------------------------

    @property
    def _run_sql(self) -> str:
        cards = "r.cards" if "cards" in self._columns("runs") else "''"  # a read-only store of before
        return ("SELECT r.rowid, r.id, r.key, r.deck_a, r.deck_b, da.name, db.name, r.agent_a, r.agent_b, r.seed, "
                f"r.games, r.created, r.version, {cards} FROM runs r JOIN decks da ON da.id = r.deck_a "
                "JOIN decks db ON db.id = r.deck_b")

    def _run(self, row) -> Run:
        r = _typed(_RunRow, self.path, "runs", row)
        return Run(r.id, r.key, r.deck_a, r.deck_b, r.name_a, r.name_b, (r.agent_a, r.agent_b), int(r.seed), r.games,
                   r.created, r.version, r.cards)

    @_reads
    def run(self, key: str) -> Run:
        """The run with this key. Raises ``KeyError`` if there is none."""
        row = self.conn.execute(self._run_sql + " WHERE r.key = ?", (key,)).fetchone()
        if row is None:
            raise KeyError(key)
        return self._run(row)

    @_reads
    def runs(self) -> list[Run]:
        """Every run, in creation order."""
        return [self._run(r) for r in self.conn.execute(self._run_sql + " ORDER BY r.id")]

    @_reads
    def decks(self) -> dict[str, dict]:
        """Every stored deck by id: ``{"name", "leader", "list", "game"}`` (``list``: the deck's text,
        :func:`deck_text`; ``game``: "" in a store written before the game was kept)."""
        game = "game" if "game" in self._columns("decks") else "''"
        rows = (_typed(_DeckRow, self.path, "decks", r)
                for r in self.conn.execute(f"SELECT rowid, id, name, leader, list, {game} FROM decks"))
        return {r.id: {"name": r.name, "leader": r.leader, "list": r.list, "game": r.game} for r in rows}

    @_reads
    def stored_indices(self, run: Run | int) -> set[int]:
        """The game indices already stored for a run."""
        run_id = run.id if isinstance(run, Run) else int(run)
        rows = self.conn.execute("SELECT rowid, game_index FROM games WHERE run = ?", (run_id,))
        return {_typed(_IndexRow, self.path, "games", r).game_index for r in rows}

    @_reads
    def games(self, run: Run | int | None = None) -> list[StoredGame]:
        """The stored games of one run (or of every run), ordered by run and game index."""
        sql = "SELECT rowid, run, game_index, seed, first, winner, turns, end_reason, decisions FROM games"
        args: tuple = ()
        if run is not None:
            sql += " WHERE run = ?"
            args = (run.id if isinstance(run, Run) else int(run),)
        rows = self.conn.execute(sql + " ORDER BY run, game_index", args)
        typed = (_typed(_GameRow, self.path, "games", r) for r in rows)
        return [StoredGame(g.run, g.game_index, int(g.seed), g.first, g.winner, g.turns, g.end_reason, g.decisions)
                for g in typed]

    def logged_games(self, run: Run | int, below: int):
        """The stored games of a run with index ``< below``, in index order, as dicts with ``game``, ``seed``,
        ``first``, ``winner``, ``turns``, ``end_reason``, ``decisions`` (notation list), ``fingerprint``
        (SHA-256 of the final fingerprint) and ``events`` (the referee's lines, if kept): what a game log holds (:mod:`tcgsim.batch.gamelog`)."""
        run_id = run.id if isinstance(run, Run) else int(run)
        start = -1
        while True:  # a few hundred games at a time: a run may hold millions
            batch = self._logged_batch(run_id, start, below)
            if not batch:
                return
            yield from batch
            start = batch[-1]["game"]

    @_reads
    def _logged_batch(self, run_id: int, after: int, below: int, size: int = 500) -> list[dict]:
        events = "events" if "events" in self._columns("games") else "'[]'"  # a read-only store of before
        rows = self.conn.execute(f"SELECT rowid, game_index, seed, first, winner, turns, end_reason, log, fingerprint, "
                                 f"{events} FROM games WHERE run = ? AND game_index > ? AND game_index < ? "
                                 "ORDER BY game_index LIMIT ?", (run_id, after, below, size))
        typed = (_typed(_LoggedRow, self.path, "games", r) for r in rows)
        return [{"game": g.game_index, "seed": int(g.seed), "first": g.first, "winner": g.winner, "turns": g.turns,
                 "end_reason": g.end_reason, "decisions": g.log, "fingerprint": g.fingerprint, "events": g.events}
                for g in typed]

    @_reads
    def decisions(self, run: Run | int, game: int) -> list[str]:
        """The decision log (action notation) of one stored game. Raises ``KeyError`` if it is not stored."""
        run_id = run.id if isinstance(run, Run) else int(run)
        row = self.conn.execute("SELECT rowid, log FROM games WHERE run = ? AND game_index = ?",
                                (run_id, game)).fetchone()
        if row is None:
            raise KeyError((run_id, game))
        return _typed(_LogRow, self.path, "games", row).log

    def close(self) -> None:
        """Commit and close the connection."""
        try:
            self.conn.commit()
        finally:
            self.conn.close()

    def __enter__(self) -> "GameStore":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def insert_games(store: GameStore, run: Run, records: Iterable, fingerprint: str = "") -> None:
    """Store several games at once (one commit); for tests and imports. ``records`` as for
    :meth:`GameStore.add_game`."""
    for r in records:
        store.add_game(run, r, fingerprint, commit=False)
    store.commit()
