"""seed §Préparation de la partie."""

from __future__ import annotations

import json

from tcgsim.bleach.rules.setup import new_game
from tcgsim.bleach.rules.view import player_view

from .helpers import COMP, DB, RIV, act, labels, start


def _ids_in_view(view) -> str:
    return json.dumps(view)


def test_six_soul_points_face_down_seen_by_nobody():
    """seed §Préparation de la partie: « Les 6 premières cartes du deck sont placées face cachée dans la Zone de points
    d'Ame » and « ne peuvent être regardées par aucun des deux joueurs »."""
    g = start()
    for i in (0, 1):
        assert len(g.players[i].soul) == 6
        v = player_view(g, i)
        assert v["me"]["soul_points"] == 6 and v["opponent"]["soul_points"] == 6
        assert "soul" not in v["me"] or not isinstance(v["me"].get("soul"), list)
    # moving a soul point to a different card changes no view
    h = g.clone()
    p = h.players[0]
    p.soul[0], p.deck[0] = p.deck[0], p.soul[0]
    assert player_view(h, 0) == player_view(g, 0) and player_view(h, 1) == player_view(g, 1)


def test_six_card_hand_and_single_mulligan_keeps_soul_points():
    """seed §Préparation de la partie: 6-card hand; « une et une seule fois » mulligan; « les 6 cartes mises dans la zone
    de Points d'Ames ne sont pas quant à elles reprises »."""
    g = new_game(COMP, RIV, DB, 5, first=0)
    assert g.pending.kind == "keep" and g.pending.player == 0
    assert len(g.players[0].hand) == 6
    soul_before = list(g.players[0].soul)
    hand_before = list(g.players[0].hand)
    act(g, "mulligan")
    assert g.players[0].soul == soul_before
    assert len(g.players[0].hand) == 6 and g.players[0].hand != hand_before
    assert g.pending.kind == "keep" and g.pending.player == 1  # p1 is not asked again
    act(g, "keep")
    assert g.pending.kind in ("entry", "action") and g.turn == 1


def test_starting_main_soul_face_down_until_the_game_starts():
    """seed §Préparation de la partie: the chosen Ame Principale of Coût d'Entrée 0 is placed face down, then « les deux
    cartes Ame Principale déjà posées sur le terrain sont retournées face visible »."""
    g = new_game(COMP, RIV, DB, 3)
    for i, deck in enumerate((COMP, RIV)):
        s = g.players[i].souls
        assert [g.t.numbers[c] for c in s] == [deck.leader] and not g.face_up[s[0]]
    v = player_view(g, 0)
    assert v["opponent"]["souls"][0]["card"] is None and v["me"]["souls"][0]["card"] == "BLX-001"
    act(g, "keep", "keep")
    assert g.pending.kind == "first"
    act(g, "first")
    assert all(g.face_up[p.souls[0]] for p in g.players)
    assert player_view(g, 0)["opponent"]["souls"][0]["card"] == "BLX-009"


def test_random_player_chooses_who_starts_and_first_forces_it():
    """seed §Préparation de la partie: « On détermine aléatoirement un joueur qui décidera s'il souhaite commencer la
    partie ou s'il laisse son adversaire le faire »."""
    choosers = set()
    for seed in range(12):
        g = new_game(COMP, RIV, DB, seed)
        act(g, "keep", "keep")
        assert g.pending.kind == "first" and labels(g) == ["first", "second"]
        chooser = g.pending.player
        choosers.add(chooser)
        act(g, "second")
        assert g.first == 1 - chooser and g.active == 1 - chooser
    assert choosers == {0, 1}
    for first in (0, 1):
        g = start(first=first)
        assert g.first == first and g.pending.player == first and g.pending.kind in ("entry", "action")


def test_zanpakuto_set_aside_and_deck_shuffled():
    """seed §Choix des cartes: the Zanpakutô « sera placée de côté du terrain au tout début de la partie »;
    « Chaque joueur mélange ensuite le reste de son deck »."""
    g = start()
    for i, deck in enumerate((COMP, RIV)):
        p = g.players[i]
        assert [g.t.numbers[c] for c in p.aside] == [deck.zanpakuto]
        assert len(p.deck) + len(p.hand) + len(p.soul) + 1 == deck.size
    orders = {tuple(g.t.numbers[c] for c in start(seed=s).players[0].deck) for s in range(5)}
    assert len(orders) == 5
