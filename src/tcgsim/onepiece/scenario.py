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
* ``tcgsim scenario run FILE... [--json]`` (files of every game) is
  :func:`tcgsim.core.scenario.command.run_command`.

The parts every game's scenario files share (the records, reading ``actions`` and ``expect``, the matching
rules and the checks) are :mod:`tcgsim.core.scenario`; :data:`RULES` is this game's part of them.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..core.machine import IllegalAction
from ..core.scenario.results import Failure, ScenarioFormatError, ScenarioResult
from ..core.scenario.runner import (load_and_run, parse_any_order, play as play_scripted, session_for, run_loaded as run_shared,
                                    ScenarioGame, Trace)
from ..core.scenario.schema import (check_first_turn_done, check_turn, either as _either, is_int as _is_int,
                                    player_index as _player_index, TopLevel, TurnSpec, validate_top)
from ..core.scenario.script import (Action as _Action, Entry, Expect as _Expect, ExpectPaths, plain_action,
                                    read_script, Scenario as SharedScenario)
from ..core.scenario.yaml_doc import MAX_COUNT, parse_yaml as _parse_yaml, read_text, YamlDoc as _Doc
from ..core.rng import derive_seed
from .cards.database import CardDatabase, card_from_record, default_database, normalize_number
from .cards.model import CHARACTER, FILLER, LEADER, STAGE, CardDef
from .effects.cards import with_effects
from .effects.compiler import compile_card_text
from .effects.hooks import declinable_event_cost
from .rules import notation, refusals
from .rules.continuous import cost as current_cost, power as current_power
from .rules.engine import Game
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
NonNegative = Annotated[int, Field(ge=0, le=MAX_COUNT)]  # bounded: a typo must not build 10^8 cards


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


class StateSpec(TurnSpec):
    phase: Literal["setup", "refresh", "draw", "don", "main", "end"]
    p1: PlayerSpec
    p2: PlayerSpec
    seed: int = 0


class ScenarioSpec(TopLevel):
    """The top level (SCENARIOS.md "Top level"); ``actions`` and ``expect`` are checked by hand afterwards."""

    game: Literal["onepiece"] = "onepiece"
    cards: list[CardSpec] = []
    state: StateSpec


# ==========================================================================================================
# Loaded scenario
# ==========================================================================================================

class Scenario(SharedScenario):
    """A validated scenario (:class:`tcgsim.core.scenario.script.Scenario`): ``spec`` (the pydantic model
    :class:`ScenarioSpec`), ``cards`` (test cards by number), ``actions``, ``checkpoints`` (expectations by
    ``after``), ``auto_pass``, and the card ``db`` (:class:`CardDatabase`) used to resolve numbers."""

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
    return load_scenario_text(read_text(path), str(path), db)


def load_scenario_text(text: str, filename: str = "<scenario>", db: CardDatabase | None = None) -> Scenario:
    """Validate scenario ``text`` (the content of ``filename``); see :func:`load_scenario`."""
    doc = _parse_yaml(text, filename)
    spec = validate_top(doc, ScenarioSpec, "a scenario is a mapping with at least 'name' and 'state'")
    if db is None:
        db = default_database()
    cards = _test_cards(doc, spec, db)
    lookup = _Lookup(doc, cards, db)
    _check_state(doc, spec, lookup)
    actions, checkpoints = read_script(doc, _paths(lookup), "- p1: end turn", _action_text)
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


def _check_state(doc: _Doc, spec: ScenarioSpec, lookup: _Lookup) -> None:
    """The consistency checks of SCENARIOS.md "state": any contradiction makes the file malformed."""
    st = spec.state
    S = ("state",)
    check_turn(doc, st, "phase setup" if st.phase == "setup" else None)
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
        check_first_turn_done(doc, st, pname, ps.first_turn_done)  # rule 6-5-6-1
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


def _action_text(value) -> str | None:
    """The action string: a YAML boolean reads as ``yes``/``no`` (SCENARIOS.md "actions")."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return plain_action(value)


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


def _paths(lookup: _Lookup) -> ExpectPaths:
    """The expectation paths of SCENARIOS.md "expect" (card numbers resolved by ``lookup``)."""

    def card_number(number: str, at: tuple) -> str:
        lookup(number, at)
        return normalize_number(number)

    return ExpectPaths(KINDS, _INT_PATHS, _LIST_PATHS, card_number, _game_expectation,
                          lambda e, player, rest: _player_expectation(e, player, rest, lookup))


def _game_expectation(e: Entry) -> _Expect | None:
    key, value = e.key, e.value
    if key == "winner":
        if value not in ("p1", "p2", "none", "draw"):
            raise e.bad("p1, p2, none or draw")
        return e.expect("winner")
    if key in ("legal", "illegal"):
        if not isinstance(value, list):
            raise e.bad("a list of actions")
        texts = []
        for i, v in enumerate(value):
            t = _action_text(v)
            if t is None:
                raise e.doc.error(e.at + (i,), f"{key}: expected an action, got {v!r}")
            texts.append(t)
        return e.expect(key, value=texts)
    return None


def _player_expectation(e: Entry, player: int, rest: tuple, lookup: _Lookup) -> _Expect | None:
    key, value, doc, at = e.key, e.value, e.doc, e.at
    if rest == ("stage",):
        if not isinstance(value, str):
            raise e.bad("a card number or none")
        return e.expect("stage", player, value=value if value == "none" else e.card_number(value, at))
    if len(rest) == 3 and rest[0] == "hand" and rest[2] == "cost":
        ref, kind, attr = rest[1], "hand.cost", "cost"
    elif len(rest) == 2 and rest[1] in _CARD_ATTRS:
        ref, kind, attr = rest[0], "card." + rest[1], rest[1]
    else:
        return None
    m = (_HAND_REF if kind == "hand.cost" else _FIELD_REF).fullmatch(ref)
    if m is None:
        what = "a card number (NUMBER or NUMBER#K) or a position" if kind == "hand.cost" else \
            "leader, stage, a card number (NUMBER or NUMBER#K), optionally after 'opp '"
        raise doc.error(at, f"{key}: '{ref}' is not a card reference ({what})", key=True)
    if m.group("number") and lookup.find(m.group("number")) is None:
        raise doc.error(at, f"{key}: unknown card number '{m.group('number')}'", key=True)
    if _CARD_ATTRS[attr] == "bool":
        if not isinstance(value, bool):
            raise e.bad("true or false")
    elif not _is_int(value):
        raise e.bad("an integer")
    return e.expect(kind, player, ref)


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
        g.trace = Trace(g, RULES)
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


# ==========================================================================================================
# Playing the script (SCENARIOS.md "actions")
# ==========================================================================================================

_DECLINE_COST = "decline cost"
"""docs/scenarios.md: the entry after `play` / `event` of an Event that declines its activation cost."""


def _parse_notation(g: Game, text: str) -> tuple:
    """``notation.parse``, and ``decline cost`` for the ``no`` of paying an Event's activation cost."""
    if text == _DECLINE_COST:
        if not declinable_event_cost(g):
            raise IllegalAction(f"'{text}': no Event's activation cost is being paid: "
                                + "; ".join(notation.labels(g)))
        return ("no",)
    return refusals.parse(g, text)


