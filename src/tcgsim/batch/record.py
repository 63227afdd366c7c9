"""The record of one played game (:class:`GameRecord`) and the helpers of its stored form: what the runner
produces and the game logs write and read back."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from ..core.games import module_of


@dataclass
class GameRecord:
    """Everything about one finished game.

    ``seed``: the game seed given to ``new_game``; ``decks``: ``{"A": {"name", "leader", "main": [[number,
    count], ...]}, "B": ...}``; ``agents``: agent names by seat; ``first``: ``"A"`` or ``"B"`` (the deck that
    went first); ``winner``: ``"A"``, ``"B"`` or ``"draw"``; ``turns``: game turns played (both players',
    the last one included); ``end_reason``: the engine's (``"life"``, ``"deck"``, ...); ``decisions``: every
    answered decision in action notation and ``indices`` the same as option indices; ``fingerprint``: the
    final state's canonical JSON (:meth:`Game.fingerprint`); ``events``: the referee's log, one readable
    line per event (private events prefixed ``[p1 only]``), empty unless the game was played with
    ``log=True``; ``game``: the game's number in its batch (``None`` for a single game).
    """

    seed: int
    decks: dict
    agents: tuple[str, str]
    first: str
    winner: str
    turns: int
    end_reason: str
    decisions: list[str]
    indices: list[int]
    fingerprint: str
    events: list[str] = field(default_factory=list)
    game: int | None = None

    @property
    def fingerprint_hash(self) -> str:
        """SHA-256 (hex) of :attr:`fingerprint`."""
        return fingerprint_hash(self.fingerprint)


def fingerprint_hash(fingerprint: str) -> str:
    """SHA-256 hex digest of a game fingerprint string (as written in game logs)."""
    return hashlib.sha256(fingerprint.encode()).hexdigest()


def deck_info(deck) -> dict:
    """A deck as plain data: ``{"name", "leader", "main": [[number, count], ...], "game", "text"}`` where
    ``text`` is the deck in its game's text format (:meth:`GameModule.deck_text`)."""
    module = module_of(deck)
    return {"name": deck.name or deck.source, "leader": deck.leader, "main": [[n, c] for n, c in deck.main],
            "game": module.name, "text": module.deck_text(deck)}


def format_event(event: tuple) -> str:
    """One ``(visible_to, text)`` log event as a line: private events are prefixed ``[pN only]``."""
    visible_to, text = event
    return text if visible_to is None else f"[p{visible_to + 1} only] {text}"
