"""Batches of games on every core, or on a Ray cluster, with results stored as they finish.

:func:`run_jobs` hands the tasks of some :class:`~tcgsim.batch.jobs.Job` s to a backend
(:mod:`tcgsim.batch.backends`); the parent process alone writes the game database
(:mod:`tcgsim.batch.store`), the game log and the progress bar, and computes summaries from the games sorted
by index. Hence the same arguments give the same summary whatever the number of workers or the backend.
:func:`run_simulation` is ``tcgsim simulate``; the gauntlet is in :mod:`tcgsim.batch.gauntlet`.
"""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Callable, Iterator, Sequence

from . import runner
from ..core.games import database_version, get_game, module_of
from .record import GameRecord, deck_info
from .backends import Backend, make_backend
from .jobs import BatchError, BatchInterrupted, Job, Tasks, Terminated, check_games, game_of


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
    game index. ``log_path``: write a game log, in index order: without a store, the games played now (jobs
    must have ``log=True``); with one, every stored game of the runs below ``games``, written from the store
    at the end, Ctrl-C and SIGTERM included (:func:`~tcgsim.batch.gamelog.write_log_from_store`). ``on_game(job, record)``: called for each new game. ``info``: ``{"played", "stored_before",
    "seconds", "workers"}``.

    Raises :class:`BatchInterrupted` on Ctrl-C or :class:`Terminated` (exit status 130 or 143) and :class:`BatchError` if a worker fails (finished games
    stay stored either way), :class:`UserError` for bad arguments.
    """
    check_games(games)
    if db is None:
        db = get_game(game_of(jobs)).default_database()
    stored = [{i for i in store.stored_indices(r) if i < games} if store is not None else set()
              for r in (runs or [None] * len(jobs))]
    tasks = Tasks(len(jobs), games, stored)
    before = sum(len(s) for s in stored)
    if backend is None:
        backend = make_backend("local", None, games=len(tasks))
    records: list[list] = [[] for _ in jobs]
    writer = ordered = None
    if log_path is not None and store is None:
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
        stop = BatchInterrupted(f"{'terminated' if isinstance(exc, Terminated) else 'interrupted'} after "
                                f"{played} new games{where}")
        if isinstance(exc, Terminated):
            stop.exit_code = 128 + 15  # the conventional status of a process ended by SIGTERM
        if store is None:  # nothing is stored: the finished games are the result, so they travel with it
            stop.partial = [sorted(rs, key=lambda r: r.game) for rs in records]
            stop.seconds = time.perf_counter() - started
        raise stop from None
    finally:
        with contextlib.suppress(Exception):
            results.close()
        if bar is not None:
            bar.stop()
        if writer is not None:
            writer.close()
        if log_path is not None and store is not None:
            # the log is the store's games, so that a killed and resumed run's log misses none
            from .gamelog import write_log_from_store

            write_log_from_store(log_path, store, runs, jobs, games)
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


def job_summary(job: Job, games: list, played: int, seconds: float) -> dict:
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

    Raises :class:`UserError` for bad arguments, :class:`BatchInterrupted` on Ctrl-C or SIGTERM (without
    ``db_path`` its ``summary`` attribute holds the summary of the games finished before, with
    ``"interrupted": True``), :class:`BatchError` when a worker fails.
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
            runs = [store.ensure_run(deck_a, deck_b, names, seed, games,
                                     cards=database_version(module_of(deck_a), db))]
            have = sum(1 for i in store.stored_indices(runs[0]) if i < games)
            todo = games - have
            if have and notify is not None:
                notify(f"resuming: {have} of {games} games already stored in {db_path}; playing {todo}")
        engine = make_backend(backend, workers, address, games=todo)
        out, info = run_jobs([job], games, db=db, backend=engine, store=store, runs=runs, log_path=log_path,
                             progress=progress, label="simulating")
    except BatchInterrupted as stop:
        partial = getattr(stop, "partial", None)
        if partial is not None:  # without --db: the summary of the games finished before the signal
            summary = job_summary(job, partial[0], len(partial[0]), stop.seconds)
            summary["interrupted"] = True
            summary["unsupported"] = runner.unsupported_cards(deck_a, deck_b, db)
            summary["log"] = None if log_path is None else str(log_path)
            summary["db"] = None
            stop.summary = summary
        raise
    finally:
        if store is not None:
            store.close()
    summary = job_summary(job, out[0], info["played"], info["seconds"])
    summary["unsupported"] = runner.unsupported_cards(deck_a, deck_b, db)
    summary["log"] = None if log_path is None else str(log_path)
    summary["db"] = None if db_path is None else str(db_path)
    return summary


