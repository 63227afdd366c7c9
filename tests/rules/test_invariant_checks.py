"""The state invariant checks of rules/invariants.py, each tested both ways (fast: small states).

Each check passes on legal states (hand-built scenario states and mid-game states of seeded random games)
and raises :class:`InvariantError`, with a message naming what broke, on a state that breaks exactly the
invariant it guards: no card created or lost and every DON!! card somewhere (3-1-1, 5-1-2, 6-5-5-1,
6-5-5-4), zone limits (3-7-6, 3-8-5, 3-7-1, 3-8-1), clone and serialize round trip, a view holding nothing
of the secret areas (3-1-5, 3-2-2, 3-4-2, 3-10-2; face-up Life is open, 3-10-2-1), decisions and samples that
do not depend on hidden cards, and knowledge of the kind "somewhere in" that is true.

The leaks are made by patching the view, the decision or the sampler for one test only (monkeypatch), so
that each broken state breaks one invariant and nothing else.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from tcgsim.core.rng import Rng
from tcgsim.onepiece.cards.decklist import load_deck
from tcgsim.onepiece.rules import invariants, view
from tcgsim.onepiece.rules.engine import Game
from tcgsim.onepiece.rules.invariants import (
    InvariantError, check_all, check_conservation, check_copies, check_decision, check_evolution,
    check_knowledge, check_limits, check_views,
)
from tcgsim.onepiece.rules.setup import new_game
from tcgsim.onepiece.scenario import build_game, load_scenario_text

# the rule the message cites: 5-1-2 (a 10-card DON!! deck), or its sub-rule 5-1-2-1 (either is accepted)
DON_NOTE = (re.escape("DON!! deck + cost area (active, rested) + given DON!! = the DON!! deck size (rule ")
            + r"5-1-2(-1)?\)")

# Both players in the main phase of turn 3 (p1's turn): distinct cards in every hand, deck and Life, so that
# any redeal of hidden cards moves some card a view could show; a Stage, 5 Characters for p1 (the limit),
# DON!! given to a Leader and a Character, DON!! active, rested and in the DON!! deck.
STATE = """name: invariant checks
state:
  turn: {turn}
  active: {active}
  phase: main
  p1:
    leader: ST01-001
    leader_don: 1
    life: [ST01-002, ST01-003, ST01-004]
    hand: [ST01-005, ST01-014, ST01-015, ST01-016]
    deck: [ST01-007, ST01-008, ST01-009, ST01-010, ST01-011, ST01-012]
    trash: [ST01-013]
    characters:
      - {{card: ST01-006, don: 2}}
      - {{card: ST01-004}}
      - {{card: ST01-007}}
      - {{card: ST01-008, rested: true}}
      - {{card: ST01-009}}
    stage: ST01-017
    don: {{active: 3, rested: 2}}
  p2:
    leader: ST02-001
    life: [ST02-002, ST02-003, ST02-004]
    hand: [ST02-005, ST02-006, ST02-007, ST02-008]
    deck: [ST02-009, ST02-010, ST02-012, ST02-013, ST02-014, ST02-015]
    trash: [ST01-017]
    characters:
      - {{card: ST02-011}}
    don: {{active: 4}}
