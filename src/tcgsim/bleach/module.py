"""The Bleach card game as seen by the shared tools (:class:`tcgsim.core.games.GameModule`)."""

from __future__ import annotations

from typing import Sequence

from ..errors import UserError

AGENTS = ("heuristic", "mcts", "random")


class BleachModule:
    """Bleach (``--game bleach``): sample set BLX, decks ``compagnons`` and ``rivaux``."""

    from .terminal import HELP as help_text

    name = "bleach"
    title = "Bleach (jeu de cartes)"
    aliases = ()
    default_rank = 10
    default_decks = ("compagnons", "rivaux")

    def default_database(self):
        """The bundled sample set (``bleach/cards/sample_set.yaml``), loaded once."""
        from .cards.loader import default_database

        return default_database()

    def database_version(self, db) -> str:
        """``"sample set BLX (sample_set.yaml sha256 0123456789ab)"``: the bundled set's file, hashed."""
        import hashlib
        from importlib import resources

        data = resources.files("tcgsim.bleach.cards").joinpath("sample_set.yaml").read_bytes()
        return f"sample set BLX (sample_set.yaml sha256 {hashlib.sha256(data).hexdigest()[:12]})"

    def is_default_database(self, db) -> bool:
        """Whether ``db`` is the bundled sample set (``None`` counts)."""
        return db is None or db is self.default_database()

    def adopt_default_database(self, db) -> None:
        """Nothing to do: the sample set loads in a moment in each worker."""

    def load_deck(self, spec: str, db):
        """See :func:`tcgsim.bleach.deck.load_deck` (UserError ``FILE:LINE: problem``)."""
        from .deck import load_deck

        return load_deck(spec, db)

    def deck_text(self, deck) -> str:
        from .deck import deck_text

        return deck_text(deck)

    def parse_deck(self, text: str, db, source: str):
        from .deck import parse_deck

        return parse_deck(text, db, source)

    person_options = {"max_turns": None}
    """The options of a game a person plays (``tcgsim play``; the browser later): no draw after
    :data:`~tcgsim.bleach.rules.choices.MAX_TURNS` turns, a limit only simulations need."""

    def new_game(self, deck_a, deck_b, db, seed: int, first: int | None = None, log: bool = False, **options):
        """See :func:`tcgsim.bleach.rules.setup.new_game` (``options``: ``max_turns``)."""
        from .rules.setup import new_game

        return new_game(deck_a, deck_b, db, seed, first=first, log=log, **options)

    def player_view(self, game, player: int) -> dict:
        from .rules.view import player_view

        return player_view(game, player)

    def render(self, game, player: int, option: tuple) -> str:
        from .rules.notation import render

        return render(game, player, option)

    def parse(self, game, text: str) -> tuple:
        from .rules.notation import parse

        return parse(game, text)

    def unsupported_cards(self, deck_a, deck_b, db) -> list[dict]:
        """Always empty: every card of the YAML format is fully implemented (the loader rejects the rest)."""
        return []

    def check_invariants(self, game, db, rng) -> None:
        from .rules.invariants import check_all

        check_all(game, db, rng)

    def make_sampler(self, game, player: int):
        from .rules.determinize import make_sampler

        return make_sampler(game, player)

    def make_agent(self, name: str, seed: int, db):
        """``random`` (:class:`~tcgsim.agents.random_agent.RandomAgent`), ``heuristic``
        (:class:`~tcgsim.agents.bleach_heuristic.BleachHeuristicAgent`) or ``mcts`` / ``mcts:N`` /
        ``mcts:Nms`` (:class:`~tcgsim.agents.mcts.MCTSAgent` with :mod:`tcgsim.agents.bleach_search`),
        ``proc:COMMAND`` (:class:`~tcgsim.agents.remote.ProcessAgent`); UserError otherwise."""
        from ..agents.remote import from_name

        remote = from_name(name)
        if remote is not None:
            return remote
        key, _, arg = str(name).strip().lower().partition(":")
        if key == "mcts":
            from ..agents import bleach_search
            from ..agents.mcts import MCTSAgent

            if arg:
                return MCTSAgent.from_spec(arg, seed, db=db, knowledge=bleach_search)
            return MCTSAgent(seed, db=db, knowledge=bleach_search)
        if arg:
            raise UserError(f"agent {key!r} takes no argument (got {name!r})")
        if key == "random":
            from ..agents.random_agent import RandomAgent

            return RandomAgent(seed)
        if key == "heuristic":
            from ..agents.bleach_heuristic import BleachHeuristicAgent

            return BleachHeuristicAgent(seed, db=db)
        raise UserError(f"unknown Bleach agent {name!r}; known agents: {', '.join(AGENTS)}")

    def deck_names(self) -> list[str]:
        """The bundled decks (``compagnons``, ``rivaux``): the decks a web player may pick by name."""
        return list(self.default_decks)

    def card_info(self, number: str, db) -> dict:
        """One card's printed data for the browser's card inspector, in the keys of the ONE PIECE module's
        ``card_info`` (``category``: the Bleach card type; ``cost``: its entry cost or cost; ``power``: its
        offensive PC; keys with no Bleach meaning are empty). Raises UserError for an unknown number."""
        card = db.get(number)
        cost = card.entry_cost if card.entry_cost is not None else card.cost
        return {"number": card.number, "name": card.name, "category": card.type, "colors": [], "cost": cost,
                "power": card.pc_offensive, "counter": None, "life": None, "attributes": [], "types": [],
                "keywords": [], "text": card.text or "", "trigger": None, "unsupported": [], "image": None}

    def deck_problems(self, deck, db) -> list[str]:
        """Always empty: :meth:`parse_deck` already refuses an illegal deck (UserError)."""
        return []

    def card_text(self, number: str, db) -> str:
        """``tcgsim cards show --game bleach NUMBER``; UserError for an unknown number."""
        from .terminal import card_lines

        return "\n".join(card_lines(db.get(number)))

    def deck_summary(self, deck, db) -> str:
        """``tcgsim deck check --game bleach DECK`` for a legal deck."""
        from .terminal import deck_lines

        return "\n".join(deck_lines(deck, db))

    def board_lines(self, view: dict, db=None) -> list[str]:
        """The board for the terminal player; see :func:`tcgsim.bleach.terminal.board_lines`."""
        from .terminal import board_lines

        return board_lines(view, db)

    def agent_names(self) -> Sequence[str]:
        return AGENTS

    def run_scenario(self, path):
        """Run a Bleach scenario file (``game: bleach``; docs/scenarios.md): a
        :class:`~tcgsim.core.scenario.results.ScenarioResult`, never an exception for a bad file."""
        from .scenario import run_scenario

        return run_scenario(path)


MODULE = BleachModule()
