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


def test_a_secret_life_reorder_keeps_the_number_in_life_without_its_place():
    """Point 2: after OP13-105's secret reorder p2 still knows that TEST-F01 is in p1's Life (the cards were
    placed back in the Life area, OP13-105's text), but not where (3-1-8): p2's view lists it in the Life
    area with no position, and every determinized sample for p2 has a TEST-F01 in p1's Life."""
    module = get_game("onepiece")
    g = _game(REORDER)
    g.known[1].add(_ids(g, 0, "life", "TEST-F01")[0])
    g.apply(("play", g.players[0].hand[0]))
    while g.pending.kind == "order":
        g.apply(g.pending.options[-1])
    g.apply(g.pending.options[-1])  # p1 ends its turn: p2 decides next
    while g.pending.player != 1:
        g.apply(g.pending.options[0])
    assert {"card": "TEST-F01", "zone": "opp life"} in player_view(g, 1)["known"]
    sampler = module.make_sampler(g, 1)
    for seed in range(12):
        h = sampler(Rng(seed))
        assert "TEST-F01" in [h.t.numbers[c] for c in h.players[0].life]


def test_a_deck_shuffle_keeps_the_number_in_the_deck_without_its_place():
    """Point 2: a shuffle (rule 3-2-4) is a reorder nobody sees: p2's knowledge of the card on top of p1's
    deck becomes "in p1's deck", whatever the order the shuffle gave (twin states: two shuffle streams)."""
    from tcgsim.onepiece.rules.zones import shuffle_deck

    views = []
    for seed in (1, 2):
        g = _game(MAIN)
        g.known[1].add(g.players[0].deck[-1])
        g.rng = Rng(seed)
        shuffle_deck(g, 0)
        views.append(player_view(g, 1)["known"])
    assert views[0] == views[1] == [{"card": "ST01-011", "zone": "opp deck"}]


TRASH_TO_DECK = MAIN.replace("leader: ST01-001", "leader: ST03-001").replace(
    "hand: [ST01-006, ST01-006]", "hand: [OP05-093]\n    trash: [ST01-006, ST01-011, ST01-012]")


def test_cards_placed_publicly_from_the_trash_on_the_deck_are_known_to_be_there():
    """Also: OP05-093 places 3 cards from p1's trash (public, 3-5-2) at the bottom of the deck in any
    order: p1 chose the order and knows it; p2 saw which cards went to the deck (in the deck, no place,
    3-1-8)."""
    g = _game(TRASH_TO_DECK)
    g.apply(("play", g.players[0].hand[0]))
    while g.pending.kind in ("yes-no", "order"):
        g.apply(g.pending.options[0])
    seen = sorted(k["card"] for k in player_view(g, 1)["known"] if k["zone"] == "opp deck")
    assert seen == ["ST01-006", "ST01-011", "ST01-012"]
    assert sorted(k["card"] for k in player_view(g, 0)["known"] if k["zone"] == "deck") == seen


HAND_TO_DECK = MAIN.replace("hand: [ST01-006, ST01-006]", "hand: [OP01-011, ST01-006, ST01-011]").replace(
    "deck: [ST01-011, ST01-011, ST01-011]", "deck: [ST01-012, ST01-012, ST01-012]")


def test_a_card_leaving_the_hand_in_secret_takes_no_knowledge_with_it():
    """Secret moves out of hand: p2 knows ST01-006 is in p1's hand. OP01-011 places 1 card from p1's hand
    at the bottom of the deck, face-down (3-1-5: p2 does not see which). Real: p1 places the ST01-006;
    twin: the ST01-011. p2's views are the same: ST01-006 is known to be in p1's hand or deck."""
    module = get_game("onepiece")
    views, samples = [], []
    for number in ("ST01-006", "ST01-011"):
        g = _game(HAND_TO_DECK)
        g.known[1].add(_ids(g, 0, "hand", "ST01-006")[0])
        g.apply(("play", g.players[0].hand[0]))
        g.apply(("yes",))
        g.apply(next(o for o in g.pending.options if g.t.numbers[o[1]] == number))
        views.append(_view(g, 1))
        assert {"card": "ST01-006", "zone": "opp hand or deck"} in player_view(g, 1)["known"]
        g.apply(("end",))
        while g.pending.player != 1:
            g.apply(g.pending.options[0])
        samples.append(module.make_sampler(g, 1)(Rng(3)).to_dict())
    assert views[0] == views[1]
    assert samples[0] == samples[1]


