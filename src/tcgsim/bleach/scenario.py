"""Bleach scenario files (``game: bleach``): a board state, scripted decisions, expectations.

The format follows ``SCENARIOS.md`` (the top-level keys, the matching rules of ``actions``, ``auto: pass``,
``expect`` with ``after: K`` checkpoints, strict failure reports, ``FILE:LINE: problem`` errors); the
``state`` fields and the expectation paths are Bleach's own, documented in ``docs/scenarios.md``
("Bleach (``game: bleach``)").

* :func:`load_scenario` / :func:`load_scenario_text` read and validate a file (pydantic models with
  ``extra="forbid"`` and ``strict=True``, then consistency checks). Any problem raises
  :class:`~tcgsim.core.scenario.results.ScenarioFormatError` (``FILE:LINE: problem``).
* :func:`build_game` turns a loaded :class:`Scenario` into a :class:`~tcgsim.bleach.rules.engine.Game`
  positioned at the named step (:func:`tcgsim.bleach.rules.turn.start_at`, or the setup).
* :func:`run_scenario` / :func:`run_scenario_text` load, play and check; they return a
  :class:`~tcgsim.core.scenario.results.ScenarioResult` and never raise for a malformed file.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..core.scenario.results import ScenarioResult
from ..core.scenario.runner import load_and_run, run_loaded as run_shared, ScenarioGame, Trace
from ..core.scenario.schema import (check_first_turn_done, check_turn, either as _either, is_int as _is_int,
                                    player_index as _player_index, TopLevel, TurnSpec, validate_top,
                                    validation_error as _validation_error)
from ..core.scenario.script import Entry, Expect as _Expect, ExpectPaths, read_script, Scenario as SharedScenario
from ..core.scenario.yaml_doc import MAX_COUNT, parse_yaml, read_text, YamlDoc
from ..core.rng import derive_seed
from .cards.loader import CardDatabase, default_database
from .cards.model import CardDef
from .rules import notation
from .rules.engine import Game, Tables
from .rules.turn import start_at

__all__ = ["FILLER", "Scenario", "build_game", "load_scenario", "load_scenario_text", "run_loaded",
           "run_scenario", "run_scenario_text"]

STEPS = ("setup", "depart", "entry", "actions", "spirit", "unleash", "zanpakuto")
KINDS = ("keep", "first", "entry", "action", "respond", "choose", "combat", "defend", "exchange", "sacrifice",
         "discard",
         "spirit", "unleash", "zanpakuto")
DECLINES = (("pass",), ("suffer",))
"""The decline options ``auto: pass`` answers with: ``pass`` (entry, respond, combat, exchange, spirit,
unleash, zanpakuto) and ``suffer`` (no Action de Sacrifice)."""
PLACES = ("aside", "hand", "discard", "borne")
DEFAULT_DECK = 20
SOUL_POINTS = 6
SETUP_CARDS = 12  # seed §Préparation: 6 soul points, then a 6-card hand

FILLER = CardDef.model_construct(
    number="FILLER", name="Filler", type="unleashed", text="", entry_cost=None, pc_offensive=0, pc_exhausted=0,
    cost=None, conditions=(), bonus=None, pc_bonus=None, form="FILLER", base="FILLER", piece=1, pieces=2,
    effects=())
"""The built-in card of ``deck: N`` and ``soul_points: N``: a card with no use. It is an Ame Déchaînée piece of
no Ame Principale, so it never enters, is never played, never assembles; it can be drawn, placed in a
reserve, discarded, taken back by ``recover``."""

_NUMBER = r"[A-Za-z0-9]+-[A-Za-z0-9]+|FILLER"
_SOUL_REF = re.compile(rf"(?P<number>{_NUMBER})(?:#(?P<k>[1-9]\d*))?")

_STRICT = ConfigDict(extra="forbid", strict=True)
NonNegative = Annotated[int, Field(ge=0, le=MAX_COUNT)]  # bounded: a typo must not build 10^8 cards


# ==========================================================================================================
# Schema
# ==========================================================================================================

class SoulSpec(BaseModel):
    """An Ame Principale on the field."""

    model_config = _STRICT
    card: str
    exhausted: bool = False
    reserve: list[str] = []
    zanpakuto: bool = False
    unleashed: list[str] = []


class ZanpakutoSpec(BaseModel):
    model_config = _STRICT
    card: str
    where: Literal["aside", "hand", "discard", "borne"]


_is_str = lambda v: isinstance(v, str)  # noqa: E731
_is_dict = lambda v: isinstance(v, dict)  # noqa: E731
SoulEntry = _either(("<number>", str, _is_str), ("<mapping>", SoulSpec, _is_dict),
                    "must be a card number or {card: NUMBER, exhausted, reserve, zanpakuto, unleashed}")
ZanpakutoField = _either(("<number>", str, _is_str), ("<mapping>", ZanpakutoSpec, _is_dict),
                         "must be a card number or {card: NUMBER, where: aside|hand|discard|borne}")
Pile = _either(("<list>", list[str], lambda v: isinstance(v, list)), ("<count>", NonNegative, _is_int),
               "must be a list of card numbers (top first) or a number of FILLER cards")


class PlayerSpec(BaseModel):
    """One player's side of ``state``."""

    model_config = _STRICT
    main_souls: list[SoulEntry]
    support_souls: list[str] = []
    hand: list[str] = []
    deck: Pile = DEFAULT_DECK
    soul_points: Pile | None = None
    discard: list[str] = []
    exclusion: list[str] = []
    zanpakuto: ZanpakutoField
    first_turn_done: bool | None = None


