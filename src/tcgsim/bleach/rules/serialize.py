"""Serialization of a Bleach game to JSON-ready data and back, at any pending decision."""

from __future__ import annotations

import json

from ...core.decision import Decision
from ...core.rng import Rng

FORMAT = 1


def _tuplify(x):
    return tuple(_tuplify(v) for v in x) if isinstance(x, list) else x


def _listify(x):
    return [_listify(v) for v in x] if isinstance(x, (tuple, list)) else x


def game_to_dict(g) -> dict:
    """All of ``g`` as plain data (cards as numbers; the log is not included)."""
    return {
        "game": "bleach", "format": FORMAT,
        "cards": list(g.t.numbers), "owners": list(g.t.owner),
        "players": [p.to_dict() for p in g.players],
        "turn": g.turn, "active": g.active, "first": g.first, "phase": g.phase,
        "exhausted": list(g.exhausted), "face_up": list(g.face_up),
        "mods": _listify(g.mods), "combat": None if g.combat is None else _listify(g.combat),
        "once": sorted(list(x) for x in g.once), "cause": g.cause,
        "max_turns": g.max_turns,
        "stack": _listify(g.stack),
        "pending": None if g.pending is None else {
            "player": g.pending.player, "kind": g.pending.kind, "options": _listify(g.pending.options)},
        "winner": g.winner, "end_reason": g.end_reason, "rng": g.rng.state,
        "history": list(g.history), "steps": g.steps,
    }


def game_from_dict(data: dict, db, game_class, player_state, tables):
    """Rebuild a game from :func:`game_to_dict` data; ``db`` resolves card numbers (raises UserError).
    ``game_class``, ``player_state``, ``tables``: the engine's ``Game``, ``PlayerState`` and ``Tables``
    (passed in by ``Game.from_dict``, so that this module does not import the engine)."""
    Game, PlayerState, Tables = game_class, player_state, tables
    g = Game.__new__(Game)
    g.t = Tables([db.get(n) for n in data["cards"]], data["owners"])
    g.players = [PlayerState.from_dict(p) for p in data["players"]]
    g.turn, g.active, g.first, g.phase = data["turn"], data["active"], data["first"], data["phase"]
    g.exhausted = bytearray(data["exhausted"])
    g.face_up = bytearray(data["face_up"])
    g.mods = [tuple(m) for m in data["mods"]]
    g.combat = None if data["combat"] is None else _tuplify(data["combat"])
    g.once = {tuple(x) for x in data["once"]}
    g.cause = data["cause"]
    g.max_turns = data["max_turns"]
    g.stack = [_tuplify(f) for f in data["stack"]]
    pend = data["pending"]
    g.pending = None if pend is None else Decision(pend["player"], pend["kind"], tuple(_tuplify(o) for o in pend["options"]))
    g.winner, g.end_reason = data["winner"], data["end_reason"]
    g.rng = Rng(data["rng"])
    g.history = list(data["history"])
    g.steps = data["steps"]
    g.log = None
    g.log_rules = {}
    g.trace = None
    return g


def fingerprint(g) -> str:
    """Canonical JSON of the state: equal games give equal strings."""
    return json.dumps(game_to_dict(g), sort_keys=True, separators=(",", ":"))
