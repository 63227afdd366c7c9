"""Hidden information (issue 18): twin games or twin states that differ only in cards hidden from a player
give that player identical views, option tuples, samples and protocol messages.

Rules: the opponent's hand, the decks and face-down Life are secret (3-1-5, 3-2-2, 3-4-2, 3-10-2); the
order of a hand is not public (card Q&A qa_op01.md OP01-105 q2: the opponent may shuffle their hand before
the cards are chosen); the owner of cards placed together decides their order and the other player does
not learn it (3-1-7, 3-1-8)."""

from __future__ import annotations

import json
import sys
import time

import pytest

from tcgsim.core.games import get_game
from tcgsim.core.rng import Rng
from tcgsim.core.session import Session, play
from tcgsim.onepiece.rules.view import player_view
from tcgsim.onepiece.scenario import build_game, load_scenario_text


def _game(text: str):
    return build_game(load_scenario_text("name: t\n" + text))


def _view(g, player):
    return json.dumps(player_view(g, player), sort_keys=True)


def _ids(g, owner, zone, number):
    return [c for c in getattr(g.players[owner], zone) if g.t.numbers[c] == number]


MAIN = """state:
  turn: 3
  active: p1
  phase: main
  p1:
    leader: ST01-001
    hand: [ST01-006, ST01-006]
    deck: [ST01-011, ST01-011, ST01-011]
    don: {active: 5}
  p2:
    leader: ST02-001
"""


def test_a_known_copy_leaves_with_any_copy_of_its_number():
    """Point 1: p2 knows one ST01-006 is in p1's hand (``known``). p1 plays "a copy of ST01-006"; p2 sees an
    ST01-006 leave the hand, so p2 no longer knows an ST01-006 is there -- whether p1 held a second copy
    (real: the other hand card is a second ST01-006; twin: it is an ST01-011 of the deck, traded with the
    second copy) must not show in p2's view (3-1-5: the hand is secret)."""
    real = _game(MAIN)
    twin = _game(MAIN.replace("hand: [ST01-006, ST01-006]", "hand: [ST01-011, ST01-006]")
                 .replace("deck: [ST01-011, ST01-011, ST01-011]", "deck: [ST01-006, ST01-011, ST01-011]"))
    for g in (real, twin):
        g.known[1].add(g.players[0].hand[1])  # the same card id (an ST01-006) in both
    assert _view(real, 1) == _view(twin, 1)
    for g in (real, twin):
        g.apply(g.pending.options[[o[:1] == ("play",) and g.t.numbers[o[1]] == "ST01-006"
                                    for o in g.pending.options].index(True)])
    assert _view(real, 1) == _view(twin, 1)
    assert not [k for k in player_view(real, 1)["known"] if k["zone"] == "opp hand"]


BAO = """state:
  turn: 3
  active: p1
  phase: main
  p1:
    leader: ST04-001
    hand: [OP01-105]
    don: {active: 2}
  p2:
    leader: ST02-001
    hand: [ST01-016, OP01-036, OP01-043]
"""


def _bao_twins():
    """p1 knows OP01-036 is in p2's hand; the twin's hand is in another order (the hand's order is secret,
    OP01-105 q2). p1 plays OP01-105 and must choose 2 cards of p2's hand."""
    real = _game(BAO)
    known = _ids(real, 1, "hand", "OP01-036")[0]
    real.known[0].add(known)
    twin = real.clone()
    h = twin.players[1].hand
    h[:] = h[1:] + h[:1]  # the known card moves to another place
    for g in (real, twin):
        g.apply(("play", g.players[0].hand[0]))
        assert g.pending.kind == "choose" and g.pending.player == 0
    return real, twin


def test_options_from_the_opponents_hand_do_not_say_where_the_known_card_is():
    """Point 3: the option tuples of a choice from the opponent's hand are the same whatever the order of
    that hand (card Q&A OP01-105 q1: the hand stays face-down while the cards are chosen)."""
    real, twin = _bao_twins()
    assert real.pending.options == twin.pending.options
    assert _view(real, 0) == _view(twin, 0)


def test_a_blind_pick_leaves_no_hidden_card_in_the_samples():
    """Point 4: after p1 picked the first card blind (by position), a determinized sample for p1 carries
    nothing of which card it was: twin games (p2's hidden hand dealt differently) give equal samples,
    frames included."""
    module = get_game("onepiece")
    real = _game(BAO)
    twin = real.clone()
    h = twin.players[1].hand
    h[0], h[2] = h[2], h[0]
    for g in (real, twin):
        g.apply(("play", g.players[0].hand[0]))
        g.apply(g.pending.options[0])
        assert g.pending.kind == "choose" and g.pending.player == 0
    a = module.make_sampler(real, 0)(Rng(4))
    b = module.make_sampler(twin, 0)(Rng(4))
    assert a.stack[-1] == b.stack[-1]
    assert a.fingerprint() == b.fingerprint()


@pytest.mark.parametrize("name", ["onepiece", "bleach"])
def test_the_sampler_holds_no_live_game(name):
    """Point 5: the sampler an agent gets is built from what its seat may know: nothing reachable from it
    (closure cells, defaults) is the live game, and twin sessions (the cards hidden from the seat dealt
    differently among their owner's hidden slots) give samplers whose content is the same."""
    import importlib

    from tcgsim.batch.runner import load_decks
    from tcgsim.core.hidden import redeal

    module = get_game(name)
    db = module.default_database()
    a, b = load_decks(*module.default_decks, game=name)
    s = Session.start(module, a, b, db, 7, first=0)
    while s.to_act != 0 or len(s.labels()) < 2:
        s.answer(s.to_act, 0)
    rules = importlib.import_module(f"tcgsim.{name}.rules.determinize")
    twin = Session(module, s._game.clone())
    for slots in rules.hidden_slots(twin._game, 0):
        redeal(slots, Rng(9))
    getattr(rules, "freeze", lambda h: None)(twin._game)
    assert twin.fingerprint() != s.fingerprint()
    cells = []
    for sess in (s, twin):
        sampler = sess.sampler(0)
        inside = [c.cell_contents for c in (sampler.__closure__ or ())] + list(sampler.__defaults__ or ())
        assert all(x is not sess._game for x in inside)
        cells.append([x.fingerprint() if hasattr(x, "fingerprint") else repr(x) for x in inside])
    assert cells[0] == cells[1]