class StateSpec(TurnSpec):
    step: Literal["setup", "depart", "entry", "actions", "spirit", "unleash", "zanpakuto"]
    combat_done: bool = False
    p1: PlayerSpec
    p2: PlayerSpec
    seed: int = 0


class ScenarioSpec(TopLevel):
    """The top level; ``cards`` entries are validated as Bleach cards, ``actions`` and ``expect`` by hand."""

    game: Literal["bleach"]
    cards: list[dict] = []
    state: StateSpec


# ==========================================================================================================
# Loaded scenario
# ==========================================================================================================

class Scenario(SharedScenario):
    """A validated Bleach scenario (:class:`tcgsim.core.scenario.script.Scenario`): ``spec``
    (:class:`ScenarioSpec`), ``cards`` (test cards by number), ``actions``, ``checkpoints``, ``auto_pass``,
    the card ``db`` and the parsed ``doc``."""


def load_scenario(path: str | Path, db: CardDatabase | None = None) -> Scenario:
    """Read and validate a Bleach scenario file; raises :class:`ScenarioFormatError` (``FILE:LINE: problem``)."""
    return load_scenario_text(read_text(path), str(path), db)


def load_scenario_text(text: str, filename: str = "<scenario>", db: CardDatabase | None = None) -> Scenario:
    """Validate scenario ``text`` (the content of ``filename``); see :func:`load_scenario`."""
    doc = parse_yaml(text, filename)
    spec = validate_top(doc, ScenarioSpec, "a scenario is a mapping with at least 'name', 'game' and 'state'")
    db = db or default_database()
    cards = _test_cards(doc, spec, db)
    lookup = _Lookup(doc, cards, db)
    _check_state(doc, spec, lookup)
    actions, checkpoints = read_script(doc, _paths(lookup), "- p1: attack BLX-001")
    return Scenario(filename, spec, cards, actions, checkpoints, spec.auto == "pass", db, doc)


class _Lookup:
    """Card numbers → definitions: test cards, then FILLER, then the database (numbers ignore case)."""

    def __init__(self, doc: YamlDoc, cards: dict[str, CardDef], db: CardDatabase) -> None:
        self.doc, self.cards, self.db = doc, cards, db

    def find(self, number: str) -> CardDef | None:
        n = number.strip().upper()
        if n in self.cards:
            return self.cards[n]
        if n == FILLER.number:
            return FILLER
        return self.db.cards.get(n)

    def __call__(self, number: str, path: tuple) -> CardDef:
        d = self.find(number)
        if d is None:
            raise self.doc.error(path, f"unknown card number '{number}'")
        return d


