"""A refused Bleach action names the section of the rules that forbids it (issue 12 §3, the common cases);
each expectation is read from the quoted words of the rules text (seed 003)."""

from __future__ import annotations

import pytest

from tcgsim.core.machine import IllegalAction
from tcgsim.bleach.rules.notation import parse

from .helpers import ALL_A, ALL_B, act, clear_hand, give, refresh, soul_of, start, to_turn, until


def game():
    return start(decks=(ALL_A, ALL_B))


def refused(g, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        parse(g, text)
    return info.value


def test_entree_cost_at_most_the_ames_on_the_field():
    """seed §Entrée: « Le Cout d'Entrée de la carte doit être inférieur ou égal au nombre d'Ames présentes sur
    le terrain du joueur »: BLX-005 (cost 2) with 1 Ame on the field."""
    g = game()
    clear_hand(g, 0)
    give(g, 0, "BLX-005")
    give(g, 0, "BLX-013")  # cost 0: the Entrée step is asked (with only "pass" it would pass by itself)
    refresh(g)
    assert g.pending.kind == "entry"
    exc = refused(g, "enter BLX-005")
    assert exc.rule == "§Entrée" and "Coût d'Entrée of BLX-005 is 2; you have 1 Ames" in str(exc)


def test_entree_one_card_per_turn():
    """seed §Entrée: « l'attaquant peut jouer 1 seule carte »: a second entry in the Phase d'Actions is refused."""
    g = game()
    clear_hand(g, 0)
    give(g, 0, "BLX-013")
    give(g, 0, "BLX-003")
    refresh(g)
    act(g, "enter BLX-013")
    assert g.pending.kind == "action"
    exc = refused(g, "enter BLX-003")
    assert exc.rule == "§Entrée" and "1 card per turn" in str(exc)


def test_no_combat_in_the_first_turn():
    """seed §Action de Combat « (ignorée durant le premier tour de chaque joueur) »."""
    g = game()
    to_turn(g, 1)
    exc = refused(g, "attack BLX-001")
    assert exc.rule == "§Action de Combat" and "first turn" in str(exc)


def test_the_attack_is_mandatory_and_only_once():
    """seed §Action de Combat: « La déclaration d'attaque est obligatoire, et il n'y en a qu'une par tour »."""
    g = game()
    to_turn(g, 3)
    exc = refused(g, "end")
    assert exc.rule == "§Action de Combat" and "mandatory" in str(exc)
    act(g, "attack BLX-001")
    until(g, "action", 0)
    exc = refused(g, "attack BLX-001")
    assert exc.rule == "§Action de Combat" and "only 1" in str(exc)


def test_the_attacker_is_offensive():
    """seed §Déclaration d'Attaque: « L'attaquant désigne une de ses Ames Principales en jeu en état
    offensif »: an épuisé one cannot attack."""
    g = game()
    to_turn(g, 3)
    g.exhausted[soul_of(g, 0, "BLX-001")] = 1
    g.pending = None  # the decision is asked again from its frame, now with BLX-001 épuisé
    g.run()
    exc = refused(g, "attack BLX-001")
    assert exc.rule == "§Déclaration d'Attaque" and "épuisé" in str(exc)
