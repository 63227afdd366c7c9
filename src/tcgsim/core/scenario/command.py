"""Scenario files of any game: which game a file is for, running it, and ``tcgsim scenario run``.

:func:`run_file` reads a file's ``game`` key (through the game registry: no game is named here) and hands
the file to that game's runner (``GameModule.run_scenario``); :func:`run_command` runs files and prints
their results.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Sequence

from ..games import default_game, game_names, get_game
from .results import ScenarioFormatError, ScenarioResult
from .yaml_doc import YamlDoc, parse_yaml


def game_of(doc: YamlDoc) -> str:
    """The name of the game a parsed scenario is written for (``game`` key; default the default game).

    Raises :class:`ScenarioFormatError` at the ``game`` line for an unknown game.
    """
    data = doc.data
    default = default_game().name
    name = data.get("game", default) if isinstance(data, dict) else default
    if name not in game_names():
        close = [g for g in game_names() if isinstance(name, str) and g == name.strip().lower()]
        hint = f" (game names are written in lower case: {close[0]!r})" if close else ""
        raise doc.error(("game",), f"unknown game {name!r}; known games: {', '.join(game_names())}{hint}")
    return name


def run_file(path: str | Path) -> ScenarioResult:
    """Run one scenario file of any game. Never raises for a bad file: ``result.error`` is set."""
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