def _test_cards(doc: YamlDoc, spec: ScenarioSpec, db: CardDatabase) -> dict[str, CardDef]:
    """The ``cards`` entries, validated by the Bleach card model (docs/bleach.md "Card files")."""
    cards: dict[str, CardDef] = {}
    for i, raw in enumerate(spec.cards):
        at = ("cards", i)
        try:
            card = CardDef.model_validate(raw)
        except ValidationError as exc:
            raise _validation_error(doc, exc, at) from None
        number_at = at + ("number",)
        if card.number in db:
            raise doc.error(number_at, f"test card number '{card.number}' is a card of the database; "
                                       "a test card needs its own number")
        if card.number in cards:
            raise doc.error(number_at, f"test card number '{card.number}' is defined twice")
        cards[card.number] = card
    # Ame Déchaînée links (as the card loader checks them): the base is an Ame Principale; a form's pieces agree.
    forms: dict[str, list[tuple[int, CardDef]]] = {}
    for i, c in enumerate(cards.values()):
        if c.type != "unleashed":
            continue
        base = cards.get(c.base) or db.cards.get(c.base)
        if base is None or base.type != "main_soul":
            raise doc.error(("cards", i, "base"), f"test card {c.number}: base {c.base!r} is not an Ame Principale "
                                                  "(main_soul)")
        forms.setdefault(c.form, []).append((i, c))
    for form, pieces in forms.items():
        _, first = pieces[0]
        for i, c in pieces:
            if (c.base, c.pieces, c.pc_offensive, c.pc_exhausted) != (first.base, first.pieces, first.pc_offensive,
                                                                        first.pc_exhausted):
                raise doc.error(("cards", i), f"test card {c.number}: form {form!r}: base/pieces/PC differ from "
                                              f"{first.number}")
    return cards


_TYPE_NAMES = {"main_soul": "an Ame Principale (main_soul)", "support_soul": "an Ame de Soutien (support_soul)",
               "event": "an Evénement (event)", "combat": "a carte Combat (combat)",
               "zanpakuto": "a Zanpakutô (zanpakuto)", "unleashed": "an Ame Déchaînée piece (unleashed)"}


def _check_state(doc: YamlDoc, spec: ScenarioSpec, lookup: _Lookup) -> None:
    """Consistency checks: card numbers exist, each card is of a type its place allows, no contradiction with
    the turn, the step or the loss conditions."""
    st = spec.state
    S = ("state",)
    check_turn(doc, st, "step setup" if st.step == "setup" else None)
    if st.combat_done and st.step != "actions":
        raise doc.error(S + ("combat_done",), "combat_done is only meaningful with step: actions")
    if st.combat_done and _turns_done(st, st.active) == 0:
        raise doc.error(S + ("combat_done",), f"{st.active} has no combat in their first turn (turn {st.turn})")

    def typed(number: str, at: tuple, *types: str) -> CardDef:
        d = lookup(number, at)
        if types and d.type not in types:
            want = " or ".join(_TYPE_NAMES[t] for t in types)
            raise doc.error(at, f"{number} is {_TYPE_NAMES[d.type]}, not {want}")
        if not types and d.type == "zanpakuto":
            raise doc.error(at, f"{number} is a Zanpakutô: a player's Zanpakutô is given by the 'zanpakuto' field")
        return d

    for pname in ("p1", "p2"):
        ps: PlayerSpec = getattr(st, pname)
        P = S + (pname,)
        bearers = []
        for i, e in enumerate(ps.main_souls):
            at = P + ("main_souls", i)
            if isinstance(e, str):
                typed(e, at, "main_soul")
                continue
            d = typed(e.card, at + ("card",), "main_soul")
            for j, n in enumerate(e.reserve):
                typed(n, at + ("reserve", j))
            if e.zanpakuto:
                bearers.append(i)
            if e.unleashed:
                _check_pieces(doc, d, e.unleashed, at + ("unleashed",), typed)
        if len(bearers) > 1:
            raise doc.error(P + ("main_souls", bearers[1], "zanpakuto"), f"{pname}: only one Ame Principale can "
                                                                        "bear the Zanpakutô")
        for i, n in enumerate(ps.support_souls):
            typed(n, P + ("support_souls", i), "support_soul")
        for zone in ("hand", "discard", "exclusion"):
            for i, n in enumerate(getattr(ps, zone)):
                typed(n, P + (zone, i))
        for zone in ("deck", "soul_points"):
            pile = getattr(ps, zone)
            if isinstance(pile, list):
                for i, n in enumerate(pile):
                    typed(n, P + (zone, i))
        z = ps.zanpakuto
        z_at = P + ("zanpakuto",) if isinstance(z, str) else P + ("zanpakuto", "card")
        typed(z if isinstance(z, str) else z.card, z_at, "zanpakuto")
        where = _zanpakuto_place(ps)
        if where == "borne" and not bearers:
            raise doc.error(P + ("zanpakuto", "where"), f"{pname}'s Zanpakutô is borne, but no Ame Principale has "
                                                         "'zanpakuto: true'")
        if bearers and where != "borne":
            raise doc.error(P + ("zanpakuto", "where"), f"{pname}'s Zanpakutô is borne by main_souls "
                                                         f"{bearers[0] + 1}, not in the {where}")
        check_first_turn_done(doc, st, pname, ps.first_turn_done)
        if st.step == "setup":
            _check_setup_side(doc, ps, pname, P, typed)
            continue
        if not ps.main_souls:
            raise doc.error(P + ("main_souls",) if "main_souls" in doc.data["state"][pname] else P,
                            f"{pname} has no Ame Principale: the game would be over (seed §Conditions de victoire)")
        if _pile_size(ps.soul_points, SOUL_POINTS) == 0:
            raise doc.error(P + ("soul_points",), f"{pname} has no soul points: the game would be over "
                                                  "(seed §Conditions de victoire)")