def test_an_adversarial_agent_in_another_process_finds_no_game(tmp_path):
    """Point 5: an agent run as a separate process (``ProcessAgent``, docs/protocol.md) that searches its
    own process for the game -- ``gc.get_objects()``, the frames of ``inspect.stack()``, every closure
    cell -- finds no Game: it has only the protocol's messages, which hold no opponent hand, deck order or
    face-down Life (3-1-5, 3-2-2, 3-10-2). It still plays a whole game."""
    from pathlib import Path

    from tcgsim.agents.remote import ProcessAgent

    module = get_game("onepiece")
    db = module.default_database()
    a, b = module.load_deck("ST01", db), module.load_deck("ST02", db)
    report = tmp_path / "found.json"
    bot = ProcessAgent(f"{sys.executable} {Path(__file__).with_name('adversary_bot.py')} {report}")
    s = Session.start(module, a, b, db, 5, first=0)
    try:
        play(s, [bot, module.make_agent("mcts:20", 3, db)])
    finally:
        bot.close()
    found = json.loads(report.read_text())
    assert found["requests"] > 10
    assert (found["gc"], found["frames"], found["closures"]) == (0, 0, 0)


def test_what_an_in_process_agent_is_handed_reaches_no_live_game():
    """Point 5: the objects ``play`` hands an in-process search agent -- the view, the decision, the labels
    and the sampler -- do not refer to the live game, directly or through anything they hold (module
    globals excepted: in one process, ``gc`` or the caller's frame still reach it, which is why untrusted
    agents run in another process, docs/protocol.md)."""
    import gc
    import types

    module = get_game("onepiece")
    db = module.default_database()
    a, b = module.load_deck("ST01", db), module.load_deck("ST02", db)
    s = Session.start(module, a, b, db, 7, first=0)
    handed = []

    class Spy:
        name = "spy"
        needs_view = True
        needs_sampler = True

        def choose(self, view, decision, labels, sampler):
            handed.append((view, decision, labels, sampler))
            return 0

    for _ in range(30):
        from tcgsim.core.session import act

        act(s, Spy() if s.to_act == 0 else module.make_agent("heuristic", 1, db))
    assert handed
    live = s._game
    seen, todo = set(), [x for h in handed for x in h]
    while todo:
        x = todo.pop()
        if id(x) in seen or isinstance(x, (types.ModuleType, type)):
            continue
        seen.add(id(x))
        assert x is not live and x is not s
        if isinstance(x, types.FunctionType):
            todo += [c.cell_contents for c in (x.__closure__ or ())] + list(x.__defaults__ or ())
        else:
            todo += gc.get_referents(x)


REVEAL_TOP = """state:
  turn: 3
  active: p1
  phase: main
  p1:
    leader: ST04-001
    hand: [OP11-081]
    don: {active: 6}
  p2:
    leader: ST02-001
    deck: [ST01-006, ST01-011, ST01-011]
"""


def test_a_deck_card_revealed_to_both_players_is_known_to_both():
    """Also: OP11-081 reveals the top card of p2's deck, which stays on top (11-2-2: revealed, then set as
    unrevealed): both players saw it, so both views know it is in p2's deck, and p1's samples keep it on
    top."""
    module = get_game("onepiece")
    g = _game(REVEAL_TOP)
    g.apply(("play", g.players[0].hand[0]))
    g.apply(g.pending.options[0])  # choose cost 0
    while g.pending.player != 0 or g.pending.kind != "main":
        g.apply(g.pending.options[0])
    assert {"card": "ST01-006", "zone": "opp deck"} in player_view(g, 0)["known"]
    assert {"card": "ST01-006", "zone": "deck"} in player_view(g, 1)["known"]
    for seed in range(6):
        h = module.make_sampler(g, 0)(Rng(seed))
        assert h.t.numbers[h.players[1].deck[-1]] == "ST01-006"
