"""Playing games between agents: one game (:func:`play_game`) or a batch with a summary (:func:`simulate`).

Every game is played through its :class:`~tcgsim.core.games.GameModule` (found from the decks' ``game``
attribute), so the same runner plays the ONE PIECE CARD GAME and Bleach. Seats: deck A is always player 0 (p1) and deck B player 1 (p2); the runner answers the first-or-second
choice itself (``new_game(..., first=...)``) so that a batch alternates who goes first. Randomness: the game's
own stream is derived inside ``new_game`` from the game seed; agent ``i`` draws from its own stream seeded
with ``derive_seed(game_seed, "agent", i)``, so agents never shift the game's shuffles. In a batch, game
``i`` has the seed ``derive_seed(seed, "game", i)`` and deck A goes first when ``i`` is even. The same
arguments always give the same games and the same summary (timing fields aside).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable, Sequence

from ..core.games import get_game, load_deck, module_of
from ..core.rng import derive_seed
from ..core.session import Session, SessionError, play
from ..errors import TcgsimError, UserError
from .gamelog import GameLogWriter
from .record import GameRecord, deck_info, format_event

SIDES = ("A", "B")
"""Deck labels by seat: player 0 plays deck A, player 1 deck B."""

MAX_DECISIONS = 50_000
"""A guard against an agent/engine loop: no legal game comes near it."""


class RunnerError(TcgsimError):
    """An agent answered with an illegal index, or a game exceeded :data:`MAX_DECISIONS` (a bug)."""


def _agent(module, spec, game_seed: int, seat: int, db):
    if isinstance(spec, str):
        return module.make_agent(spec, derive_seed(game_seed, "agent", seat), db)
    return spec


def play_game(
    deck_a,
    deck_b,
    db,
    seed: int,
    agents: Sequence = ("random", "random"),
    a_first: bool = True,
    log: bool = False,
    *,
    game: int | None = None,
) -> GameRecord:
    """Play one game to its end and return its :class:`GameRecord`.

    ``deck_a``/``deck_b``: validated decks of the same game (deck A is player 0); ``db``: that game's card
    database; ``seed``: the game seed; ``agents``: two agent names (built by the game's module with their
    own streams ``derive_seed(seed, "agent", i)``) or agent objects used as given (an agent with
    ``needs_sampler`` also gets ``sampler=``, see :meth:`GameModule.make_sampler`); ``a_first``: deck A goes
    first; ``log``: keep the referee's log in ``record.events``. Raises :class:`~tcgsim.errors.UserError` for
    an unknown agent name and :class:`RunnerError` if an agent answers an index out of range.
    """
    module = module_of(deck_a)
    players = [_agent(module, agents[i], seed, i, db) for i in (0, 1)]
    session = Session.start(module, deck_a, deck_b, db, seed, first=0 if a_first else 1, log=log)
    try:
        play(session, players, max_decisions=MAX_DECISIONS)
    except SessionError as exc:
        raise RunnerError(f"{exc} (game seed {seed})") from None
    finally:
        for p, given in zip(players, agents):
            if p is not given:  # built here: an agent in another process is stopped (agents/remote.py)
                getattr(p, "close", lambda: None)()
    winner = {"p1": "A", "p2": "B", "draw": "draw"}[session.winner]
    return GameRecord(
        seed=seed,
        decks={"A": deck_info(deck_a), "B": deck_info(deck_b)},
        agents=tuple(getattr(p, "name", str(p)) for p in players),
        first="A" if a_first else "B",
        winner=winner,
        turns=session.turn,
        end_reason=session.end_reason,
        decisions=session.decisions,
        indices=session.indices,
        fingerprint=session.fingerprint(),
        events=[format_event(e) for e in session.referee_log()],
        game=game,
    )


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a batch run with ``seed``."""
    return derive_seed(seed, "game", index)


def parse_agents(spec: str | Sequence[str], game: str | None = None) -> tuple[str, str]:
    """``"random,heuristic"`` → ``("random", "heuristic")``; one name is used for both decks.

    Raises :class:`~tcgsim.errors.UserError` for a list of more than two names or a name ``game`` (default
    the ONE PIECE CARD GAME) does not know.
    """
    module = get_game(game)
    names = [s.strip() for s in (spec.split(",") if isinstance(spec, str) else spec)]
    names = [n if n[:5].lower() == "proc:" else n.lower() for n in names]  # a command keeps its case
    if any(not n for n in names):
        raise UserError(f"--agents {spec!r}: an empty agent name (give one name, or two separated by a comma)")
    if len(names) == 1:
        names = names * 2
    if len(names) != 2:
        raise UserError(f"--agents takes one name or two names separated by a comma, not {spec!r}")
    for n in names:
        module.make_agent(n, 0, None)  # raises UserError for an unknown name
    return names[0], names[1]


