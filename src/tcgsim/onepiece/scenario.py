"""Scenario files: set up a board, play a scripted list of decisions, check the result.

The format is a public contract, specified in ``SCENARIOS.md`` (the project's shared documentation); this
module implements it:

* :func:`load_scenario` / :func:`load_scenario_text` read and validate a file (YAML, schema in pydantic
  models with ``extra="forbid"``, then the consistency checks of SCENARIOS.md "state"). Any problem raises
  :class:`ScenarioFormatError`, whose message is ``FILE:LINE: problem``.
* :func:`build_game` turns a loaded :class:`Scenario` into a :class:`~tcgsim.onepiece.rules.engine.Game`
  positioned at the start of the named phase.
* :func:`run_scenario` / :func:`run_scenario_text` load, play the ``actions`` (matching rules of
  SCENARIOS.md "actions": legal answer, skipped steps, ``auto: pass``, strict failure) and check ``expect``;
  they return a :class:`ScenarioResult` and never raise for a malformed file (``result.error`` is set).
* :func:`run_command` is ``tcgsim scenario run FILE... [--json]``: prints the results, returns the exit status
  (0 all passed, 1 a failure and nothing malformed, 2 a malformed file).
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import permutations
from pathlib import Path
from typing import Annotated, Any, Literal, Union

import yaml
from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, ValidationError

from ..core.decision import Decision
from ..core.rng import derive_seed
from ..core.scenario_files import Failure, ScenarioFormatError, ScenarioResult, YamlDoc as _Doc, parse_yaml as _parse_yaml
from ..errors import UserError
from .cards.database import CardDatabase, card_from_record, default_database, normalize_number
from .cards.model import CHARACTER, FILLER, LEADER, STAGE, CardDef
from .effects.cards import with_effects
from .effects.compiler import compile_card_text
from .rules import notation
from .rules.continuous import cost as current_cost, power as current_power
from .rules.engine import EngineError, Game, IllegalAction
from .rules.setup import _start as start_setup, build_tables

__all__ = [
    "ScenarioFormatError",
    "Failure",
    "ScenarioResult",
    "Scenario",
    "load_scenario",
    "load_scenario_text",
    "build_game",
    "run_scenario",
    "run_scenario_text",
    "run_loaded",
    "run_command",
    "play_action",
]

PHASES = ("setup", "refresh", "draw", "don", "main", "end")
KINDS = ("first", "keep", "main", "block", "counter", "trigger", "choose", "option", "effect", "yes-no",
         "order", "trash")
DECLINES = (("noblock",), ("endcounter",), ("notrigger",), ("no",), ("choose_none",))
"""The decline options ``auto: pass`` answers with (SCENARIOS.md "actions")."""
DEFAULT_DECK = 20
MAX_CHARACTERS = 5  # rule 3-7-6
_TEST_NUMBER = re.compile(r"^[A-Z0-9]+-[A-Z0-9]+$")
_NUMBER = r"(?P<number>[A-Za-z0-9]+-[A-Za-z0-9]+|FILLER)(?:#[1-9]\d*)?"
_FIELD_REF = re.compile(r"(?:opp )?(?:leader|stage|" + _NUMBER + ")")
_HAND_REF = re.compile(_NUMBER + r"|[1-9]\d*")


# ==========================================================================================================
# Schema (SCENARIOS.md "Top level", "state", "cards")
# ==========================================================================================================

_STRICT = ConfigDict(extra="forbid", strict=True)
NonNegative = Annotated[int, Field(ge=0)]


def _either(a: tuple[str, Any, Callable[[Any], bool]], b: tuple[str, Any, Callable[[Any], bool]], message: str):
    """A union that picks its member by the input's shape, so errors come from that member only."""

    def pick(value):
        for tag, _, test in (a, b):
            if test(value):
                return tag
        return None

    return Annotated[
        Union[Annotated[a[1], Tag(a[0])], Annotated[b[1], Tag(b[0])]],
        Discriminator(pick, custom_error_type="shape", custom_error_message=message),
    ]


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class CardSpec(BaseModel):
    """A test card (SCENARIOS.md "cards"): the card database's fields."""

    model_config = _STRICT
    number: str
    name: str
    category: Literal["Leader", "Character", "Event", "Stage"]
    colors: list[Literal["Red", "Green", "Blue", "Purple", "Black", "Yellow"]] = []
    cost: NonNegative | None = None
    power: int | None = None
    counter: NonNegative | None = None
    life: NonNegative | None = None
    attributes: list[str] = []
    types: list[str] = []
    text: str = ""


class LifeCardSpec(BaseModel):
    model_config = _STRICT
    card: str
    face_up: bool = False


class CharacterSpec(BaseModel):
    model_config = _STRICT
    card: str
    rested: bool = False
    don: NonNegative = 0
    played_this_turn: bool = False


class StageSpec(BaseModel):
    model_config = _STRICT
    card: str
    rested: bool = False


class DonSpec(BaseModel):
    model_config = _STRICT
    active: NonNegative = 0
    rested: NonNegative = 0
    deck: NonNegative | None = None


