"""seed §Déroulement du jeu: the phases of the turn."""

from __future__ import annotations

import re

import pytest

from tcgsim.core.machine import IllegalAction

from .helpers import ALL_A, ALL_B, act, clear_hand, default, fill_reserve, give, labels, refresh, soul_of, start, to_turn, until


def game():
    return start(decks=(ALL_A, ALL_B))


def test_roles_alternate():
    """seed §Déroulement du jeu: « Les joueurs seront ensuite Attaquant puis défenseur à tour de rôle »."""
    g = game()
    seen = []
    for n in (1, 2, 3, 4):
        to_turn(g, n)
        seen.append(g.active)
    assert seen == [0, 1, 0, 1]


def test_recuperation_readies_only_the_attacker():
    """seed §Récupération: « toutes les Ames Principales de l'attaquant passent en état offensif »."""
    g = game()
    a, b = soul_of(g, 0, "BLX-001"), soul_of(g, 1, "BLX-009")
    g.exhausted[a] = g.exhausted[b] = 1
    to_turn(g, 2)
    assert g.exhausted[b] == 0 and g.exhausted[a] == 1


def test_pioche_draws_up_to_six_and_reshuffles_the_discard():
    """seed §Pioche: draw up to 6; « S'il n'y a pas assez de cartes dans le deck, le joueur prend les cartes
    restantes et mélange les cartes de la défausse pour reformer un nouveau deck »."""
    g = game()
    p = g.players[1]
    p.discard.extend(p.deck[:-2])
    del p.deck[:-2]
    p.discard.extend(p.hand[2:])
    del p.hand[2:]
    last_two = p.deck[:]
    n_discard = len(p.discard)
    until(g, "entry", 1)
    assert len(p.hand) == 6 and set(last_two) <= set(p.hand)
    assert len(p.deck) == n_discard - 2 and p.discard == []  # 2 from the old deck, 2 from the new
    assert any("shuffles" in t for _, t in g.log)


def test_entree_one_soul_with_entry_cost_at_most_the_ames_on_field():
    """seed §Entrée: « 1 seule carte Ame Principale ou Ame de Soutien » and « Le Cout d'Entrée de la carte
    doit être inférieur ou égal au nombre d'Ames présentes sur le terrain du joueur »."""
    g = game()
    clear_hand(g, 0)
    give(g, 0, "BLX-005")  # cost 2
    give(g, 0, "BLX-003")  # cost 1
    give(g, 0, "BLX-013")  # support, cost 0
    refresh(g)
    assert g.pending.kind == "entry"
    assert labels(g) == ["enter BLX-003", "enter BLX-013", "pass"]  # BLX-005 costs 2 > 1 Ame
    act(g, "enter BLX-013")
    assert g.pending.kind == "action"  # only one entry per turn
    assert [g.t.numbers[c] for c in g.players[0].supports] == ["BLX-013"]
    to_turn(g, 3, kind="entry")
    assert "enter BLX-005" in labels(g)  # 2 Ames on the field now (Ame de Soutien counts)


def test_combat_skipped_in_each_players_first_turn_then_mandatory():
    """seed §Action de Combat « (ignorée durant le premier tour de chaque joueur) »; « La déclaration
    d'attaque est obligatoire, et il n'y en a qu'une par tour »."""
    g = game()
    for n in (1, 2):
        to_turn(g, n)
        assert not any(l.startswith("attack") for l in labels(g)) and "end" in labels(g)
    to_turn(g, 3)
    assert "attack BLX-001" in labels(g) and "end" not in labels(g)
    act(g, "attack BLX-001")
    until(g, "action", 0)
    assert "end" in labels(g) and not any(l.startswith("attack") for l in labels(g))


def test_event_paid_from_the_users_reserve():
    """seed §Action d'Effet: « Pour jouer une carte Evénement, le joueur doit désigner un Ame Principale en
    jeu, qui devient l'utilisateur et défausse ensuite autant de cartes de la réserve ... que le Coût »."""
    g = game()
    a = soul_of(g, 0, "BLX-001")
    clear_hand(g, 0)
    ev = give(g, 0, "BLX-023")  # Clairvoyance, cost 1: draw 2
    refresh(g)
    until(g, "action", 0)
    assert "event BLX-023 by BLX-001" not in labels(g)  # empty reserve
    fill_reserve(g, a, 2)
    refresh(g)
    act(g, "event BLX-023 by BLX-001")
    p = g.players[0]
    assert len(p.reserve[a]) == 1 and ev in p.discard and len(p.hand) == 2


def test_zanpakuto_condition_on_event_and_effect():
    """seed: « une carte Evénement qui indique « Zanpakutô » dans ses conditions ne peut être utilisée que par
    une Ame Principale portant le Zanpakutô » (same for an Effet with the condition)."""
    g = game()
    a = soul_of(g, 0, "BLX-001")
    fill_reserve(g, a, 3)
    clear_hand(g, 0)
    give(g, 0, "BLX-020")
    s4 = give(g, 0, "BLX-004", "souls")
    fill_reserve(g, s4, 2)
    refresh(g)
    until(g, "action", 0)
    assert not any("BLX-020" in l or "effect BLX-004" in l for l in labels(g))
    g.players[0].aside.remove(g.players[0].zanpakuto)
    g.players[0].bearer = s4
    refresh(g)
    assert "event BLX-020 by BLX-004" in labels(g) and "event BLX-020 by BLX-001" not in labels(g)
    assert "effect BLX-004 by BLX-004" in labels(g)