def unsupported_cards(deck_a, deck_b, db) -> list[dict]:
    """The cards of the two decks (Leaders included) with card text the engine does not understand.

    Each item: ``{"number", "name", "decks": ["A"] | ["B"] | ["A", "B"], "fragments": [text, ...]}``,
    sorted by card number (:meth:`GameModule.unsupported_cards`).
    """
    return module_of(deck_a).unsupported_cards(deck_a, deck_b, db)


def summarize(records: Sequence[GameRecord], seconds: float) -> dict:
    """Aggregate statistics of finished games (see :func:`simulate` for the keys)."""
    n = len(records)
    wins = {"A": 0, "B": 0}
    first_games = {"A": 0, "B": 0}
    first_wins = {"A": 0, "B": 0}
    second_wins = {"A": 0, "B": 0}
    reasons: dict[str, int] = {}
    draws = turns = decisions = 0
    for r in records:
        first_games[r.first] += 1
        turns += r.turns
        decisions += len(r.indices)
        reasons[r.end_reason] = reasons.get(r.end_reason, 0) + 1
        if r.winner == "draw":
            draws += 1
            continue
        wins[r.winner] += 1
        if r.winner == r.first:
            first_wins[r.winner] += 1
        else:
            second_wins[r.winner] += 1

    def rate(k: int, m: int) -> float | None:
        return round(k / m, 4) if m else None

    second_games = {"A": first_games["B"], "B": first_games["A"]}
    fpw = first_wins["A"] + first_wins["B"]
    return {
        "games": n,
        "wins": wins,
        "draws": draws,
        "win_rate": {s: rate(wins[s], n) for s in SIDES},
        "first_player_wins": fpw,
        "first_player_win_rate": rate(fpw, n),
        "games_first": first_games,
        "win_rate_first": {s: rate(first_wins[s], first_games[s]) for s in SIDES},
        "win_rate_second": {s: rate(second_wins[s], second_games[s]) for s in SIDES},
        "mean_turns": round(turns / n, 3) if n else 0.0,
        "decisions": round(decisions / n, 3) if n else 0.0,
        "end_reasons": dict(sorted(reasons.items())),
        "seconds": round(seconds, 4),
        "games_per_second": round(n / seconds, 2) if seconds > 0 else None,
    }


TIMING_KEYS = ("seconds", "games_per_second")
"""Summary keys that depend on the machine, not on the seed."""


def simulate(
    deck_a,
    deck_b,
    games: int = 100,
    seed: int = 0,
    agents: str | Sequence[str] = ("random", "random"),
    progress: bool = True,
    *,
    db=None,
    log_path: str | Path | None = None,
    on_game: Callable[[GameRecord], None] | None = None,
) -> dict:
    """Play ``games`` games of ``deck_a`` (player 0) against ``deck_b`` and return a JSON-ready summary.

    Game ``i`` uses seed ``derive_seed(seed, "game", i)``; deck A goes first in even games. ``agents``: two
    names (or ``"a,b"``, or one name for both); ``progress``: show a rich progress bar on stderr; ``db``:
    the CardDatabase (default database when ``None``); ``log_path``: write every game as a JSON line
    (:mod:`tcgsim.batch.gamelog`); ``on_game``: called with each :class:`GameRecord`.

    Keys: ``games``, ``seed``, ``agents`` {"A","B"}, ``decks`` {"A","B"} (names), ``wins`` {"A","B"},
    ``draws``, ``win_rate`` {"A","B"}, ``first_player_wins``, ``first_player_win_rate``, ``games_first``
    {"A","B"}, ``win_rate_first``/``win_rate_second`` {"A","B"} (``None`` without such games),
    ``mean_turns``, ``decisions`` (mean answered decisions per game), ``end_reasons``, ``seconds``,
    ``games_per_second`` (wall clock), ``unsupported`` (see :func:`unsupported_cards`), ``log`` (the path
    or ``None``). Only ``seconds`` and ``games_per_second`` vary between runs with the same arguments.
    Raises :class:`~tcgsim.errors.UserError` for an unknown agent or a ``games`` below 1.
    """

    if games < 1:
        raise UserError(f"the number of games must be at least 1, not {games}")
    module = module_of(deck_a)
    if db is None:
        db = module.default_database()
    names = parse_agents(agents, module.name)
    writer = None
    if log_path is not None:
        writer = GameLogWriter(log_path)
    records: list[GameRecord] = []
    bar = _progress_bar() if progress else None
    started = time.perf_counter()
    try:
        if bar is not None:
            bar.start()
            task = bar.add_task("games", total=games)
        for i in range(games):
            record = play_game(deck_a, deck_b, db, game_seed(seed, i), names, a_first=i % 2 == 0,
                               log=writer is not None, game=i)
            if writer is not None:
                writer.write(record)
                record.events = []  # written: do not keep every log in memory
            if on_game is not None:
                on_game(record)
            record.fingerprint = ""  # only the log needs it
            records.append(record)
            if bar is not None:
                bar.advance(task)
    finally:
        if bar is not None:
            bar.stop()
        if writer is not None:
            writer.close()
    seconds = time.perf_counter() - started
    summary = summarize(records, seconds)
    out = {
        "games": summary.pop("games"),
        "seed": seed,
        "agents": {"A": names[0], "B": names[1]},
        "decks": {"A": deck_a.name or deck_a.source, "B": deck_b.name or deck_b.source},
    }
    out.update(summary)
    out["unsupported"] = unsupported_cards(deck_a, deck_b, db)
    out["log"] = None if log_path is None else str(log_path)
    return out


