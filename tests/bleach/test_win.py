"""seed §Conditions de victoire."""

from __future__ import annotations

from tcgsim.core.machine import DRAW

from .helpers import ALL_A, ALL_B, act, clear_hand, give, refresh, soul_of, start, to_turn


def test_no_soul_points_left_loses():
    """seed: « Son adversaire n'a plus de cartes dans sa Zone de points d'Ame »."""
    g = start(decks=(ALL_A, ALL_B))
    to_turn(g, 3)
    clear_hand(g, 1)
    p = g.players[1]
    p.discard.extend(p.soul[:-1])
    del p.soul[:-1]
    g.mods.append((soul_of(g, 0, "BLX-001"), 200, "turn"))
    refresh(g)
    act(g, "attack BLX-001")  # 500 vs 300: 2 cards, no reserve
    act(g, "suffer")
    assert g.winner == 0 and g.end_reason == "soul" and g.pending is None


def test_no_main_soul_left_loses():
    """seed: « Son adversaire n'a plus d'Ame Principale sur son terrain (si toutes ont été exclues par
    exemple) » — here by sacrificing the last one."""
    g = start(decks=(ALL_A, ALL_B))
    to_turn(g, 3)
    clear_hand(g, 1)
    g.mods.append((soul_of(g, 0, "BLX-001"), 300, "turn"))
    refresh(g)
    act(g, "attack BLX-001", "sacrifice")
    assert g.winner == 0 and g.end_reason == "field"


def test_simultaneous_conditions_the_player_whose_effect_caused_it_loses():
    """seed: « Si l'une ou les deux conditions survenaient simultanément pour les deux joueurs, le joueur dont
    l'effet en est à l'origine perd la partie. » (BLX-025 Rite des Ames with one soul point each)."""
    for player in (0, 1):
        g = start(decks=(ALL_A, ALL_B))
        to_turn(g, 3 + player)
        for p in g.players:
            p.discard.extend(p.soul[:-1])
            del p.soul[:-1]
        clear_hand(g, player)
        give(g, player, "BLX-025")
        a = g.players[player].souls[0]
        refresh(g)
        act(g, f"event BLX-025 by {g.t.numbers[a]}")
        assert g.winner == 1 - player and g.end_reason == "soul+effect"


def test_simultaneous_conditions_without_an_effect_is_a_draw():
    """choices.SIMULTANEOUS_LOSS: both players meet a condition and no effect caused it: a draw."""
    g = start(decks=(ALL_A, ALL_B))
    to_turn(g, 3)
    for p in g.players:
        p.discard.extend(p.soul)
        p.soul.clear()
    g.check()
    assert g.winner == DRAW and g.end_reason == "soul+soul"


def test_no_loss_during_setup_and_game_over_blocks_answers():
    g = start(decks=(ALL_A, ALL_B))
    assert g.winner is None
    g.concede(1)
    assert g.winner == 0 and g.end_reason == "concede"
    import pytest

    from tcgsim.core.machine import IllegalAction

    with pytest.raises(IllegalAction, match="game is over"):
        g.apply_index(0)
