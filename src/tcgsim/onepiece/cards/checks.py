"""Which tests check a card itself: "compiled" told apart from "checked" (issue "Every card right", part 3).

A test is *card-specific* for card N when it names N in its file name (the official-ruling scenarios,
``OP04-033-q1-....yaml``) or in its scenario ``source:`` line ("card OP06-088", "card Q&A ... OP01-016").
A scenario that merely uses N as a body on the board does not count: it checks a construct or a rule,
not that card's text. The tests live in the clone (``tests/`` beside ``src/``); an installed package
without them knows of no test.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from .database import PROJECT_ROOT

TESTS_DIR = PROJECT_ROOT / "tests"
_NUMBER = re.compile(r"\b((?:OP|ST|EB|PRB|P)\d*-\d{3})\b")
_SOURCE = re.compile(r"^source:\s*(.*)$", re.M)


@lru_cache(maxsize=4)
def card_tests(tests_dir: Path = TESTS_DIR) -> dict[str, tuple[str, ...]]:
    """Card number -> the scenario files (paths relative to the project root, sorted) that are specific to
    it, scanned once from ``tests_dir``. Empty when the folder does not exist."""
    found: dict[str, set[str]] = {}
    if not tests_dir.is_dir():
        return {}
    for path in sorted(tests_dir.rglob("*.y*ml")):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        m = _SOURCE.search(text)
        named = set(_NUMBER.findall(path.name)) | (set(_NUMBER.findall(m.group(1))) if m else set())
        rel = path.relative_to(tests_dir.parent).as_posix()
        for number in named:
            found.setdefault(number, set()).add(rel)
    return {n: tuple(sorted(paths)) for n, paths in found.items()}


def specific_tests(number: str) -> tuple[str, ...]:
    """The card-specific test files of ``number`` (see the module docstring); ``()`` if none."""
    return card_tests().get(number, ())