"""


def _state(active: str = "p1"):
    """The hand-built state with ``active`` (p1 or p2) deciding in its main phase."""
    turn = 3 if active == "p1" else 4
    return build_game(load_scenario_text(STATE.format(turn=turn, active=active)))


def _mid_games(db):
    """Three seeded random games (ST01 v ST02, ST03 v ST04, ST05 v ST06), each after 40 random answers."""
    out = []
    for seed, (a, b) in enumerate((("ST01", "ST02"), ("ST03", "ST04"), ("ST05", "ST06")), start=1):
        g = new_game(load_deck(a, db), load_deck(b, db), db, seed=seed)
        agent = Rng(seed * 31 + 7)
        for _ in range(40):
            if g.winner is not None:
                break
            g.apply_index(agent.below(len(g.pending.options)))
        out.append(g)
    return out


def _finished(db):
    """A seeded random game played to its end (no decision pending)."""
    g = new_game(load_deck("ST01", db), load_deck("ST02", db), db, seed=5)
    agent = Rng(11)
    while g.winner is None:
        g.apply_index(agent.below(len(g.pending.options)))
    return g


def _raises(check, *args) -> str:
    """The message of the InvariantError that ``check(*args)`` raises (fails the test if none)."""
    with pytest.raises(InvariantError) as e:
        check(*args)
    return str(e.value)


def _id(g, owner: int, zone: str, number: str) -> int:
    return next(c for c in getattr(g.players[owner], zone) if g.t.numbers[c] == number)


# ------------------------------------------------------------------------------------------ legal states

def test_3_1_1_every_check_passes_on_hand_built_legal_states():
    """Rules 3-1-1, 3-7-6, 3-8-5, 5-1-2, 3-1-5: the hand-built states (p1 or p2 deciding; 5 Characters, a
    Stage, DON!! given, active, rested and in the DON!! deck; known cards of both players) break nothing."""
    for active in ("p1", "p2"):
        g = _state(active)
        # p2 looked at the top card of p1's deck and p1 knows a card of p2's hand (revealed): known places
        g.known[1].add(g.players[0].deck[-1])
        g.known[0].add(g.players[1].hand[1])
        before = g.to_dict()
        for seed in range(3):
            check_conservation(g)
            check_limits(g)
            check_views(g, Rng(seed))
            check_knowledge(g)
            check_decision(g, Rng(seed))
            check_evolution(g, Rng(seed))
        assert g.to_dict() == before  # the checks do not change the state they check


def test_check_all_passes_on_legal_states(db):
    """Rules 3-1-1, 3-7-6, 3-8-5, 3-1-5: check_all (every invariant, decisions included) passes on the
    hand-built states and on mid-game states of seeded random games."""
    for g in [_state("p1"), _state("p2"), *_mid_games(db)]:
        assert g.winner is None and g.pending is not None
        for seed in range(2):
            check_all(g, db, Rng(seed))
        check_all(g, db, Rng(9), decision=False)
        check_copies(g, db)


def test_check_all_runs_the_decision_checks_unless_told_not_to(db, monkeypatch):
    """Rule 3-1-5 (issue 18): check_all includes the decision checks by default: a sampler that keeps the
    real hidden cards is reported by check_all, and not by check_all(decision=False)."""
    g = _state()
    monkeypatch.setattr(invariants, "determinize", lambda h, who, rng: h.clone())
    check_all(g, db, Rng(1), decision=False)
    assert _raises(check_all, g, db, Rng(1)) == "p1's samples change when only hidden cards move: ['players']"


def test_checks_pass_on_a_finished_game(db):
    """A finished game has no pending decision: the decision checks have nothing to check and pass."""
    g = _finished(db)
    assert g.pending is None and g.winner is not None
    check_all(g, db, Rng(1))
    check_decision(g, Rng(2))
    check_evolution(g, Rng(3))


# ------------------------------------------------------------------------- conservation (3-1-1, 5-1-2)

@pytest.mark.parametrize("owner", [0, 1])
def test_3_1_1_a_card_lost_from_the_hand_is_reported(owner):
    """Rule 3-1-1: every card is in one area; a card taken out of every zone is "in 0 places"."""
    g = _state()
    cid = g.players[owner].hand.pop()
    assert _raises(check_conservation, g) == f"card {cid} ({g.t.numbers[cid]}) is in 0 places"


@pytest.mark.parametrize("owner,zone", [(0, "trash"), (1, "deck"), (0, "life"), (1, "hand")])
def test_3_1_1_a_card_in_two_zones_is_reported(owner, zone):
    """Rule 3-1-1: a card in two areas at once (a card of the hand, or of the deck, copied into
    another zone) is reported."""
    g = _state()
    src = g.players[owner].hand if zone != "hand" else g.players[owner].deck
    cid = src[0]
    getattr(g.players[owner], zone).append(cid)
    assert _raises(check_conservation, g) == f"card {cid} ({g.t.numbers[cid]}) is in 2 places"


def test_3_8_1_a_stage_card_counts_in_its_zone():
    """Rules 3-1-1, 3-8-1: the Stage card is in the Stage area; the same card in the hand too is in 2 places."""
    g = _state()
    p = g.players[0]
    p.hand.append(p.stage)
    assert _raises(check_conservation, g) == f"card {p.stage} (ST01-017) is in 2 places"


@pytest.mark.parametrize("owner", [0, 1])
def test_3_1_3_a_card_in_the_other_players_zones_is_reported(owner):
    """Rule 3-1-3: each player has their own areas; a card of one player in the other's hand is reported."""
    g = _state()
    cid = g.players[owner].hand.pop()
    g.players[1 - owner].hand.append(cid)
    assert _raises(check_conservation, g) == (f"card {cid} ({g.t.numbers[cid]}) of p{owner + 1} is in "
                                              f"p{2 - owner}'s zones")


