"""Scenario files of every game: results, errors, YAML with line numbers, and ``tcgsim scenario run``.

A scenario file (the ONE PIECE CARD GAME's format is the public contract ``SCENARIOS.md``) names its game
with the top-level key ``game`` (default ``onepiece``). :func:`run_file` reads that key and hands the file
to the game's runner (``GameModule.run_scenario``); every game reports with the same
:class:`ScenarioResult` and :class:`Failure` shapes and the same ``FILE:LINE: problem`` errors.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

import yaml

from ..errors import UserError


# ==========================================================================================================
# Results and errors
# ==========================================================================================================

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
    scripting player (``"p1"``/``"p2"``) of an action failure: shown in the text report, not in the JSON.
    """

    after: int
    path: str
    expected: Any
    found: Any
    actor: str | None = None

    def to_json(self) -> dict:
        return {"after": self.after, "path": self.path, "expected": self.expected, "found": self.found}

    def __str__(self) -> str:
        expected = json.dumps(f"{self.actor}: {self.expected}" if self.actor else self.expected)
        return f"after {self.after}: {self.path}: expected {expected}, found {json.dumps(self.found)}"


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


# ==========================================================================================================
# YAML with line numbers
# ==========================================================================================================

@dataclass
class YamlDoc:
    """A parsed YAML document: ``data`` plus the 1-based line of every value (``lines``) and of every mapping
    key (``key_lines``), indexed by path tuples such as ``("state", "p1", "hand", 0)``."""

    file: str
    data: Any
    lines: dict[tuple, int]
    key_lines: dict[tuple, int]
    styles: dict[tuple, str | None] = field(default_factory=dict)

    def line(self, path: tuple) -> int:
        """The line of the value at ``path``, or of its nearest enclosing value."""
        path = tuple(path)
        while path and path not in self.lines:
            path = path[:-1]
        return self.lines.get(path, 1)

    def key_line(self, path: tuple) -> int:
        return self.key_lines.get(tuple(path)) or self.line(path)

    def error(self, path: tuple, problem: str, *, key: bool = False) -> ScenarioFormatError:
        return ScenarioFormatError(self.file, self.key_line(path) if key else self.line(path), problem)


def parse_yaml(text: str, file: str) -> YamlDoc:
    loader = yaml.SafeLoader(text)
    lines: dict[tuple, int] = {}
    key_lines: dict[tuple, int] = {}
    styles: dict[tuple, str | None] = {}

    def walk(node, path: tuple):
        lines[path] = node.start_mark.line + 1
        if isinstance(node, yaml.MappingNode):
            out: dict = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode):
                    raise ScenarioFormatError(file, key_node.start_mark.line + 1, "a mapping key must be a plain value")
                key = loader.construct_object(key_node, deep=True)
                if key in out:
                    raise ScenarioFormatError(file, key_node.start_mark.line + 1, f"duplicate key '{key}'")
                key_lines[path + (key,)] = key_node.start_mark.line + 1
                out[key] = walk(value_node, path + (key,))
            return out
        if isinstance(node, yaml.SequenceNode):
            return [walk(item, path + (i,)) for i, item in enumerate(node.value)]
        styles[path] = node.style
        return loader.construct_object(node, deep=True)

    try:
        root = loader.get_single_node()
        if root is None:
            raise ScenarioFormatError(file, 1, "empty file: a scenario needs at least 'name' and 'state'")
        data = walk(root, ())
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = " ".join(str(x) for x in (exc.context, exc.problem) if x)
        raise ScenarioFormatError(file, mark.line + 1 if mark else None, f"YAML syntax error: {problem}") from None
    except yaml.YAMLError as exc:
        raise ScenarioFormatError(file, None, f"YAML error: {exc}") from None
    finally:
        loader.dispose()
    return YamlDoc(file, data, lines, key_lines, styles)



# ==========================================================================================================
# Running files of any game
# ==========================================================================================================

def game_of(doc: YamlDoc) -> str:
    """The name of the game a parsed scenario is written for (``game`` key; default ``onepiece``).

    Raises :class:`ScenarioFormatError` at the ``game`` line for an unknown game.
    """
    from .games import game_names

    data = doc.data
    name = data.get("game", "onepiece") if isinstance(data, dict) else "onepiece"
    if name not in game_names():
        raise doc.error(("game",), f"unknown game {name!r}; known games: {', '.join(game_names())}")
    return name


def run_file(path: str | Path) -> ScenarioResult:
    """Run one scenario file of any game. Never raises for a bad file: ``result.error`` is set."""
    from .games import get_game

    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return ScenarioResult(str(path), False, error=f"{path}: cannot read the file: {exc}")
    try:
        name = game_of(parse_yaml(text, str(path)))
    except ScenarioFormatError as exc:
        return ScenarioResult(str(path), False, error=str(exc))
    return get_game(name).run_scenario(path)


def run_command(files: Sequence[str], json_output: bool = False, out=None, err=None) -> int:
    """``tcgsim scenario run FILE... [--json]``: run every file, print the results, return the exit status.

    Text output: ``FILE: passed``, or ``FILE: FAILED (N failures)`` then one
    ``FILE: after K: PATH: expected E, found F`` line per failure (values in JSON); a malformed file prints
    ``FILE:LINE: problem`` to ``err``. ``--json``: one JSON object per file and line on ``out``,
    ``{"file", "passed", "failures"}`` or ``{"file", "error"}``.
    Exit status: 0 all passed, 1 a failure and no malformed file, 2 any malformed file.
    """
    out = out or sys.stdout
    err = err or sys.stderr
    status = 0
    for f in files:
        result = run_file(f)
        if result.error is not None:
            status = 2
        elif not result.passed and status == 0:
            status = 1
        if json_output:
            print(json.dumps(result.to_json()), file=out)
        elif result.error is not None:
            print(result.error, file=err)
        else:
            print(result.report(), file=out)
    return status
