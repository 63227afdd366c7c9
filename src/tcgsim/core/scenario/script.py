"""The script of a scenario file, for every game: its ``actions`` and its ``expect`` checkpoints
(SCENARIOS.md "actions", "expect").

:func:`read_script` reads both into :class:`Action` and :class:`Checkpoint` records; the paths every game
shares (``pending``, ``pN.PATH`` integers and card lists) are read here, a game gives the rest as
:class:`ExpectPaths`. :class:`Scenario` is a validated file: its game's schema model and its script.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from .results import ScenarioFormatError
from .schema import is_int, player_index
from .yaml_doc import YamlDoc


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
