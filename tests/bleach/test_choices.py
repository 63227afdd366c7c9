"""Each documented rule choice (rules/choices.py, docs/bleach.md "Choix de règles") has a test; the tests of
the other choices live with their rules (ABILITY_WINDOW, ZANPAKUTO_AS_COMBAT, TIE_PRIORITY, SACRIFICE_OFFER,
SIMULTANEOUS_LOSS, DAMAGE_STEP: test_turn/test_combat/test_win)."""

from __future__ import annotations

from pathlib import Path

from tcgsim.bleach.rules import choices
from tcgsim.bleach.rules.view import player_view

from .helpers import ALL_A, ALL_B, act, clear_hand, fill_reserve, give, labels, refresh, soul_of, start, to_turn, until

DOC = Path(__file__).resolve().parents[2] / "docs" / "bleach.md"


def test_every_choice_is_documented_in_docs_bleach_md():
    text = DOC.read_text(encoding="utf-8")
    names = [n for n in vars(choices) if n.isupper()]
    assert len(names) >= 10
    for n in names:
        assert f"`{n}`" in text, f"{n} missing from docs/bleach.md"


def test_reserve_hidden_from_the_opponent_count_visible():
    """choices.RESERVE_HIDDEN."""
    g = start(decks=(ALL_A, ALL_B))
    a = soul_of(g, 0, "BLX-001")
    fill_reserve(g, a, 2)
    mine = player_view(g, 0)["me"]["souls"][0]
    theirs = player_view(g, 1)["opponent"]["souls"][0]
    assert len(mine["reserve"]) == 2 and mine["reserve_count"] == 2
    assert "reserve" not in theirs and theirs["reserve_count"] == 2


def test_entered_main_soul_is_offensive():
    """choices.ENTER_STATE."""
    g = start(decks=(ALL_A, ALL_B))
    clear_hand(g, 0)
    c = give(g, 0, "BLX-003")
    g.exhausted[c] = 1
    refresh(g)
    act(g, "enter BLX-003")
    assert not g.exhausted[c]


def test_support_soul_effect_uses_a_chosen_main_soul():
    """choices.SUPPORT_USER: the Ame de Soutien's Effet is paid by the designated Ame Principale."""
    g = start(decks=(ALL_A, ALL_B))
    until(g, "action", 0)
    a = soul_of(g, 0, "BLX-001")
    s3 = give(g, 0, "BLX-003", "souls")
    give(g, 0, "BLX-013", "supports")
    fill_reserve(g, s3, 1)
    refresh(g)
    assert [l for l in labels(g) if "BLX-013" in l] == ["effect BLX-013 by BLX-003"]
    act(g, "effect BLX-013 by BLX-003")
    assert g.players[0].reserve[s3] == () and a not in g.players[0].reserve


def test_max_turns_is_a_draw():
    """choices.MAX_TURNS."""
    g = start(decks=(ALL_A, ALL_B))
    g.turn = choices.MAX_TURNS + 1
    g.check()
    assert g.winner == 2 and g.end_reason == "turns"


def test_empty_deck_and_discard_draw_what_remains():
    """choices.DRAW_EMPTY: no loss for running out of cards."""
    g = start(decks=(ALL_A, ALL_B))
    p = g.players[0]
    p.exclusion.extend(p.deck)
    p.deck.clear()
    assert g.draw(0, 3) == 0 and g.winner is None


def test_one_option_per_card_number_in_hand():
    """choices.EFFECT_ONLY_ONE_PER_NUMBER: identical hand cards give one option; field cards get ``#k``."""
    g = start()  # compagnons: 3 BLX-001
    until(g, "action", 0)
    clear_hand(g, 0)
    give(g, 0, "BLX-026")
    give(g, 0, "BLX-026")
    s2 = give(g, 0, "BLX-001", "souls")
    g.face_up[s2] = 1
    to_turn(g, 3)
    assert labels(g)[-2:] == ["attack BLX-001#1", "attack BLX-001#2"]
    act(g, "attack BLX-001#2")
    assert labels(g).count("combat BLX-026") == 1 and sum(g.t.numbers[c] == "BLX-026" for c in g.players[0].hand) >= 2


def test_mulligan_order_before_first_choice():
    """choices.MULLIGAN_ORDER."""
    from tcgsim.bleach.rules.setup import new_game

    from .helpers import COMP, DB, RIV

    g = new_game(COMP, RIV, DB, 9)
    kinds = []
    while g.pending.kind != "entry" and g.pending.kind != "action":
        kinds.append((g.pending.kind, g.pending.player))
        act(g, labels(g)[0])
    assert kinds[:2] == [("keep", 0), ("keep", 1)] and kinds[2][0] == "first"