def test_effet_only_in_own_action_capacite_also_in_opponents():
    """seed: « L'Effet d'une Ame est utilisé uniquement durant l'Action d'Effet du joueur attaquant » and « La
    'Capacité' d'une Ame peut être utilisée même durant l'Action d'Effet du joueur adverse »
    (choices.ABILITY_WINDOW)."""
    g = game()
    a = soul_of(g, 0, "BLX-001")          # Effet, cost 1
    m = give(g, 0, "BLX-002", "souls")    # Capacité, cost 1: draw 1
    fill_reserve(g, a, 2)
    fill_reserve(g, m, 2)
    to_turn(g, 2)
    fill_reserve(g, soul_of(g, 1, "BLX-009"), 1)
    refresh(g)
    assert "effect BLX-009 by BLX-009" in labels(g)
    act(g, "effect BLX-009 by BLX-009")    # p2 burns a reserve card of p1
    act(g, "target opp BLX-001")
    assert g.pending.kind == "respond" and g.pending.player == 0
    assert labels(g) == ["ability BLX-002 by BLX-002", "pass"]  # no Effet of BLX-001 here
    hand = len(g.players[0].hand)
    act(g, "ability BLX-002 by BLX-002")
    assert len(g.players[0].hand) == hand + 1
    assert g.pending.kind == "action" and g.pending.player == 1  # once per turn: no more ability


def test_force_spirituelle_step_one_card_per_main_soul_skipped_first_turn():
    """seed §Etape Force Spirituelle (« ignorée durant le premier tour du premier joueur »): « placer une carte
    de sa main dans la réserve de Force Spirituelle de chacune de ses Ames Principales »."""
    g = game()
    until(g, "action", 0)
    act(g, "end")
    while g.turn == 1:
        assert g.pending.kind != "spirit"  # no Force Spirituelle step in turn 1
        default(g)
    until(g, "spirit", 1)
    b = soul_of(g, 1, "BLX-009")
    card = g.pending.options[0][1]
    act(g, labels(g)[0])
    assert g.players[1].reserve[b] == (card,)
    assert g.pending is None or g.pending.kind != "spirit"  # one card for the only Ame Principale


def test_unleash_assembles_pieces_and_revert_keeps_state():
    """seed §Phase Finale: an Ame Principale « peut devenir une Ame Déchaînée en utilisant les cartes
    nécessaires dans sa réserve »; returned by an effect, « les cartes Ame Déchaînée sont défaussées, et la carte
    Ame Principale reste en jeu dans le même état »."""
    g = game()
    a = soul_of(g, 0, "BLX-001")
    p1 = give(g, 0, "BLX-030", "reserve", a)
    p2 = give(g, 0, "BLX-031", "reserve", a)
    until(g, "unleash", 0)  # not in turn 1 (no_unleash_in_first_turn.yaml): p1's second turn
    assert g.turn == 3 and labels(g) == ["unleash BLX-001 with BLX-030+BLX-031", "pass"]
    act(g, "unleash BLX-001 with BLX-030+BLX-031")
    assert g.players[0].pieces[a] == (p1, p2) and g.players[0].reserve[a] == ()
    g.exhausted[a] = 0
    assert g.pc(a) == 600
    g.exhausted[a] = 1
    assert g.pc(a) == 400
    # p2 reverts it with Sceau Brisé (BLX-024) in p2's next turn
    to_turn(g, 4)
    b = soul_of(g, 1, "BLX-009")
    fill_reserve(g, b, 2)
    give(g, 1, "BLX-024")
    refresh(g)
    act(g, "event BLX-024 by BLX-009")
    assert a not in g.players[0].pieces and p1 in g.players[0].discard and p2 in g.players[0].discard
    assert g.exhausted[a] == 1 and g.pc(a) == 200


def test_zanpakuto_step_attaches_from_anywhere():
    """seed §Etape Zanpakutô: attach « quelle que soit la position actuelle »: set aside, in the discard,
    already borne."""
    g = game()
    p = g.players[0]
    a = soul_of(g, 0, "BLX-001")
    s3 = give(g, 0, "BLX-003", "souls")
    until(g, "zanpakuto", 0)
    assert labels(g) == ["zanpakuto -> BLX-001", "zanpakuto -> BLX-003", "pass"]
    act(g, "zanpakuto -> BLX-001")
    assert p.bearer == a and not p.aside and g.pc(a) == 400  # Lame du Vent: +100 PC (choices.ZANPAKUTO_PC_BONUS)
    until(g, "zanpakuto", 0)
    assert labels(g) == ["zanpakuto -> BLX-003", "pass"]
    act(g, "zanpakuto -> BLX-003")
    assert p.bearer == s3
    p.bearer = -1
    p.discard.append(p.zanpakuto)
    until(g, "zanpakuto", 0)
    act(g, "zanpakuto -> BLX-001")
    assert p.bearer == a and p.zanpakuto not in p.discard


def test_illegal_action_text_names_the_legal_options():
    g = game()
    until(g, "action", 0)
    legal = ", ".join(labels(g))
    assert "attack BLX-001" not in legal and legal.endswith("end")
    with pytest.raises(IllegalAction, match=re.escape(f"'attack BLX-001' is not a legal action option for p1; legal: {legal}")):
        act(g, "attack BLX-001")
    default(g)
