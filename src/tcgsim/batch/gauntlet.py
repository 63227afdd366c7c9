"""``tcgsim gauntlet``: every pair of decks, both seats alternating, and its win-rate matrix."""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Sequence

from ..errors import UserError
from . import runner
from ..core.games import database_version, get_game, load_deck, module_of
from .backends import make_backend
from .jobs import Job, check_games
from .parallel import job_summary, run_jobs

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
            deck = load_deck(module, spec, db)
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
    run_simulation's without "unsupported"/"log": this command's games], "matrix": {"win_rate": [[row deck's
    rate against column deck or None]], "games": [[...]]}, "seconds", "db"}``. The matrix is the report's
    (:func:`_matrix`): it also counts games of the same decks and agents stored by earlier runs (other seeds,
    more games), so ``tcgsim report`` shows the same numbers. Raises :class:`UserError` for fewer than two
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
        cards = database_version(module_of(decks[0]), db)
        runs = [store.ensure_run(j.deck_a, j.deck_b, names, seed, games, cards=cards) for j in jobs]
        have = sum(1 for r in runs for i in store.stored_indices(r) if i < games)
        todo = len(jobs) * games - have
        if have and notify is not None:
            notify(f"resuming: {have} of {len(jobs) * games} games already stored in {db_path}; playing {todo}")
        engine = make_backend(backend, workers, address, games=todo)
        out, info = run_jobs(jobs, games, db=db, backend=engine, store=store, runs=runs, progress=progress,
                             label="gauntlet")
    summaries = []
    for job, stored in zip(jobs, out):
        s = job_summary(job, stored, 0, info["seconds"])
        s.pop("seconds")
        s.pop("games_per_second")
        summaries.append(s)
    rate, count = _matrix(db_path, decks, pairs, names)
    seconds = info["seconds"]
    return {
        "games": games,
        "seed": seed,
        "agents": {"A": names[0], "B": names[1]},
        "decks": _labels(decks),
        "pairs": summaries,
        "matrix": {"win_rate": rate, "games": count},
        "seconds": round(seconds, 4),
        "games_per_second": round(info["played"] / seconds, 2) if seconds > 0 and info["played"] else None,
        "db": str(db_path),
    }


def _matrix(db_path, decks, pairs, names) -> tuple[list, list]:
    """The gauntlet's win-rate matrix read from the store with :func:`tcgsim.batch.report.collect`, so that
    it is the report's: cell ``[i][j]`` counts every stored game of deck ``i`` (played by agent
    ``names[0]`` when ``i < j``, else ``names[1]``) against deck ``j``, earlier runs with other seeds or more
    games included. Returns ``(win rates or None, games)``, ``n`` × ``n``."""
    from .report import collect
    from .store import deck_id

    section = collect(db_path).section(module_of(decks[0]).name)
    n = len(decks)
    rate = [[None] * n for _ in range(n)]
    count = [[0] * n for _ in range(n)]
    for i, j in pairs:
        pi, pj = section.index(deck_id(decks[i]), names[0]), section.index(deck_id(decks[j]), names[1])
        for (r, c), (me, them) in (((i, j), (pi, pj)), ((j, i), (pj, pi))):
            t = section.cells[me][them]
            count[r][c] = t.games
            rate[r][c] = round(t.rate, 4) if t.games else None
    return rate, count


def _labels(decks) -> list[str]:
    """Each deck's name; decks that share a name (``d1/deck.txt``, ``d2/deck.txt``) are named by their source
    instead, so that no two rows of the matrix read alike."""
    names = [d.name or d.source for d in decks]
    return [d.source if names.count(n) > 1 and d.source else n for n, d in zip(names, decks)]


def print_gauntlet(result: dict, console=None) -> None:
    """Print a :func:`run_gauntlet` result: the win-rate matrix (row deck against column deck)."""
    from rich.console import Console
    from rich.table import Table

    console = console or Console()
    names = result["decks"]
    table = Table(title=f"win rate of the row deck against the column deck ({result['games']} games per pair "
                        f"played with seed {result['seed']}; n: games counted)")
    table.add_column("deck")
    for name in names:
        table.add_column(name, justify="right")
    for i, name in enumerate(names):
        row = []
        for j in range(len(names)):
            r = result["matrix"]["win_rate"][i][j]
            row.append("-" if r is None else f"{100 * r:.1f}% (n={result['matrix']['games'][i][j]})")
        table.add_row(name, *row)
    console.print(table)
    if any(c > result["games"] for row in result["matrix"]["games"] for c in row):
        console.print("some cells also count games of the same decks and agents stored earlier (other seeds or "
                      "more games), as `tcgsim report` does", highlight=False, markup=False, soft_wrap=True)
    console.print(f"games stored in {result['db']}; `tcgsim report {result['db']} --out DIR` draws the report",
                  highlight=False, markup=False, soft_wrap=True)