def _check_pieces(doc, soul: CardDef, pieces: list[str], at: tuple, typed) -> None:
    """``unleashed``: every piece of one form whose base is this Ame Principale, once each."""
    defs = [typed(n, at + (j,), "unleashed") for j, n in enumerate(pieces)]
    for j, d in enumerate(defs):
        if d.base != soul.number:
            raise doc.error(at + (j,), f"{d.number} unleashes {d.base}, not {soul.number}")
        if d.form != defs[0].form:
            raise doc.error(at + (j,), f"{d.number} is a piece of {d.form!r}, not of {defs[0].form!r}")
    got = sorted(d.piece for d in defs)
    if got != list(range(1, defs[0].pieces + 1)):
        raise doc.error(at, f"the form {defs[0].form!r} needs pieces 1 to {defs[0].pieces} once each "
                            f"(got pieces {', '.join(map(str, got))})")


def _check_setup_side(doc, ps: PlayerSpec, pname: str, P: tuple, typed) -> None:
    """step setup: one starting Ame Principale (Coût d'Entrée 0), the Zanpakutô aside, everything else in the
    deck (seed §Préparation: 6 soul points, then 6 cards to the hand, from the given deck order)."""
    if len(ps.main_souls) != 1:
        raise doc.error(P + ("main_souls",), f"step setup: {pname} needs exactly one starting Ame Principale")
    e = ps.main_souls[0]
    if not isinstance(e, str):
        if e.exhausted or e.reserve or e.zanpakuto or e.unleashed:
            raise doc.error(P + ("main_souls", 0), "step setup: the starting Ame Principale is only a card "
                                                   "(no state, reserve, Zanpakutô or pieces before the game)")
        e = e.card
    d = typed(e, P + ("main_souls", 0), "main_soul")
    if d.entry_cost != 0:
        raise doc.error(P + ("main_souls", 0), f"step setup: the starting Ame Principale needs a Coût d'Entrée of 0 "
                                               f"({d.number} has {d.entry_cost})")
    for name in ("support_souls", "hand", "discard", "exclusion"):
        if getattr(ps, name):
            raise doc.error(P + (name,), f"step setup starts the game: {pname}'s {name} must be empty")
    if ps.soul_points not in (None, 0, []):
        raise doc.error(P + ("soul_points",), f"step setup starts the game: {pname}'s soul points come from the deck")
    if _zanpakuto_place(ps) != "aside":
        raise doc.error(P + ("zanpakuto",), "step setup: the Zanpakutô is set aside before the game")
    if _pile_size(ps.deck, DEFAULT_DECK) < SETUP_CARDS:
        raise doc.error(P + ("deck",), f"step setup: {pname}'s deck needs at least {SETUP_CARDS} cards "
                                       "(6 soul points and a 6-card hand)")


def _pile_size(pile, default: int) -> int:
    if pile is None:
        return default
    return pile if isinstance(pile, int) else len(pile)


