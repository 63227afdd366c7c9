"""seed §Action de Combat: declaration, defence, exchange, final result, Action de Sacrifice."""

from __future__ import annotations

from tcgsim.bleach.rules.choices import DAMAGE_STEP

from .helpers import ALL_A, ALL_B, act, clear_hand, fill_reserve, give, labels, refresh, soul_of, start, to_turn, until


def combat_game(p1_cards=(), p2_cards=()):
    """Turn 3, p1 to act with only ``p1_cards`` in hand; p2 holds only ``p2_cards``."""
    g = start(decks=(ALL_A, ALL_B))
    to_turn(g, 3)
    for player, cards in ((0, p1_cards), (1, p2_cards)):
        clear_hand(g, player)
        for n in cards:
            give(g, player, n)
        g.players[player].reserve.clear()
    a, b = soul_of(g, 0, "BLX-001"), soul_of(g, 1, "BLX-009")
    g.exhausted[b] = 0
    refresh(g)
    return g, a, b


def test_declaration_with_offensive_soul_and_one_combat_card():
    """seed §Déclaration d'Attaque: « L'attaquant désigne une de ses Ames Principales en jeu en état
    offensif » and « peut jouer 1 carte Combat pour renforcer immédiatement l'Ame Principale attaquante »."""
    g, a, b = combat_game(("BLX-027", "BLX-026"))
    s3 = give(g, 0, "BLX-003", "souls")
    g.exhausted[s3] = 1
    refresh(g)
    assert [l for l in labels(g) if l.startswith("attack")] == ["attack BLX-001"]
    act(g, "attack BLX-001")
    assert g.pending.kind == "combat" and labels(g) == ["combat BLX-027", "combat BLX-026", "pass"]
    act(g, "combat BLX-027")
    assert g.pc(a) == 500
    # p2's only Ame defends (a single option is taken at once); p2 holds no Combat card: the attacker is not
    # asked again, the result (200 damage, empty reserve) asks p2 about the sacrifice
    assert g.pending.kind == "sacrifice" and g.pending.player == 1 and g.combat[2] == (g.combat[2][0],)


def test_defence_with_any_soul_using_the_pc_of_its_state():
    """seed §Déclaration de Défense: « quel que soit son état (offensif ou épuisé) »; seed §Récupération: an
    exhausted Ame « on regarde alors la valeur de PC épuisé »."""
    g, a, b = combat_game()
    g.exhausted[b] = 1
    b2 = give(g, 1, "BLX-010", "souls")
    act(g, "attack BLX-001")
    assert labels(g) == ["defend BLX-009", "defend BLX-010"]
    act(g, "defend BLX-009")
    # 300 vs exhausted 200: 100 damage, 1 card; p2's reserve is empty -> sacrifice decision
    assert g.pending.kind == "sacrifice"
    assert b2 in g.players[1].souls


def test_damage_reserve_then_soul_points_and_remainder_below_100_ignored():
    """seed §Résultat de Combat Final: 1 card of the reserve per 100 PC of damage, then soul points « par
    tranche de 100 points de dommages restants »; choices.DAMAGE_STEP: 450 vs 300 = 150 -> 1 card."""
    assert DAMAGE_STEP == 100
    g, a, b = combat_game(("BLX-028",))
    fill_reserve(g, b, 1)
    act(g, "attack BLX-001", "combat BLX-028")  # 450 vs 300
    assert g.combat is None or g.pending.kind != "sacrifice"
    assert g.players[1].reserve[b] == () and len(g.players[1].soul) == 6
    g, a, b = combat_game(("BLX-029",))
    fill_reserve(g, b, 1)
    act(g, "attack BLX-001", "combat BLX-029")  # 600 vs 300: 3 cards, 1 from the reserve
    assert g.pending.kind == "sacrifice" and g.pending.player == 1
    act(g, "suffer")
    assert g.players[1].reserve[b] == () and len(g.players[1].soul) == 4


