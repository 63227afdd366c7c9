"""Scenario files of every game: results, errors, YAML with line numbers, the shared reading and running
of a file, and ``tcgsim scenario run``.

A scenario file (the ONE PIECE CARD GAME's format is the public contract ``SCENARIOS.md``) names its game
with the top-level key ``game`` (default ``onepiece``). :func:`run_file` reads that key and hands the file
to the game's runner (``GameModule.run_scenario``); every game reports with the same
:class:`ScenarioResult` and :class:`Failure` shapes and the same ``FILE:LINE: problem`` errors.

What every game's scenario format shares is written here once: the schema helpers (:func:`either`,
:func:`is_int`, :func:`validation_error`), the records of a loaded file (:class:`Action`, :class:`Expect`,
:class:`Checkpoint`), reading ``actions`` and ``expect`` (:func:`read_actions`, :func:`read_expectations`)
and the runner (:func:`run_loaded`: the matching rules of SCENARIOS.md "actions" with the skipped steps of
:class:`Trace` and ``auto: pass``, the checks of ``expect``). A game gives its own part as a
:class:`ScenarioGame` (building the game, parsing its notation, reading its expectation paths, its decline
options).
"""

from __future__ import annotations

import difflib
import json
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from itertools import permutations
from pathlib import Path
from typing import Annotated, Any, Callable, Literal, Sequence, Union

import yaml
from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, ValidationError

