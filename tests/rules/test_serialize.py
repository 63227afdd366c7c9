"""Saved games keep loading (issue 14, serialization): ``Game.from_dict`` of a state written by earlier code
gives the same game, and the card tables it shares between loads never mix two games' cards.

``data/saved_states.json`` was written by the code of main at commit ba080cd, before ``from_dict`` shared
its card tables (``data/make_saved_states.py``): mid-game states of seeded ST01-ST06 games
(one in a battle with a deep frame stack, one in the middle of an effect with its scratch data and a
[Once Per Turn] record, one with continuous modifiers, one with known secret cards, halfway states) and a
scenario game with test cards; for each, main's fingerprint, the option indices the game went on with and
main's final fingerprint and winner.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path

import pytest

from tcgsim.onepiece.cards.database import UnknownCardError, default_database
from tcgsim.onepiece.rules.engine import Game
from tcgsim.onepiece.rules.state import PlayerState

SAVED = json.loads(Path(__file__).with_name("data").joinpath("saved_states.json").read_text())["states"]


def _json(x):
    return json.loads(json.dumps(x))


@pytest.mark.parametrize("saved", SAVED, ids=lambda s: "+".join(s["what"]))
def test_a_state_saved_by_earlier_code_loads_as_the_same_game(saved):
    db = default_database()
    g = Game.from_dict(copy.deepcopy(saved["data"]), db)
    assert _json(g.to_dict()) == saved["data"]
    assert g.fingerprint() == saved["fingerprint"]
    for i in saved["rest"]:
        g.apply_index(i)
    assert g.fingerprint() == saved["final_fingerprint"] and g.winner == saved["winner"]


def test_the_saved_states_cover_battles_effects_and_test_cards():
    covered = {w for s in SAVED for w in s["what"]}
    assert {"battle", "ctx", "once", "mods", "known", "deep_stack", "custom"} <= covered


def test_two_loads_share_the_card_tables_and_nothing_else():
    db = default_database()
    saved = next(s for s in SAVED if "battle" in s["what"])
    data = copy.deepcopy(saved["data"])
    g1, g2 = Game.from_dict(data, db), Game.from_dict(data, db)
    assert g1.t is g2.t
    g1.apply_index(saved["rest"][0])
    g1.apply_index(saved["rest"][1])
    assert g1.fingerprint() != saved["fingerprint"]
    assert g2.fingerprint() == saved["fingerprint"], "playing one loaded game changed another"
    assert data == saved["data"], "playing a loaded game changed the data it was loaded from"


def test_test_cards_of_the_data_are_the_ones_used_not_earlier_ones_of_the_same_number():
    db = default_database()
    saved = next(s for s in SAVED if "custom" in s["what"])
    other = copy.deepcopy(saved["data"])
    number = next(iter(other["custom"]))
    other["custom"][number]["power"] += 1000
    g1, g2 = Game.from_dict(copy.deepcopy(saved["data"]), db), Game.from_dict(other, db)
    cid = g1.t.numbers.index(number)
    assert g2.t.defs[cid].power == g1.t.defs[cid].power + 1000


class _OtherDatabase:
    """A card database whose cards have 1000 more power than the default one's."""

    def __init__(self, db):
        self.db = db

    def get(self, number):
        card = self.db.get(number)
        return dataclasses.replace(card, power=(card.power or 0) + 1000)


def test_the_cards_come_from_the_database_given_not_from_an_earlier_load():
    db = default_database()
    saved = next(s for s in SAVED if "half" in s["what"])
    g1 = Game.from_dict(copy.deepcopy(saved["data"]), db)
    g2 = Game.from_dict(copy.deepcopy(saved["data"]), _OtherDatabase(db))
    leader = g1.players[0].leader
    assert g2.t.defs[leader].power == g1.t.defs[leader].power + 1000


def test_an_unknown_card_number_in_the_data_is_named():
    data = copy.deepcopy(next(s for s in SAVED if "half" in s["what"])["data"])
    data["cards"][3] = "OP99-999"
    with pytest.raises(UnknownCardError, match="OP99-999"):
        Game.from_dict(data, default_database())


def test_a_player_is_stored_under_every_slot():
    p = PlayerState()
    p.hand = [3, 1]
    assert "deck_out_turn" not in p.to_dict(), "a state with no OP15-022 deck-out turn keeps its older form"
    p.deck_out_turn = 4
    assert list(p.to_dict()) == list(PlayerState.__slots__)
    q = PlayerState.from_dict(_json(p.to_dict()))
    assert q.to_dict() == p.to_dict()
    saved = p.to_dict()
    p.hand.append(7)
    assert saved["hand"] == [3, 1], "the data of a player changed with the game after it was taken"
    q = PlayerState.from_dict(saved)
    q.hand.append(8)
    assert saved["hand"] == [3, 1], "a loaded player shares a zone with the data it was loaded from"