_parse = parse_any_order(_parse_notation)
"""``notation.parse`` (with ``decline cost``), where a ``choose`` of several cards names a set: any order of
the listed cards matches (``choose a, b`` = ``choose b, a``). Raises IllegalAction."""


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
    trace = game.trace if isinstance(game.trace, Trace) else Trace(game, RULES)
    return play_scripted(game, session_for(game, RULES), trace, _Action(0, player, " ".join(text.split()), 0), auto_pass, RULES)


# ==========================================================================================================
# Reading expectations
# ==========================================================================================================

_NO_CARD = "no such card"


def _numbers(g: Game, ids) -> list[str]:
    return [g.t.numbers[c] for c in ids]


def _read(g: Game, e: _Expect):
    """The value found for expectation ``e`` (same shape as its expected value); ``winner`` and ``pending``
    are read by :func:`tcgsim.core.scenario.runner.read_value`."""
    k = e.kind
    p = g.players[e.player]
    if k == "life":
        return len(p.life)
    if k == "hand.count":
        return len(p.hand)
    if k == "deck.count":
        return len(p.deck) + g.looked_in_deck(e.player)  # looked-at cards stay in the deck (11-3-2)
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


# ==========================================================================================================
# Running
# ==========================================================================================================

def _end_choice(before, after) -> str | None:
    """``"choose none"`` when ``after`` (a multi-card answer fed a card at a time from ``before``) still asks
    for more cards of the same "up to N" choice, else None (SCENARIOS.md "actions": the line is the whole
    answer). The same choice is the same effect frame (interpreter: ``act`` / ``cost`` frames keep the cards
    chosen so far in their ``state``), not a new one: a repeated body starts with nothing chosen, and a
    DON!! gift "each" (``("give", chosen, i, ...)``) moves on to the next card ``i``."""
    d = after.pending
    if d is None or d.kind != "choose" or ("choose_none",) not in d.options or not before.stack or not after.stack:
        return None
    f0, f1 = before.stack[-1], after.stack[-1]
    if f0[0] not in ("act", "cost") or f1[:5] != f0[:5] or not f1.state:
        return None
    s0, s1 = f0.state, f1.state
    if s1[0] == "give" and not (s0 and s0[0] == "give" and s0[2] == s1[2]):
        return None
    return "choose none"


RULES = ScenarioGame(
    build=lambda scenario, **kw: build_game(scenario, **kw),
    parse=_parse,
    labels=notation.labels,
    read=_read,
    declines=DECLINES,
    game="onepiece",
    ordered=_ORDERED,
    split=notation.split_multi,
    end_choice=_end_choice,
    unanswered=lambda g: ("yes", (_DECLINE_COST,)) if declinable_event_cost(g) else None,
)
"""The ONE PIECE CARD GAME's part of the shared scenario runner (:mod:`tcgsim.core.scenario.runner`)."""


def run_loaded(scenario: Scenario) -> ScenarioResult:
    """Play a loaded scenario and check its expectations (see :func:`run_scenario`)."""
    return run_shared(scenario, RULES)


def run_scenario(path: str | Path, db: CardDatabase | None = None) -> ScenarioResult:
    """Run the scenario file ``path`` (SCENARIOS.md): build the state, play ``actions``, check ``expect``.

    Never raises for a malformed or unreadable file: the result's ``error`` holds ``FILE:LINE: problem``.
    A scripted action that cannot be played is a failure ``{"after": K-1, "path": "action K", ...}`` and the
    expectations after it are not checked.
    """
    return load_and_run(str(path), lambda: load_scenario(path, db), RULES)


def run_scenario_text(text: str, filename: str = "<scenario>", db: CardDatabase | None = None) -> ScenarioResult:
    """:func:`run_scenario` on the scenario ``text`` (reported as ``filename``); for tests."""
    return load_and_run(filename, lambda: load_scenario_text(text, filename, db), RULES)
