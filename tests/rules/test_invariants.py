"""Seeded random games between the starter decks ST01 to ST07, with the state invariants checked after
every action (invariants.py): no card created or lost (each player's cards and whole DON!! deck are all
somewhere, rules 3-1-1 and 5-1-2), zone limits (3-7-6, 3-8-5), clone == original, serialize/deserialize
round trip == original, and a player's view holds nothing hidden from that player (3-1-5), nor do the
option tuples and determinized samples of the player who decides (issue 18; checked after one action in
8 by default, after every action in the long run). Two decks built around secret reorders and moves
(OP13-105, ST13-004/012/016/017, EB01-052 reorder Life; OP05-054, OP06-045, OP09-060 place hand cards on
the deck; OP05-093 places trash cards on it) play further games where, in addition, what a player knows
only to be somewhere is always true (``check_knowledge``)."""

from __future__ import annotations

import itertools

import pytest

from tcgsim.core.rng import Rng
from tcgsim.onepiece.cards.decklist import load_deck
from tcgsim.onepiece.rules.invariants import check_all, check_conservation, check_limits
from tcgsim.onepiece.rules.setup import new_game

STARTERS = [f"ST0{i}" for i in range(1, 8)]
PAIRS = list(itertools.product(STARTERS, STARTERS))  # 49 pairings, mirrors and both seats included


def _play(db, decks, seed: int, full_checks: bool, decisions_every: int = 8, seen: list | None = None) -> int:
    a, b = decks[seed % len(decks)]
    g = new_game(a, b, db, seed=seed)
    agent = Rng(seed * 7919 + 1)
    view_rng = Rng(seed)
    actions = 0
    while g.winner is None:
        assert len(g.pending.options) >= 1
        g.apply_index(agent.below(len(g.pending.options)))
        actions += 1
        if seen is not None:
            seen.append(len(g.vague[0]) + len(g.vague[1]))
        if full_checks:
            check_all(g, db, view_rng, decision=actions % decisions_every == 0)
        else:
            check_conservation(g)
            check_limits(g)
    assert g.winner in (0, 1, 2)
    assert g.end_reason in ("life", "deck", "life+life", "deck+deck", "life+deck", "deck+life")
    return actions


@pytest.fixture(scope="module")
def decks(db):
    loaded = {name: load_deck(name, db) for name in STARTERS}
    return [(loaded[x], loaded[y]) for x, y in PAIRS]


@pytest.mark.parametrize("block", range(10))
def test_invariants_hold_in_1000_random_games(db, decks, block):
    """1,000 seeded random games in ten blocks of 100 (so that the cores share them)."""
    total = sum(_play(db, decks, seed, full_checks=True) for seed in range(block * 100, block * 100 + 100))
    assert total > 100 * 20  # games are real games, not instant losses


@pytest.mark.long
def test_invariants_hold_in_10000_random_games(db, decks):
    for seed in range(1000, 11000):
        _play(db, decks, seed, full_checks=True, decisions_every=1)


SECRETS = {
    "blue-yellow": "1xST13-002\n4xOP13-105\n4xST13-004\n4xST13-012\n4xST13-016\n4xST13-017\n4xEB01-052\n"
                   "4xOP05-054\n4xOP06-045\n4xOP09-060\n4xST03-013\n4xST03-008\n2xST03-005\n4xST03-010\n",
    "black-yellow": "1xST13-003\n4xOP05-093\n4xOP13-105\n4xST13-016\n4xST13-017\n4xEB01-052\n4xST13-004\n"
                    "4xST13-012\n4xST06-006\n4xST06-010\n4xST06-013\n4xST06-003\n4xST06-005\n2xST06-004\n",
}


