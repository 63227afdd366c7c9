"""Batches of games on every core, or on a Ray cluster, with results stored as they finish.

Work is described by :class:`Job` (one pairing: two decks, two agent names, a master seed, a number of
games) and tasks ``(job number, game index)``. Game ``i`` of a job is always::

    play_game(deck_a, deck_b, db, game_seed(seed, i), agents, a_first=(i % 2 == 0))

so a game's result depends only on its job and index: not on the worker that plays it, the order in which
games finish, or how many workers there are. Backends (:class:`Backend`) play tasks and yield
:class:`Finished` games in completion order; the parent process alone writes the game database
(:mod:`tcgsim.batch.store`), the game log and the progress bar, and computes summaries from the games sorted
by index. Hence the same arguments give the same summary whatever the number of workers or the backend.

Backends:

* ``InProcessBackend``: plays in the calling process (``--workers 1``).
* ``ProcessBackend``: ``N`` worker processes from the ``spawn`` context, each loading the card database
  once. Each worker talks to the parent over its own pipe only, so workers exit by themselves when the
  parent dies (SIGKILL included), and ignore SIGINT (Ctrl-C is the parent's to handle).
* ``RayBackend``: one Ray actor per worker, on a local Ray instance (``num_cpus=workers``) or an existing
  cluster (``address``). The card database is shipped once through the object store. Ray is optional
  (``pip install 'tcgsim[ray]'``).
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import signal
import time
import traceback
from abc import ABC, abstractmethod
from itertools import islice
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, Sequence

from ..errors import TcgsimError, UserError
from . import runner
from ..core.games import default_game, get_game, module_of
from .runner import GameRecord, deck_info, fingerprint_hash, game_seed

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


def _game_of(jobs: Sequence[Job]) -> str:
    """The name of the game the jobs play (every job of a batch plays the same game)."""
    return module_of(jobs[0].deck_a).name if jobs else default_game().name


def _is_default_db(db, game: str) -> bool:
    return get_game(game).is_default_database(db)


def _db_payload(db, jobs: Sequence[Job]) -> tuple[bytes | None, bool]:
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
    game = _game_of(jobs)
    try:
        return pickle.dumps(db, protocol=pickle.HIGHEST_PROTOCOL), _is_default_db(db, game)
    except Exception:  # an unpicklable compiled effect: fall back to loading in each worker
        if not _is_default_db(db, game):
            raise
        return None, True


def _worker_db(payload: bytes | None, default: bool, game: str):
    """The card database in a worker, from :func:`_db_payload`'s result (loaded once per worker)."""
    import pickle

    module = get_game(game)
    if payload is None:
        return module.default_database()
    db = pickle.loads(payload)
    if default:
        module.adopt_default_database(db)  # so that agents loading the default database get this one
    return db


# ----------------------------------------------------------------------------------------------------------
# Backends
# ----------------------------------------------------------------------------------------------------------

class Backend(ABC):
    """Plays tasks and yields finished games.

    ``workers``: how many games run at once. :meth:`run` is a generator: it yields :class:`Finished` in
    completion order (not index order), raises :class:`BatchError` if a worker fails, and stops its workers
    when it is closed or an exception (KeyboardInterrupt included) passes through it.
    """

    name = "backend"
    workers = 1

    @abstractmethod
    def run(self, jobs: Sequence[Job], tasks: Sequence[tuple[int, int]], db) -> Iterator[Finished]:
        """Play ``tasks`` (``(job number, game index)`` pairs) of ``jobs`` with card database ``db``."""

    def describe(self) -> str:
        """For messages: e.g. ``"2 local processes"``."""
        return f"{self.workers} {self.name} workers"


class InProcessBackend(Backend):
    """Plays every game in the calling process, in task order."""

    name = "in-process"

    def run(self, jobs, tasks, db):
        for job, index in tasks:
            try:
                yield play_task(jobs, db, job, index)
            except (KeyboardInterrupt, UserError):
                raise
            except Exception as exc:
                raise BatchError(f"game {index} failed: {exc}\n{traceback.format_exc()}") from exc

    def describe(self) -> str:
        return "in-process"