def _scenario_game(path: str, steps: int):
    """The game of scenario file ``path`` after its first ``steps`` actions (built as the scenario runner does)."""
    from tcgsim.onepiece.scenario import build_game, load_scenario, play_action

    sc = load_scenario(Path(__file__).parents[2] / path)
    g = build_game(sc, run=False, trace=True)
    g.run()
    for a in sc.actions[:steps]:
        assert play_action(g, a.player, a.text), a.text
    return g


def test_a_card_that_left_the_zone_of_its_effect_stays_a_new_card_in_a_saved_game():
    """Rule 3-1-6 (card Q&A OP02-018 q1): the [On K.O.] of a card taken from the trash to the hand and trashed
    again as that effect's own cost plays nothing; the effect's record of its card's zone (``EffectContext.home``)
    is saved with the game mid-effect, and only while an effect has one (a state without keeps its fingerprint)."""
    # Marco (OP02-018, a database card: a loaded game compiles its effects again) and a test card whose [On K.O.]
    # has resolved by then
    path = "tests/scenarios/audit/OP02-018-back-in-trash-by-own-cost-not-played.yaml"
    g = _scenario_game(path, 4)  # TEST-RC's [On K.O.] took Marco back to the hand: Marco's yes/no is asked
    homes = [v.home for v in g.ctx.values() if v.home]
    assert homes and all(h[1] == "" for h in homes), homes
    data = _json(g.to_dict())
    assert all(len(v) == (7 if g.ctx[k].home else 6) for k, v in data["ctx"])
    loaded = Game.from_dict(copy.deepcopy(data), default_database())
    assert loaded.fingerprint() == g.fingerprint() and loaded.ctx == g.ctx
    marco = g.t.numbers.index("OP02-018")
    for game in (g, loaded):
        game.apply_index(game.pending.options.index(("yes",)))
        # the cost: Marco, the only card of the hand with the type (chosen by the engine when it is the only one)
        if game.pending.player == 0:
            game.apply_index(next(i for i, o in enumerate(game.pending.options) if marco in o))
    # (the fingerprints differ only by the opponent's options: a loaded game's test cards have no compiled
    # effects, so the test Event in the opponent's hand is no longer offered)
    assert [p.to_dict() for p in g.players] == [p.to_dict() for p in loaded.players]
    assert marco in loaded.players[0].trash and marco not in loaded.players[0].characters
    assert loaded.pending.player == 1 and not loaded.ctx and not g.ctx



_ABSALOM = "tests/scenarios/audit/OP15-080-absalom-takes-it-back-then-cost-paid-not-played.yaml"
_CAME_BACK = "tests/scenarios/audit/OP15-080-left-and-came-back-by-other-effects-not-played.yaml"


@pytest.mark.parametrize("path, steps", [(_ABSALOM, 2), (_ABSALOM, 3), (_ABSALOM, 4), (_ABSALOM, 6),
                                         (_CAME_BACK, 2), (_CAME_BACK, 4), (_CAME_BACK, 5), (_CAME_BACK, 6)])
def test_a_game_saved_while_an_on_ko_waits_on_its_card_in_the_trash_resumes_the_same(path, steps):
    """Audit 2026-12-04 (trash-id), rule 3-1-6 / card Q&A OP02-018 q1, OP15-080 q1: Oars (OP15-080) K.O.'d with
    Absalom (OP15-079), whose [On K.O.] takes Oars from the trash to the hand (and, in _CAME_BACK, with OP13-104,
    whose [On K.O.]'s cost trashes it from the hand again): Oars's [On K.O.] then plays nothing. Saved and loaded
    before the order is chosen (the effects still name their cards), after Oars left the trash, after it came
    back (only the saved record tells that it is a new card), and in the middle of Oars's cost: the loaded game
    plays on exactly as the original. The test Event that K.O.'d them has resolved before any save (a loaded
    game's test cards have no compiled effects)."""
    from tcgsim.onepiece.scenario import RULES, Trace, load_scenario, play_action

    sc = load_scenario(Path(__file__).parents[2] / path)
    g = _scenario_game(path, steps)
    assert any(v.home for v in g.ctx.values()), "an [On K.O.] waiting on its card is saved mid-effect"
    data = _json(g.to_dict())
    loaded = Game.from_dict(copy.deepcopy(data), default_database())
    assert loaded.fingerprint() == g.fingerprint() and loaded.ctx == g.ctx
    assert _json(loaded.to_dict()) == data
    loaded.trace = Trace(loaded, RULES)  # as build_game(trace=True): steps the engine takes by itself are matched
    for a in sc.actions[steps:]:
        for game in (g, loaded):
            assert play_action(game, a.player, a.text), a.text
        assert loaded.fingerprint() == g.fingerprint()
    oars = g.t.numbers.index("OP15-080")
    for game in (g, loaded):
        assert oars not in game.players[0].characters and not game.players[0].characters and not game.ctx
    assert [p.to_dict() for p in g.players] == [p.to_dict() for p in loaded.players]