LifeEntry = _either(("<number>", str, lambda v: isinstance(v, str)), ("<mapping>", LifeCardSpec, lambda v: isinstance(v, dict)),
                    "must be a card number or {card: NUMBER, face_up: true}")
DeckField = _either(("<list>", list[str], lambda v: isinstance(v, list)), ("<count>", NonNegative, _is_int),
                    "must be a list of card numbers (top first) or a number of FILLER cards")
StageField = _either(("<number>", str, lambda v: isinstance(v, str)), ("<mapping>", StageSpec, lambda v: isinstance(v, dict)),
                     "must be a card number or {card: NUMBER, rested: true|false}")


class PlayerSpec(BaseModel):
    """One player's side of ``state`` (SCENARIOS.md "state", ``p1`` and ``p2``)."""

    model_config = _STRICT
    leader: str
    leader_rested: bool = False
    leader_don: NonNegative = 0
    life: list[LifeEntry] = []
    hand: list[str] = []
    trash: list[str] = []
    deck: DeckField = DEFAULT_DECK
    characters: list[CharacterSpec] = []
    stage: StageField | None = None
    don: DonSpec = DonSpec()
    first_turn_done: bool | None = None


class StateSpec(BaseModel):
    model_config = _STRICT
    turn: Annotated[int, Field(ge=1)]
    active: Literal["p1", "p2"]
    first: Literal["p1", "p2"] | None = None
    phase: Literal["setup", "refresh", "draw", "don", "main", "end"]
    p1: PlayerSpec
    p2: PlayerSpec
    seed: int = 0


class ScenarioSpec(BaseModel):
    """The top level (SCENARIOS.md "Top level"); ``actions`` and ``expect`` are checked by hand afterwards."""

    model_config = _STRICT
    name: str
    source: str | None = None
    game: Literal["onepiece"] = "onepiece"
    cards: list[CardSpec] = []
    state: StateSpec
    actions: Any = None
    expect: Any = None
    auto: Literal["pass"] | None = None


def _validation_error(doc: _Doc, exc: ValidationError) -> ScenarioFormatError:
    """The first pydantic error as ``FILE:LINE: problem``, located in the YAML source."""
    err = exc.errors()[0]
    # Walk the error location through the data, skipping union tags that are not part of the document.
    path: list = []
    value = doc.data
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
        return doc.error(tuple(parent) + (name,), f"{where + ': ' if where else ''}unknown field '{name}'", key=True)
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
    if "input" in err and not isinstance(err["input"], (dict, list)):
        msg += f" (got {err['input']!r})"
    return doc.error(tuple(path), f"{dotted}: {msg}")


# ==========================================================================================================
# Loaded scenario
# ==========================================================================================================

@dataclass
class _Action:
    index: int        # 1-based
    player: int       # 0 or 1
    text: str
    line: int

    @property
    def actor(self) -> str:
        return f"p{self.player + 1}"


@dataclass
class _Expect:
    path: str         # as written
    kind: str         # see _read
    player: int | None
    ref: str | None   # card reference (card paths)
    value: Any        # normalised expected value
    line: int


@dataclass
class _Checkpoint:
    after: int
    line: int
    expects: list[_Expect]


@dataclass
class Scenario:
    """A validated scenario: ``spec`` (the pydantic model), ``cards`` (test cards by number), ``actions``,
    ``checkpoints`` (expectations by ``after``), ``auto_pass``, and the card ``db`` used to resolve numbers."""

    file: str
    spec: ScenarioSpec
    cards: dict[str, CardDef]
    actions: list[_Action]
    checkpoints: list[_Checkpoint]
    auto_pass: bool
    db: CardDatabase
    doc: _Doc

    def unsupported(self) -> dict[str, tuple[str, ...]]:
        """The text the engine does not support (``CardDef.unsupported``) of every card the scenario puts in
        the game, by card number: behaviour that the run cannot show."""
        lookup = _Lookup(self.doc, self.cards, self.db)
        st = self.spec.state
        numbers = set()
        for ps in (st.p1, st.p2):
            numbers.update([ps.leader, *ps.hand, *ps.trash, *(c.card for c in ps.characters)])
            numbers.update(e if isinstance(e, str) else e.card for e in ps.life)
            if isinstance(ps.deck, list):
                numbers.update(ps.deck)
            if ps.stage is not None:
                numbers.add(ps.stage if isinstance(ps.stage, str) else ps.stage.card)
        defs = {d.number: d for d in (lookup.find(n) for n in numbers)}
        return {n: d.unsupported for n, d in sorted(defs.items()) if d.unsupported}


def load_scenario(path: str | Path, db: CardDatabase | None = None) -> Scenario:
    """Read and validate the scenario file ``path`` (SCENARIOS.md).

    Raises :class:`ScenarioFormatError` (``FILE:LINE: problem``) for an unreadable or malformed file.
    ``db`` defaults to :func:`~tcgsim.onepiece.cards.database.default_database`.
    """
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioFormatError(name, None, f"cannot read the file: {exc}") from None
    return load_scenario_text(text, name, db)


