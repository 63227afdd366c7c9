"""The effect vocabulary (cards/model.py OPS): one behaviour test per operation, cost and condition
(seed §Action d'Effet)."""

from __future__ import annotations

from tcgsim.bleach.cards.model import OPS

from .helpers import ALL_A, ALL_B, act, clear_hand, fill_reserve, give, labels, refresh, start, to_turn, until


def own_turn(turn=3, player_cards=(), reserve=3):
    """Turn ``turn`` (3: p1, combat available), the attacker holding only ``player_cards``."""
    g = start(decks=(ALL_A, ALL_B))
    to_turn(g, turn)
    me = g.active
    clear_hand(g, me)
    for n in player_cards:
        give(g, me, n)
    a = g.players[me].souls[0]
    g.players[me].reserve[a] = ()
    fill_reserve(g, a, reserve)
    refresh(g)
    return g, me, a


def test_every_op_has_a_test_here():
    names = {n[len("test_op_"):] for n in globals() if n.startswith("test_op_")}
    assert names == set(OPS)


def test_op_draw():
    """draw N (BLX-023 Clairvoyance: « Piochez 2 cartes »)."""
    g, me, a = own_turn(player_cards=("BLX-023",))
    deck_top = g.players[me].deck[-2:]
    act(g, "event BLX-023 by BLX-001")
    assert set(deck_top) <= set(g.players[me].hand) and len(g.players[me].hand) == 2


def test_op_pc_plus():
    """+N PC until end of turn (BLX-018) and for this combat (BLX-020, Zanpakutô), on the user or a chosen
    own Ame Principale (BLX-014 Papillon Messager)."""
    g, me, a = own_turn(player_cards=("BLX-018", "BLX-020"))
    act(g, "event BLX-018 by BLX-001")
    assert g.pc(a) == 500
    fill_reserve(g, g.players[1 - me].souls[0], 6)  # absorbs the damage
    p = g.players[me]
    p.aside.remove(p.zanpakuto)
    p.bearer = a
    refresh(g)
    act(g, "event BLX-020 by BLX-001")
    assert g.pc(a) == 300 + 200 + 100 + 300
    act(g, "attack BLX-001")
    until(g, "action", me)
    assert g.exhausted[a] and g.pc(a) == 200 + 200 + 100  # the combat bonus expired, the turn bonus stays
    until(g, "action", 1 - me)
    assert g.pc(a) == 200 + 100
    # chosen own target
    g, me, a = own_turn()
    s3 = give(g, me, "BLX-003", "souls")
    give(g, me, "BLX-014", "supports")
    refresh(g)
    act(g, "ability BLX-014 by BLX-001")
    assert labels(g) == ["target BLX-001", "target BLX-003"]
    act(g, "target BLX-003")
    assert g.pc(s3) == 450 and g.players[me].reserve[a] and len(g.players[me].reserve[a]) == 2


def test_op_burn():
    """Discard N cards from an opposing Ame Principale's reserve (BLX-019 Drain de Reishi: 2)."""
    g, me, a = own_turn(player_cards=("BLX-019",))
    b = g.players[1 - me].souls[0]
    fill_reserve(g, b, 3)
    top = g.players[1 - me].reserve[b][-2:]
    refresh(g)
    act(g, "event BLX-019 by BLX-001")  # a single possible target is taken at once
    assert len(g.players[1 - me].reserve[b]) == 1 and set(top) <= set(g.players[1 - me].discard)


def test_op_exhaust():
    """An opposing Ame Principale becomes exhausted (BLX-021 Chant d'Entrave)."""
    g, me, a = own_turn(player_cards=("BLX-021",))
    b = g.players[1 - me].souls[0]
    assert not g.exhausted[b]
    act(g, "event BLX-021 by BLX-001")
    assert g.exhausted[b] and g.players[me].reserve[a] == g.players[me].reserve[a][:1]


def test_op_ready():
    """An Ame Principale becomes offensive: the user (BLX-017 Pas Éclair) or a chosen own one (BLX-016)."""
    g, me, a = own_turn(player_cards=("BLX-017",))
    act(g, "attack BLX-001")
    until(g, "action", me)
    assert g.exhausted[a]
    act(g, "event BLX-017 by BLX-001")
    assert not g.exhausted[a]
    g, me, a = own_turn(reserve=4)
    s3 = give(g, me, "BLX-003", "souls")
    g.exhausted[s3] = 1
    give(g, me, "BLX-016", "supports")
    refresh(g)
    act(g, "effect BLX-016 by BLX-001")  # only BLX-003 is exhausted: taken at once
    assert not g.exhausted[s3]


def test_op_revert():
    """An Ame Déchaînée returns to Ame Principale (BLX-011 Grael Hound's Effet), pieces discarded."""
    g, me, a = own_turn(turn=4)
    p = g.players[me]
    gh = give(g, me, "BLX-011", "souls")
    fill_reserve(g, gh, 1)
    opp = g.players[1 - me]
    oa = opp.souls[0]
    pieces = (give(g, 1 - me, "BLX-030", "discard"), give(g, 1 - me, "BLX-031", "discard"))
    for c in pieces:
        opp.discard.remove(c)
    opp.pieces[oa] = pieces
    g.exhausted[oa] = 0
    assert g.pc(oa) == 600
    refresh(g)
    act(g, "effect BLX-011 by BLX-011")
    assert oa not in opp.pieces and set(pieces) <= set(opp.discard) and g.pc(oa) == 300
    assert p.reserve[gh] == ()