def test_10_1_5_3_a_card_in_limbo_is_somewhere_once():
    """Rule 10-1-5-3: a card set aside while it is played or its [Trigger] resolves (limbo) is in one place; in limbo and in
    the hand at once it is in 2 places."""
    g = _state()
    cid = g.players[1].hand.pop()
    g.limbo.append(cid)
    check_conservation(g)
    g.players[1].hand.append(cid)
    assert _raises(check_conservation, g) == f"card {cid} ({g.t.numbers[cid]}) is in 2 places"


@pytest.mark.parametrize("owner", [0, 1])
@pytest.mark.parametrize("counter", ["don_deck", "don_active", "don_rested"])
@pytest.mark.parametrize("delta", [1, -1])
def test_5_1_2_a_don_card_created_or_lost_is_reported(owner, counter, delta):
    """Rule 5-1-2: a player has a 10-card DON!! deck; one DON!! card more or fewer in the DON!! deck, active
    or rested in the cost area is reported, with the player and each count."""
    g = _state()
    p = g.players[owner]
    setattr(p, counter, getattr(p, counter) + delta)
    given = sum(g.given[c] for c in (p.leader, *p.characters))
    assert given == (3 if owner == 0 else 0)
    assert re.fullmatch(re.escape(f"p{owner + 1} DON!!: deck {p.don_deck} + active {p.don_active} + rested "
                                  f"{p.don_rested} + given {given} != 10 (") + DON_NOTE + r"\)",
                        _raises(check_conservation, g))


@pytest.mark.parametrize("owner", [0, 1])
@pytest.mark.parametrize("negative", ["don_deck", "don_active", "don_rested"])
def test_5_1_2_a_negative_don_count_is_reported_even_when_the_sum_is_right(owner, negative):
    """Rule 5-1-2 (and 3-1-4, the number of cards in each area): an area cannot hold -1 DON!! cards; a -1
    made up by one more elsewhere keeps the sum at 10 and is still reported."""
    g = _state()
    p = g.players[owner]
    other = "don_active" if negative != "don_active" else "don_deck"
    setattr(p, other, getattr(p, other) + getattr(p, negative) + 1)  # what the area had, plus the -1
    setattr(p, negative, -1)
    assert p.don_deck + p.don_active + p.don_rested + sum(g.given[c] for c in (p.leader, *p.characters)) == 10
    message = _raises(check_conservation, g)
    assert message.startswith(f"p{owner + 1} DON!!: deck {p.don_deck} + active {p.don_active} + rested "
                              f"{p.don_rested} + given ")


@pytest.mark.parametrize("where", ["leader", "character"])
def test_6_5_5_1_given_don_counts_toward_the_total(where):
    """Rule 6-5-5-1: a DON!! card given to the Leader or a Character left the cost area but is still one of the
    10: moving one from active to given passes; given without leaving the cost area is one too many."""
    g = _state()
    p = g.players[1]
    target = p.leader if where == "leader" else p.characters[0]
    p.don_active -= 1
    g.given[target] += 1
    check_conservation(g)
    p.don_active += 1
    assert _raises(check_conservation, g).startswith("p2 DON!!: deck 6 + active 4 + rested 0 + given 1 != 10")


@pytest.mark.parametrize("owner,zone", [(0, "hand"), (1, "trash"), (0, "life"), (1, "deck")])
def test_6_5_5_4_don_given_to_a_card_off_the_field_is_reported(owner, zone):
    """Rule 6-5-5-4: DON!! given to a card go back to the cost area when it moves to another area, so no card
    off the field has DON!! given (the DON!! total is kept: one DON!! left the cost area for it)."""
    g = _state()
    p = g.players[owner]
    cid = getattr(p, zone)[0]
    g.given[cid] = 1
    assert _raises(check_conservation, g) == (f"card {cid} ({g.t.numbers[cid]}) has DON!! given but is not "
                                              "on the field")