def _worker_main(conn, jobs, payload, default) -> None:
    """A local worker: receive lists of tasks, send ``("game", Finished)`` per game and ``("done",)`` per list;
    ``None`` or a closed pipe ends it; an exception is sent as ``("error", job, index, text)``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        db = _worker_db(payload, default, _game_of(jobs))
        while True:
            try:
                tasks = conn.recv()
            except EOFError:
                return
            if tasks is None:
                return
            for job, index in tasks:
                try:
                    done = play_task(jobs, db, job, index)
                except Exception as exc:
                    conn.send(("error", job, index, f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}"))
                    return
                conn.send(("game", done))
            conn.send(("done",))
    except (EOFError, OSError):
        return  # the parent is gone


@contextlib.contextmanager
def _sigint_ignored():
    """Ignore SIGINT in this block (processes started in it inherit that); a no-op outside the main thread."""
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _chunk_size(remaining: int, workers: int) -> int:
    return max(1, min(CHUNK_MAX, remaining // (workers * 4)))


class ProcessBackend(Backend):
    """``workers`` local processes (``spawn`` start method by default; ``"forkserver"`` also works)."""

    name = "local"

    def __init__(self, workers: int, start_method: str = "spawn") -> None:
        if workers < 1:
            raise UserError(f"--workers must be at least 1, not {workers}")
        self.workers = workers
        self.start_method = start_method

    def describe(self) -> str:
        return f"{self.workers} local processes"

    def run(self, jobs, tasks, db):
        import multiprocessing as mp
        from multiprocessing.connection import wait

        ctx = mp.get_context(self.start_method)
        payload, default = _db_payload(db, jobs)
        n = max(1, min(self.workers, len(tasks)))
        procs, conns = [], []
        finished = False
        try:
            with _sigint_ignored():  # inherited through exec: a worker never sees Ctrl-C
                for w in range(n):
                    parent_end, child_end = ctx.Pipe(duplex=True)
                    p = ctx.Process(target=_worker_main, args=(child_end, list(jobs), payload, default), daemon=True,
                                    name=f"tcgsim-worker-{w}")
                    p.start()
                    child_end.close()
                    procs.append(p)
                    conns.append(parent_end)
            pending = iter(tasks)
            left = [len(tasks)]
            outstanding = [0] * n
            owner = {c: w for w, c in enumerate(conns)}

            def feed(w: int) -> None:
                while outstanding[w] < 2 and left[0]:
                    size = min(_chunk_size(left[0], n), left[0])
                    conns[w].send(list(islice(pending, size)))
                    left[0] -= size
                    outstanding[w] += 1

            for w in range(n):
                feed(w)
            remaining = len(tasks)
            while remaining:
                for c in wait(conns):
                    w = owner[c]
                    try:
                        msg = c.recv()
                    except (EOFError, OSError):
                        procs[w].join(1)
                        raise BatchError(f"worker process {w} stopped unexpectedly (exit code {procs[w].exitcode})") from None
                    if msg[0] == "game":
                        remaining -= 1
                        yield msg[1]
                    elif msg[0] == "done":
                        outstanding[w] -= 1
                        feed(w)
                    else:
                        _, job, index, text = msg
                        raise BatchError(f"game {index} failed in worker process {w}: {text}")
            finished = True
        finally:
            if finished:  # idle workers: let them exit
                for c in conns:
                    with contextlib.suppress(Exception):
                        c.send(None)
            deadline = time.monotonic() + 2
            for p in procs:
                if not finished:  # interrupted or failed: stop the games in progress now
                    p.terminate()
                p.join(max(0.0, deadline - time.monotonic()))
                if p.is_alive():
                    p.kill()
                    p.join(1)
            for c in conns:
                c.close()


class _RayWorker:
    """The Ray actor body: holds the jobs and the card database; plays lists of tasks."""

    def __init__(self, jobs, payload, default) -> None:
        self.jobs = jobs
        self.db = _worker_db(payload, default, _game_of(jobs))

    def play(self, tasks):
        return [play_task(self.jobs, self.db, job, index) for job, index in tasks]


def import_ray():
    """The ``ray`` module. Raises :class:`~tcgsim.errors.UserError` (exit 2) if Ray is not installed."""
    try:
        import ray
    except ImportError:
        raise UserError("--backend ray needs Ray, which is not installed: pip install 'tcgsim[ray]' "
                        "(or pip install 'ray>=2.9')") from None
    return ray


class RayBackend(Backend):
    """Ray actors, one per worker. ``address``: an existing cluster (``"auto"``, ``"ray://host:10001"``, ...);
    ``None`` starts a local instance with ``num_cpus=workers`` (all cores when ``workers`` is ``None``) and
    shuts it down afterwards. On a cluster, ``workers=None`` means one actor per cluster CPU; tcgsim must be
    importable on every node (the card database is sent from here). Raises :class:`UserError` without Ray."""

    name = "ray"

    def __init__(self, workers: int | None = None, address: str | None = None) -> None:
        if workers is not None and workers < 1:
            raise UserError(f"--workers must be at least 1, not {workers}")
        import_ray()
        self.requested = workers
        self.workers = workers or (os.cpu_count() or 1)
        self.address = address

    def describe(self) -> str:
        where = f"Ray cluster {self.address}" if self.address else "a local Ray instance"
        return f"{self.workers} Ray workers on {where}"

    def _init(self, ray) -> bool:
        if ray.is_initialized():
            return False
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        quiet = dict(logging_level=logging.ERROR, log_to_driver=False)
        try:
            if self.address:
                ray.init(address=self.address, **quiet)
            else:
                ray.init(num_cpus=self.workers, include_dashboard=False, **quiet)
        except Exception as exc:  # ConnectionError, RuntimeError, ValueError from ray.init
            raise UserError(f"cannot start Ray{' at ' + self.address if self.address else ''}: {exc}") from None
        return True

    def run(self, jobs, tasks, db):
        ray = import_ray()
        started = self._init(ray)
        actors = []
        try:
            if self.address and self.requested is None:
                self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
            if db is None:
                db = get_game(_game_of(jobs)).default_database()
            payload, default = _db_payload(db, jobs)
            if payload is None and self.address:
                raise UserError("the card database cannot be sent to the Ray cluster (it does not pickle)")
            n = max(1, min(self.workers, len(tasks)))
            actor_cls = ray.remote(num_cpus=1)(_RayWorker)
            jobs_ref, db_ref = ray.put(list(jobs)), ray.put(payload)
            actors = [actor_cls.remote(jobs_ref, db_ref, default) for _ in range(n)]
            pending = iter(tasks)
            left = [len(tasks)]
            calls: dict = {}
            load = [0] * n

            def feed(w: int) -> None:
                while load[w] < 2 and left[0]:
                    size = min(_chunk_size(left[0], n), left[0])
                    calls[actors[w].play.remote(list(islice(pending, size)))] = w
                    left[0] -= size
                    load[w] += 1

            for w in range(n):
                feed(w)
            while calls:
                ready, _ = ray.wait(list(calls), num_returns=1)
                for ref in ready:
                    w = calls.pop(ref)
                    load[w] -= 1
                    try:
                        results = ray.get(ref)
                    except ray.exceptions.RayError as exc:
                        raise BatchError(f"a Ray worker failed: {exc}") from None
                    feed(w)
                    yield from results
        finally:
            for a in actors:
                with contextlib.suppress(Exception):
                    ray.kill(a)
            if started:
                with contextlib.suppress(Exception):
                    ray.shutdown()


def make_backend(name: str = "local", workers: int | None = None, address: str | None = None,
                 games: int | None = None) -> Backend:
    """The backend for ``--backend name --workers N [--address A]``.

    ``workers=None``: every core (``os.cpu_count()``), but for the local backend at most one worker per
    :data:`GAMES_PER_WORKER` of ``games`` (the number of games to play, if known). A local backend with one
    worker plays in-process. Raises :class:`UserError` for an unknown backend, ``workers`` < 1, ``address``
    without Ray, or Ray missing.
    """
    name = (name or "local").strip().lower()
    if name not in BACKENDS:
        raise UserError(f"unknown --backend {name!r}; choose one of: {', '.join(BACKENDS)}")
    if workers is not None and workers < 1:
        raise UserError(f"--workers must be at least 1, not {workers}")
    if name == "ray":
        return RayBackend(workers, address)
    if address:
        raise UserError("--address is for --backend ray")
    n = workers
    if n is None:
        n = os.cpu_count() or 1
        if games is not None:
            n = min(n, max(1, math.ceil(games / GAMES_PER_WORKER)))
    return InProcessBackend() if n == 1 else ProcessBackend(n)


# ----------------------------------------------------------------------------------------------------------
# Running jobs: the parent's side (store, log, progress) and the two commands
# ----------------------------------------------------------------------------------------------------------

def _progress(total: int, completed: int, label: str):
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    bar = Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
                   console=Console(stderr=True), transient=True)
    task = bar.add_task(label, total=total, completed=completed)
    return bar, task


class _OrderedLog:
    """Writes finished games to a game log in game-index order per job (results arrive in any order)."""

    def __init__(self, writer, jobs_infos: list[dict], expected: list[Iterator[int]]) -> None:
        self.writer = writer
        self.infos = jobs_infos
        self.expected = expected
        self.next = [next(e, None) for e in expected]
        self.waiting: list[dict[int, GameRecord]] = [{} for _ in expected]

    def add(self, job: int, record: GameRecord) -> None:
        self.waiting[job][record.game] = record
        waiting = self.waiting[job]
        while self.next[job] is not None and self.next[job] in waiting:
            r = waiting.pop(self.next[job])
            self.next[job] = next(self.expected[job], None)
            r.decks = self.infos[job]
            self.writer.write(r)
            r.events, r.fingerprint = [], ""  # written: do not keep them in memory


def run_jobs(
    jobs: Sequence[Job],
    games: int,
    *,
    db=None,
    backend: Backend | None = None,
    store=None,
    runs: Sequence | None = None,
    log_path: str | Path | None = None,
    progress: bool = False,
    label: str = "games",
    on_game: Callable[[int, GameRecord], None] | None = None,
) -> tuple[list[list], dict]:
    """Play games ``0..games-1`` of every job and return ``(games per job, info)``.

    ``store``/``runs``: a :class:`~tcgsim.batch.store.GameStore` and the :class:`~tcgsim.batch.store.Run` of
    each job: games already stored are not played again, each new game is stored (and committed) as it
    finishes, and the returned games are the stored ones (:class:`~tcgsim.batch.store.StoredGame`).
    Without a store they are compact records of the new games (:class:`~tcgsim.batch.store.StoredGame`,
    ``run`` -1). Either way each job's list is sorted by
    game index. ``log_path``: write the games played now as a game log, in index order (jobs must have
    ``log=True``). ``on_game(job, record)``: called for each new game. ``info``: ``{"played", "stored_before",
    "seconds", "workers"}``.

    Raises :class:`BatchInterrupted` on Ctrl-C and :class:`BatchError` if a worker fails (finished games
    stay stored either way), :class:`UserError` for bad arguments.
    """
    check_games(games)
    if db is None:
        db = get_game(_game_of(jobs)).default_database()
    stored = [{i for i in store.stored_indices(r) if i < games} if store is not None else set()
              for r in (runs or [None] * len(jobs))]
    tasks = Tasks(len(jobs), games, stored)
    before = sum(len(s) for s in stored)
    if backend is None:
        backend = make_backend("local", None, games=len(tasks))
    records: list[list] = [[] for _ in jobs]
    writer = ordered = None
    if log_path is not None:
        from .gamelog import GameLogWriter

        writer = GameLogWriter(log_path)
        ordered = _OrderedLog(writer, [{"A": deck_info(j.deck_a), "B": deck_info(j.deck_b)} for j in jobs],
                              [tasks.of_job(j) for j in range(len(jobs))])
    bar = task = None
    if progress and tasks:
        bar, task = _progress(len(jobs) * games, before, label)
        bar.start()
    played = 0
    started = time.perf_counter()
    results = backend.run(jobs, tasks, db) if tasks else iter(())
    try:
        for done in results:
            played += 1
            record = done.record
            if store is not None:
                store.add_game(runs[done.job], record, done.fingerprint_hash)
            if on_game is not None:
                on_game(done.job, record)
            if ordered is not None:
                ordered.add(done.job, record)
            if store is None:
                # only what a summary reads stays in memory (a run may hold millions of games)
                records[done.job].append(_result(record))
            if bar is not None:
                bar.advance(task)
    except (KeyboardInterrupt, BatchError) as exc:
        where = (f"; {before + played} of {len(jobs) * games} games are stored in {store.path}, rerun the same "
                 "command to continue") if store is not None else ""
        if isinstance(exc, BatchError):
            raise BatchError(f"{exc}{where}") from None
        raise BatchInterrupted(f"interrupted after {played} new games{where}") from None
    finally:
        with contextlib.suppress(Exception):
            results.close()
        if bar is not None:
            bar.stop()
        if writer is not None:
            writer.close()
    seconds = time.perf_counter() - started
    if store is not None:  # the games of this command: a run may hold more, from a larger -n
        out = [[g for g in store.games(r) if g.game < games] for r in runs]
    else:
        out = [sorted(rs, key=lambda r: r.game) for rs in records]
    info = {"played": played, "stored_before": before, "seconds": seconds,
            "workers": backend.describe() if tasks else "none"}
    return out, info


def _result(record: GameRecord):
    """The compact form of a finished game kept in memory: a :class:`~tcgsim.batch.store.StoredGame`."""
    from .store import StoredGame

    return StoredGame(run=-1, game=record.game, seed=record.seed, first=record.first, winner=record.winner,
                      turns=record.turns, end_reason=record.end_reason, decisions=len(record.indices))


def _summary(job: Job, games: list, played: int, seconds: float) -> dict:
    names = job.agents
    summary = runner.summarize(games, seconds)
    summary["games_per_second"] = round(played / seconds, 2) if seconds > 0 else None  # games played now
    out = {
        "games": summary.pop("games"),
        "seed": job.seed,
        "agents": {"A": names[0], "B": names[1]},
        "decks": {"A": job.deck_a.name or job.deck_a.source, "B": job.deck_b.name or job.deck_b.source},
    }
    out.update(summary)
    return out


def run_simulation(
    deck_a,
    deck_b,
    games: int = 100,
    seed: int = 0,
    agents: str | Sequence[str] = ("random", "random"),
    *,
    db=None,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    db_path: str | Path | None = None,
    log_path: str | Path | None = None,
    progress: bool = False,
    notify: Callable[[str], None] | None = None,
) -> dict:
    """``tcgsim simulate``: like :func:`tcgsim.batch.runner.simulate` (same games, same summary keys and
    values for the same arguments), on ``workers`` processes of ``backend`` and, with ``db_path``, stored
    and resumable (the summary then covers every stored game of the run). Extra key: ``db`` (the path or
    ``None``). ``notify``: called with a line about resuming (e.g. to print it on stderr).

    Raises :class:`UserError` for bad arguments, :class:`BatchInterrupted` on Ctrl-C, :class:`BatchError`
    when a worker fails.
    """
    check_games(games)
    if db is None:
        db = module_of(deck_a).default_database()
    names = runner.parse_agents(agents, module_of(deck_a).name)
    job = Job(deck_a, deck_b, names, seed, log=log_path is not None)
    store = runs = None
    if db_path is not None:
        from .store import GameStore

        store = GameStore(db_path)
    try:
        todo = games
        if store is not None:
            runs = [store.ensure_run(deck_a, deck_b, names, seed, games)]
            have = sum(1 for i in store.stored_indices(runs[0]) if i < games)
            todo = games - have
            if have and notify is not None:
                notify(f"resuming: {have} of {games} games already stored in {db_path}; playing {todo}")
        engine = make_backend(backend, workers, address, games=todo)
        out, info = run_jobs([job], games, db=db, backend=engine, store=store, runs=runs, log_path=log_path,
                             progress=progress, label="simulating")
    finally:
        if store is not None:
            store.close()
    summary = _summary(job, out[0], info["played"], info["seconds"])
    summary["unsupported"] = runner.unsupported_cards(deck_a, deck_b, db)
    summary["log"] = None if log_path is None else str(log_path)
    summary["db"] = None if db_path is None else str(db_path)
    return summary


def load_deck_list(specs: Sequence[str], db=None, game: str | None = None) -> list:
    """Load and validate decks of ``game`` (files or bundled names; ``db`` defaults to the game's card
    database). Raises :class:`UserError` listing every problem of every deck, or naming two arguments that
    hold the same list."""
    from .store import deck_id

    module = get_game(game)
    if db is None:
        db = module.default_database()
    decks, messages, seen = [], [], {}
    for spec in specs:
        try:
            deck = module.load_deck(spec, db)
        except UserError as exc:
            messages.append(str(exc))
            continue
        key = deck_id(deck)
        if key in seen:
            messages.append(f"{spec}: the same list as {seen[key]}")
            continue
        seen[key] = spec
        decks.append(deck)
    if messages:
        raise UserError("illegal deck:\n" + "\n".join(messages))
    return decks


def run_gauntlet(
    decks: Sequence,
    games: int,
    seed: int = 0,
    agents: str | Sequence[str] = ("random", "random"),
    *,
    db_path: str | Path,
    db=None,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    progress: bool = False,
    notify: Callable[[str], None] | None = None,
) -> dict:
    """``tcgsim gauntlet``: play ``games`` games for every unordered pair of ``decks`` (the earlier deck of
    the list sits in seat A; who goes first alternates as in simulate) and store them in ``db_path``.
    Pair (X, Y) plays exactly the games of ``tcgsim simulate X Y`` with the same seed, agents and games, and
    shares its stored run. Resumable like :func:`run_simulation`.

    Returns ``{"games", "seed", "agents", "decks": [names], "pairs": [summary per pair, as
    run_simulation's without "unsupported"/"log"], "matrix": {"win_rate": [[row deck's rate against column
    deck or None]], "games": [[...]]}, "seconds", "db"}``. Raises :class:`UserError` for fewer than two
    decks or bad arguments, :class:`BatchInterrupted` and :class:`BatchError` as run_jobs does.
    """
    if len(decks) < 2:
        raise UserError("a gauntlet needs at least two decks")
    check_games(games)
    if db is None:
        db = module_of(decks[0]).default_database()
    if len({module_of(d).name for d in decks}) > 1:
        raise UserError("a gauntlet's decks must all be decks of the same game")
    from .store import GameStore

    names = runner.parse_agents(agents, module_of(decks[0]).name)
    pairs = [(i, j) for i in range(len(decks)) for j in range(i + 1, len(decks))]
    jobs = [Job(decks[i], decks[j], names, seed) for i, j in pairs]
    with GameStore(db_path) as store:
        runs = [store.ensure_run(j.deck_a, j.deck_b, names, seed, games) for j in jobs]
        have = sum(1 for r in runs for i in store.stored_indices(r) if i < games)
        todo = len(jobs) * games - have
        if have and notify is not None:
            notify(f"resuming: {have} of {len(jobs) * games} games already stored in {db_path}; playing {todo}")
        engine = make_backend(backend, workers, address, games=todo)
        out, info = run_jobs(jobs, games, db=db, backend=engine, store=store, runs=runs, progress=progress,
                             label="gauntlet")
    n = len(decks)
    rate = [[None] * n for _ in range(n)]
    count = [[0] * n for _ in range(n)]
    summaries = []
    for (i, j), job, stored in zip(pairs, jobs, out):
        s = _summary(job, stored, 0, info["seconds"])
        s.pop("seconds")
        s.pop("games_per_second")
        summaries.append(s)
        count[i][j] = count[j][i] = s["games"]
        rate[i][j] = s["win_rate"]["A"]
        rate[j][i] = s["win_rate"]["B"]
    seconds = info["seconds"]
    return {
        "games": games,
        "seed": seed,
        "agents": {"A": names[0], "B": names[1]},
        "decks": [d.name or d.source for d in decks],
        "pairs": summaries,
        "matrix": {"win_rate": rate, "games": count},
        "seconds": round(seconds, 4),
        "games_per_second": round(info["played"] / seconds, 2) if seconds > 0 and info["played"] else None,
        "db": str(db_path),
    }


def print_gauntlet(result: dict, console=None) -> None:
    """Print a :func:`run_gauntlet` result: the win-rate matrix (row deck against column deck)."""
    from rich.console import Console
    from rich.table import Table

    console = console or Console()
    names = result["decks"]
    table = Table(title=f"win rate of the row deck against the column deck ({result['games']} games per pair, "
                        f"seed {result['seed']})")
    table.add_column("deck")
    for name in names:
        table.add_column(name, justify="right")
    for i, name in enumerate(names):
        row = []
        for j in range(len(names)):
            r = result["matrix"]["win_rate"][i][j]
            row.append("-" if r is None else f"{100 * r:.1f}%")
        table.add_row(name, *row)
    console.print(table)
    console.print(f"games stored in {result['db']}; `tcgsim report {result['db']} --out DIR` draws the report",
                  highlight=False, markup=False, soft_wrap=True)
