"""Serialization of a game to JSON-ready data and back (any pending decision, mid-effect included)."""

from __future__ import annotations

import json
import weakref
from dataclasses import asdict

from ...core.decision import Decision
from ...core.rng import Rng
from ..cards.model import FILLER, CardDef
from .continuous import Modifier
from .frames import as_record
from .loops import LoopWatch
from .state import EffectContext, PlayerState, Tables

FORMAT = 1


def _tuplify(x):
    """JSON lists back to the engine's tuples, at any depth (other values as they are)."""
    if type(x) is list:
        return tuple([_tuplify(v) if type(v) is list else v for v in x])
    return x


def _listify(x):
    """The engine's tuples (and lists) as JSON lists, at any depth (other values as they are)."""
    if isinstance(x, (tuple, list)):
        return [_listify(v) if isinstance(v, (tuple, list)) else v for v in x]
    return x


def game_to_dict(g) -> dict:
    """All of ``g`` as plain data. Card tables are stored as card numbers (and the custom test cards);
    ``vague`` only when a player has such knowledge, ``upcoming`` and ``extra_turns`` only in a game with an
    extra turn (so states without them keep their fingerprints)."""
    out = {
        "format": FORMAT,
        "cards": list(g.t.numbers),
        "owners": list(g.t.owner),
        "custom": {n: _carddef_to_dict(d) for n, d in g.t.custom.items()},
        "players": [p.to_dict() for p in g.players],
        "turn": g.turn,
        "active": g.active,
        "first": g.first,
        "phase": g.phase,
        "rested": list(g.rested),
        "given": list(g.given),
        "played": list(g.played),
        "face_up": list(g.face_up),
        "mods": _listify(g.mods),
        # the [Blocker] field only when a block was made: a battle without one is saved as before it existed
        "battle": None if g.battle is None else _listify(g.battle if g.battle[4] else g.battle[:4]),
        "stack": _listify(g.stack),
        "limbo": list(g.limbo),
        "pending": None if g.pending is None else {
            "player": g.pending.player, "kind": g.pending.kind, "options": _listify(g.pending.options)},
        "winner": g.winner,
        "end_reason": g.end_reason,
        "rng": g.rng.state,
        "history": list(g.history),
        "known": [sorted(k) for k in g.known],
        "once": sorted(list(x) for x in g.once),
        "steps": g.steps,
        "ctx": [[k, _ctx_to_list(v)] for k, v in sorted(g.ctx.items())],
        "next_inst": g.next_inst,
    }
    if g.upcoming:  # extra turns (rules/turns.py): only when set, so other states keep their fingerprints
        out["upcoming"] = list(g.upcoming)
    if g.extra_turns:
        out["extra_turns"] = _listify(g.extra_turns)
    if g.vague[0] or g.vague[1]:
        out["vague"] = [[[o, list(z), n] for o, z, n in v] for v in g.vague]
    return out


def _ctx_to_list(v: EffectContext) -> list:
    """An effect's scratch data as a list; its ``home`` (rule 3-1-6) only when watched, so that a state without
    one keeps the fingerprint it had before the slot existed."""
    out = [list(v.it), list(v.looked), v.did, v.paid, list(v.revealed), v.wave]
    if v.home:
        out.append(list(v.home))
    return out


_TABLES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
"""Card database -> {(card numbers, owners): Tables} of the games rebuilt from data with no custom card."""

_TABLES_PER_DB = 256
"""How many card tables :func:`tables_for` keeps per database (the oldest go first)."""


def tables_for(numbers: list, owners: list, custom_data: dict, db) -> Tables:
    """The :class:`Tables` of a game whose card ids are ``numbers`` (card numbers by id) owned by ``owners``
    (0/1 by id), with ``custom_data`` (card number -> :func:`_carddef_to_dict` data) for the test cards;
    ``db`` resolves the other numbers (raises its ``UnknownCardError`` for an unknown one).

    Tables are immutable and shared by every clone of a game, so games rebuilt from data with the same cards
    and owners and no custom card share one, kept per database (at most :data:`_TABLES_PER_DB`): the per-card
    effect tables are then built once, not at every :func:`game_from_dict` (issue 14, serialization)."""
    if custom_data:
        return _build_tables(numbers, owners, custom_data, db)
    key = (tuple(numbers), tuple(owners))
    try:
        cache = _TABLES[db]
    except KeyError:
        cache = _TABLES[db] = {}
    except TypeError:  # a database that cannot be weakly referenced: no sharing
        return _build_tables(numbers, owners, custom_data, db)
    t = cache.get(key)
    if t is None:
        t = _build_tables(numbers, owners, custom_data, db)
        if len(cache) >= _TABLES_PER_DB:
            del cache[next(iter(cache))]
        cache[key] = t
    return t


