"""The games tcgsim plays, and what the shared tools (simulate, replay, agents, scenarios) need from each.

Every game is a package (``tcgsim.onepiece``, ``tcgsim.bleach``) with a ``module.py`` exposing ``MODULE``,
an object with the attributes and methods of :class:`GameModule`. The batch runner, the game logs, the
agents registry and the CLI only talk to that object, so they are written once for every game.

``get_game("bleach")`` returns the module (imported on first use); :data:`GAMES` lists the names.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Protocol, Sequence

from ..errors import UserError

GAMES: dict[str, str] = {
    "onepiece": "tcgsim.onepiece.module",
    "bleach": "tcgsim.bleach.module",
}
"""Game names (as given to ``--game``) and the module holding each game's ``MODULE``."""

DEFAULT_GAME = "onepiece"


class GameModule(Protocol):
    """What a game provides to the shared tools. ``deck`` objects have at least ``name``, ``source``,
    ``leader`` (the card that identifies the deck: a Leader, a starting Ame Principale) and ``main``
    (a tuple of ``(card number, count)``). ``db`` is the game's card database."""

    name: str
    """The game's name as used on the command line (``onepiece``, ``bleach``)."""
    title: str
    """The game's name for people."""
    default_decks: tuple[str, str]
    """The two bundled decks ``simulate`` plays when given none."""

    def default_database(self) -> Any:
        """The game's card database (loaded once)."""

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
        """Run one scenario file of this game: a :class:`~tcgsim.core.scenario_files.ScenarioResult`, never
        an exception for a bad file (``result.error`` holds ``FILE:LINE: problem``)."""


_loaded: dict[str, GameModule] = {}


def game_names() -> list[str]:
    """The known game names, sorted."""
    return sorted(GAMES)


def get_game(name: str | None = None) -> GameModule:
    """The game module called ``name`` (default ``onepiece``; case and spaces ignored).

    Raises :class:`UserError` listing the known games for an unknown name.
    """
    if name is None:
        name = DEFAULT_GAME
    key = str(name).strip().lower().replace("-", "").replace(" ", "")
    if key in ("op", "optcg"):
        key = "onepiece"
    module = _loaded.get(key)
    if module is None:
        path = GAMES.get(key)
        if path is None:
            raise UserError(f"unknown game {name!r}; known games: {', '.join(game_names())}")
        module = _loaded[key] = importlib.import_module(path).MODULE
    return module


def module_of(deck) -> GameModule:
    """The game a deck belongs to: its ``game`` attribute (``"onepiece"`` when it has none)."""
    return get_game(getattr(deck, "game", None))
