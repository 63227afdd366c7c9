"""Reading user files within stated limits, and quoting their text in messages (issue "Hostile input").

Every game's deck reader uses these, so a huge file is refused after reading at most ``limit + 1`` bytes and a
huge line is never echoed whole.
"""

from __future__ import annotations

from pathlib import Path

MAX_ECHO = 60
"""Most characters of a user's text quoted in an error message."""


def cut(text: str, limit: int = MAX_ECHO) -> str:
    """``text`` cut to ``limit`` characters, marked ``…`` when cut."""
    return text if len(text) <= limit else text[:limit] + "…"


def echo(text: str, limit: int = MAX_ECHO) -> str:
    """``text`` quoted (``repr``) for a message, cut as :func:`cut` does."""
    return repr(cut(text, limit))


def read_bounded(path: Path, limit: int) -> bytes | None:
    """The bytes of ``path`` if it holds at most ``limit`` bytes, else ``None`` (only ``limit + 1`` bytes are
    read). Raises ``OSError`` as ``open`` does."""
    with open(path, "rb") as fh:
        raw = fh.read(limit + 1)
    return None if len(raw) > limit else raw
