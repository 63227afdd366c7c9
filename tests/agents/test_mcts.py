"""The MCTS agent and the determinization it searches: legal answers, reproducibility, fairness (its
decisions do not depend on where the opponent's hidden cards really are), and samples that agree with
everything the player can see. Small budgets keep these fast; strength is measured by
benchmarks/strength.py, not here."""

from __future__ import annotations

import pytest

from tcgsim.agents import MCTSAgent, make_agent, onepiece_search
from tcgsim.batch.runner import play_game
from tcgsim.core.rng import Rng
from tcgsim.errors import UserError
from tcgsim.onepiece.cards.decklist import load_valid_deck
from tcgsim.onepiece.rules.determinize import determinize, hidden_slots, make_sampler
from tcgsim.onepiece.rules.invariants import check_conservation, check_limits
from tcgsim.onepiece.rules.setup import new_game
from tcgsim.onepiece.rules.view import player_view


@pytest.fixture(scope="module")
def decks(db):
    return {name: load_valid_deck(name, db) for name in ("ST01", "ST02", "ST03", "ST04")}


def _advance(g, rng: Rng, steps: int) -> None:
    """Play ``steps`` random answers (fewer if the game ends)."""
    for _ in range(steps):
        if g.winner is not None:
            return
        g.apply_index(rng.below(len(g.pending.options)))


def _mid_game(db, decks, seed: int, min_turn: int = 4):
    """A game at a decision with several options, in turn ``min_turn`` or later."""
    g = new_game(decks["ST01"], decks["ST02"], db, seed, first=seed % 2)
    rng = Rng(seed + 100)
    while g.winner is None and (g.turn < min_turn or len(g.pending.options) < 3):
        g.apply_index(rng.below(len(g.pending.options)))
    assert g.winner is None
    return g


def test_registry_names(db):
    assert make_agent("mcts", 1, db=db).iterations == 200
    a = make_agent("MCTS:50", 1, db=db)
    assert isinstance(a, MCTSAgent) and a.iterations == 50 and a.ms is None and a.name == "mcts:50"
    b = make_agent("mcts:20ms", 1, db=db)
    assert b.ms == 20 and b.name == "mcts:20ms"
    for bad in ("mcts:0", "mcts:abc", "mcts:-5ms", "heuristic:3"):
        with pytest.raises(UserError):
            make_agent(bad, 0, db=db)


def test_a_budget_that_would_never_finish_is_refused_naming_the_limit(db):
    # found by a new user: `simulate --agents mcts:999999999999,random` ran forever (issue 15: bad input gets a
    # clear error within bounded time); the largest budgets given by name are accepted
    assert make_agent("mcts:100000", 0, db=db).iterations == 100_000
    assert make_agent("mcts:600000ms", 0, db=db).ms == 600_000
    for bad in ("mcts:999999999999", "mcts:100001", "mcts:99999999999999999999999ms", "mcts:infms", "mcts:nanms"):
        with pytest.raises(UserError, match="at most 600,000") as err:
            make_agent(bad, 0, db=db)
        assert len(str(err.value)) < 300  # the bad text is not echoed whole


def test_needs_a_sampler_for_real_choices(db, decks):
    g = _mid_game(db, decks, 3)
    agent = MCTSAgent(0, iterations=5, knowledge=onepiece_search)
    with pytest.raises(ValueError):
        agent.choose(player_view(g, g.pending.player), g.pending, None)


@pytest.mark.parametrize("pair,opponent", [(("ST01", "ST02"), "random"), (("ST03", "ST04"), "heuristic")])
def test_only_legal_choices_through_the_runner(db, decks, pair, opponent):
    # the runner raises RunnerError for an out-of-range answer; also check every answer directly
    a, b = decks[pair[0]], decks[pair[1]]
    for seed, seat in ((1, 0), (2, 1)):
        agents = [MCTSAgent(seed, iterations=8, knowledge=onepiece_search), make_agent(opponent, seed, db=db)]
        if seat:
            agents.reverse()
        record = play_game(a, b, db, seed, agents, a_first=seed % 2 == 0)
        assert record.winner in ("A", "B", "draw")
        g = new_game(a, b, db, seed, first=0 if seed % 2 == 0 else 1)
        for i in record.indices:  # the recorded answers replay as legal indices
            assert 0 <= i < len(g.pending.options)
            g.apply_index(i)
        assert g.winner is not None


def test_same_seed_same_decisions(db, decks):
    a, b = decks["ST01"], decks["ST04"]
    runs = [play_game(a, b, db, 7, [MCTSAgent(11, iterations=10, knowledge=onepiece_search), "heuristic"]) for _ in range(2)]
    assert runs[0].indices == runs[1].indices
    assert runs[0].fingerprint == runs[1].fingerprint
    # through the registry too (the runner seeds the agent from the game seed)
    again = [play_game(a, b, db, 8, ["mcts:10", "mcts:12"]).indices for _ in range(2)]
    assert again[0] == again[1]