@pytest.mark.xfail(strict=True, reason="defect: check_conservation compares the DON!! with p.don_total, part "
                                       "of the state, not with the Leader's DON!! deck size (rule 5-1-2: 10)")
def test_5_1_2_eleven_don_cards_in_all_are_reported():
    """Rule 5-1-2: a player plays with a 10-card DON!! deck (ST01-001 changes nothing, 5-1-2-4); a state in
    which a player has 11 DON!! cards in all breaks it, whatever the state's own count says."""
    g = _state()
    p = g.players[0]
    p.don_total += 1
    p.don_deck += 1
    with pytest.raises(InvariantError, match="DON!!"):
        check_conservation(g)


# ------------------------------------------------------------------------------ limits (3-7-6, 3-8-5)

@pytest.mark.parametrize("owner", [0, 1])
def test_3_7_6_exactly_five_characters_pass_and_six_fail(owner):
    """Rule 3-7-6: up to 5 Character cards in the Character area: 5 pass, a 6th is reported."""
    g = _state()
    p = g.players[owner]
    while len(p.characters) < 5:
        p.characters.append(_id(g, owner, "deck", next(g.t.numbers[c] for c in p.deck
                                                       if g.t.defs[c].category == "Character")))
        p.deck.remove(p.characters[-1])
    check_limits(g)
    check_conservation(g)
    extra = next(c for c in p.deck if g.t.defs[c].category == "Character")
    p.deck.remove(extra)
    p.characters.append(extra)
    check_conservation(g)  # only the limit is broken
    assert _raises(check_limits, g) == f"p{owner + 1} has 6 Characters"


@pytest.mark.parametrize("owner", [0, 1])
def test_3_8_5_the_stage_area_holds_a_stage_card(owner):
    """Rules 3-8-1, 3-8-5: the Stage area holds a Stage card: none, or a Stage, pass; a Character there is
    reported."""
    g = _state()
    p = g.players[owner]
    check_limits(g)  # p1 has a Stage, p2 none
    cid = p.characters.pop()
    if p.stage >= 0:
        p.trash.append(p.stage)
    p.stage = cid
    check_conservation(g)
    assert _raises(check_limits, g) == f"p{owner + 1}'s stage holds a Character"


def test_3_1_1_3_8_5_the_stage_area_is_counted_and_checked_for_any_card_id():
    """Rules 3-1-1 (every card is in one area), 3-8-1 / 3-8-5 (the Stage area holds a Stage card), whatever
    the card's id: p1's Leader card (id 0, the first card of the game) and the Stage card swapped, each
    card is still in one area (conservation passes), and the Stage area holds a Leader (reported)."""
    g = _state()
    p = g.players[0]
    assert p.leader == 0 and g.t.defs[0].category == "Leader"
    p.leader, p.stage = p.stage, p.leader
    p.don_active, g.given[0] = p.don_active + g.given[0], 0  # the DON!! given to the Leader back to the cost area
    check_conservation(g)
    assert _raises(check_limits, g) == "p1's stage holds a Leader"

@pytest.mark.parametrize("owner", [0, 1])
@pytest.mark.parametrize("number,category", [("ST01-014", "Event"), ("ST01-017", "Stage")])
def test_3_7_1_the_character_area_holds_character_cards(owner, number, category):
    """Rule 3-7-1: the Character area is where Character cards are placed; an Event or a Stage there is
    reported."""
    g = _state()
    p = g.players[owner]
    p.trash.append(p.characters.pop())  # 4 Characters or fewer: only the category is wrong
    if owner == 0:
        cid = p.hand[1] if category == "Event" else p.stage
        if category == "Stage":
            p.stage = -1
        else:
            p.hand.remove(cid)
    else:  # p2: put a card of p2's own of that category there
        zone = p.deck if category == "Event" else p.trash  # ST02-015 in the deck, ST01-017 in the trash
        cid = next(c for c in zone if g.t.defs[c].category == category)
        zone.remove(cid)
    p.characters.insert(0, cid)
    check_conservation(g)
    assert _raises(check_limits, g) == f"p{owner + 1}'s Character area holds a {category}"