def test_op_recover():
    """Take a card from one's discard (BLX-022: any card; BLX-015 Archiviste: a carte Combat only)."""
    g, me, a = own_turn(player_cards=("BLX-022",))
    c = give(g, me, "BLX-027", "discard")
    e = give(g, me, "BLX-023", "discard")
    refresh(g)
    act(g, "event BLX-022 by BLX-001")
    assert g.pending.kind == "choose" and {"take BLX-023", "take BLX-027"} <= set(labels(g))
    act(g, "take BLX-023")
    assert e in g.players[me].hand and c in g.players[me].discard
    g, me, a = own_turn()
    give(g, me, "BLX-015", "supports")
    give(g, me, "BLX-027", "discard")
    give(g, me, "BLX-023", "discard")
    refresh(g)
    act(g, "effect BLX-015 by BLX-001")  # only the Combat card qualifies: taken at once
    assert [g.t.numbers[x] for x in g.players[me].hand] == ["BLX-027"]


def test_op_soul_discard():
    """Each player discards N soul points (BLX-025 Rite des Ames)."""
    g, me, a = own_turn(player_cards=("BLX-025",))
    act(g, "event BLX-025 by BLX-001")
    assert len(g.players[0].soul) == 5 and len(g.players[1].soul) == 5


def test_cost_from_the_users_reserve_and_once_per_turn():
    """Cost: discard N from the user's reserve (BLX-001's Effet, cost 1, usable again); once per turn
    (BLX-013 Gardien de Lanterne)."""
    g, me, a = own_turn(reserve=0)
    give(g, me, "BLX-013", "supports")
    fill_reserve(g, a, 2)
    refresh(g)
    assert "effect BLX-001 by BLX-001" in labels(g) and "effect BLX-013 by BLX-001" in labels(g)
    act(g, "effect BLX-001 by BLX-001")
    assert len(g.players[me].reserve[a]) == 1 and g.pc(a) == 400
    act(g, "effect BLX-013 by BLX-001")
    assert g.players[me].reserve[a] == ()
    assert not any(l.startswith("effect") for l in labels(g))  # no reserve left
    fill_reserve(g, a, 2)
    refresh(g)
    assert "effect BLX-001 by BLX-001" in labels(g) and "effect BLX-013 by BLX-001" not in labels(g)


def test_zanpakuto_effect_only_by_its_bearer():
    """seed: « L'effet d'un Zanpakutô ne peut être utilisé que par l'Ame Principale qui le porte. »"""
    g, me, a = own_turn()
    give(g, me, "BLX-003", "souls")
    refresh(g)
    assert not any("BLX-034" in l for l in labels(g))
    p = g.players[me]
    p.aside.remove(p.zanpakuto)
    p.bearer = a
    refresh(g)
    assert [l for l in labels(g) if "BLX-034" in l] == ["effect BLX-034 by BLX-001"]
    act(g, "effect BLX-034 by BLX-001")
    assert g.pc(a) == 300 + 100 + 100
    assert not any("BLX-034" in l for l in labels(g))  # once per turn


def test_events_and_effects_usable_whatever_the_users_state():
    """seed: « Une carte Evénement, les 'Effets' et les 'Capacités' d'une Ames peuvent être utilisées quel que
    soit l'état de l'utilisateur (offensif ou épuisé) »."""
    g, me, a = own_turn(player_cards=("BLX-018",))
    g.exhausted[a] = 1
    refresh(g)
    assert "event BLX-018 by BLX-001" in labels(g) and "effect BLX-001 by BLX-001" in labels(g)


def test_passive_capacite_is_a_lasting_pc_plus_only():
    """A passive Capacité (seed « effets durables et passifs »): a Capacité, no cost, pc_plus without until."""
    import pytest
    from pydantic import ValidationError

    from tcgsim.bleach.cards.model import CardDef

    base = {"number": "TST-001", "name": "T", "type": "main_soul", "entry_cost": 0, "pc_offensive": 300,
            "pc_exhausted": 200}
    ok = {"kind": "ability", "passive": True, "actions": [{"op": "pc_plus", "n": 100}]}
    CardDef.model_validate({**base, "effects": [ok]})
    for bad, msg in (({**ok, "kind": "effect"}, "only a Capacité"), ({**ok, "cost": 1}, "no cost"),
                     ({**ok, "actions": [{"op": "draw", "n": 1}]}, "pc_plus without 'until'"),
                     ({**ok, "actions": [{"op": "pc_plus", "n": 100, "until": "turn"}]}, "without 'until'")):
        with pytest.raises(ValidationError, match=msg):
            CardDef.model_validate({**base, "effects": [bad]})