def _progress_bar():
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    return Progress(
        TextColumn("simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )


def load_decks(spec_a: str, spec_b: str, db=None, game: str | None = None) -> tuple:
    """Load and validate two decks of ``game`` (files or bundled names such as ``ST01``); ``db`` defaults to
    the game's card database.

    Raises :class:`~tcgsim.errors.UserError` listing every problem of both decks (``FILE:LINE: message``,
    one per line) if either cannot be read or is not legal.
    """
    module = get_game(game)
    if db is None:
        db = module.default_database()
    decks, messages = [], []
    for spec in (spec_a, spec_b):
        try:
            decks.append(load_deck(module, spec, db))
        except UserError as exc:
            messages.append(str(exc))
    if messages:
        raise UserError("illegal deck:\n" + "\n".join(messages))
    return decks[0], decks[1]


def print_summary(summary: dict, console=None) -> None:
    """Print a :func:`simulate` summary for people: a table per deck, the batch figures and the cards whose
    effect text the engine does not support yet."""
    from rich.console import Console
    from rich.table import Table

    console = console or Console()

    def pct(x) -> str:
        return "-" if x is None else f"{100 * x:.1f}%"

    n = summary["games"]
    stopped = "interrupted: the result of the " if summary.get("interrupted") else ""
    table = Table(title=f"{stopped}{n} {'finished ' if stopped else ''}games, seed {summary['seed']}")
    for col in ("deck", "agent", "wins", "win rate", "going first", "going second"):
        table.add_column(col, justify="left" if col in ("deck", "agent") else "right")
    for s in SIDES:
        table.add_row(
            f"{s}: {summary['decks'][s]}", summary["agents"][s], str(summary["wins"][s]), pct(summary["win_rate"][s]),
            pct(summary["win_rate_first"][s]), pct(summary["win_rate_second"][s]),
        )
    console.print(table)
    console.print(
        f"draws {summary['draws']}, first player won {summary['first_player_wins']} ({pct(summary['first_player_win_rate'])}), "
        f"mean turns {summary['mean_turns']:.2f}, decisions/game {summary['decisions']:.1f}, "
        f"{summary['games_per_second']} games/s",
        highlight=False,
        soft_wrap=True,
    )
    unsupported = summary.get("unsupported") or []
    if unsupported:
        console.print(f"\n{len(unsupported)} cards in these decks have effect text the engine does not support yet "
                      "(the text has no effect in these games):", highlight=False, markup=False, soft_wrap=True)
        for item in unsupported:
            console.print(f"  {item['number']} {item['name']} (deck {'+'.join(item['decks'])})", highlight=False, markup=False, soft_wrap=True)
            for fragment in item["fragments"]:
                console.print(f"    - {fragment}", highlight=False, markup=False, soft_wrap=True)
    if summary.get("log"):
        console.print(f"\ngame log: {summary['log']}", highlight=False, markup=False, soft_wrap=True)
