"""Backends play tasks (:mod:`tcgsim.batch.jobs`) and yield :class:`~tcgsim.batch.jobs.Finished` games in
completion order:

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
from typing import Iterator, Sequence

from ..errors import UserError
from ..core.games import get_game
from .jobs import BACKENDS, CHUNK_MAX, GAMES_PER_WORKER, BatchError, Finished, Job, db_payload, game_of, play_task, worker_db


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
        db = worker_db(payload, default, game_of(jobs))
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
        payload, default = db_payload(db, jobs)
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
        self.db = worker_db(payload, default, game_of(jobs))

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


RAY_CONNECT_SECONDS = 5.0
"""How long :func:`check_ray_address` waits for a Ray head node to accept a connection (environment
variable ``TCGSIM_RAY_CONNECT_SECONDS`` overrides it)."""


def check_ray_address(address: str) -> None:
    """Raise :class:`UserError` (a short message, before Ray prints anything) unless ``address`` is ``auto``
    or ``local``, or a ``HOST:PORT`` / ``ray://HOST:PORT`` at which something accepts a TCP connection
    within :data:`RAY_CONNECT_SECONDS`: Ray itself retries an unreachable address for minutes, logging as it
    goes."""
    import socket

    text = address.strip()
    if text.lower() in ("auto", "local"):
        return
    rest = text[len("ray://"):] if text.lower().startswith("ray://") else text
    host, sep, port = rest.rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise UserError(f"--address {address!r}: expected auto, HOST:PORT (the head node's GCS port, e.g. "
                        "10.0.0.5:6379) or ray://HOST:PORT")
    try:
        seconds = float(os.environ.get("TCGSIM_RAY_CONNECT_SECONDS", RAY_CONNECT_SECONDS))
    except ValueError:
        seconds = RAY_CONNECT_SECONDS
    try:
        socket.create_connection((host, int(port)), timeout=seconds).close()
    except OSError as exc:
        reason = "no answer" if isinstance(exc, TimeoutError) else (exc.strerror or str(exc))
        raise UserError(f"--address {address}: no Ray cluster at {host}:{port} ({reason}, waited at most "
                        f"{seconds:g} s); start one with `ray start --head` or check the address") from None


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
        if address:
            check_ray_address(address)

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
                db = get_game(game_of(jobs)).default_database()
            payload, default = db_payload(db, jobs)
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


