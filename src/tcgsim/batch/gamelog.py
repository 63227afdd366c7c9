"""Game logs (JSON Lines, one object per game) and their replay.

A log line holds what is needed to rebuild the game and check it, and a readable account of it::

    {"format": "tcgsim-game", "version": 1, "game": 0, "seed": 123..., "decks": {"A": "1xST01-001\\n4x...",
     "B": "..."}, "deck_names": {"A": "ST01", "B": "ST02"}, "agents": {"A": "random", "B": "heuristic"},
     "first": "A", "decisions": ["keep", "keep", "play ST01-006", ...], "winner": "B", "turns": 14,
     "end_reason": "life", "fingerprint": "<sha256 of the final Game.fingerprint()>",
     "events": ["p1 draws 5 cards", "[p1 only] p1 adds ST01-004 from Life to hand", ...]}

``decks`` are the game's deck text (OPTCGSim text for the ONE PIECE CARD GAME), ``decisions`` action notation
(SCENARIOS.md), ``events`` the referee's log: every event, private ones prefixed ``[pN only]``. A game other
than the default game (:func:`~tcgsim.core.games.default_game`) adds ``"card_game": NAME``; a line without it is of the default game.
Replaying rebuilds the game from ``game``, ``seed``, ``decks`` and ``first``, applies the decisions by notation
(:meth:`tcgsim.core.games.GameModule.parse`) and compares the final state's fingerprint hash; agents are not
needed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from ..core.games import default_game, get_game
from ..core.session import ProtocolError, Session
from ..errors import UserError
from .record import GameRecord, deck_info, fingerprint_hash, format_event

FORMAT = "tcgsim-game"
VERSION = 1

REQUIRED = ("seed", "decks", "first", "decisions", "winner", "turns", "end_reason", "fingerprint")


MAX_LINE_BYTES = 4_000_000
"""The longest game log line read (a game of a few hundred decisions and its events is 20-100 KB)."""
MAX_LOG_DECISIONS = 50_000
"""Most decisions a logged game may hold (the runner's guard, :data:`tcgsim.batch.runner.MAX_DECISIONS`)."""


class GameLogError(UserError):
    """A game log file is missing, unreadable or malformed (the CLI exits with status 2)."""


class _Decks(BaseModel):
    model_config = ConfigDict(extra="forbid")
    A: StrictStr = Field(max_length=200_000)
    B: StrictStr = Field(max_length=200_000)


class LogLine(BaseModel):
    """The typed keys of one game log line (see the module docstring); other keys (``deck_names``,
    ``agents``, ``events``) are kept as they are. ``True`` is not a number and ``"14"`` not a count here."""

    model_config = ConfigDict(extra="allow")
    game: StrictInt | None = Field(None, ge=0)
    seed: StrictInt = Field(ge=0, le=2**64 - 1)  # tcgsim.core.rng.MAX_SEED
    decks: _Decks
    first: Literal["A", "B"]
    decisions: list[StrictStr] = Field(max_length=MAX_LOG_DECISIONS)
    winner: Literal["A", "B", "draw"]
    turns: StrictInt = Field(ge=0)
    end_reason: StrictStr = Field(max_length=200)
    fingerprint: StrictStr = Field(max_length=200)
    card_game: StrictStr | None = None


def _check_line(entry: dict, where: str) -> None:
    """Raise :class:`GameLogError` naming ``where`` (``FILE:LINE``), the key and the expected type unless
    ``entry`` matches :class:`LogLine`."""
    try:
        LogLine.model_validate(entry)
    except ValidationError as exc:
        err = exc.errors()[0]
        key = ".".join(str(x) for x in err["loc"]) or "line"
        shown = json.dumps(err.get("input"), default=str)
        shown = shown if len(shown) <= 60 else shown[:60] + "…"
        raise GameLogError(f"{where}: malformed game: {key}: {err['msg']}, not {shown}") from None


def record_to_entry(record: GameRecord) -> dict:
    """The log object of one game (see the module docstring for its keys)."""
    decks = {}
    names = {}
    for side in ("A", "B"):
        info = record.decks[side]
        decks[side] = info["text"]
        names[side] = info["name"]
    entry = {
        "format": FORMAT,
        "version": VERSION,
        "game": record.game,
        "seed": record.seed,
        "decks": decks,
        "deck_names": names,
        "agents": {"A": record.agents[0], "B": record.agents[1]},
        "first": record.first,
        "decisions": list(record.decisions),
        "winner": record.winner,
        "turns": record.turns,
        "end_reason": record.end_reason,
        "fingerprint": record.fingerprint_hash,
        "events": list(record.events),
    }
    kind = record.decks["A"].get("game") or default_game().name
    if kind != default_game().name:
        entry["card_game"] = kind
    return entry


def write_log_from_store(path: str | Path, store, runs, jobs, games: int) -> int:
    """Write the game log at ``path`` (replacing it) from the game database: every stored game of each run
    with index ``< games``, in job then index order, so that the log and the database hold the same games
    however often the command was interrupted and resumed (the store keeps each game's referee events with
    it). Returns the games written."""
    n = 0
    with GameLogWriter(path) as writer:  # replaced whole: the store is the record
        for run, job in zip(runs, jobs):
            infos = {"A": deck_info(job.deck_a), "B": deck_info(job.deck_b)}
            for g in store.logged_games(run, games):
                record = GameRecord(seed=g["seed"], decks=infos, agents=tuple(job.agents), first=g["first"],
                                    winner=g["winner"], turns=g["turns"], end_reason=g["end_reason"],
                                    decisions=g["decisions"], indices=[], fingerprint="", events=g["events"],
                                    game=g["game"])
                entry = record_to_entry(record)
                entry["fingerprint"] = g["fingerprint"]  # the store keeps the digest, not the state
                writer.write_entry(entry)
                n += 1
    return n


class GameLogWriter:
    """Appends games to a JSON Lines file (created or truncated on open); use as a context manager or call
    :meth:`close`. Raises :class:`GameLogError` if the file cannot be opened."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            self._fh: IO[str] = self.path.open("w", encoding="utf-8")
        except OSError as exc:
            raise GameLogError(f"cannot write the game log {path}: {exc.strerror or exc}") from exc

    def write_entry(self, entry: dict) -> None:
        """Append one log object (as built by :func:`record_to_entry`) as a JSON line."""
        self._fh.write(json.dumps(entry, separators=(",", ":")) + "\n")

    def write(self, record: GameRecord) -> None:
        """Write one game (a :class:`~tcgsim.batch.runner.GameRecord` played with ``log=True``)."""
        self._fh.write(json.dumps(record_to_entry(record), separators=(",", ":")) + "\n")

    def close(self) -> None:
        """Flush and close the file."""
        self._fh.close()

    def __enter__(self) -> "GameLogWriter":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def read_log(path: str | Path) -> list[dict]:
    """The game objects of a log file, in file order (blank lines skipped).

    Raises :class:`GameLogError` naming the file and line for a missing file, a line that is not a JSON
    object, another format or version, or a missing key.
    """
    p = Path(path)
    if p.is_dir():
        raise GameLogError(f"{path}: is a folder, not a game log file")
    try:
        fh = open(p, "rb")
    except FileNotFoundError:
        raise GameLogError(f"{path}: no such game log file") from None
    except OSError as exc:
        raise GameLogError(f"{path}: cannot read the game log: {exc.strerror or exc}") from None
    with fh:
        return _read_lines(path, fh)


def _read_lines(path, fh) -> list[dict]:
    entries = []
    lineno = 0
    while True:
        raw = fh.readline(MAX_LINE_BYTES + 1)  # a line is never read past the limit
        if not raw:
            break
        lineno += 1
        if len(raw) > MAX_LINE_BYTES:
            raise GameLogError(f"{path}:{lineno}: the line is over {MAX_LINE_BYTES:,} bytes; a game log line is "
                               "at most that")
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise GameLogError(f"{path}:{lineno}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except ValueError as exc:
            raise GameLogError(f"{path}:{lineno}: not a JSON object ({exc})") from None
        except RecursionError:
            raise GameLogError(f"{path}:{lineno}: not a game: nested too deeply") from None
        if not isinstance(entry, dict):
            raise GameLogError(f"{path}:{lineno}: not a JSON object")
        if entry.get("format") != FORMAT:
            raise GameLogError(f"{path}:{lineno}: not a tcgsim game log line (format {entry.get('format')!r}, expected {FORMAT!r})")
        if entry.get("version") != VERSION:
            raise GameLogError(f"{path}:{lineno}: unsupported game log version {entry.get('version')!r} (this tcgsim reads {VERSION})")
        missing = [k for k in REQUIRED if k not in entry]
        if missing:
            raise GameLogError(f"{path}:{lineno}: missing {', '.join(missing)}")
        _check_line(entry, f"{path}:{lineno}")
        kind = entry.get("card_game", default_game().name)
        if not isinstance(kind, str):
            raise GameLogError(f"{path}:{lineno}: malformed game: card_game must be a game name, not {kind!r}")
        try:
            get_game(kind)
        except UserError as exc:
            raise GameLogError(f"{path}:{lineno}: {exc}") from None
        entry.setdefault("game", len(entries))
        entry["_line"] = lineno
        entries.append(entry)
    if not entries:
        raise GameLogError(f"{path}: the game log holds no games")
    return entries


@dataclass
class ReplayResult:
    """The outcome of replaying one logged game: ``ok``; ``message`` (a summary when ok, else the first
    divergence); ``decisions`` applied before stopping."""

    game: int | None
    ok: bool
    message: str
    decisions: int


def replay_entry(entry: dict, db=None) -> ReplayResult:
    """Rebuild one logged game and check it against the log (see the module docstring). ``db``: the card
    database of the ONE PIECE CARD GAME (the game's default database when ``None``, and for other games).

    Raises :class:`GameLogError` for an unknown game, decks that cannot be read or hold unknown cards;
    divergences are reported in the result, never raised.
    """
    game = entry.get("game")
    try:
        module = get_game(entry.get("card_game"))
    except UserError as exc:
        raise GameLogError(f"game {game}: {exc}") from None
    if db is None or module is not default_game():
        db = module.default_database()
    decks = []
    for side in ("A", "B"):
        try:
            deck = module.parse_deck(entry["decks"][side], db, source=f"game {game} deck {side}")
            problems = module.deck_problems(deck, db)
        except UserError as exc:
            raise GameLogError(f"game {game}: deck {side} cannot be read from the log: {exc}") from None
        if problems:
            raise GameLogError(f"game {game}: deck {side} of the log is not a legal deck: " + "; ".join(problems))
        decks.append(deck)
    first = 0 if entry["first"] == "A" else 1
    try:
        session = Session.start(module, decks[0], decks[1], db, entry["seed"], first=first, log=True)
    except UserError as exc:
        raise GameLogError(f"game {game}: {exc}") from exc
    decisions = entry["decisions"]

    def diverged(k: int, why: str) -> ReplayResult:
        return ReplayResult(game, False, why, k)

    for k, text in enumerate(decisions):
        if session.over:
            return diverged(k, f"decision {k + 1} {text!r}: the game is already over ({_outcome(session)}) "
                               f"but the log has {len(decisions)} decisions")
        try:
            session.answer(session.to_act, label=str(text))
        except ProtocolError as exc:
            return diverged(k, f"decision {k + 1} at turn {session.turn}: {exc}")
    if not session.over:
        return diverged(len(decisions), f"the log's {len(decisions)} decisions ran out at turn {session.turn} "
                                        f"with a p{session.to_act + 1} {session.request(session.to_act)['kind']} "
                                        "decision pending")
    digest = fingerprint_hash(session.fingerprint())
    if digest != entry["fingerprint"]:
        replayed = [format_event(e) for e in session.referee_log()]
        logged = entry.get("events") or []
        where = ""
        for i, (a, b) in enumerate(zip(logged, replayed)):
            if a != b:
                where = f"; first differing event #{i + 1}: logged {a!r}, replayed {b!r}"
                break
        else:
            if len(logged) != len(replayed) and logged:
                where = f"; the logged events stop after {len(logged)} of {len(replayed)}"
        return diverged(len(decisions), f"final state differs: fingerprint {digest[:16]}… != logged "
                                        f"{str(entry['fingerprint'])[:16]}…{where}")
    winner = {"p1": "A", "p2": "B", "draw": "draw"}[session.winner]
    if (winner, session.turn, session.end_reason) != (entry["winner"], entry["turns"], entry["end_reason"]):
        return diverged(len(decisions), f"result differs: replayed {winner}/{session.turn} turns/"
                                        f"{session.end_reason}, logged {entry['winner']}/{entry['turns']} turns/"
                                        f"{entry['end_reason']}")
    return ReplayResult(game, True, f"{len(decisions)} decisions, winner {winner} after {session.turn} turns "
                                    f"({session.end_reason})", len(decisions))


def replay_file(path: str | Path, db=None, game: int | None = None) -> list[ReplayResult]:
    """Replay every game of the log at ``path`` (or only the one whose ``game`` number is ``game``).

    Raises :class:`GameLogError` for a bad file or a ``game`` number the log does not hold.
    """
    entries = read_log(path)
    if game is not None:
        entries = [e for e in entries if e.get("game") == game]
        if not entries:
            raise GameLogError(f"{path}: no game number {game} in the log")
    results = []
    for e in entries:
        try:
            results.append(replay_entry(e, db))
        except GameLogError as exc:
            raise GameLogError(f"{path}:{e['_line']}: {exc}") from None
    return results


def _outcome(session) -> str:
    return ("draw" if session.winner == "draw" else f"{session.winner} won") + f", {session.end_reason}"
