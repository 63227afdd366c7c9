"""What running a scenario file gives, for every game: a malformed file's error and a run's result.

:class:`ScenarioFormatError` is ``FILE:LINE: problem``; :class:`ScenarioResult` (with its
:class:`Failure` entries) has the JSON and text forms of SCENARIOS.md "Running".
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ...errors import UserError


class ScenarioFormatError(UserError):
    """A malformed scenario file. ``str(error)`` is ``FILE:LINE: problem`` (``FILE: problem`` when no line
    applies, e.g. an unreadable file). Attributes ``file``, ``line`` (int or None), ``problem``."""

    def __init__(self, file: str, line: int | None, problem: str) -> None:
        self.file = file
        self.line = line
        self.problem = problem
        super().__init__(f"{file}:{line}: {problem}" if line is not None else f"{file}: {problem}")


@dataclass
class Failure:
    """One unmet expectation, or a scripted action that could not be played.

    JSON shape (SCENARIOS.md "Running"): ``{"after": K, "path": ..., "expected": ..., "found": ...}``. For an
    action: ``after`` is K-1, ``path`` is ``"action K"``, ``expected`` the scripted ACTION (the text after
    ``pN:``; a YAML boolean as ``yes``/``no``) and ``found`` the pending decision as
    ``"pN KIND: OPTION; OPTION; ..."`` (``"none (game over: ...)"`` when the game is over). ``actor`` is the
    scripting player (``"p1"``/``"p2"``) of an action failure: shown in the text report, not in the JSON;
    ``refused``: for an action its player could have answered, the rule that forbids it and why
    (``"3-7-4: ..."``, :func:`tcgsim.core.scenario.runner.refusal`), shown in the text report (the JSON keeps
    SCENARIOS.md's shape).
    """

    after: int
    path: str
    expected: Any
    found: Any
    actor: str | None = None
    refused: str | None = None

    def to_json(self) -> dict:
        return {"after": self.after, "path": self.path, "expected": self.expected, "found": self.found}

    def __str__(self) -> str:
        expected = json.dumps(f"{self.actor}: {self.expected}" if self.actor else self.expected)
        why = f" (refused by rule {self.refused})" if self.refused else ""
        return f"after {self.after}: {self.path}: expected {expected}, found {json.dumps(self.found)}{why}"


@dataclass
class ScenarioResult:
    """The outcome of one scenario file.

    ``passed`` is true when the file is well formed, every action was played and every expectation holds.
    ``error`` is the ``FILE:LINE: problem`` message of a malformed file (then ``passed`` is false and
    ``failures`` empty). ``game`` is the game at the end of the run (``None`` for a malformed file).
    """

    file: str
    passed: bool
    failures: list[Failure] = field(default_factory=list)
    error: str | None = None
    game: Any = None

    @property
    def malformed(self) -> bool:
        return self.error is not None

    def to_json(self) -> dict:
        """``{"file", "passed", "failures": [...]}``, or ``{"file", "error"}`` for a malformed file."""
        if self.error is not None:
            return {"file": self.file, "error": self.error}
        return {"file": self.file, "passed": self.passed, "failures": [f.to_json() for f in self.failures]}

    def report(self) -> str:
        """Human-readable text: ``FILE: passed``, or ``FILE: FAILED (N failures)`` and one
        ``FILE: after K: PATH: expected E, found F`` line per failure, or the ``FILE:LINE: problem`` error."""
        if self.error is not None:
            return self.error
        if self.passed:
            return f"{self.file}: passed"
        n = len(self.failures)
        lines = [f"{self.file}: FAILED ({n} failure{'s' if n != 1 else ''})"]
        lines += [f"{self.file}: {f}" for f in self.failures]
        return "\n".join(lines)