def load_scenario_text(text: str, filename: str = "<scenario>", db: CardDatabase | None = None) -> Scenario:
    """Validate scenario ``text`` (the content of ``filename``); see :func:`load_scenario`."""
    doc = _parse_yaml(text, filename)
    if not isinstance(doc.data, dict):
        raise doc.error((), "a scenario is a mapping with at least 'name' and 'state'")
    try:
        spec = ScenarioSpec.model_validate(doc.data)
    except ValidationError as exc:
        raise _validation_error(doc, exc) from None
    if db is None:
        db = default_database()
    cards = _test_cards(doc, spec, db)
    lookup = _Lookup(doc, cards, db)
    _check_state(doc, spec, lookup)
    actions = _actions(doc)
    checkpoints = _expectations(doc, len(actions), lookup)
    return Scenario(filename, spec, cards, actions, checkpoints, spec.auto == "pass", db, doc)


class _Lookup:
    """Resolves card numbers to definitions: test cards, then FILLER, then the database."""

    def __init__(self, doc: _Doc, cards: dict[str, CardDef], db: CardDatabase) -> None:
        self.doc, self.cards, self.db = doc, cards, db

    def find(self, number: str) -> CardDef | None:
        n = normalize_number(number)
        if n in self.cards:
            return self.cards[n]
        if n == FILLER.number:
            return FILLER
        return self.db.get(n) if n in self.db else None

    def __call__(self, number: str, path: tuple) -> CardDef:
        d = self.find(number)
        if d is None:
            suggestion = self.db.suggest(number)
            hint = f" (did you mean {suggestion}?)" if suggestion else ""
            raise self.doc.error(path, f"unknown card number '{number}'{hint}")
        return d


def _test_cards(doc: _Doc, spec: ScenarioSpec, db: CardDatabase) -> dict[str, CardDef]:
    cards: dict[str, CardDef] = {}
    for i, c in enumerate(spec.cards):
        at = ("cards", i, "number")
        if c.number == FILLER.number or c.number in db:
            what = "FILLER, the built-in filler card" if c.number == FILLER.number else "a real card number"
            raise doc.error(at, f"test card number '{c.number}' is {what}; a test card needs its own number")
        if not _TEST_NUMBER.match(c.number):
            raise doc.error(at, f"test card number '{c.number}' must look like a card number "
                                "(upper-case letters and digits around one '-', e.g. TEST-001)")
        if c.number in cards:
            raise doc.error(at, f"test card number '{c.number}' is defined twice")
        cards[c.number] = _compile_test_card(doc, i, c)
    return cards


def _compile_test_card(doc: _Doc, index: int, c: CardSpec) -> CardDef:
    """Build the CardDef of a test card exactly as the database builds a real one (the same record conversion
    ``card_from_record``: keywords, construction text, [Trigger] text, unsupported fragments). Unsupported
    text does not make the file malformed; a rejection by the card-text grammar does (see
    :func:`_text_rejections`)."""
    record = {
        "card_number": c.number, "card_name": c.name, "card_type": c.category,
        "colors": list(c.colors), "cost": c.cost, "power": c.power, "counter": c.counter, "life": c.life,
        "attributes": list(c.attributes), "types": list(c.types),
        # SCENARIOS.md: "<br> or newlines between paragraphs"; the data separates paragraphs with "<br>".
        "effects": "<br>".join(c.text.splitlines()),
    }
    try:
        card = with_effects(card_from_record(record))
    except (KeyError, ValueError) as exc:
        raise doc.error(("cards", index), f"test card {c.number}: {exc}") from None
    for fragment, position, reason in _text_rejections(card):
        where = f" (position {position})" if position is not None else ""
        raise ScenarioFormatError(doc.file, _text_line(doc, index, c.text, fragment),
                                  f"test card {c.number}: the card text grammar rejects {fragment!r}{where}: {reason}")
    return card


def _text_rejections(card: CardDef) -> list[tuple[str, int | None, str]]:
    """The grammar rejections of a test card's text, as ``(fragment, position, reason)``: each makes the
    scenario malformed (reported at the fragment's line by :func:`_compile_test_card`).

    A rejection is a fragment the grammar could not parse (it has a token position). Text that parses
    but uses a construct the interpreter does not implement is not a rejection: the card loads and the
    fragment is listed in ``CardDef.unsupported``.
    """
    compiled = compile_card_text(card.text, card.trigger_text)
    return [(u.fragment, u.position, u.reason) for u in compiled.unsupported if u.position is not None]


def _text_line(doc: _Doc, index: int, text: str, fragment: str) -> int:
    """The YAML line of ``fragment`` inside test card ``index``'s ``text`` (the text's first line when the
    fragment cannot be placed)."""
    path = ("cards", index, "text")
    line = doc.line(path)
    at = text.find(fragment.split("\n")[0]) if fragment else -1
    if at >= 0 and doc.styles.get(path) in ("|", ">"):
        line += 1 + text[:at].count("\n")  # block scalar: the content starts on the next line
    return line


def _player_index(name: str) -> int:
    return 0 if name == "p1" else 1