def _build_tables(numbers: list, owners: list, custom_data: dict, db) -> Tables:
    custom = {n: _carddef_from_dict(d, db) for n, d in custom_data.items()}

    def lookup(number: str) -> CardDef:
        if number in custom:
            return custom[number]
        if number == FILLER.number:
            return FILLER
        return db.get(number)

    return Tables([lookup(n) for n in numbers], owners, custom)


def game_from_dict(data: dict, db, cls):
    """Rebuild a game of class ``cls`` (the ``Game``) from :func:`game_to_dict` data; ``db`` resolves the card
    numbers (card tables shared with earlier games of the same cards, :func:`tables_for`)."""
    t = tables_for(data["cards"], data["owners"], data["custom"], db)
    g = cls.__new__(cls)
    g.t = t
    g.players = [PlayerState.from_dict(p) for p in data["players"]]
    g.turn = data["turn"]
    g.active = data["active"]
    g.first = data["first"]
    g.phase = data["phase"]
    g.rested = bytearray(data["rested"])
    g.given = list(data["given"])
    g.played = list(data["played"])
    g.face_up = bytearray(data["face_up"])
    g.mods = [Modifier._make(m) for m in data["mods"]]
    battle = data["battle"]
    # four fields: no [Blocker] was activated in the battle (7-1-2-1)
    g.battle = None if battle is None else tuple(battle) + (False,) * (5 - len(battle))
    g.stack = [as_record(_tuplify(f)) for f in data["stack"]]  # the effect frames as their records
    g.limbo = list(data["limbo"])
    pend = data["pending"]
    g.pending = None if pend is None else Decision(pend["player"], pend["kind"], tuple(_tuplify(o) for o in pend["options"]))
    g.winner = data["winner"]
    g.end_reason = data["end_reason"]
    g.rng = Rng(data["rng"])
    g.history = list(data["history"])
    g.known = [set(k) for k in data["known"]]
    g.vague = [[(o, tuple(z), n) for o, z, n in v] for v in data.get("vague", ([], []))]
    g.once = {tuple(x) for x in data["once"]}
    g.upcoming = tuple(data.get("upcoming", ()))
    g.extra_turns = _tuplify(data.get("extra_turns", []))
    g.steps = data["steps"]
    g.loops = LoopWatch()  # loop detection (rule 11-1) starts afresh: the watch is not serialized
    g.loops.quiet = g.steps
    # a state saved before the ``revealed`` and ``wave`` slots existed has 4 fields; ``home`` is written only
    # when set
    g.ctx = {k: EffectContext(tuple(v[0]), tuple(v[1]), v[2], v[3], tuple(v[4]) if len(v) > 4 else (),
                              v[5] if len(v) > 5 else None, tuple(v[6]) if len(v) > 6 else ())
             for k, v in data["ctx"]}
    g.next_inst = data["next_inst"]
    g.log = None
    g.log_rules = {}
    g.trace = None
    return g


def fingerprint(g) -> str:
    """Canonical JSON of the state: equal games give equal strings."""
    return json.dumps(game_to_dict(g), sort_keys=True, separators=(",", ":"))


def _carddef_to_dict(d: CardDef) -> dict:
    out = asdict(d)
    out.pop("effects", None)
    return out


def _carddef_from_dict(d: dict, db) -> CardDef:
    """A test card from :func:`_carddef_to_dict` data, its text compiled again by the compiler the database
    applies to its own cards (the compiled effects are not stored: they follow from the text)."""
    fields = dict(d)
    for key in ("colors", "attributes", "types", "unsupported"):
        fields[key] = tuple(fields.get(key) or ())
    card = CardDef(**fields)
    compile_effects = getattr(db, "compile_effects", None)
    return compile_effects(card) if compile_effects is not None else card