def _zanpakuto_place(ps: PlayerSpec) -> str:
    z = ps.zanpakuto
    if not isinstance(z, str):
        return z.where
    return "borne" if any(not isinstance(e, str) and e.zanpakuto for e in ps.main_souls) else "aside"


def _turns_done(st: StateSpec, pname: str, ps: PlayerSpec | None = None) -> int:
    """How many turns ``pname`` has finished as attacker before the current one (``first_turn_done: false``
    makes it 0: the no-combat rule of the first turn applies)."""
    first = st.first or "p1"
    n = st.turn // 2 if pname == first else (st.turn - 1) // 2
    if ps is not None and ps.first_turn_done is False:
        return 0
    return n


# ---------------------------------------------------------------------------------------------------------
# expect
# ---------------------------------------------------------------------------------------------------------

_GAME_PATHS = {"winner": ("p1", "p2", "none", "draw"),
               "end_reason": ("none", "soul", "field", "soul+effect", "field+effect", "soul+soul", "soul+field",
                              "field+soul", "field+field", "turns", "concede"),
               "active": ("p1", "p2"),
               "phase": ("setup", "depart", "actions", "combat", "finale", "over")}
_INT_PATHS = {("soul_points",): "soul_points", ("hand", "count"): "hand.count", ("deck", "count"): "deck.count",
              ("discard", "count"): "discard.count", ("exclusion", "count"): "exclusion.count"}
_LIST_PATHS = {("hand",): "hand", ("discard",): "discard", ("exclusion",): "exclusion",
               ("main_souls",): "main_souls", ("support_souls",): "support_souls",
               ("deck", "top"): "deck.top", ("soul_points", "order"): "soul_points.order"}
_SOUL_PATHS = {("pc",): ("pc", "int"), ("exhausted",): ("exhausted", "bool"), ("zanpakuto",): ("zanpakuto", "bool"),
               ("reserve",): ("reserve", "list"), ("reserve", "count"): ("reserve.count", "int"),
               ("unleashed",): ("unleashed", "list")}
_ORDERED = ("deck.top", "soul_points.order")
_ZANPAKUTO_PLACES = ("aside", "hand", "discard", "borne", "combat", "exclusion", "deck", "reserve")


def _paths(lookup: _Lookup) -> ExpectPaths:
    """Bleach's expectation paths (docs/scenarios.md; card numbers resolved by ``lookup``)."""
    return ExpectPaths(KINDS, _INT_PATHS, _LIST_PATHS, lambda number, at: lookup(number, at).number,
                          _game_expectation, lambda e, player, rest: _player_expectation(e, player, rest, lookup))


def _game_expectation(e: Entry) -> _Expect | None:
    key, value = e.key, e.value
    if key in _GAME_PATHS:
        if value not in _GAME_PATHS[key]:
            raise e.bad(", ".join(_GAME_PATHS[key]))
        return e.expect(key)
    if key == "turn":
        if not _is_int(value):
            raise e.bad("an integer")
        return e.expect(key)
    if key in ("legal", "illegal"):
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            raise e.bad("a list of actions")
        return e.expect(key, value=[" ".join(v.split()) for v in value])
    return None


def _player_expectation(e: Entry, player: int, rest: tuple, lookup: _Lookup) -> _Expect | None:
    key, value, doc, at = e.key, e.value, e.doc, e.at
    if rest == ("zanpakuto",):
        if value not in _ZANPAKUTO_PLACES:
            raise e.bad(", ".join(_ZANPAKUTO_PLACES))
        return e.expect("zanpakuto", player)
    if len(rest) >= 2 and rest[1:] in _SOUL_PATHS:
        m = _SOUL_REF.fullmatch(rest[0])
        if m is None:
            raise doc.error(at, f"{key}: '{rest[0]}' is not an Ame Principale reference (NUMBER or NUMBER#K)", key=True)
        if lookup.find(m.group("number")) is None:
            raise doc.error(at, f"{key}: unknown card number '{m.group('number')}'", key=True)
        kind, shape = _SOUL_PATHS[rest[1:]]
        if shape == "bool" and not isinstance(value, bool):
            raise e.bad("true or false")
        if shape == "int" and not _is_int(value):
            raise e.bad("an integer")
        return e.expect("soul." + kind, player, rest[0], e.numbers() if shape == "list" else value)
    return None