# ---------------------------------------------------------------------------- copies (clone, round trip)

def test_a_clone_that_differs_from_the_original_is_reported(monkeypatch):
    """The engine's copy contract (state.py: a paused game is cloned by copying its lists): a clone that
    differs from the original (here one whose turn counter is off by one) is reported."""
    real = Game.clone

    def bad_clone(self):
        h = real(self)
        h.turn += 1
        return h

    g = _state()
    monkeypatch.setattr(Game, "clone", bad_clone)
    assert _raises(check_copies, g, None) == "a clone differs from the original"


def test_a_serialize_round_trip_that_differs_is_reported(db, monkeypatch):
    """The engine's copy contract (serialize.py: ``Game.from_dict(g.to_dict(), db)`` equals ``g``): a
    round trip that loses the phase is reported, naming the key that differs."""
    real = Game.from_dict.__func__

    def lossy(cls, data, database):
        h = real(cls, data, database)
        h.phase = "end"
        return h

    g = _state()
    check_copies(g, db)
    monkeypatch.setattr(Game, "from_dict", classmethod(lossy))
    assert _raises(check_copies, g, db) == "serialize/deserialize round trip differs in ['phase']"


# ------------------------------------------------------------------------ views (3-1-5 secret areas)

def _leak(monkeypatch, fn):
    """Patch the view so that ``fn(g, i, own, side)`` adds to the side of player ``i`` (0 or 1)."""
    real = view._side

    def leaky(g, i, own):
        side = real(g, i, own)
        fn(g, i, own, side)
        return side

    monkeypatch.setattr(view, "_side", leaky)


def _numbers(g, cards):
    return [g.t.numbers[c] for c in cards]


@pytest.mark.parametrize("viewer", [0, 1])
def test_3_4_2_a_view_that_shows_the_opponents_hand_is_reported(monkeypatch, viewer):
    """Rule 3-4-2: the hand is a secret area; a view of player ``viewer`` listing the opponent's hand changes
    when the opponent's hidden cards are redealt, and is reported for that player."""
    g = _state()
    check_views(g, Rng(1))

    def fn(h, i, own, side):
        if not own and i == 1 - viewer:
            side["hand"] = _numbers(h, h.players[i].hand)

    _leak(monkeypatch, fn)
    message = _raises(check_views, g, Rng(1))
    assert re.match(rf"p{viewer + 1}'s view changes when only hidden cards move: view\.opponent\.hand", message)


@pytest.mark.parametrize("viewer", [0, 1])
@pytest.mark.parametrize("own", [True, False])
def test_3_2_2_a_view_that_shows_a_deck_order_is_reported(monkeypatch, viewer, own):
    """Rule 3-2-2: neither player may check the contents or order of a deck, their own included; a view of
    player ``viewer`` listing a deck (own or the opponent's) is reported."""
    g = _state()

    def fn(h, i, is_own, side):
        if is_own == own and (i == viewer) == own:
            side["deck"] = _numbers(h, h.players[i].deck)

    _leak(monkeypatch, fn)
    message = _raises(check_views, g, Rng(2))
    where = "me" if own else "opponent"
    assert re.match(rf"p{viewer + 1}'s view changes when only hidden cards move: view\.{where}\.deck", message)


@pytest.mark.parametrize("viewer", [0, 1])
@pytest.mark.parametrize("own", [True, False])
def test_3_10_2_a_view_that_shows_face_down_life_is_reported(monkeypatch, viewer, own):
    """Rule 3-10-2: face-down Life cards are hidden from both players, their owner included; a view listing
    them is reported."""
    g = _state()

    def fn(h, i, is_own, side):
        if is_own == own and (i == viewer) == own:
            side["life"] = _numbers(h, h.players[i].life)

    _leak(monkeypatch, fn)
    message = _raises(check_views, g, Rng(3))
    where = "me" if own else "opponent"
    assert re.match(rf"p{viewer + 1}'s view changes when only hidden cards move: view\.{where}\.life", message)