def _check_state(doc: _Doc, spec: ScenarioSpec, lookup: _Lookup) -> None:
    """The consistency checks of SCENARIOS.md "state": any contradiction makes the file malformed."""
    st = spec.state
    S = ("state",)
    first_given = st.first is not None
    first = st.first or "p1"
    if st.phase == "setup":
        if st.turn != 1:
            raise doc.error(S + ("turn",), "phase setup starts the game: turn must be 1")
        if first_given and st.active != first:
            raise doc.error(S + ("active",), f"phase setup: the first player {first} is active on turn 1, not {st.active}")
    else:
        expected = first if st.turn % 2 == 1 else ("p2" if first == "p1" else "p1")
        if st.active != expected:
            raise doc.error(S + ("active",), f"turn {st.turn} is {expected}'s turn (odd turns are the first player's, "
                                             f"first is {first}), but active is {st.active}")
    for pname in ("p1", "p2"):
        ps: PlayerSpec = getattr(st, pname)
        P = S + (pname,)
        leader = lookup(ps.leader, P + ("leader",))
        if leader.category != LEADER:
            raise doc.error(P + ("leader",), f"{ps.leader} is {_a(leader.category)}, not a Leader")
        for zone in ("hand", "trash"):
            for i, n in enumerate(getattr(ps, zone)):
                _not_leader(doc, lookup(n, P + (zone, i)), n, P + (zone, i))
        for i, e in enumerate(ps.life):
            n = e if isinstance(e, str) else e.card
            at = P + ("life", i) if isinstance(e, str) else P + ("life", i, "card")
            _not_leader(doc, lookup(n, at), n, at)
        if isinstance(ps.deck, list):
            for i, n in enumerate(ps.deck):
                _not_leader(doc, lookup(n, P + ("deck", i)), n, P + ("deck", i))
        if len(ps.characters) > MAX_CHARACTERS:
            raise doc.error(P + ("characters",), f"{len(ps.characters)} Characters: the area holds at most "
                                                  f"{MAX_CHARACTERS} (rule 3-7-6)")
        for i, ch in enumerate(ps.characters):
            d = lookup(ch.card, P + ("characters", i, "card"))
            if d.category != CHARACTER:
                raise doc.error(P + ("characters", i, "card"), f"{ch.card} is {_a(d.category)}, not a Character")
        if ps.stage is not None:
            n = ps.stage if isinstance(ps.stage, str) else ps.stage.card
            at = P + ("stage",) if isinstance(ps.stage, str) else P + ("stage", "card")
            d = lookup(n, at)
            if d.category != STAGE:
                raise doc.error(at, f"{n} is {_a(d.category)}, not a Stage")
        # DON!! (SCENARIOS.md: the DON!! deck holds the rest of the Leader's DON!! deck size).
        size = leader.don_deck_size
        given = ps.leader_don + sum(ch.don for ch in ps.characters)
        used = ps.don.active + ps.don.rested + given + (ps.don.deck or 0)
        if used > size:
            parts = f"{ps.don.active} active + {ps.don.rested} rested + {given} given"
            if ps.don.deck is not None:
                parts += f" + {ps.don.deck} in the DON!! deck"
            raise doc.error(P + ("don",) if "don" in doc.data["state"][pname] else P,
                            f"{pname} has {parts} = {used} DON!!, more than the Leader's DON!! deck of {size}")
        # first_turn_done (rule 6-5-6-1): impossible before the player's own first turn has ended.
        own_first_turn = 1 if pname == first else 2
        if ps.first_turn_done and not st.turn > own_first_turn:
            raise doc.error(P + ("first_turn_done",), f"{pname} cannot have finished their first turn "
                                                      f"(turn {own_first_turn}) on turn {st.turn}")
        if st.phase == "setup":
            for name, bad in (("hand", ps.hand), ("life", ps.life)):
                if bad:
                    raise doc.error(P + (name,), f"phase setup starts the game: {pname}'s {name} must be empty "
                                                 "(setup draws the hand and places Life from the deck)")
            for name, bad in (("trash", ps.trash), ("characters", ps.characters), ("stage", ps.stage is not None),
                              ("leader_rested", ps.leader_rested), ("leader_don", ps.leader_don),
                              ("don", ps.don.active or ps.don.rested)):
                if bad:
                    what = "DON!! in the cost area" if name == "don" else name
                    raise doc.error(P + (name,), f"phase setup starts the game: {pname} cannot have {what} "
                                                 "before the game starts")


def _a(category: str) -> str:
    return ("an " if category[0] in "AEIOU" else "a ") + category


def _not_leader(doc: _Doc, d: CardDef, number: str, at: tuple) -> None:
    if d.category == LEADER:
        raise doc.error(at, f"{number} is a Leader card; it can only be a player's leader")


def _actions(doc: _Doc) -> list[_Action]:
    raw = doc.data.get("actions")
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise doc.error(("actions",), "actions must be a list of 'pN: ACTION' entries")
    out = []
    for i, entry in enumerate(raw):
        at = ("actions", i)
        if not isinstance(entry, dict) or len(entry) != 1:
            raise doc.error(at, "an action is one 'pN: ACTION' entry (e.g. '- p1: end turn')")
        (key, value), = entry.items()
        if key not in ("p1", "p2"):
            raise doc.error(at + (key,), f"an action starts with p1 or p2, not '{key}'", key=True)
        text = _action_text(value)
        if text is None:
            raise doc.error(at + (key,), f"action {i + 1}: expected an action in the engine's notation, got {value!r}")
        out.append(_Action(i + 1, _player_index(key), text, doc.line(at + (key,))))
    return out