# ==========================================================================================================
# Building the game
# ==========================================================================================================

def build_game(scenario: Scenario, *, run: bool = True, trace: bool = False) -> Game:
    """The game described by ``scenario.state``, at the beginning of its ``step``.

    ``setup`` starts the game itself (seed §Préparation) from the given decks, in the given order (no opening
    shuffle; a mulligan shuffles with the game's random stream, seeded from ``seed``); without ``first`` the
    random stream picks the player asked ``first``/``second``. Other steps: :func:`~.rules.turn.start_at`.
    With ``run`` the game runs to its first decision; with ``trace`` ``game.trace`` records the steps the
    engine took by itself (for the matching of scripted actions).
    """
    st = scenario.spec.state
    lookup = _Lookup(scenario.doc, scenario.cards, scenario.db)
    defs: list[CardDef] = []
    owners: list[int] = []

    def new(number: str, owner: int) -> int:
        defs.append(lookup.find(number))
        owners.append(owner)
        return len(defs) - 1

    def pile(spec_pile, default: int, owner: int) -> list[int]:
        """Top first in the file, top last in the engine."""
        if spec_pile is None:
            spec_pile = default
        numbers = spec_pile if isinstance(spec_pile, list) else [FILLER.number] * spec_pile
        return [new(n, owner) for n in reversed(numbers)]

    layouts = []
    for owner, ps in enumerate((st.p1, st.p2)):
        souls = [SoulSpec(card=e) if isinstance(e, str) else e for e in ps.main_souls]
        z = ps.zanpakuto
        lay = {
            "souls": [(new(s.card, owner), s, [new(n, owner) for n in s.reserve], [new(n, owner) for n in s.unleashed])
                      for s in souls],
            "supports": [new(n, owner) for n in ps.support_souls],
            "zanpakuto": new(z if isinstance(z, str) else z.card, owner),
            "hand": [new(n, owner) for n in ps.hand],
            "discard": [new(n, owner) for n in reversed(ps.discard)],
            "exclusion": [new(n, owner) for n in ps.exclusion],
            "deck": pile(ps.deck, DEFAULT_DECK, owner),
            "soul": pile(ps.soul_points, 0 if st.step == "setup" else SOUL_POINTS, owner),
        }
        layouts.append(lay)
    g = Game(Tables(defs, owners), seed=derive_seed(st.seed, "bleach-game"))
    first = None if st.first is None else _player_index(st.first)
    for owner, (ps, lay) in enumerate(zip((st.p1, st.p2), layouts)):
        p = g.players[owner]
        p.zanpakuto = lay["zanpakuto"]
        p.deck = lay["deck"]
        p.soul = lay["soul"]
        p.hand = lay["hand"]
        p.discard = lay["discard"]
        p.exclusion = lay["exclusion"]
        p.turns = _turns_done(st, ("p1", "p2")[owner], ps)
        if st.step == "setup":
            p.start = lay["souls"][0][0]
            continue
        for cid, s, reserve, pieces in lay["souls"]:
            p.souls.append(cid)
            g.exhausted[cid] = int(s.exhausted)
            g.face_up[cid] = 1
            if reserve:
                p.reserve[cid] = tuple(reserve)
            if pieces:
                p.pieces[cid] = tuple(sorted(pieces, key=lambda c: g.t.defs[c].piece))
                for c in pieces:
                    g.face_up[c] = 1
            if s.zanpakuto:
                p.bearer = cid
        p.start = p.souls[0]
        p.supports = lay["supports"]
        for cid in p.supports:
            g.face_up[cid] = 1
        where = _zanpakuto_place(ps)
        if where != "borne":
            getattr(p, "aside" if where == "aside" else where).append(p.zanpakuto)
    if trace:
        g.trace = Trace(g, RULES)
    if st.step == "setup":
        g.stack.append(("setup", -1 if first is None else first, False))
    else:
        g.turn = st.turn
        g.active = _player_index(st.active)
        g.first = _player_index(st.first or "p1")
        start_at(g, st.step, st.combat_done)
    if run:
        g.run()
    return g


# ==========================================================================================================
# Reading expectations
# ==========================================================================================================

_NO_CARD = "no such card"