def test_3_10_2_1_face_up_life_and_revealed_cards_may_show():
    """Rules 3-10-2-1, 3-1-5: a face-up Life card is in an open area, and a card of the opponent's hand whose
    identity was revealed to a player is known to that player: views showing them pass."""
    g = _state()
    life = g.players[1].life[0]
    g.face_up[life] = 1
    g.known[0].add(g.players[1].hand[2])
    v = view.player_view(g, 0)
    # the bottom card (the last of the scenario's list, which is top first) is at position 3 of 3
    assert v["opponent"]["life_face_up"] == [{"position": 3, "card": "ST02-004"}]
    assert {"card": g.t.numbers[g.players[1].hand[2]], "zone": "opp hand"} in v["known"]
    for seed in range(4):
        check_views(g, Rng(seed))


def test_3_4_2_a_view_that_shows_the_order_of_the_opponents_hand_is_reported(monkeypatch):
    """Rule 3-4-2 and card Q&A OP01-105 q2: the order of a hand is secret, even when its cards are known: a
    view listing where in p2's hand a known card sits is reported."""
    g = _state()
    known = g.players[1].hand[1]
    g.known[0].add(known)
    check_views(g, Rng(4))

    def fn(h, i, own, side):
        if not own and i == 1:
            side["known_at"] = [k for k, c in enumerate(h.players[1].hand) if c in h.known[0]]

    _leak(monkeypatch, fn)
    with pytest.raises(InvariantError) as e:
        for seed in range(20):  # a shuffle of 4 cards may leave the known card where it was
            check_views(g, Rng(seed))
    assert str(e.value).startswith("p1's view changes when only hidden cards move: view.opponent.known_at")


# ------------------------------------------------------------------- decisions (hidden cards, issue 18)

@pytest.mark.parametrize("active", ["p1", "p2"])
def test_3_2_2_options_that_name_the_top_card_of_the_deck_are_reported(monkeypatch, active):
    """Rule 3-2-2: the deciding player may not know their deck's top card; a main-phase decision with an
    option naming it differs between the real game and a twin dealt otherwise, and is reported."""
    g = _state(active)
    player = 0 if active == "p1" else 1
    assert g.pending.player == player
    check_decision(g, Rng(1))
    real_ask = Game.ask

    def leaky(self, who, kind, options):
        return real_ask(self, who, kind, [*options, ("peek", self.players[who].deck[-1])])

    monkeypatch.setattr(Game, "ask", leaky)
    with pytest.raises(InvariantError) as e:
        for seed in range(20):  # a redeal may leave the same card on top
            check_decision(g, Rng(seed))
    # the added option is the last one; the real game's comes first, then the twin's
    peek, top = len(g.pending.options), g.players[player].deck[-1]
    assert str(e.value).startswith(f"p{player + 1}'s options change when only hidden cards move: "
                                   f"options[{peek}]: ('peek', {top}) != ('peek', ")


@pytest.mark.parametrize("active", ["p1", "p2"])
def test_3_1_5_a_sample_that_keeps_the_hidden_cards_is_reported(monkeypatch, active):
    """Rule 3-1-5 (issue 18 point 4): a determinized sample must depend only on what its player sees; one that
    keeps the real hidden cards differs between twins, in the players' zones only."""
    g = _state(active)
    player = 0 if active == "p1" else 1
    monkeypatch.setattr(invariants, "determinize", lambda h, who, rng: h.clone())
    assert _raises(check_decision, g, Rng(2)) == (f"p{player + 1}'s samples change when only hidden cards "
                                                  "move: ['players']")


def test_3_2_2_knowledge_that_follows_a_hidden_deck_card_is_reported(monkeypatch):
    """Rule 3-2-2 (issue 18): what a player knows must come from what that player saw; a view that 'knows'
    where a card sits in its own deck gives, after the same answer, another known position in the deck in a
    twin game (the only hidden cards of p1 are the deck's, so only the position differs)."""
    g = _state()
    for c in g.players[0].life:  # face-up Life is open (3-10-2-1): p1's hidden cards are only the deck's
        g.face_up[c] = 1
    check_evolution(g, Rng(5))
    real = view._known

    def leaky(h, player):
        deck = h.players[player].deck
        return real(h, player) + [{"card": "ST01-012", "zone": "deck", "position": len(deck) - k}
                                  for k, c in enumerate(deck) if h.t.numbers[c] == "ST01-012"]

    monkeypatch.setattr(view, "_known", leaky)
    with pytest.raises(InvariantError) as e:
        for seed in range(20):
            check_evolution(g, Rng(seed))
    assert re.match(r"p1's view after the same answer depends on hidden cards: view\[0\]", str(e.value))