def _action_text(value) -> str | None:
    """The action string: a YAML boolean reads as ``yes``/``no`` (SCENARIOS.md "actions")."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, str) and value.strip():
        return " ".join(value.split())
    return None


# ---------------------------------------------------------------------------------------------------------
# expect (SCENARIOS.md "expect")
# ---------------------------------------------------------------------------------------------------------

_INT_PATHS = {("life",): "life", ("hand", "count"): "hand.count", ("deck", "count"): "deck.count",
              ("trash", "count"): "trash.count", ("don", "active"): "don.active",
              ("don", "rested"): "don.rested", ("don", "deck"): "don.deck"}
_LIST_PATHS = {("hand",): "hand", ("trash",): "trash", ("life", "order"): "life.order",
               ("life", "face_up"): "life.face_up", ("deck", "top"): "deck.top", ("characters",): "characters"}
_ORDERED = ("life.order", "deck.top")
_CARD_ATTRS = {"power": "int", "rested": "bool", "don": "int", "cost": "int"}


def _expectations(doc: _Doc, n_actions: int, lookup: _Lookup) -> list[_Checkpoint]:
    raw = doc.data.get("expect")
    if raw is None:
        return []
    if isinstance(raw, dict):
        blocks = [((), raw, False)]
    elif isinstance(raw, list):
        blocks = [(((i,)), b, True) for i, b in enumerate(raw)]
    else:
        raise doc.error(("expect",), "expect must be a mapping of path: value, or a list of {after: K, ...} mappings")
    out = []
    for sub, block, listed in blocks:
        at = ("expect",) + sub
        if not isinstance(block, dict):
            raise doc.error(at, "each entry of an expect list is a mapping {after: K, path: value, ...}")
        if "after" in block:
            after = block["after"]
            if not _is_int(after) or not 0 <= after <= n_actions:
                raise doc.error(at + ("after",), f"after must be an integer from 0 to {n_actions} (the number of actions)")
        elif listed:
            raise doc.error(at, "an entry of an expect list needs 'after: K'")
        else:
            after = n_actions
        expects = [_expectation(doc, at + (key,), key, value, lookup) for key, value in block.items() if key != "after"]
        out.append(_Checkpoint(after, doc.line(at), expects))
    return out


def _expectation(doc: _Doc, at: tuple, key, value, lookup: _Lookup) -> _Expect:
    line = doc.line(at)
    if not isinstance(key, str):
        raise doc.error(at, f"unknown expectation path {key!r}", key=True)

    def bad(what: str) -> ScenarioFormatError:
        return doc.error(at, f"{key}: expected {what}, got {value!r}")

    def numbers(v) -> list[str]:
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise bad("a list of card numbers")
        for i, n in enumerate(v):
            lookup(n, at + (i,))
        return [normalize_number(n) for n in v]

    if key == "winner":
        if value not in ("p1", "p2", "none", "draw"):
            raise bad("p1, p2, none or draw")
        return _Expect(key, "winner", None, None, value, line)
    if key == "pending":
        if not isinstance(value, str) or not (value == "none" or re.fullmatch(r"p[12] (" + "|".join(KINDS) + ")", value)):
            raise bad("'pN KIND' (KIND one of " + ", ".join(KINDS) + ") or 'none'")
        return _Expect(key, "pending", None, None, value, line)
    if key in ("legal", "illegal"):
        if not isinstance(value, list):
            raise bad("a list of actions")
        texts = []
        for i, v in enumerate(value):
            t = _action_text(v)
            if t is None:
                raise doc.error(at + (i,), f"{key}: expected an action, got {v!r}")
            texts.append(t)
        return _Expect(key, key, None, None, texts, line)
    parts = key.split(".")
    if len(parts) < 2 or parts[0] not in ("p1", "p2"):
        raise doc.error(at, f"unknown expectation path '{key}'", key=True)
    player = _player_index(parts[0])
    rest = tuple(parts[1:])
    if rest in _INT_PATHS:
        if not _is_int(value):
            raise bad("an integer")
        return _Expect(key, _INT_PATHS[rest], player, None, value, line)
    if rest in _LIST_PATHS:
        return _Expect(key, _LIST_PATHS[rest], player, None, numbers(value), line)
    if rest == ("stage",):
        if not isinstance(value, str):
            raise bad("a card number or none")
        if value != "none":
            lookup(value, at)
            value = normalize_number(value)
        return _Expect(key, "stage", player, None, value, line)
    if len(rest) == 3 and rest[0] == "hand" and rest[2] == "cost":
        ref, kind, attr = rest[1], "hand.cost", "cost"
    elif len(rest) == 2 and rest[1] in _CARD_ATTRS:
        ref, kind, attr = rest[0], "card." + rest[1], rest[1]
    else:
        raise doc.error(at, f"unknown expectation path '{key}'", key=True)
    m = (_HAND_REF if kind == "hand.cost" else _FIELD_REF).fullmatch(ref)
    if m is None:
        what = "a card number (NUMBER or NUMBER#K) or a position" if kind == "hand.cost" else \
            "leader, stage, a card number (NUMBER or NUMBER#K), optionally after 'opp '"
        raise doc.error(at, f"{key}: '{ref}' is not a card reference ({what})", key=True)
    if m.group("number") and lookup.find(m.group("number")) is None:
        raise doc.error(at, f"{key}: unknown card number '{m.group('number')}'", key=True)
    if _CARD_ATTRS[attr] == "bool":
        if not isinstance(value, bool):
            raise bad("true or false")
    elif not _is_int(value):
        raise bad("an integer")
    return _Expect(key, kind, player, ref, value, line)


# ==========================================================================================================
# Building the game (SCENARIOS.md "state")
# ==========================================================================================================

def build_game(scenario: Scenario, *, run: bool = True, trace: bool = False) -> Game:
    """The game described by ``scenario.state``, at the start of the named phase.

    ``phase: main`` opens the main phase directly (no start-of-main effects); ``refresh``/``draw``/``don``/
    ``end`` push the frames of the turn from that phase on; ``setup`` runs the game setup from the start-of-game
    effects on, without the opening shuffle (a mulligan shuffles with the game's random stream, seeded from
    ``seed``); without ``first`` the game's random stream picks who is asked ``first``/``second``.
    With ``run`` the game is run to its first decision. With ``trace`` ``game.trace`` records the steps
    the engine took by itself, each with a snapshot of the game (used for skipped-step matching).
    """
    spec = scenario.spec
    st = spec.state
    lookup = _Lookup(scenario.doc, scenario.cards, scenario.db)
    cards: list[tuple[CardDef, int]] = []

    def new(number: str, owner: int) -> int:
        cards.append((lookup.find(number), owner))
        return len(cards) - 1

    layout = []
    for owner, ps in enumerate((st.p1, st.p2)):
        lay = {
            "leader": new(ps.leader, owner),
            "characters": [(new(c.card, owner), c) for c in ps.characters],
            "stage": None if ps.stage is None else (
                (new(ps.stage, owner), False) if isinstance(ps.stage, str) else (new(ps.stage.card, owner), ps.stage.rested)),
            "hand": [new(n, owner) for n in ps.hand],
            "life": [(new(e, owner), False) if isinstance(e, str) else (new(e.card, owner), e.face_up) for e in ps.life],
            "trash": [new(n, owner) for n in ps.trash],
            "deck": [new(n, owner) for n in ps.deck] if isinstance(ps.deck, list)
            else [new(FILLER.number, owner) for _ in range(ps.deck)],
        }
        layout.append(lay)
    custom = dict(scenario.cards)
    g = Game(build_tables(cards, custom), seed=derive_seed(st.seed, "game"))
    first = _player_index(st.first or "p1")
    for owner, (ps, lay) in enumerate(zip((st.p1, st.p2), layout)):
        p = g.players[owner]
        p.leader = lay["leader"]
        g.rested[p.leader] = int(ps.leader_rested)
        g.given[p.leader] = ps.leader_don
        for cid, c in lay["characters"]:
            p.characters.append(cid)
            g.rested[cid] = int(c.rested)
            g.given[cid] = c.don
            g.played[cid] = st.turn if c.played_this_turn else -1
        if lay["stage"] is not None:
            p.stage, rested = lay["stage"]
            g.rested[p.stage] = int(rested)
        p.hand = list(lay["hand"])
        p.life = [cid for cid, _ in reversed(lay["life"])]  # top card last
        for cid, up in lay["life"]:
            g.face_up[cid] = int(up)
        p.trash = list(reversed(lay["trash"]))
        p.deck = list(reversed(lay["deck"]))
        size = g.t.defs[p.leader].don_deck_size
        given = ps.leader_don + sum(c.don for c in ps.characters)
        p.don_total = size
        p.don_active = ps.don.active
        p.don_rested = ps.don.rested
        p.don_deck = ps.don.deck if ps.don.deck is not None else size - ps.don.active - ps.don.rested - given
        own_first_turn = 1 if owner == first else 2
        p.first_turn_done = ps.first_turn_done if ps.first_turn_done is not None else st.turn > own_first_turn
    if trace:
        g.trace = _Trace(g)
    if st.phase == "setup":
        g.turn = 0
        g.phase = "setup"
        if st.first is not None:
            start_setup(g, first)
        else:
            g.stack.append(("choose_first", g.rng.below(2)))
    else:
        g.turn = st.turn
        g.active = _player_index(st.active)
        g.first = first
        g.phase = st.phase
        frames = {
            "refresh": [("end_phase",), ("main", 0), ("don_phase",), ("draw_phase",), ("refresh",)],
            "draw": [("end_phase",), ("main", 0), ("don_phase",), ("draw_phase",)],
            "don": [("end_phase",), ("main", 0), ("don_phase",)],
            "main": [("end_phase",), ("main", 1)],
            "end": [("end_phase",)],
        }[st.phase]
        g.stack.extend(frames)
    if run:
        g.run()
    return g


class _Trace(list):
    """``game.trace``: the steps the engine took by itself, as ``(player, kind, option)``; ``snapshots[i]`` is a
    copy of the game when step ``i`` was taken (to resolve card references as they were then), ``used[i]``
    whether a scripted action already matched it. :meth:`reset` starts a new window (an asked decision)."""

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.snapshots: list[Game] = []
        self.used: list[bool] = []

    def append(self, step) -> None:  # called by Game.ask
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
            return _parse(snap, text) == option
        except IllegalAction:
            return False
        finally:
            snap.pending = None

    def match(self, player: int, text: str) -> bool:
        """Mark and return True if ``text`` names a step of ``player`` in this window (each used at most once);
        a multi-card answer may name several consecutive one-card steps."""
        for i in range(len(self)):
            if self._names(i, player, text):
                self.used[i] = True
                return True
        parts = notation.split_multi(text)
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


# ==========================================================================================================
# Playing the script (SCENARIOS.md "actions")
# ==========================================================================================================

def _pending_text(g: Game) -> str:
    """``"pN KIND: OPTION; OPTION"``, or ``"none (game over: ...)"``."""
    d = g.pending
    if d is None:
        if g.winner is None:
            return "none"
        who = "draw" if g.winner == Game.DRAW else f"p{g.winner + 1} wins"
        return f"none (game over: {who})"
    return f"p{d.player + 1} {d.kind}: " + "; ".join(notation.labels(g))


def _parse(g: Game, text: str) -> tuple:
    """``notation.parse``, where a ``choose`` of several cards names a set: any order of the listed cards
    matches (``choose a, b`` = ``choose b, a``). Raises IllegalAction."""
    try:
        return notation.parse(g, text)
    except IllegalAction:
        refs = [r.strip() for r in text[len("choose "):].split(",")] if text.startswith("choose ") else []
        if 1 < len(refs) <= 6 and not text.startswith(("choose option", "choose effect")):
            for perm in permutations(refs):
                try:
                    return notation.parse(g, "choose " + ", ".join(perm))
                except IllegalAction:
                    continue
        raise


def _answers(g: Game, player: int, text: str) -> list[str] | None:
    """The answers (one, or one per card of a multi-card answer fed a card at a time) that play ``text`` for
    ``player`` from the current decision, or None if it is not legal."""
    d = g.pending
    if d is None or d.player != player:
        return None
    try:
        _parse(g, text)
        return [text]
    except IllegalAction:
        pass
    parts = notation.split_multi(text)
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
            trial.apply(_parse(trial, part))
        except IllegalAction:
            return None
    return parts


def _play_action(g: Game, trace: _Trace, act: _Action, auto_pass: bool) -> bool:
    """Play one scripted entry by the matching rules; False if it cannot be played (strict failure)."""
    while True:
        if act.text == "concede":  # rule 1-2-3: at any decision, by either player
            if g.winner is not None:
                return False
            trace.reset()
            g.concede(act.player)
            return True
        answers = _answers(g, act.player, act.text)
        if answers is not None:
            for part in answers:
                trace.reset()
                g.apply(_parse(g, part))
            return True
        if trace.match(act.player, act.text):
            return True
        if auto_pass and g.pending is not None:
            decline = next((o for o in g.pending.options if o in DECLINES), None)
            if decline is not None:
                trace.reset()
                g.apply(decline)
                continue
        return False


def play_action(game: Game, player: int, text: str, *, auto_pass: bool = False) -> bool:
    """Play one scripted action (``text`` in the engine's notation, for player 0 or 1) on ``game`` by the
    matching rules of SCENARIOS.md "actions": a legal answer to the pending decision (a multi-card answer fed
    in whatever granularity the engine asks), else a step the engine took by itself since the previous asked
    decision, else (``auto_pass``) the pending decision's decline option and again. ``concede`` is accepted
    at any decision. Returns False when the action cannot be played (the game is then unchanged, except for
    decisions ``auto_pass`` already declined).

    Skipped-step matching needs ``game.trace`` as set up by ``build_game(..., trace=True)``; with any other
    trace only legal answers (and ``auto_pass``) apply.
    """
    trace = game.trace if isinstance(game.trace, _Trace) else _Trace(game)
    return _play_action(game, trace, _Action(0, player, " ".join(text.split()), 0), auto_pass)


def _is_legal(g: Game, text: str) -> bool:
    if text == "concede":
        return g.winner is None
    return g.pending is not None and _answers(g, g.pending.player, text) is not None


# ==========================================================================================================
# Reading expectations
# ==========================================================================================================

_NO_CARD = "no such card"


def _numbers(g: Game, ids) -> list[str]:
    return [g.t.numbers[c] for c in ids]


def _read(g: Game, e: _Expect):
    """The value found for expectation ``e`` (same shape as its expected value)."""
    k = e.kind
    if k == "winner":
        return {None: "none", 0: "p1", 1: "p2", Game.DRAW: "draw"}[g.winner]
    if k == "pending":
        return "none" if g.pending is None else f"p{g.pending.player + 1} {g.pending.kind}"
    p = g.players[e.player]
    if k == "life":
        return len(p.life)
    if k == "hand.count":
        return len(p.hand)
    if k == "deck.count":
        return len(p.deck)
    if k == "trash.count":
        return len(p.trash)
    if k == "don.active":
        return p.don_active
    if k == "don.rested":
        return p.don_rested
    if k == "don.deck":
        return p.don_deck
    if k == "hand":
        return _numbers(g, p.hand)
    if k == "trash":
        return _numbers(g, reversed(p.trash))
    if k == "life.order":
        return _numbers(g, reversed(p.life))
    if k == "life.face_up":
        return _numbers(g, [c for c in reversed(p.life) if g.face_up[c]])
    if k == "deck.top":
        return _numbers(g, list(reversed(p.deck))[:len(e.value)])
    if k == "characters":
        return _numbers(g, p.characters)
    if k == "stage":
        return "none" if p.stage < 0 else g.t.numbers[p.stage]
    if k == "hand.cost":
        found = notation.resolve(g, e.player, "hand " + e.ref if e.ref.isdigit() else e.ref, ("hand",))
        return current_cost(g, found[0]) if found else _NO_CARD
    if k.startswith("card."):
        found = [c for c in notation.resolve(g, e.player, e.ref, ("leader", "characters", "stage")) if g.on_field(c)]
        if not found:
            return _NO_CARD
        cid = found[0]
        attr = k[5:]
        if attr == "power":
            return current_power(g, cid)
        if attr == "rested":
            return bool(g.rested[cid])
        if attr == "don":
            return g.given[cid]
        return current_cost(g, cid)
    raise AssertionError(k)


def _check(g: Game, cp: _Checkpoint) -> list[Failure]:
    out = []
    for e in cp.expects:
        if e.kind in ("legal", "illegal"):
            want = e.kind == "legal"
            for text in e.value:
                if _is_legal(g, text) != want:
                    out.append(Failure(cp.after, e.kind, text, _pending_text(g)))
            continue
        found = _read(g, e)
        if e.kind in _LIST_PATHS.values() and e.kind not in _ORDERED:
            ok = isinstance(found, list) and Counter(found) == Counter(e.value)
        else:
            ok = found == e.value and type(found) is type(e.value)
        if not ok:
            out.append(Failure(cp.after, e.path, e.value, found))
    return out


# ==========================================================================================================
# Running
# ==========================================================================================================

def run_loaded(scenario: Scenario) -> ScenarioResult:
    """Play a loaded scenario and check its expectations (see :func:`run_scenario`)."""
    g = build_game(scenario, run=False, trace=True)
    trace: _Trace = g.trace
    failures: list[Failure] = []
    by_after: dict[int, list[_Checkpoint]] = {}
    for cp in scenario.checkpoints:
        by_after.setdefault(cp.after, []).append(cp)

    def check(k: int) -> None:
        for cp in by_after.get(k, ()):
            failures.extend(_check(g, cp))

    try:
        g.run()
    except (EngineError, IllegalAction) as exc:
        failures.append(Failure(0, "state", "a game that runs", f"engine error: {exc}"))
        return ScenarioResult(scenario.file, False, failures, game=g)
    check(0)
    for act in scenario.actions:
        try:
            ok = _play_action(g, trace, act, scenario.auto_pass)
        except (EngineError, IllegalAction) as exc:
            failures.append(Failure(act.index - 1, f"action {act.index}", act.text, f"engine error: {exc}", act.actor))
            break
        if not ok:
            failures.append(Failure(act.index - 1, f"action {act.index}", act.text, _pending_text(g), act.actor))
            break
        check(act.index)
    return ScenarioResult(scenario.file, not failures, failures, game=g)


def run_scenario(path: str | Path, db: CardDatabase | None = None) -> ScenarioResult:
    """Run the scenario file ``path`` (SCENARIOS.md): build the state, play ``actions``, check ``expect``.

    Never raises for a malformed or unreadable file: the result's ``error`` holds ``FILE:LINE: problem``.
    A scripted action that cannot be played is a failure ``{"after": K-1, "path": "action K", ...}`` and the
    expectations after it are not checked.
    """
    try:
        scenario = load_scenario(path, db)
    except ScenarioFormatError as exc:
        return ScenarioResult(str(path), False, error=str(exc))
    return run_loaded(scenario)


def run_scenario_text(text: str, filename: str = "<scenario>", db: CardDatabase | None = None) -> ScenarioResult:
    """:func:`run_scenario` on the scenario ``text`` (reported as ``filename``); for tests."""
    try:
        scenario = load_scenario_text(text, filename, db)
    except ScenarioFormatError as exc:
        return ScenarioResult(filename, False, error=str(exc))
    return run_loaded(scenario)


def run_command(files: Sequence[str], json_output: bool = False, out=None, err=None) -> int:
    """``tcgsim scenario run``; see :func:`tcgsim.core.scenario_files.run_command` (files of every game)."""
    from ..core.scenario_files import run_command as run_any

    return run_any(files, json_output=json_output, out=out, err=err)