def _soul(g: Game, player: int, ref: str) -> int | None:
    """The Ame Principale ``NUMBER`` or ``NUMBER#K`` (K-th of that number in order of entry) of ``player``."""
    m = _SOUL_REF.fullmatch(ref)
    number = m.group("number").upper()
    k = int(m.group("k") or 1)
    same = [s for s in g.players[player].souls if g.t.numbers[s] == number]
    return same[k - 1] if len(same) >= k else None


def _zanpakuto_where(g: Game, player: int) -> str:
    p = g.players[player]
    z = p.zanpakuto
    if p.bearer >= 0:
        return "borne"
    for name in ("aside", "hand", "discard", "exclusion", "deck"):
        if z in getattr(p, name):
            return name
    if g.combat is not None and z in g.combat[2] + g.combat[3]:
        return "combat"
    return "reserve"


def _read(g: Game, e: _Expect):
    """The value found for ``e`` (same shape as its expected value); ``winner`` and ``pending`` are read by
    :func:`tcgsim.core.scenario.runner.read_value`."""
    k = e.kind
    n = g.t.numbers
    if k == "end_reason":
        return g.end_reason or "none"
    if k == "turn":
        return g.turn
    if k == "active":
        return f"p{g.active + 1}"
    if k == "phase":
        return g.phase
    p = g.players[e.player]
    if k.startswith("soul."):
        return _read_soul(g, e)
    if k == "soul_points":
        return len(p.soul)
    if k.endswith(".count"):
        return len(getattr(p, k[:-6]))
    if k == "deck.top":
        return [n[c] for c in list(reversed(p.deck))[:len(e.value)]]
    if k == "soul_points.order":
        return [n[c] for c in reversed(p.soul)]
    if k == "main_souls":
        return [n[c] for c in p.souls]
    if k == "support_souls":
        return [n[c] for c in p.supports]
    if k in ("hand", "discard", "exclusion"):
        return [n[c] for c in getattr(p, k)]
    if k == "zanpakuto":
        return _zanpakuto_where(g, e.player)
    raise AssertionError(k)


def _read_soul(g: Game, e: _Expect):
    """``pN.SOUL.ATTR``: an attribute of an Ame Principale on the field, or ``"no such card"``."""
    n = g.t.numbers
    p = g.players[e.player]
    k = e.kind
    s = _soul(g, e.player, e.ref)
    if s is None:
        return _NO_CARD
    attr = k[len("soul."):]
    if attr == "pc":
        return g.pc(s)
    if attr == "exhausted":
        return bool(g.exhausted[s])
    if attr == "zanpakuto":
        return p.bearer == s
    if attr == "reserve":
        return [n[c] for c in p.reserve.get(s, ())]
    if attr == "reserve.count":
        return len(p.reserve.get(s, ()))
    if attr == "unleashed":
        return [n[c] for c in p.pieces.get(s, ())]
    raise AssertionError(k)


def _labels(g: Game) -> list[str]:
    d = g.pending
    return [notation.render(g, d.player, o) for o in d.options]


RULES = ScenarioGame(
    build=lambda scenario, **kw: build_game(scenario, **kw),
    parse=notation.parse,
    labels=_labels,
    read=_read,
    declines=DECLINES,
    game="bleach",
    ordered=_ORDERED,
)
"""Bleach's part of the shared scenario runner (:mod:`tcgsim.core.scenario.runner`)."""


def run_loaded(scenario: Scenario) -> ScenarioResult:
    """Play a loaded scenario and check its expectations (see :func:`run_scenario`)."""
    return run_shared(scenario, RULES)


def run_scenario(path: str | Path, db: CardDatabase | None = None) -> ScenarioResult:
    """Run a Bleach scenario file: build the state, play ``actions``, check ``expect``. Never raises for a
    malformed or unreadable file (``result.error`` holds ``FILE:LINE: problem``)."""
    return load_and_run(str(path), lambda: load_scenario(path, db), RULES)


def run_scenario_text(text: str, filename: str = "<scenario>", db: CardDatabase | None = None) -> ScenarioResult:
    """:func:`run_scenario` on the scenario ``text`` (reported as ``filename``); for tests."""
    return load_and_run(filename, lambda: load_scenario_text(text, filename, db), RULES)