def test_3_4_2_knowledge_that_follows_the_opponents_hand_is_reported(monkeypatch):
    """Rule 3-4-2 (issue 18): a view that 'knows' the opponent's hand cards of cost 2 or less gives, after the
    same answer, other known places in a twin game (p2 deciding)."""
    g = _state("p2")
    real = view._known

    def leaky(h, player):
        hand = h.players[1 - player].hand
        return real(h, player) + [{"card": h.t.numbers[c], "zone": "opp hand"}
                                  for c in hand if (h.t.defs[c].cost or 0) <= 2]

    monkeypatch.setattr(view, "_known", leaky)
    with pytest.raises(InvariantError) as e:
        for seed in range(40):
            check_evolution(g, Rng(seed))
    assert re.match(r"p2's view after the same answer depends on hidden cards: view", str(e.value))


def test_3_10_2_knowledge_with_and_without_a_life_position_passes():
    """Rule 3-10-2 and the view's ``known`` (a face-down Life card known at a position, view.py; a card known
    only to be somewhere in that Life, no position): a legal state holding both kinds of entry for the same
    Life area passes check_evolution, whatever answer is taken (the two kinds are compared, not refused)."""
    for active, player in (("p1", 0), ("p2", 1)):
        g = _state(active)
        opp = g.players[1 - player]
        g.known[player].add(opp.life[0])  # the bottom Life card, looked at: known at its position
        g.vague[player] = [(1 - player, ("life",), g.t.numbers[opp.life[1]])]
        kinds = [("position" in k, k["zone"]) for k in view.player_view(g, player)["known"]]
        assert kinds == [(True, "opp life"), (False, "opp life")]
        for seed in range(12):
            check_knowledge(g)
            check_evolution(g, Rng(seed))


def test_3_10_2_knowledge_of_a_life_position_in_one_twin_only_is_reported(monkeypatch):
    """check_evolution docstring (which zones, which Life positions, how many): a view that names p2's top
    Life card at position 1 in the twin but only "somewhere in p2's Life" in the real game (where the top
    card is ST02-002) knows a position from hidden cards, and is reported."""
    g = _state()
    assert g.t.numbers[g.players[1].life[-1]] == "ST02-002"
    check_evolution(g, Rng(3))
    real = view._known

    def leaky(h, player):
        top = h.t.numbers[h.players[1 - player].life[-1]]
        extra = {"card": top, "zone": "opp life"}
        if top != "ST02-002":
            extra["position"] = 1
        return real(h, player) + [extra]

    monkeypatch.setattr(view, "_known", leaky)
    with pytest.raises(InvariantError) as e:
        for seed in range(30):  # a redeal may leave ST02-002 on top
            check_evolution(g, Rng(seed))
    assert re.match(r"p1's view after the same answer depends on hidden cards: view\[0\]", str(e.value))


def test_3_1_8_a_twin_deals_a_card_known_to_be_in_life_into_any_place_of_that_life():
    """_redeal_hidden docstring: the cards hidden from the player are redealt at random among their owner's
    hidden slots, a card known only to be somewhere in p1's Life (3-1-8, 3-10-2: the order of Life is
    unknown) staying in it: over twins it is at each of the 3 Life places, about equally often."""
    g = _state()
    g.vague[0] = [(0, ("life",), "ST01-003")]
    places = Counter()
    for seed in range(150):
        h = g.clone()
        invariants._redeal_hidden(h, 0, Rng(seed))
        life = [h.t.numbers[c] for c in h.players[0].life]
        assert "ST01-003" in life
        places[life.index("ST01-003")] += 1
    assert sorted(places) == [0, 1, 2] and min(places.values()) > 30, places

