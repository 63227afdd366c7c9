"""The game state's documented contract (rules/state.py): a player's zones and counters (rules 3-1-1, 5-1-2), the
cards of the field (3-1-2, 2-8-2), the saved form of a player (``PlayerState.to_dict`` / ``from_dict``) and the
per-game tables (``Tables``: effects by timing, "When ..." effects by event kind in the order of rule 8-6-1,
the cards that ask which Events were activated). Expectations come from the rules and the module's docstrings,
never from the engine's output.
"""

from __future__ import annotations

import json

from tcgsim.onepiece.cards.decklist import load_deck
from tcgsim.onepiece.cards.model import CardDef
from tcgsim.onepiece.effects.ir import Action, Condition, Effect, Event
from tcgsim.onepiece.rules.setup import new_game
from tcgsim.onepiece.rules.state import PlayerState, Tables


def _card(number: str, *effects: Effect) -> CardDef:
    return CardDef(number=number, name=number, category="Character", cost=1, power=1000, effects=effects)


def _when(kind: str = "ko") -> Effect:
    return Effect(kind="auto", timing="when", event=Event(kind), actions=(Action(op="draw", amount=1),))


# --- PlayerState: a fresh player (rules 5-1-2, 3-1-1) -------------------------------------------------------

def test_5_1_2_a_new_player_has_a_10_card_don_deck_empty_zones_and_no_flags_set():
    """Rule 5-1-2: each player plays with a 10-card DON!! deck; before the game starts none of it is in the cost
    area, every zone (rule 3-1-1) is empty, Leader and Stage are -1 ("an id or -1"), and the player has not
    finished a first turn (6-5-6-1), not taken damage at 0 Life, not conceded: those flags are booleans
    (``False``, saved as JSON ``false``, not ``null``)."""
    p = PlayerState()
    assert (p.don_deck, p.don_active, p.don_rested, p.don_total) == (10, 0, 0, 10)
    assert (p.leader, p.stage, p.deck, p.hand, p.trash, p.life, p.characters) == (-1, -1, [], [], [], [], [])
    assert p.first_turn_done is False and p.damaged_at_zero is False and p.conceded is False
    d = p.to_dict()
    assert json.loads(json.dumps(d)) == {
        "leader": -1, "deck": [], "hand": [], "trash": [], "life": [], "characters": [], "stage": -1,
        "don_deck": 10, "don_active": 0, "don_rested": 0, "don_total": 10, "first_turn_done": False,
        "damaged_at_zero": False, "conceded": False}
    assert '"first_turn_done": false' in json.dumps(d) and "null" not in json.dumps(d)


def test_6_5_6_1_after_setup_no_player_has_finished_a_turn_and_the_saved_flags_are_false(db):
    """Rule 6-5-6-1 (a player's first turn) and the saved form of a player (``to_dict``: every slot by name):
    at the first decision of a new game neither player has finished their first turn, taken damage at 0 Life or
    conceded; the saved game says ``false`` for each (booleans, not missing values)."""
    g = new_game(load_deck("ST01", db), load_deck("ST02", db), db, seed=3)
    for p in g.to_dict()["players"]:
        assert p["first_turn_done"] is False and p["damaged_at_zero"] is False and p["conceded"] is False
        assert p["don_total"] == 10  # rule 5-1-2: the ST01/ST02 Leaders change nothing


# --- PlayerState.field_cards (rules 3-1-2, 2-8-2) -------------------------------------------------------------

def test_3_1_2_the_field_cards_include_a_stage_of_any_id_even_0_and_1():
    """Rules 3-1-2 / 2-8-2: the Leader, the Characters (field order) and the Stage are the cards of the field
    whose text is valid there. ``stage`` is "an id or -1": ids start at 0, so a Stage of id 0 or 1 is on the
    field and is listed last; with -1 there is no Stage."""
    p = PlayerState()
    p.leader, p.characters = 7, [4, 9]
    p.stage = -1
    assert p.field_cards() == (7, 4, 9)
    for stage in (0, 1, 2):
        p.stage = stage
        assert p.field_cards() == (7, 4, 9, stage)


# --- PlayerState.to_dict / from_dict (deck_out_turn, OP15-022) --------------------------------------------------

