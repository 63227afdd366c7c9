"""The schema every game's scenario file shares (SCENARIOS.md "Top level", "state"), and the helpers a
game's own schema is written with.

:class:`TopLevel` and :class:`TurnSpec` are the shared keys (a game subclasses them); :func:`validate_top`
validates a document and reports pydantic's first error as ``FILE:LINE: problem``
(:func:`validation_error`); :func:`either`, :func:`is_int` and :func:`player_index` build and read a game's
models; :func:`check_turn` and :func:`check_first_turn_done` are the turn-order checks of "state".
"""

from __future__ import annotations

import difflib
from typing import Annotated, Any, Callable, Literal, Union

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, ValidationError

from .results import ScenarioFormatError
from .yaml_doc import YamlDoc


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