END_ONLY = """name: only end
state:
  turn: 1
  active: p1
  phase: main
  p1:
    leader: ST03-001
    deck: [ST01-007, ST01-008, ST01-009, ST01-010, ST01-011, ST01-012]
    don: {active: 0}
  p2:
    leader: ST02-001
    hand: [ST02-005, ST02-006]
"""


def test_6_6_knowledge_is_compared_only_when_the_same_player_decides_again(monkeypatch):
    """Rules 6-5-6-1, 6-6: on p1's first turn with no card in hand, no active DON!! and a Leader (ST03-001)
    without [Activate: Main], ending the turn is p1's
    only main-phase answer, and p2 decides next; check_evolution compares p1's known places only when p1
    decides again, so even a view that follows p1's deck is not compared (and nothing is raised)."""
    g = build_game(load_scenario_text(END_ONLY))
    assert g.pending.player == 0 and len(g.pending.options) == 1
    real = view._known

    def leaky(h, player):
        deck = h.players[player].deck
        return real(h, player) + [{"card": "ST01-012", "zone": "deck", "position": len(deck) - k}
                                  for k, c in enumerate(deck) if h.t.numbers[c] == "ST01-012"]

    monkeypatch.setattr(view, "_known", leaky)
    for seed in range(10):
        check_evolution(g, Rng(seed))
    after = g.clone()
    after.apply_index(0)
    assert after.pending.player == 1  # p2 decides after the answer


# ---------------------------------------------------------------------- knowledge "somewhere in" (vague)

def test_3_1_8_true_vague_knowledge_passes():
    """Rules 3-1-7, 3-1-8: after a secret reorder a player knows only that a card is somewhere in some zones;
    entries met by a card there (one card per entry; a card in limbo of that owner counts) pass."""
    g = _state()
    g.vague[0] = [(1, ("hand",), "ST02-005"), (1, ("hand", "deck"), "ST02-010"), (0, ("life",), "ST01-003")]
    g.vague[1] = [(0, ("deck",), "ST01-011")]
    check_knowledge(g)
    cid = _id(g, 1, "hand", "ST02-005")
    g.players[1].hand.remove(cid)
    g.limbo.append(cid)  # set aside while an effect resolves
    check_knowledge(g)


def test_3_1_8_two_entries_share_out_two_copies():
    """Two entries of one number need two cards: p1 has one ST01-004 in Life and one as a Character, so "in
    Life or the Character area" and "in Life" are both true, in either order (the first entry gives up the
    Life copy to the second); two entries "in Life" are not (one copy there)."""
    g = _state()
    g.vague[1] = [(0, ("life", "characters"), "ST01-004"), (0, ("life",), "ST01-004")]
    check_knowledge(g)
    g.vague[1] = [(0, ("life",), "ST01-004"), (0, ("life", "characters"), "ST01-004")]
    check_knowledge(g)
    g.vague[1] = [(0, ("life",), "ST01-004"), (0, ("life",), "ST01-004")]
    assert _raises(check_knowledge, g) == "p2 'knows' ST01-004 is in p1's life, but no such card is there"


@pytest.mark.parametrize("player", [0, 1])
def test_3_1_8_an_entry_no_card_meets_is_reported(player):
    """A player 'knows' a card is in some zones where no card of that number is: reported, naming who knows
    what, in whose zones."""
    g = _state()
    g.vague[player] = [(1 - player, ("hand", "deck"), "ST01-013" if player == 1 else "ST02-011")]
    # p1's ST01-013 is in the trash, p2's ST02-011 a Character: neither in hand or deck
    assert _raises(check_knowledge, g) == (
        f"p{player + 1} 'knows' {g.vague[player][0][2]} is in p{2 - player}'s hand or deck, but no such card "
        "is there")


def test_3_1_8_a_card_of_the_other_player_in_limbo_meets_no_entry():
    """A card set aside in limbo meets an entry only for its owner: p2's card in limbo does not make true an
    entry about p1's cards."""
    g = _state()
    cid = g.players[1].hand.pop()
    g.limbo.append(cid)
    g.vague[0] = [(0, ("hand",), g.t.numbers[cid])]
    assert _raises(check_knowledge, g) == (f"p1 'knows' {g.t.numbers[cid]} is in p1's hand, but no such card "
                                           "is there")
