"""The documented form of a saved game (rules/serialize.py, ``Game.to_dict`` / ``Game.from_dict``): JSON-ready
plain data, a round trip that gives the same game (hidden knowledge, effect scratch data, a finished game
included), the older forms of an effect's scratch data that still load, and the card tables shared per
database (at most ``_TABLES_PER_DB``, the oldest go first; no sharing for a database that cannot be weakly
referenced). Expectations come from the module's and ``Game``'s docstrings and the rules they cite, never
from the engine's output.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import weakref
from pathlib import Path

import pytest

from tcgsim.onepiece.cards.database import default_database
from tcgsim.onepiece.cards.model import FILLER
from tcgsim.onepiece.rules.engine import Game
from tcgsim.onepiece.rules.frames import as_record
from tcgsim.onepiece.rules.serialize import _TABLES_PER_DB, tables_for
from tcgsim.onepiece.rules.view import player_view

SAVED = json.loads(Path(__file__).with_name("data").joinpath("saved_states.json").read_text())["states"]


def _json(x):
    return json.loads(json.dumps(x))


def _saved(what: str) -> dict:
    """A copy of the data of the first saved state (test_serialize.py's data) that shows ``what``."""
    return copy.deepcopy(next(s for s in SAVED if what in s["what"])["data"])


def _tuples_in(x, where="") -> list[str]:
    """The places in ``x`` (nested lists / dicts) that hold a tuple: JSON has none."""
    if isinstance(x, tuple):
        return [where or "."]
    if isinstance(x, list):
        return [p for i, v in enumerate(x) for p in _tuples_in(v, f"{where}[{i}]")]
    if isinstance(x, dict):
        return [p for k, v in x.items() for p in _tuples_in(v, f"{where}.{k}")]
    return []


@pytest.mark.parametrize("what", ["mods", "battle", "deep_stack", "ctx"])
def test_a_saved_game_is_plain_json_data_at_every_depth(what):
    """serialize's contract ("a game to JSON-ready data", ``Game.to_dict``: "JSON-ready data"): the engine's
    tuples (modifiers, the battle, effect frames with their progress, the pending options) are JSON lists at
    every depth, so the data equals what a JSON round trip of it gives."""
    g = Game.from_dict(_saved(what), default_database())
    data = g.to_dict()
    assert data["mods" if what == "mods" else "stack"], "the state has nested data to write"
    assert _tuples_in(data) == []
    assert data == _json(data)


def _with_vague(entries: list[list]) -> Game:
    """The "half" saved game with ``entries`` as what each player knows only to be somewhere (``Game.vague``)."""
    g = Game.from_dict(_saved("half"), default_database())
    g.vague = entries
    return g


def _p2_life_number(g) -> str:
    return g.t.numbers[g.players[1].life[0]]


@pytest.mark.parametrize("who", [0, 1])
def test_3_1_5_what_one_player_knows_only_to_be_somewhere_in_a_secret_area_is_saved(who):
    """Rule 3-1-5 (Life is a secret area): what a player knows of a hidden card only as "somewhere in the
    opponent's Life" (``Game.vague``) is part of the game: saved (under ``vague``, written when a player has
    such knowledge) and loaded for that player alone, whichever player it is; that player's view still
    says "opp life"."""
    g = Game.from_dict(_saved("half"), default_database())
    owner = 1 - who
    number = g.t.numbers[g.players[owner].life[0]]
    entries = [[], []]
    entries[who] = [(owner, ("life",), number)]
    g.vague = entries
    data = _json(g.to_dict())
    assert data["vague"][who] == [[owner, ["life"], number]] and data["vague"][1 - who] == []
    loaded = Game.from_dict(copy.deepcopy(data), default_database())
    assert loaded.vague == entries
    assert loaded.fingerprint() == g.fingerprint()
    assert {"card": number, "zone": "opp life"} in player_view(loaded, who)["known"]
    assert not any(k.get("zone") == "opp life" for k in player_view(loaded, owner)["known"])


def test_3_1_5_both_players_vague_knowledge_is_saved_and_none_leaves_no_entry():
    """``game_to_dict``: ``vague`` only when a player has such knowledge; with both players' it round-trips."""
    g = _with_vague([[], []])
    assert "vague" not in g.to_dict()
    number0 = g.t.numbers[g.players[0].life[0]]
    entries = [[(1, ("hand", "life"), _p2_life_number(g))], [(0, ("life",), number0)]]
    g = _with_vague(entries)
    loaded = Game.from_dict(_json(g.to_dict()), default_database())
    assert loaded.vague == entries and loaded.fingerprint() == g.fingerprint()


def _ctx_game():
    """The saved game in the middle of an effect that looked at 5 cards, with its scratch data made distinct
    per slot: "it" names one looked card, the last reveal another, and the effect waits in its wave."""
    g = Game.from_dict(_saved("known"), default_database())
    (inst, ctx), = g.ctx.items()
    assert len(ctx.looked) >= 2
    g.ctx[inst] = ctx._replace(it=ctx.looked[:1], revealed=ctx.looked[1:2], wave=-1)
    return g, inst


def test_8_3_3_an_effects_scratch_data_is_saved_slot_by_slot():
    """``EffectContext`` (rules/state.py): ``it`` (the cards of the last action: "that card"), ``looked``,
    ``did`` ("if you do", rule 8-3-3), ``paid``, ``revealed`` ("the revealed card") and ``wave`` are saved
    and loaded each in its own slot."""
    g, inst = _ctx_game()
    loaded = Game.from_dict(_json(g.to_dict()), default_database())
    assert loaded.ctx == g.ctx
    assert loaded.ctx[inst].it == g.ctx[inst].looked[:1] != loaded.ctx[inst].looked
    assert loaded.ctx[inst].revealed == g.ctx[inst].looked[1:2]


def test_8_3_3_scratch_data_saved_before_the_revealed_and_wave_slots_existed_still_loads():
    """serialize.game_from_dict: "a state saved before the ``revealed`` and ``wave`` slots existed has 4
    fields"; between the two (commits 59f8cc2 and fb8807c) it had 5: ``revealed`` but no ``wave``. A missing
    ``revealed`` is none (``()``), a missing ``wave`` is ``None`` (already ordered, rule 8-6)."""
    g, inst = _ctx_game()
    ctx = g.ctx[inst]
    data = _json(g.to_dict())
    five, four = copy.deepcopy(data), copy.deepcopy(data)
    five["ctx"] = [[k, v[:5]] for k, v in data["ctx"]]
    four["ctx"] = [[k, v[:4]] for k, v in data["ctx"]]
    assert Game.from_dict(five, default_database()).ctx[inst] == ctx._replace(wave=None)
    assert Game.from_dict(four, default_database()).ctx[inst] == ctx._replace(revealed=(), wave=None)


def test_1_2_3_a_loaded_game_keeps_a_log_and_a_finished_game_is_saved_with_its_winner():
    """Rule 1-2-3: a player who concedes loses at once and the game ends (1-2-1: the other player wins). A
    loaded game given a log (as ``setup.new_game`` does: ``g.log = []``) records its events with their rules
    (the game-over line's include 1-2-3); the finished game (no pending decision) saves and loads with its winner."""
    loaded = Game.from_dict(_saved("half"), default_database())
    loaded.log = []  # the log starts here (only the log lines and their rules, not the state, change)
    loaded.concede(1)
    assert loaded.log and set(loaded.log_rules) <= set(range(len(loaded.log)))
    assert "1-2-3" in {r for rules in loaded.log_rules.values() for r in rules}
    assert loaded.winner == 0 and loaded.pending is None
    again = Game.from_dict(_json(loaded.to_dict()), default_database())
    assert again.winner == 0 and again.pending is None and again.fingerprint() == loaded.fingerprint()


def test_11_1_a_game_saved_between_decisions_runs_on_the_same_after_loading():
    """serialize: any state is saved, not only one at a decision. A scenario game saved before its first step
    (frames on the stack, no pending decision) runs on after loading to the same decision as the original; the
    loop watch (rule 11-1) starts afresh, counting quiet steps from the load."""
    from tcgsim.onepiece.scenario import build_game, load_scenario

    sc = load_scenario(Path(__file__).parents[1] / "scenarios" / "rules" / "attack-declaration.yaml")
    g = build_game(sc, run=False)
    assert g.stack and g.pending is None
    loaded = Game.from_dict(_json(g.to_dict()), default_database())
    g.run()
    loaded.run()
    assert g.pending is not None and loaded.fingerprint() == g.fingerprint()


class _SlotDatabase:
    """A card database that cannot be weakly referenced (``__slots__``, no ``__weakref__``) and has no effect
    compiler (no ``compile_effects``): it gives the default database's cards."""

    __slots__ = ("db",)

    def __init__(self, db):
        self.db = db

    def get(self, number):
        return self.db.get(number)


def test_a_database_that_cannot_be_weakly_referenced_still_loads_games():
    """serialize.tables_for: "a database that cannot be weakly referenced: no sharing"; the game loads the
    same, its cards from that database."""
    db = _SlotDatabase(default_database())
    with pytest.raises(TypeError):
        weakref.ref(db)
    saved = next(s for s in SAVED if "half" in s["what"])
    g1 = Game.from_dict(copy.deepcopy(saved["data"]), db)
    g2 = Game.from_dict(copy.deepcopy(saved["data"]), db)
    assert g1.fingerprint() == saved["fingerprint"] and g1.t.owner == tuple(saved["data"]["owners"])
    assert list(g1.t.numbers) == saved["data"]["cards"]
    assert g1.t is not g2.t


def test_test_cards_load_as_saved_from_a_database_without_an_effect_compiler():
    """serialize._carddef_from_dict: a test card is compiled again "by the compiler the database applies to
    its own cards"; a database with none gives the card as saved, its text and stats unchanged."""
    data = _saved("custom")
    assert data["custom"]
    g = Game.from_dict(copy.deepcopy(data), _SlotDatabase(default_database()))
    for number, card in data["custom"].items():
        loaded = g.t.custom[number]
        assert _json({k: v for k, v in dataclasses.asdict(loaded).items() if k != "effects"}) == card
        assert loaded.effects == ()
        assert g.t.defs[g.t.numbers.index(number)] is loaded


class _FillerDatabase:
    """A (weakly referable) database asked for no card: the tables below hold only FILLER."""

    def get(self, number):
        raise AssertionError(f"FILLER is not looked up: {number}")


def test_card_tables_are_shared_per_database_and_the_oldest_go_first():
    """serialize.tables_for: games with the same cards and owners share one ``Tables``, kept per database "at
    most :data:`_TABLES_PER_DB`" ("the oldest go first")."""
    db = _FillerDatabase()
    keys = [[FILLER.number] * k for k in range(1, _TABLES_PER_DB + 2)]  # one more than are kept
    first = [tables_for(n, [0] * len(n), {}, db) for n in keys]
    assert tables_for(keys[-1], [0] * len(keys[-1]), {}, db) is first[-1]
    assert tables_for(keys[1], [0] * len(keys[1]), {}, db) is first[1]
    assert tables_for(keys[0], [0] * len(keys[0]), {}, db) is not first[0], "the oldest is dropped"
    assert tables_for(keys[0], [1] * len(keys[0]), {}, db).owner == (1,), "owners are part of the key"


def test_as_record_gives_a_frame_with_no_name_as_it_is():
    """rules/frames.as_record: a frame "as its named record when its kind has one ..., else as it is": an empty
    tuple has no kind; a frame of a named kind with another length stays a plain tuple too."""
    assert as_record(()) == ()
    assert type(as_record(("effect_end", 3))).__name__ == "EffectEndFrame"
    assert type(as_record(("effect_end", 3, 4))) is tuple
