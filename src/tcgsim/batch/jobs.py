"""What a batch is made of: :class:`Job` (one pairing: two decks, two agent names, a master seed, a number
of games), tasks ``(job number, game index)`` (:class:`Tasks`, generated lazily), :func:`play_task` (game
``i`` of a job is always ``play_game(deck_a, deck_b, db, game_seed(seed, i), agents, a_first=(i % 2 == 0))``,
so its result depends only on its job and index) and :class:`Finished` results; and how the card database
travels to workers (:func:`db_payload`, :func:`worker_db`).
"""

from __future__ import annotations

import contextlib
import signal

from dataclasses import dataclass
from typing import Iterator, Sequence

from ..errors import TcgsimError, UserError
from . import runner
from ..core.games import default_game, get_game, module_of
from .record import GameRecord, fingerprint_hash
from .runner import game_seed

BACKENDS = ("local", "ray")
"""The names ``--backend`` accepts."""

GAMES_PER_WORKER = 1  # "all cores by default": never more workers than games
"""When the number of workers is not given, at most one worker is started per this many games to play:
fewer games are played in-process (starting a worker costs a few tenths of a second, about a hundred
random games)."""

MAX_GAMES = 10**12
"""Most games a run may ask for (a larger number is a typing mistake, and would not fit an index)."""

CHUNK_MAX = 16
"""Most tasks sent to a worker at once (results still come back game by game from local workers)."""


class BatchError(TcgsimError):
    """A worker failed (an exception in a game, or a worker process that died). Games finished before it are
    stored; rerunning the same command continues the run."""


class Terminated(KeyboardInterrupt):
    """Raised in the main thread by :func:`terminate_on_sigterm`'s handler: SIGTERM stops a batch as Ctrl-C
    does (the game being stored is finished, the log written), then the process exits with status 143."""


@contextlib.contextmanager
def terminate_on_sigterm():
    """While inside, SIGTERM raises :class:`Terminated` in the main thread (restored on exit)."""
    def handler(signum, frame):
        raise Terminated()

    try:
        previous = signal.signal(signal.SIGTERM, handler)
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


class BatchInterrupted(UserError):
    """The run was interrupted (Ctrl-C); the CLI prints the message and exits with status 130."""

    exit_code = 130


@dataclass(frozen=True)
class Job:
    """One pairing to play: deck A (player 1) against deck B, agent names by seat, master ``seed``.
    ``log``: keep the referee's log and the final fingerprint in each record (for ``--log``)."""

    deck_a: object
    deck_b: object
    agents: tuple[str, str]
    seed: int
    log: bool = False


@dataclass
class Finished:
    """A finished game: ``job`` number, the ``record`` (``record.game`` is the game index; ``record.decks``
    is empty and ``record.fingerprint`` too unless the job logs) and ``fingerprint_hash`` (SHA-256 hex of the
    final fingerprint)."""

    job: int
    record: GameRecord
    fingerprint_hash: str


class Tasks:
    """The ``(job number, game index)`` pairs still to play, generated lazily in job then index order:
    game ``i`` of job ``j`` for ``i`` in ``range(games)`` not in ``stored[j]``. ``len()`` is their number;
    nothing is built up front, so a run of any size starts at once."""

    def __init__(self, jobs: int, games: int, stored: Sequence[set]) -> None:
        self.jobs, self.games, self.stored = jobs, games, stored
        self.count = sum(games - sum(1 for i in s if 0 <= i < games) for s in stored)

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[tuple[int, int]]:
        for j in range(self.jobs):
            skip = self.stored[j]
            for i in range(self.games):
                if i not in skip:
                    yield j, i

    def of_job(self, j: int) -> Iterator[int]:
        """The game indices still to play of job ``j``, in order."""
        skip = self.stored[j]
        return (i for i in range(self.games) if i not in skip)


def play_task(jobs: Sequence[Job], db, job: int, index: int) -> Finished:
    """Play game ``index`` of ``jobs[job]`` (see the module docstring). Raises what
    :func:`~tcgsim.batch.runner.play_game` raises."""
    j = jobs[job]
    record = runner.play_game(j.deck_a, j.deck_b, db, game_seed(j.seed, index), j.agents,
                              a_first=index % 2 == 0, log=j.log, game=index)
    digest = fingerprint_hash(record.fingerprint)
    record.decks = {}
    if not j.log:
        record.fingerprint = ""
    return Finished(job, record, digest)


def check_games(games: int) -> None:
    """Raise :class:`UserError` unless ``1 <= games <= MAX_GAMES``."""
    if games < 1:
        raise UserError(f"the number of games must be at least 1, not {games}")
    if games > MAX_GAMES:
        raise UserError(f"the number of games must be at most {MAX_GAMES:,}, not {games:,}")


def game_of(jobs: Sequence[Job]) -> str:
    """The name of the game the jobs play (every job of a batch plays the same game)."""
    return module_of(jobs[0].deck_a).name if jobs else default_game().name


def is_default_db(db, game: str) -> bool:
    return get_game(game).is_default_database(db)


def db_payload(db, jobs: Sequence[Job]) -> tuple[bytes | None, bool]:
    """The card database as sent to workers: ``(pickle or None, is the default database)``.

    The cards of the jobs' decks are compiled first (``db.get``), so that workers start in a fraction of a
    second instead of compiling effect text again. ``None`` when the database cannot be pickled: each
    worker then loads the default database itself (``TCGSIM_CARD_DB`` is inherited).
    """
    import pickle

    for j in jobs:
        for deck in (j.deck_a, j.deck_b):
            for number in (deck.leader, *(n for n, _ in deck.main)):
                db.get(number)
    game = game_of(jobs)
    try:
        return pickle.dumps(db, protocol=pickle.HIGHEST_PROTOCOL), is_default_db(db, game)
    except Exception:  # an unpicklable compiled effect: fall back to loading in each worker
        if not is_default_db(db, game):
            raise
        return None, True


def worker_db(payload: bytes | None, default: bool, game: str):
    """The card database in a worker, from :func:`db_payload`'s result (loaded once per worker)."""
    import pickle

    module = get_game(game)
    if payload is None:
        return module.default_database()
    db = pickle.loads(payload)
    if default:
        module.adopt_default_database(db)  # so that agents loading the default database get this one
    return db