from ..errors import UserError
from .decision import Decision
from .machine import DRAW, EngineError, IllegalAction


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
    scripting player (``"p1"``/``"p2"``) of an action failure: shown in the text report, not in the JSON;
    ``refused``: for an action its player could have answered, the rule that forbids it and why
    (``"3-7-4: ..."``, :func:`refusal`), shown in the text report (the JSON keeps SCENARIOS.md's shape).
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


MAX_FILE_BYTES = 1_000_000
"""The largest scenario file read (1 MB; the largest real scenario is about 3 KB)."""
MAX_DEPTH = 32
"""The deepest nesting of mappings and lists in a scenario file."""
MAX_ALIASES = 64
"""The most YAML aliases (``*name``) a scenario file may use."""
MAX_COUNT = 10_000
"""The largest count a scenario file may give (``deck: N`` FILLER cards, DON!! counts, ...)."""
MAX_NODES = 100_000
"""The most values a scenario file may hold once its aliases are expanded."""


def _check_limits(text: str, file: str) -> None:
    """Refuse, before building anything, a text beyond :data:`MAX_FILE_BYTES`, :data:`MAX_DEPTH` or
    :data:`MAX_ALIASES` (a YAML alias bomb, a deeply nested document), naming the line and the limit."""
    size = len(text.encode("utf-8"))
    if size > MAX_FILE_BYTES:
        raise ScenarioFormatError(file, None, f"the file is {size:,} bytes; a scenario file is at most {MAX_FILE_BYTES:,}")
    depth = aliases = 0
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    raise ScenarioFormatError(file, event.start_mark.line + 1,
                                              f"nested more than {MAX_DEPTH} levels deep (the limit of a scenario file)")
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
            elif isinstance(event, yaml.AliasEvent):
                aliases += 1
                if aliases > MAX_ALIASES:
                    raise ScenarioFormatError(file, event.start_mark.line + 1,
                                              f"more than {MAX_ALIASES} YAML aliases (the limit of a scenario file)")
    except yaml.YAMLError:
        return  # reported with its line by the full parse


def parse_yaml(text: str, file: str) -> YamlDoc:
    """Parse a scenario file's text into a :class:`YamlDoc`, within the limits above. Raises
    :class:`ScenarioFormatError` (``FILE:LINE: problem``) for a YAML error, a duplicate or non-plain key,
    an empty file, or a limit passed."""
    _check_limits(text, file)
    try:
        loader = yaml.SafeLoader(text)
    except yaml.reader.ReaderError as exc:  # a control character: refused before any parsing
        line = text.count("\n", 0, max(exc.position, 0)) + 1
        raise ScenarioFormatError(file, line, f"character #x{exc.character:04x} is not allowed in a scenario file") from None
    nodes = [0]
    lines: dict[tuple, int] = {}
    key_lines: dict[tuple, int] = {}
    styles: dict[tuple, str | None] = {}

    def walk(node, path: tuple):
        lines[path] = node.start_mark.line + 1
        nodes[0] += 1
        if nodes[0] > MAX_NODES:  # aliases expanded past any real scenario's size
            raise ScenarioFormatError(file, node.start_mark.line + 1,
                                      f"more than {MAX_NODES:,} values once aliases are expanded")
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
# Reading a file: schema helpers, actions, expect
# ==========================================================================================================

def read_text(path: str | Path) -> str:
    """The text of the scenario file ``path``; raises :class:`ScenarioFormatError` (``FILE: cannot read the
    file: ...``) for an unreadable or non-UTF-8 file."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise ScenarioFormatError(str(path), None, f"the file is over {MAX_FILE_BYTES:,} bytes, the limit of a "
                                                       "scenario file")
        return raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioFormatError(str(path), None, f"cannot read the file: {exc}") from None


def either(a: tuple[str, Any, Callable[[Any], bool]], b: tuple[str, Any, Callable[[Any], bool]], message: str):
    """A pydantic union of two members that picks its member by the input's shape, so that errors come from
    that member only. ``a`` and ``b`` are ``(tag, type, test)``; the first whose ``test(value)`` holds is
    used; an input that passes neither is the error ``message`` (type ``shape``)."""

    def pick(value):
        for tag, _, test in (a, b):
            if test(value):
                return tag
        return None

    return Annotated[
        Union[Annotated[a[1], Tag(a[0])], Annotated[b[1], Tag(b[0])]],
        Discriminator(pick, custom_error_type="shape", custom_error_message=message),
    ]


def is_int(v) -> bool:
    """True for an int that is not a bool (YAML ``true`` is not a number in a scenario)."""
    return isinstance(v, int) and not isinstance(v, bool)


def player_index(name: str) -> int:
    """``"p1"`` -> 0, ``"p2"`` -> 1."""
    return 0 if name == "p1" else 1


def validation_error(doc: YamlDoc, exc: ValidationError, base: tuple = ()) -> ScenarioFormatError:
    """The first error of pydantic's ``exc`` as ``FILE:LINE: problem``, located in the YAML source.

    ``base`` is the path of the validated value in ``doc`` (``()`` for the whole document). Unknown fields
    read ``WHERE: unknown field 'NAME'`` and missing ones ``WHERE: missing required field 'NAME'`` (at the
    key's line); other problems ``DOTTED.PATH: must be ... (got VALUE)``.
    """
    errors = exc.errors()
    err = errors[0]
    hint = ""
    if err["type"] == "missing":
        # a misspelt key ("nmae:") reads as the unknown key, with the missing one it probably stands for
        level = tuple(err["loc"][:-1])
        extra = [e for e in errors if e["type"] == "extra_forbidden" and tuple(e["loc"][:-1]) == level]
        if extra:
            missing = [str(e["loc"][-1]) for e in errors if e["type"] == "missing" and tuple(e["loc"][:-1]) == level]
            close = difflib.get_close_matches(str(extra[0]["loc"][-1]), missing, n=1)
            err = extra[0]
            hint = f" (did you mean '{close[0]}'?)" if close else ""
    # Walk the error location through the data, skipping union tags that are not part of the document.
    path: list = list(base)
    value = doc.data
    for part in base:
        value = value[part]
    loc = list(err["loc"])
    for i, part in enumerate(loc):
        if isinstance(value, dict) and part in value:
            path.append(part)
            value = value[part]
        elif isinstance(value, list) and isinstance(part, int) and 0 <= part < len(value):
            path.append(part)
            value = value[part]
        elif err["type"] in ("extra_forbidden", "missing") and i == len(loc) - 1:
            break
    name = loc[-1] if loc else ""
    if err["type"] == "extra_forbidden":
        parent = path[:-1] if path and path[-1] == name else path
        where = ".".join(str(p) for p in parent)
        return doc.error(tuple(parent) + (name,), f"{where + ': ' if where else ''}unknown field '{name}'{hint}", key=True)
    if err["type"] == "missing":
        where = ".".join(str(p) for p in path)
        return doc.error(tuple(path), f"{where + ': ' if where else ''}missing required field '{name}'", key=True)
    dotted = ".".join(str(p) for p in path) or "top level"
    msg = err["msg"]
    if err["type"] in ("model_type", "model_attributes_type", "dict_type"):
        msg = "must be a mapping"
    elif err["type"] == "literal_error":
        msg = msg.replace("Input should be", "must be")
    elif msg.startswith("Input should be"):
        msg = "must be" + msg[len("Input should be"):]
    elif msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    if "input" in err and not isinstance(err["input"], (dict, list)):
        msg += f" (got {err['input']!r})"
    return doc.error(tuple(path), f"{dotted}: {msg}")


@dataclass
class Action:
    """One scripted entry ``- pN: ACTION``: ``index`` (1-based), ``player`` (0 or 1), ``text`` (white space
    folded), ``line`` (of the entry)."""

    index: int
    player: int
    text: str
    line: int

    @property
    def actor(self) -> str:
        return f"p{self.player + 1}"


@dataclass
class Expect:
    """One expectation ``PATH: VALUE``: ``path`` as written, ``kind`` (the game's name of the path, e.g.
    ``hand.count``), ``player`` (0, 1 or None), ``ref`` (a card reference, or None), ``value`` (normalised
    expected value), ``line``."""

    path: str
    kind: str
    player: int | None
    ref: str | None
    value: Any
    line: int


@dataclass
class Checkpoint:
    """The expectations checked after the first ``after`` actions (``expect`` block at ``line``)."""

    after: int
    line: int
    expects: list[Expect]


class TopLevel(BaseModel):
    """The top-level keys of every game's scenario file, in this order: ``name``, ``source``, ``game``,
    ``cards``, ``state``, ``actions``, ``expect``, ``auto`` (unknown keys are errors; no type coercion). A
    game's schema subclasses it and redeclares ``game``, ``cards`` and ``state`` (pydantic keeps their
    place, so the first error of a file is the same); ``actions`` and ``expect`` are read by
    :func:`read_actions` and :func:`read_expectations`."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: str
    source: str | None = None
    game: str
    cards: list = []
    state: Any
    actions: Any = None
    expect: Any = None
    auto: Literal["pass"] | None = None


class TurnSpec(BaseModel):
    """The first keys of every game's ``state``: ``turn`` (1 or more), ``active`` and ``first`` (``p1`` or
    ``p2``; ``first`` may be omitted). A game's ``state`` schema subclasses it and adds its own keys after
    them (unknown keys are errors; no type coercion)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    turn: Annotated[int, Field(ge=1)]
    active: Literal["p1", "p2"]
    first: Literal["p1", "p2"] | None = None


def validate_top(doc: YamlDoc, schema: type[BaseModel], what: str):
    """``schema.model_validate(doc.data)`` (a :class:`TopLevel` model); raises :class:`ScenarioFormatError`:
    ``what`` (e.g. ``a scenario is a mapping with at least 'name' and 'state'``) when the document is not a
    mapping, else the first validation error (:func:`validation_error`)."""
    if not isinstance(doc.data, dict):
        raise doc.error((), what)
    try:
        return schema.model_validate(doc.data)
    except ValidationError as exc:
        raise validation_error(doc, exc) from None


@dataclass
class Scenario:
    """A validated scenario file: ``file`` (its name), ``spec`` (the game's :class:`TopLevel` model),
    ``cards`` (its test cards by number), ``actions`` (:class:`Action`), ``checkpoints``
    (:class:`Checkpoint`), ``auto_pass`` (``auto: pass``), ``db`` (the card database that resolves numbers)
    and ``doc`` (the parsed :class:`YamlDoc`)."""

    file: str
    spec: Any
    cards: dict[str, Any]
    actions: list[Action]
    checkpoints: list[Checkpoint]
    auto_pass: bool
    db: Any
    doc: YamlDoc


def check_turn(doc: YamlDoc, state, setup: str | None) -> None:
    """The turn order of ``state`` (``turn``, ``active``, ``first`` (None: ``p1``)): the first player is
    active on odd turns. ``setup`` is the words of a file that starts at the game setup (``"phase setup"``,
    ``"step setup"``; None otherwise): then the turn is 1 and a given first player is the active one. Raises
    :class:`ScenarioFormatError` at ``state.turn`` or ``state.active``."""
    S = ("state",)
    first = state.first or "p1"
    if setup is not None:
        if state.turn != 1:
            raise doc.error(S + ("turn",), f"{setup} starts the game: turn must be 1")
        if state.first is not None and state.active != first:
            raise doc.error(S + ("active",), f"{setup}: the first player {first} is active on turn 1, not {state.active}")
    else:
        expected = first if state.turn % 2 == 1 else ("p2" if first == "p1" else "p1")
        if state.active != expected:
            raise doc.error(S + ("active",), f"turn {state.turn} is {expected}'s turn (odd turns are the first "
                                             f"player's, first is {first}), but active is {state.active}")


def check_first_turn_done(doc: YamlDoc, state, pname: str, done: bool | None) -> None:
    """``state.pN.first_turn_done: true`` is impossible before that player's own first turn (turn 1 for the
    first player, 2 for the other) has ended; raises :class:`ScenarioFormatError` there."""
    own_first_turn = 1 if pname == (state.first or "p1") else 2
    if done and state.turn <= own_first_turn:
        raise doc.error(("state", pname, "first_turn_done"), f"{pname} cannot have finished their first turn "
                                                             f"(turn {own_first_turn}) on turn {state.turn}")


def plain_action(value) -> str | None:
    """The action string of a YAML value: a non-blank string with its white space folded, else None."""
    if isinstance(value, str) and value.strip():
        return " ".join(value.split())
    return None


def read_actions(doc: YamlDoc, example: str, text_of: Callable[[Any], str | None] = plain_action) -> list[Action]:
    """The ``actions`` list of ``doc`` (``[]`` when absent). ``text_of`` turns an entry's value into its
    action string (None: not an action); ``example`` is a ``- pN: ACTION`` line quoted in the error of a
    malformed entry. Raises :class:`ScenarioFormatError`."""
    raw = doc.data.get("actions")
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise doc.error(("actions",), "actions must be a list of 'pN: ACTION' entries")
    out = []
    for i, entry in enumerate(raw):
        at = ("actions", i)
        if not isinstance(entry, dict) or len(entry) != 1:
            raise doc.error(at, f"an action is one 'pN: ACTION' entry (e.g. '{example}')")
        (key, value), = entry.items()
        if key not in ("p1", "p2"):
            raise doc.error(at + (key,), f"an action starts with p1 or p2, not '{key}'", key=True)
        text = text_of(value)
        if text is None:
            raise doc.error(at + (key,), f"action {i + 1}: expected an action in the engine's notation, got {value!r}")
        out.append(Action(i + 1, player_index(key), text, doc.line(at + (key,))))
    return out


_OWN = object()


@dataclass
class Entry:
    """One ``PATH: VALUE`` of an ``expect`` block being read (``at`` is its path in ``doc``), with the
    helpers a game's expectation reader needs."""

    doc: YamlDoc
    at: tuple
    key: str
    value: Any
    card_number: Callable[[str, tuple], str]

    @property
    def line(self) -> int:
        return self.doc.line(self.at)

    def bad(self, what: str) -> ScenarioFormatError:
        """The error ``PATH: expected WHAT, got VALUE`` (at the value's line)."""
        return self.doc.error(self.at, f"{self.key}: expected {what}, got {self.value!r}")

    def unknown(self) -> ScenarioFormatError:
        """The error ``unknown expectation path 'PATH'`` (at the key's line)."""
        return self.doc.error(self.at, f"unknown expectation path '{self.key}'", key=True)

    def numbers(self) -> list[str]:
        """The value as a list of card numbers, each checked and normalised by ``card_number``; raises
        ``expected a list of card numbers`` for anything else."""
        v = self.value
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise self.bad("a list of card numbers")
        return [self.card_number(n, self.at + (i,)) for i, n in enumerate(v)]

    def expect(self, kind: str, player: int | None = None, ref: str | None = None, value: Any = _OWN) -> Expect:
        """The :class:`Expect` of this entry (``value`` by default: the entry's own value)."""
        return Expect(self.key, kind, player, ref, self.value if value is _OWN else value, self.line)


@dataclass(frozen=True)
class ExpectPaths:
    """A game's expectation paths, for :func:`read_expectations`.

    * ``kinds``: the decision kinds of ``pending: pN KIND``.
    * ``ints`` / ``lists``: ``pN.A.B`` paths (as ``("A", "B")``) whose value is an integer / a list of card
      numbers, mapped to their kind.
    * ``card_number(number, at)``: the normalised card number, or raise :class:`ScenarioFormatError` at
      ``at`` for an unknown one.
    * ``game(entry)``: the :class:`Expect` of a path that names no player (``winner``, ``legal``, ...), or
      None when the path is not one.
    * ``player(entry, player, rest)``: the :class:`Expect` of another ``pN.REST`` path, or None when the
      path is not one (an ``unknown expectation path`` error).
    """

    kinds: Sequence[str]
    ints: dict[tuple, str]
    lists: dict[tuple, str]
    card_number: Callable[[str, tuple], str]
    game: Callable[[Entry], Expect | None]
    player: Callable[[Entry, int, tuple], Expect | None]


def read_script(doc: YamlDoc, paths: ExpectPaths, example: str, text_of: Callable[[Any], str | None] = plain_action
                ) -> tuple[list[Action], list[Checkpoint]]:
    """``(actions, checkpoints)`` of ``doc``: :func:`read_actions` then :func:`read_expectations` (whose
    ``after`` may be at most the number of actions)."""
    actions = read_actions(doc, example, text_of)
    return actions, read_expectations(doc, len(actions), paths)


def read_expectations(doc: YamlDoc, n_actions: int, paths: ExpectPaths) -> list[Checkpoint]:
    """The ``expect`` of ``doc``: one mapping (checked after the last action) or a list of ``{after: K, ...}``
    mappings (``[]`` when absent).

    The paths every game shares are read here: a key that is not a string is an unknown path, ``pending``
    takes ``"pN KIND"`` (KIND one of ``paths.kinds``) or ``"none"``, ``pN.PATH`` of ``paths.ints`` an
    integer and of ``paths.lists`` a list of card numbers; every other path is the game's (``paths.game``,
    ``paths.player``). Raises :class:`ScenarioFormatError`.
    """
    raw = doc.data.get("expect")
    if raw is None:
        return []
    if isinstance(raw, dict):
        blocks = [((), raw, False)]
    elif isinstance(raw, list):
        blocks = [((i,), b, True) for i, b in enumerate(raw)]
    else:
        raise doc.error(("expect",), "expect must be a mapping of path: value, or a list of {after: K, ...} mappings")
    out = []
    for sub, block, listed in blocks:
        at = ("expect",) + sub
        if not isinstance(block, dict):
            raise doc.error(at, "each entry of an expect list is a mapping {after: K, path: value, ...}")
        if "after" in block:
            after = block["after"]
            if not is_int(after) or not 0 <= after <= n_actions:
                raise doc.error(at + ("after",), f"after must be an integer from 0 to {n_actions} (the number of actions)")
        elif listed:
            raise doc.error(at, "an entry of an expect list needs 'after: K'")
        else:
            after = n_actions
        expects = [_expectation(doc, at + (key,), key, value, paths) for key, value in block.items() if key != "after"]
        out.append(Checkpoint(after, doc.line(at), expects))
    return out


def _expectation(doc: YamlDoc, at: tuple, key, value, paths: ExpectPaths) -> Expect:
    if not isinstance(key, str):
        raise doc.error(at, f"unknown expectation path {key!r}", key=True)
    e = Entry(doc, at, key, value, paths.card_number)
    if key == "pending":
        kinds = paths.kinds
        if not isinstance(value, str) or not (value == "none" or re.fullmatch(r"p[12] (" + "|".join(kinds) + ")", value)):
            raise e.bad(f"'pN KIND' (KIND one of {', '.join(kinds)}) or 'none'")
        return e.expect("pending")
    found = paths.game(e)
    if found is not None:
        return found
    parts = key.split(".")
    if len(parts) < 2 or parts[0] not in ("p1", "p2"):
        raise e.unknown()
    player, rest = player_index(parts[0]), tuple(parts[1:])
    if rest in paths.ints:
        if not is_int(value):
            raise e.bad("an integer")
        return e.expect(paths.ints[rest], player)
    if rest in paths.lists:
        return e.expect(paths.lists[rest], player, value=e.numbers())
    found = paths.player(e, player, rest)
    if found is None:
        raise e.unknown()
    return found


# ==========================================================================================================
# Running a loaded file (SCENARIOS.md "actions", "expect")
# ==========================================================================================================

@dataclass(frozen=True)
class ScenarioGame:
    """What the shared runner needs from a game.

    * ``build(scenario, run=False, trace=True)``: the game of a loaded scenario, not yet run, with
      ``game.trace`` a :class:`Trace` (``scenario`` has ``file``, ``actions`` (:class:`Action`),
      ``checkpoints`` (:class:`Checkpoint`) and ``auto_pass``).
    * ``parse(game, text)``: the option of ``game.pending`` that ``text`` names; raises ``IllegalAction``.
    * ``labels(game)``: the labels of the pending decision's options, in order.
    * ``read(game, expect)``: the value found for an expectation of the game's own paths (the same shape as
      ``expect.value``); ``winner`` and ``pending`` are read here.
    * ``declines``: the options ``auto: pass`` answers with.
    * ``ordered``: the kinds of list expectations compared in order (the others compare as multisets).
    * ``split``: for games with multi-card answers, ``split(text)`` gives the one-card answers of ``text``
      (a list of one for any other text); such an answer may be fed a card at a time and may name several
      skipped steps.
    * ``end_choice(before, after)``: for such games, once a multi-card answer was fed a card at a time from
      game ``before`` to game ``after``: the answer that ends the choice (``"choose none"``) when ``after``
      still asks for more cards of that same choice, else ``None``. SCENARIOS.md: the line is the whole
      answer, and a line naming fewer than an "up to N" choice allows ends it.
    * ``unanswered(game)``: for a decision that SCENARIOS.md does not let a script answer, ``(default,
      texts)``: the answer the runner plays after an entry unless the next entry is one of ``texts`` (an
      extension of the format, answered by ``parse``); ``None`` for any other decision. For the ONE PIECE
      CARD GAME: paying an Event's activation cost, ``("yes", ("decline cost",))`` (SCENARIOS.md: `play` /
      `event` of an Event pays it with no yes/no; docs/scenarios.md).
    """

    build: Callable[..., Any]
    parse: Callable[[Any, str], tuple]
    labels: Callable[[Any], list[str]]
    read: Callable[[Any, Expect], Any]
    declines: tuple[tuple, ...]
    ordered: tuple[str, ...] = ()
    split: Callable[[str], list[str]] | None = None
    end_choice: Callable[[Any, Any], str | None] | None = None
    unanswered: Callable[[Any], tuple[str, tuple[str, ...]] | None] | None = None


class Trace(list):
    """``game.trace``: the steps the engine took by itself (a single option), as ``(player, kind, option)``;
    ``snapshots[i]`` is a copy of the game when step ``i`` was taken (to resolve card references as they were
    then), ``used[i]`` whether a scripted action already matched it. :meth:`reset` starts a new window (an
    asked decision)."""

    def __init__(self, game, rules: ScenarioGame) -> None:
        super().__init__()
        self.game = game
        self.rules = rules
        self.snapshots: list = []
        self.used: list[bool] = []

    def append(self, step) -> None:  # called by Machine.ask
        super().append(step)
        snap = self.game.clone()
        snap.trace = None
        self.snapshots.append(snap)
        self.used.append(False)

    def reset(self) -> None:
        self.clear()
        self.snapshots.clear()
        self.used.clear()

    def _names(self, i: int, player: int, text: str) -> bool:
        step_player, kind, option = self[i]
        if self.used[i] or step_player != player:
            return False
        snap = self.snapshots[i]
        snap.pending = Decision(step_player, kind, (option,))
        try:
            return self.rules.parse(snap, text) == option
        except IllegalAction:
            return False
        finally:
            snap.pending = None

    def match(self, player: int, text: str) -> bool:
        """Mark and return True if ``text`` names an unused step of ``player`` in this window (each used at
        most once); a multi-card answer (``rules.split``) may name several one-card steps."""
        for i in range(len(self)):
            if self._names(i, player, text):
                self.used[i] = True
                return True
        parts = self.rules.split(text) if self.rules.split is not None else []
        if len(parts) > 1:
            taken: list[int] = []
            for part in parts:
                for i in range(len(self)):
                    if i not in taken and self._names(i, player, part):
                        taken.append(i)
                        break
                else:
                    return False
            for i in taken:
                self.used[i] = True
            return True
        return False


def pending_text(g, rules: ScenarioGame) -> str:
    """The pending decision as a failure shows it: ``"pN KIND: OPTION; OPTION"``, or ``"none"``, or
    ``"none (game over: pN wins)"`` / ``"none (game over: draw)"``."""
    d = g.pending
    if d is None:
        if g.winner is None:
            return "none"
        who = "draw" if g.winner == DRAW else f"p{g.winner + 1} wins"
        return f"none (game over: {who})"
    return f"p{d.player + 1} {d.kind}: " + "; ".join(rules.labels(g))


def parse_any_order(parse: Callable[[Any, str], tuple]) -> Callable[[Any, str], tuple]:
    """``parse`` where a ``choose`` of several cards names a set: any order of the listed cards matches
    (``choose a, b`` = ``choose b, a``; up to 6 cards; not ``choose option``/``choose effect``)."""

    def parse_set(g, text: str) -> tuple:
        try:
            return parse(g, text)
        except IllegalAction:
            refs = [r.strip() for r in text[len("choose "):].split(",")] if text.startswith("choose ") else []
            if 1 < len(refs) <= 6 and not text.startswith(("choose option", "choose effect")):
                for perm in permutations(refs):
                    try:
                        return parse(g, "choose " + ", ".join(perm))
                    except IllegalAction:
                        continue
            raise

    return parse_set


def answers(g, player: int, text: str, rules: ScenarioGame) -> list[str] | None:
    """The answers (one, or one per card of a multi-card answer fed a card at a time, then the answer that
    ends the choice when the line named fewer cards than it allows: ``rules.end_choice``) that play ``text``
    for ``player`` from the current decision, or None if it is not legal."""
    d = g.pending
    if d is None or d.player != player:
        return None
    try:
        rules.parse(g, text)
        return [text]
    except IllegalAction:
        pass
    parts = rules.split(text) if rules.split is not None else []
    if len(parts) < 2:
        return None
    trial = g.clone()
    trial.trace = []
    kind = trial.pending.kind if trial.pending is not None else None
    for k, part in enumerate(parts):
        if trial.pending is None or trial.pending.player != player or trial.pending.kind != kind:
            # the rest may have been taken by the engine itself (a single option left): accepted and
            # skipped, as SCENARIOS.md says for steps that passed by themselves
            auto = [step for step in trial.trace if step[0] == player and step[1] == kind]
            return parts[:k] if k and len(auto) >= len(parts) - k else None
        try:
            trial.apply(rules.parse(trial, part))
        except IllegalAction:
            return None
    if rules.end_choice is not None and trial.pending is not None and trial.pending.player == player:
        # the line is the whole answer (SCENARIOS.md): fewer cards than "up to N" allows end the choice
        end = rules.end_choice(g, trial)
        if end is not None:
            return parts + [end]
    return parts


def refusal(g, act: Action, rules: ScenarioGame) -> str | None:
    """Why the pending decision refuses ``act``, when it is its player's to answer and the game names the
    rule that forbids it (``IllegalAction.rule``): ``"RULE: reason"``; else ``None``."""
    d = g.pending
    if d is None or d.player != act.player:
        return None
    try:
        rules.parse(g, act.text)
    except IllegalAction as exc:
        if exc.rule is not None:
            return exc.reason or f"{exc.rule}: {exc}"
    return None


def play(g, trace: Trace, act: Action, auto_pass: bool, rules: ScenarioGame) -> bool:
    """Play one scripted entry by the matching rules of SCENARIOS.md "actions": a legal answer of the
    pending decision of its player, else a step the engine took by itself since the last asked decision,
    else (``auto_pass``) decline the pending decision (an option of ``rules.declines``) and try again.
    ``concede`` is accepted at any decision. False when it cannot be played (strict failure)."""
    while True:
        if act.text == "concede":  # at any decision, by either player
            if g.winner is not None:
                return False
            trace.reset()
            g.concede(act.player)
            return True
        found = answers(g, act.player, act.text, rules)
        if found is not None:
            for part in found:
                trace.reset()
                g.apply(rules.parse(g, part))
            return True
        if trace.match(act.player, act.text):
            return True
        if auto_pass and g.pending is not None:
            decline = next((o for o in g.pending.options if o in rules.declines), None)
            if decline is not None:
                trace.reset()
                g.apply(decline)
                continue
        return False


def is_legal(g, text: str, rules: ScenarioGame) -> bool:
    """Whether ``text`` can be played now (``concede``: while the game goes on)."""
    if text == "concede":
        return g.winner is None
    return g.pending is not None and answers(g, g.pending.player, text, rules) is not None


def read_value(g, e: Expect, rules: ScenarioGame):
    """The value found for expectation ``e``: ``winner`` (``p1``/``p2``/``draw``/``none``), ``pending``
    (``pN KIND`` or ``none``), or the game's ``rules.read``."""
    if e.kind == "winner":
        return {None: "none", 0: "p1", 1: "p2", DRAW: "draw"}[g.winner]
    if e.kind == "pending":
        return "none" if g.pending is None else f"p{g.pending.player + 1} {g.pending.kind}"
    return rules.read(g, e)


def check(g, cp: Checkpoint, rules: ScenarioGame) -> list[Failure]:
    """The failures of checkpoint ``cp`` on ``g``: ``legal``/``illegal`` lists, then every path (a list is
    compared as a multiset unless its kind is in ``rules.ordered``; other values by value and type)."""
    out = []
    for e in cp.expects:
        if e.kind in ("legal", "illegal"):
            want = e.kind == "legal"
            for text in e.value:
                if is_legal(g, text, rules) != want:
                    out.append(Failure(cp.after, e.kind, text, pending_text(g, rules)))
            continue
        found = read_value(g, e, rules)
        if isinstance(e.value, list) and e.kind not in rules.ordered:
            ok = isinstance(found, list) and Counter(found) == Counter(e.value)
        else:
            ok = found == e.value and type(found) is type(e.value)
        if not ok:
            out.append(Failure(cp.after, e.path, e.value, found))
    return out


def run_loaded(scenario, rules: ScenarioGame) -> ScenarioResult:
    """Play a loaded scenario and check its expectations.

    Builds the game (``rules.build``), checks ``after: 0``, then plays each action and checks the
    expectations after it. An engine error while starting is the failure
    ``{"after": 0, "path": "state", ...}``; a scripted action that cannot be played (or raises an engine
    error) is ``{"after": K-1, "path": "action K", ...}`` and ends the run.
    """
    g = rules.build(scenario, run=False, trace=True)
    trace: Trace = g.trace
    failures: list[Failure] = []
    by_after: dict[int, list[Checkpoint]] = {}
    for cp in scenario.checkpoints:
        by_after.setdefault(cp.after, []).append(cp)

    def check_after(k: int) -> None:
        for cp in by_after.get(k, ()):
            failures.extend(check(g, cp, rules))

    try:
        g.run()
    except (EngineError, IllegalAction) as exc:
        failures.append(Failure(0, "state", "a game that runs", f"engine error: {exc}"))
        return ScenarioResult(scenario.file, False, failures, game=g)
    check_after(0)
    actions = list(scenario.actions)
    for i, act in enumerate(actions):
        try:
            ok = play(g, trace, act, scenario.auto_pass, rules)
            if ok:
                _play_unanswered(g, trace, actions[i + 1] if i + 1 < len(actions) else None, rules)
        except (EngineError, IllegalAction) as exc:
            failures.append(Failure(act.index - 1, f"action {act.index}", act.text, f"engine error: {exc}", act.actor))
            break
        if not ok:
            failures.append(Failure(act.index - 1, f"action {act.index}", act.text, pending_text(g, rules), act.actor,
                                    refusal(g, act, rules)))
            break
        check_after(act.index)
    return ScenarioResult(scenario.file, not failures, failures, game=g)


def _play_unanswered(g, trace: Trace, following: Action | None, rules: ScenarioGame) -> None:
    """Answer the pending decision with ``rules.unanswered`` unless the ``following`` entry answers it."""
    while rules.unanswered is not None and g.pending is not None:
        found = rules.unanswered(g)
        if found is None:
            return
        default, texts = found
        if following is not None and following.player == g.pending.player and following.text in texts:
            return  # the script answers it itself
        trace.reset()
        g.apply(rules.parse(g, default))


def load_and_run(file: str, load: Callable[[], Any], rules: ScenarioGame) -> ScenarioResult:
    """``run_loaded(load(), rules)``, where a :class:`ScenarioFormatError` from ``load`` becomes the result
    of a malformed ``file`` (``error`` set): never raises for a bad file."""
    try:
        scenario = load()
    except ScenarioFormatError as exc:
        return ScenarioResult(file, False, error=str(exc))
    return run_loaded(scenario, rules)


# ==========================================================================================================
# Running files of any game
# ==========================================================================================================

def game_of(doc: YamlDoc) -> str:
    """The name of the game a parsed scenario is written for (``game`` key; default the default game).

    Raises :class:`ScenarioFormatError` at the ``game`` line for an unknown game.
    """
    from .games import default_game, game_names

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