def test_an_agent_in_another_process_plays_through_protocol_messages():
    """Point 5: ``proc:COMMAND`` runs an agent as a separate process that receives only the protocol's
    messages (docs/protocol.md) on its standard input and answers on its standard output; the example bot
    answers the first option, so it plays the same game as an in-process agent that does."""
    from tcgsim.agents.remote import ProcessAgent

    module = get_game("onepiece")
    db = module.default_database()
    a, b = module.load_deck("ST01", db), module.load_deck("ST02", db)

    class First:
        name = "first"
        needs_view = False

        def choose(self, view, decision, labels):
            return 0

    games = []
    for bot in (ProcessAgent(f"{sys.executable} -m tcgsim.agents.remote"), First()):
        s = Session.start(module, a, b, db, 11, first=0)
        try:
            play(s, [bot, module.make_agent("heuristic", 3, db)])
        finally:
            getattr(bot, "close", lambda: None)()
        games.append(s.decisions)
    assert games[0] == games[1] and len(games[0]) > 20


def test_the_terminal_pauses_the_same_whether_the_opponent_had_a_decision_or_not():
    """Point 6: at the terminal each prompt comes at least ``pace_ms`` after the person's previous answer,
    whether the opponent thought about a decision, had it taken at once (one option: not asked) or had
    none, so the pause after an attack does not tell whether it had a usable Counter."""
    from tcgsim.agents.human import play_terminal

    module = get_game("onepiece")
    db = module.default_database()
    a, b = module.load_deck("ST01", db), module.load_deck("ST02", db)
    prompts: list[float] = []

    def read(prompt):
        prompts.append(time.perf_counter())
        if len(prompts) > 12:
            raise EOFError
        return "1"

    quiet = type("Quiet", (), {"print": lambda *a, **k: None})()
    play_terminal(a, b, db, module.make_agent("random", 1, db), seed=8, seat=1, console=quiet, read=read,
                  pace_ms=80)
    gaps = [y - x for x, y in zip(prompts, prompts[1:])]
    assert len(gaps) >= 10 and min(gaps) >= 0.08


TRIGGER = """state:
  turn: 3
  active: p1
  phase: main
  p1:
    leader: ST01-001
    characters: [{card: ST01-013}]
  p2:
    leader: ST02-001
    life: [ST01-014]
actions:
  - p1: attack ST01-013 -> opp leader
"""


def test_the_trigger_card_is_shown_to_its_owner_at_the_trigger_decision():
    """Also: at the [Trigger] decision the player has looked at the Life card (rule 10-1-5: "you may reveal
    it and activate its [Trigger]"), so that player's view shows it; the other player's does not."""
    sc = load_scenario_text("name: t\n" + TRIGGER.replace("ST01-014", "ST01-016"))
    g = build_game(sc)
    from tcgsim.onepiece.rules.notation import parse

    g.apply(parse(g, "attack ST01-013 -> opp leader"))
    while g.pending is not None and g.pending.kind != "trigger":
        g.apply(g.pending.options[-1] if g.pending.player == 1 else g.pending.options[0])
    assert g.pending.kind == "trigger" and g.pending.player == 1
    assert player_view(g, 1)["pending"].get("card") == "ST01-016"
    assert "ST01-016" not in json.dumps(player_view(g, 0))


REORDER = """cards:
  - {number: TEST-L02, name: Test Leader Green, category: Leader, colors: [Yellow], power: 5000, life: 5}
  - {number: TEST-F01, name: Test Life One, category: Character, colors: [Red], cost: 1, power: 1000}
  - {number: TEST-F02, name: Test Life Two, category: Character, colors: [Red], cost: 2, power: 2000}
  - {number: TEST-F03, name: Test Life Three, category: Character, colors: [Red], cost: 3, power: 3000}
state:
  turn: 3
  active: p1
  phase: main
  p1:
    leader: TEST-L02
    life: [TEST-F01, {card: TEST-F02, face_up: true}, TEST-F03]
    hand: [OP13-105]
    don: {active: 10, deck: 0}
    deck: [FILLER, FILLER]
  p2:
    leader: TEST-L02
    deck: 5
"""


def test_a_secret_life_reorder_leaves_no_known_place():
    """Point 2: p2 knows p1's face-down TEST-F01 (at the bottom of the Life area). p1 reorders its Life in
    secret (OP13-105: "Look at all of your Life cards and place them back in your Life area in any order";
    rule 3-1-8: the other player does not learn the order); the order p1 picked must not show in p2's view
    (real: TEST-F01 back at the bottom; twin: on top)."""
    views = []
    for order in (["TEST-F03", "TEST-F02", "TEST-F01"], ["TEST-F01", "TEST-F02", "TEST-F03"]):
        g = _game(REORDER)
        g.known[1].add(_ids(g, 0, "life", "TEST-F01")[0])
        g.apply(("play", g.players[0].hand[0]))
        for number in order[:2]:  # the last card is placed by itself
            assert g.pending.kind == "order"
            g.apply(next(o for o in g.pending.options if g.t.numbers[o[1]] == number))
        assert g.pending.kind == "main"
        views.append(_view(g, 1))
    assert views[0] == views[1]