def test_tie_no_damage_and_attacker_priority():
    """seed: « En cas d'égalité aucun dommage n'est infligé »; « Si l'on arrive à une égalité, c'est le joueur
    attaquant qui obtient la priorité » (choices.TIE_PRIORITY)."""
    g, a, b = combat_game(("BLX-026",), ("BLX-026",))
    act(g, "attack BLX-001", "pass", "pass")  # the only defender is chosen at once
    assert g.pending.kind == "exchange" and g.pending.player == 0  # 300 vs 300: the attacker
    act(g, "pass")
    assert len(g.players[1].soul) == 6 and len(g.players[0].soul) == 6
    assert g.exhausted[a] and g.exhausted[b]


def test_exchange_while_provisional_result_is_against_a_player():
    """seed §Enchaînement d'attaques: a player may play Combat cards « tant que le 'résultat de combat
    temporaire' est en défaveur de son Ame Principale »; it ends when he passes."""
    g, a, b = combat_game(("BLX-026", "BLX-027"), ("BLX-027", "BLX-028"))
    act(g, "attack BLX-001", "combat BLX-026", "pass")  # 400 vs 300
    assert g.pending.kind == "exchange" and g.pending.player == 1
    act(g, "combat BLX-027")  # 400 vs 500
    assert g.pending.kind == "exchange" and g.pending.player == 0
    act(g, "combat BLX-027")  # 600 vs 500
    assert g.pending.kind == "exchange" and g.pending.player == 1
    assert labels(g) == ["combat BLX-028", "pass"]
    act(g, "combat BLX-028")  # 600 vs 650: p1 has no card left, the exchange ends
    # p1 loses by 50: no card of damage (remainder ignored)
    assert len(g.players[0].soul) == 6
    assert sorted(g.t.numbers[c] for c in g.players[0].discard + g.players[1].discard if g.t.defs[c].type == "combat") == \
        ["BLX-026", "BLX-027", "BLX-027", "BLX-028"]  # Combat cards discarded
    assert g.exhausted[a] and g.exhausted[b]  # both fighters exhausted


def test_sacrifice_replaces_damage_with_one_soul_point():
    """seed §Action de Sacrifice: the vanquished Ame goes to the Zone d'Exclusion, « ne défausse en contre
    partie qu'une seule carte de sa Zone de points d'Ame »; its reserve and Zanpakutô are discarded; an Ame
    Déchaînée goes to exclusion with its pieces."""
    g, a, b = combat_game()
    p = g.players[1]
    give(g, 1, "BLX-010", "souls")
    pieces = (give(g, 1, "BLX-032", "reserve", b), give(g, 1, "BLX-033", "reserve", b))
    p.reserve[b] = ()
    p.pieces[b] = pieces
    res = (give(g, 1, "BLX-026", "reserve", b),)
    p.aside.remove(p.zanpakuto)
    p.bearer = b
    g.mods.append((a, 1000, "turn"))
    refresh(g)
    act(g, "attack BLX-001", "defend BLX-009", "pass", "pass")  # 1300 vs 650 (+100 Croc Sombre): 6 cards, 1 in the reserve
    assert g.pending.kind == "sacrifice"
    act(g, "sacrifice")
    assert b not in p.souls and b in p.exclusion and set(pieces) <= set(p.exclusion)
    assert res[0] in p.discard and p.zanpakuto in p.discard and p.bearer == -1
    assert len(p.soul) == 5 and g.winner is None


def test_zanpakuto_used_as_a_combat_card_is_discarded_then_reattached():
    """seed §Etape Zanpakutô: « Placer dans la pile défausse si elle a été utilisée en comme Carte Combat »
    (choices.ZANPAKUTO_AS_COMBAT)."""
    g, a, b = combat_game()
    p = g.players[0]
    p.aside.remove(p.zanpakuto)
    p.bearer = a
    refresh(g)
    act(g, "attack BLX-001")
    assert labels(g) == ["combat BLX-034", "pass"]
    act(g, "combat BLX-034")
    assert p.bearer == -1 and g.pc(a) == 500  # 300 + bonus 200, no longer borne
    act(g, "suffer")
    assert p.zanpakuto in p.discard
    until(g, "zanpakuto", 0)
    act(g, "zanpakuto -> BLX-001")
    assert p.bearer == a