@pytest.fixture(scope="module")
def secret_decks(db):
    from tcgsim.onepiece.cards.decklist import parse_deck, validate_deck

    loaded = {name: parse_deck(text, db, name=name) for name, text in SECRETS.items()}
    for deck in loaded.values():
        assert not validate_deck(deck, db)
    return [(loaded[x], loaded[y]) for x, y in itertools.product(SECRETS, SECRETS)]


def test_knowledge_stays_true_and_public_in_games_of_secret_reorders(db, secret_decks):
    """120 seeded random games of the two secret-reorder decks, every invariant after every action, the
    decision checks after one action in 4; some games do build knowledge of the kind "somewhere in"."""
    seen: list = []
    total = sum(_play(db, secret_decks, seed, full_checks=True, decisions_every=4, seen=seen)
                for seed in range(120))
    assert total > 120 * 20
    assert sum(1 for n in seen if n) > 100


@pytest.mark.long
def test_knowledge_stays_true_and_public_in_400_games_of_secret_reorders(db, secret_decks):
    seen: list = []
    for seed in range(1000, 1400):
        _play(db, secret_decks, seed, full_checks=True, decisions_every=1, seen=seen)
    assert sum(1 for n in seen if n) > 400


def test_knowledge_check_detects_a_false_entry(db, decks):
    """The knowledge checker fails when a player 'knows' a card is somewhere it is not."""
    from tcgsim.onepiece.rules.invariants import check_knowledge

    g = _first_main(db, decks)
    check_knowledge(g)
    g.vague[0].append((1, ("life",), "ST01-001"))  # a Leader is never in Life
    with pytest.raises(AssertionError, match="no such card"):
        check_knowledge(g)


def test_evolution_check_detects_knowledge_that_follows_a_hidden_card(db, decks, monkeypatch):
    """The evolution checker fails when the known cards' places depend on where the hidden cards are
    (here: a view that 'knows' every card of the opponent's hand with a cost of 2 or less)."""
    from tcgsim.onepiece.rules import invariants, view

    real = view._known

    def leaky(g, player):
        out = real(g, player)
        hand = g.players[1 - player].hand
        return out + [{"card": g.t.numbers[c], "zone": "opp hand"} for c in hand if (g.t.defs[c].cost or 0) <= 2]

    monkeypatch.setattr(view, "_known", leaky)
    g = _first_main(db, decks)
    with pytest.raises(AssertionError, match="depends on hidden cards"):
        for seed in range(20):
            invariants.check_evolution(g, Rng(seed))


def test_conservation_detects_a_lost_card(db, decks):
    """The checker itself can fail: removing a card from a hand is reported."""
    a, b = decks[0]
    g = new_game(a, b, db, seed=1)
    g.players[0].hand.pop() if g.players[0].hand else g.players[0].deck.pop()
    with pytest.raises(AssertionError, match="in 0 places"):
        check_conservation(g)


def test_view_check_detects_a_leak(db, decks, monkeypatch):
    """The view checker fails when a view shows the opponent's hand."""
    from tcgsim.onepiece.rules import invariants, view

    real = view._side

    def leaky(g, i, own):
        side = real(g, i, own)
        side["hand"] = [g.t.numbers[c] for c in g.players[i].hand]
        return side

    monkeypatch.setattr(view, "_side", leaky)
    with pytest.raises(AssertionError, match="view changes"):
        invariants.check_views(_first_main(db, decks), Rng(3))


def _first_main(db, decks):
    a, b = decks[0]
    g = new_game(a, b, db, seed=2)
    while g.pending.kind != "main":
        g.apply_index(0)
    return g


def test_decision_check_detects_a_sampler_that_keeps_the_hidden_cards(db, decks, monkeypatch):
    """The decision checker fails when a sample keeps the real hidden cards (issue 18 point 4)."""
    from tcgsim.onepiece.rules import invariants

    monkeypatch.setattr(invariants, "determinize", lambda g, player, rng: g.clone())
    with pytest.raises(AssertionError, match="samples change"):
        invariants.check_decision(_first_main(db, decks), Rng(3))