def test_a_set_deck_out_turn_is_saved_with_its_turn_and_loads_back():
    """``to_dict``: ``deck_out_turn`` only when set (the turn in which the deck became 0 cards under OP15-022's
    effect); when set it is saved as that turn, and ``from_dict`` gives it back (-1 when absent)."""
    p = PlayerState()
    assert "deck_out_turn" not in p.to_dict()
    assert PlayerState.from_dict(p.to_dict()).deck_out_turn == -1
    p.deck_out_turn = 7
    d = json.loads(json.dumps(p.to_dict()))
    assert d["deck_out_turn"] == 7
    assert PlayerState.from_dict(d).deck_out_turn == 7


# --- Tables.timed -------------------------------------------------------------------------------------------------

def test_tables_timed_maps_only_timings_to_effect_indices():
    """``Tables.timed``: per card, timing -> indices of its effects with that timing. Permanent and replacement
    effects have no timing (``Effect.timing`` ``None``, effects/ir.py), so they are under no key; a card with
    no effect has no timing at all."""
    perm = Effect(kind="permanent", actions=(Action(op="modify_power", amount=1000, duration="permanent"),))
    repl = Effect(kind="replacement", event=Event("ko"), actions=(Action(op="rest"),))
    on_play = Effect(kind="auto", timing="on_play", actions=(Action(op="draw", amount=1),))
    t = Tables([_card("T-0", perm, on_play, repl, on_play), _card("T-1", perm), _card("T-2")], [0, 0, 1])
    assert t.timed == ({"on_play": (1, 3)}, {}, {})


# --- Tables.whens_by_kind (rule 8-6-1) ------------------------------------------------------------------------------

def test_8_6_1_when_effects_by_kind_list_the_turn_players_cards_first():
    """Rule 8-6-1: when effects of both players activate at once, the turn player's resolve first.
    ``Tables.whens_by_kind[kind]`` is (sources with player 0's cards first, with player 1's cards first), each
    side in card-id order; an ``any_of`` event counts for each of its parts."""
    any_ko_or_rested = Effect(kind="auto", timing="when",
                              event=Event("any_of", params=(("events", (Event("ko"), Event("rested"))),)))
    defs = [_card("T-0", _when("ko")), _card("T-1", _when("ko")), _card("T-2", any_ko_or_rested),
            _card("T-3", _when("played"))]
    t = Tables(defs, [0, 1, 0, 1])
    assert t.whens_by_kind["ko"] == ((0, 2, 1), (1, 0, 2))
    assert t.whens_by_kind["rested"] == ((2,), (2,))
    assert t.whens_by_kind["played"] == ((3,), (3,))
    assert set(t.whens_by_kind) == {"ko", "rested", "played"}


def test_a_when_effect_without_an_event_does_not_hide_the_cards_next_when_effects():
    """``Tables.whens_by_kind``: the cards "with a 'When ...' effect waiting for that kind". A "when" effect
    with no event (it waits for nothing; effects/hooks.fire_event skips it too) must not stop the card's
    later "When ..." effects from being listed for their kinds."""
    blank = Effect(kind="auto", timing="when", event=None)
    t = Tables([_card("T-0", blank, _when("ko"), _when("rested")), _card("T-1", _when("ko"))], [0, 1])
    assert t.whens_by_kind["ko"] == ((0, 1), (1, 0))
    assert t.whens_by_kind["rested"] == ((0,), (0,))


# --- Tables.event_log ----------------------------------------------------------------------------------------------

def test_tables_event_log_sees_an_event_activated_condition_nested_in_an_action_body():
    """``Tables.event_log``: whether a card asks which Events were activated this turn (condition
    ``event_activated``, effects/ir.py: "If you have activated an Event ... during this turn"), on the effect
    or on one of its actions, at any depth: in the body of an "if"/"may" action as well as in a
    ``choose_one`` option. Without such a condition anywhere, no log is needed."""
    asks = Condition(kind="event_activated")
    nested_if = Action(op="if", condition=asks, body=(Action(op="draw", amount=1),))
    in_body = Effect(kind="auto", timing="on_play", actions=(Action(op="may", body=(nested_if,)),))
    in_option = Effect(kind="auto", timing="on_play", actions=(Action(op="choose_one", options=((nested_if,),)),))
    plain = Effect(kind="auto", timing="on_play", actions=(Action(op="may", body=(Action(op="draw", amount=1),)),))
    assert Tables([_card("T-0", in_body)], [0]).event_log is True
    assert Tables([_card("T-0", in_option)], [0]).event_log is True
    assert Tables([_card("T-0", plain)], [0]).event_log is False