def _swap_opponent_hidden(g, player: int):
    """A clone of ``g`` where one card of the opponent's hand and one of the opponent's deck (different
    card numbers, neither known to ``player``) trade places, and the deck is reversed: only cards hidden
    from ``player`` move."""
    h = g.clone()
    opp = h.players[1 - player]
    known = g.known[player]
    numbers = g.t.numbers
    for i, c in enumerate(opp.hand):
        for j, e in enumerate(opp.deck):
            if c not in known and e not in known and numbers[c] != numbers[e]:
                opp.hand[i], opp.deck[j] = e, c
                opp.deck.reverse()
                return h
    raise AssertionError("no swappable pair")


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_fairness_decision_ignores_the_opponents_hidden_cards(db, decks, seed):
    g = _mid_game(db, decks, seed)
    me = g.pending.player
    h = _swap_opponent_hidden(g, me)
    assert player_view(h, me) == player_view(g, me)
    assert sorted(g.t.numbers[c] for c in g.players[1 - me].hand) != sorted(h.t.numbers[c] for c in h.players[1 - me].hand)
    # the samples themselves are identical, card for card ...
    s_g = determinize(g, me, Rng(99))
    s_h = determinize(h, me, Rng(99))
    assert s_g.fingerprint() == s_h.fingerprint()
    # ... so the decision is too
    d = g.pending
    view = player_view(g, me)
    pick_g = MCTSAgent(5, iterations=30, knowledge=onepiece_search).choose(view, d, view["pending"]["options"], sampler=make_sampler(g, me))
    pick_h = MCTSAgent(5, iterations=30, knowledge=onepiece_search).choose(view, h.pending, view["pending"]["options"], sampler=make_sampler(h, me))
    assert pick_g == pick_h


def test_determinize_keeps_the_view_and_conserves_cards(db, decks):
    moved = 0
    for seed in range(12):
        names = [("ST01", "ST02"), ("ST03", "ST04"), ("ST02", "ST03")][seed % 3]
        g = new_game(decks[names[0]], decks[names[1]], db, seed)
        rng = Rng(seed)
        sampler_rng = Rng(seed + 1)
        while g.winner is None:
            _advance(g, rng, 7)
            if g.winner is not None:
                break
            with pytest.raises(ValueError):  # the other player's pending options may name hidden cards
                determinize(g, 1 - g.pending.player, sampler_rng)
            for player in (g.pending.player,):  # determinize is for the player who decides
                before = g.fingerprint()
                s = determinize(g, player, sampler_rng)
                assert g.fingerprint() == before  # the real game is untouched
                assert player_view(s, player) == player_view(g, player)
                check_conservation(s)
                check_limits(g)
                assert s.log is None and s.history == []
                opp = s.players[1 - player]
                moved += opp.hand != g.players[1 - player].hand
                # the sample plays on like any game
                t = s.clone()
                _advance(t, Rng(seed), 5)
    assert moved > 20  # hidden cards really are redealt


def test_known_cards_stay_put(db, decks):
    """A known deck card keeps its place; a known card of the opponent's hand stays in that hand, at any
    place of it (its order is secret: card Q&A qa_op01.md OP01-105 q2, the hand may be rearranged)."""
    g = _mid_game(db, decks, 4)
    me = g.pending.player
    opp = g.players[1 - me]
    pinned_hand, pinned_deck = opp.hand[0], opp.deck[-1]
    g.known[me].update((pinned_hand, pinned_deck))
    for k in range(10):
        s = determinize(g, me, Rng(k))
        assert pinned_hand in s.players[1 - me].hand and s.players[1 - me].deck[-1] == pinned_deck
    slots = hidden_slots(g, me)
    hidden = {zone[i] for owner in slots for zone, i in owner}
    assert pinned_hand not in hidden and pinned_deck not in hidden
    assert not set(g.players[me].hand) & hidden  # never one's own hand


def test_sampler_stream_is_the_agents(db, decks):
    g = _mid_game(db, decks, 5)
    me = g.pending.player
    game_rng = g.rng.state
    sample = make_sampler(g, me)
    x, y = sample(Rng(1)), sample(Rng(1))
    assert x.fingerprint() == y.fingerprint()
    assert g.rng.state == game_rng  # the game's own stream is never drawn from
    assert x.rng.state != game_rng  # and the sample's stream says nothing about it


def test_what_the_opponent_knows_follows_the_place(db, decks):
    """The opponent looked at their top deck card: that they know the top card is public, which card it
    is is not. Samples must not depend on it, and in them the opponent knows the card now on top."""
    g = _mid_game(db, decks, 6)
    me = g.pending.player
    opp = 1 - me
    deck = g.players[opp].deck
    top = deck[-1]
    g.known[opp].add(top)
    h = g.clone()
    hdeck = h.players[opp].deck
    j = next(j for j, c in enumerate(hdeck) if g.t.numbers[c] != g.t.numbers[top])
    hdeck[-1], hdeck[j] = hdeck[j], hdeck[-1]
    h.known[opp] = (set(g.known[opp]) - {top}) | {hdeck[-1]}
    assert player_view(h, me) == player_view(g, me)
    s_g, s_h = determinize(g, me, Rng(3)), determinize(h, me, Rng(3))
    assert s_g.fingerprint() == s_h.fingerprint()
    assert s_g.players[opp].deck[-1] in s_g.known[opp]
