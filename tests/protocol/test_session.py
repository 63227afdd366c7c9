"""The session and its JSON protocol (docs/protocol.md; issue "One way into a game"): the only way into a
game gives each seat its view, its request and its visible log lines, takes answers by index or label,
refuses bad, out-of-turn and replayed messages without changing anything, and sends a seat nothing hidden."""

from __future__ import annotations

import importlib
import json

import pytest

from tcgsim.batch.runner import load_decks, play_game
from tcgsim.core.games import get_game
from tcgsim.core.rng import Rng
from tcgsim.core.session import MAX_MESSAGE_BYTES, ProtocolError, Session, play


@pytest.fixture(scope="module", params=["onepiece", "bleach"])
def game(request):
    module = get_game(request.param)
    a, b = load_decks(*module.default_decks, game=request.param)
    return module, a, b, module.default_database()


def new_session(game, seed=5, log=True):
    module, a, b, db = game
    return Session.start(module, a, b, db, seed, first=0, log=log)


def kinds(messages):
    return [m["type"] for m in messages]


def test_the_deciding_seat_gets_its_request_the_other_only_its_view(game):
    s = new_session(game)
    seat = s.to_act
    mine, theirs = s.handle(seat, {"type": "view"}), s.handle(1 - seat, {"type": "view"})
    assert kinds(mine)[-2:] == ["view", "request"] and kinds(theirs)[-1] == "view"
    request = mine[-1]
    assert request["decision"] == 0 and request["options"] == s.labels() and request["options"]
    assert request["options"] == mine[-2]["view"]["pending"]["options"]
    assert "options" not in (theirs[-1]["view"]["pending"] or {})


def test_an_answer_by_label_and_by_index_play_the_same_game(game):
    a, b = new_session(game), new_session(game)
    for _ in range(12):
        if a.over:
            break
        seat, labels = a.to_act, a.labels()
        k = len(labels) - 1
        a.answer(seat, k)
        assert b.handle(seat, {"type": "answer", "decision": len(b.indices), "option": labels[k]})[0]["type"] != "error"
    assert a.fingerprint() == b.fingerprint() and a.decisions == b.decisions and a.indices == b.indices


@pytest.mark.parametrize("message, code", [
    ("{not json", "malformed"),
    ({"type": "answer"}, "malformed"),
    ({"type": "answer", "decision": 0, "index": 0, "extra": 1}, "malformed"),
    ({"type": "answer", "decision": 0, "index": 0, "option": "end turn"}, "malformed"),
    ({"type": "answer", "decision": 0}, "malformed"),
    ({"type": "shout"}, "malformed"),
    ({"type": "answer", "decision": 0, "index": 999}, "illegal"),
    ({"type": "answer", "decision": 0, "option": "attack NOPE-001 -> opp leader"}, "illegal"),
    ({"type": "answer", "decision": 7, "index": 0}, "stale"),
    # wrong types are refused, not converted (found by a new user: true was taken as option 1)
    ({"type": "answer", "decision": 0, "index": True}, "malformed"),
    ({"type": "answer", "decision": 0, "index": "1"}, "malformed"),
    ({"type": "answer", "decision": 0, "index": 1.0}, "malformed"),
    ({"type": "answer", "decision": "0", "index": 1}, "malformed"),
    ('{"type": "view", "type": "concede"}', "malformed"),
    ("\ud800", "malformed"),
    ("x" * (MAX_MESSAGE_BYTES + 1), "too-large"),
])
def test_a_bad_message_is_an_error_that_changes_nothing(game, message, code):
    s = new_session(game)
    before = s.fingerprint()
    replies = s.handle(s.to_act, message)
    assert replies[0]["type"] == "error" and replies[0]["code"] == code and replies[0]["message"]
    assert s.fingerprint() == before and s.indices == []


def test_out_of_turn_and_replayed_answers_are_refused(game):
    s = new_session(game)
    seat = s.to_act
    assert s.handle(1 - seat, {"type": "answer", "decision": 0, "index": 0})[0]["code"] == "not-your-decision"
    assert s.handle(seat, {"type": "answer", "decision": 0, "index": 0})[-1]["type"] in ("view", "request")
    after = s.fingerprint()
    replayed = s.handle(s.to_act, {"type": "answer", "decision": 0, "index": 0})
    assert replayed[0]["code"] == "stale" and s.fingerprint() == after and len(s.indices) == 1
    for seat in ("p3", 1.0, True, 2, None):
        assert s.handle(seat, {"type": "view"})[0]["code"] == "unknown-seat"
    with pytest.raises(ProtocolError):
        s.answer(s.to_act, 0, label="keep")  # exactly one of index and label


def test_concede_ends_the_game_for_the_other_seat(game):
    s = new_session(game)
    out = s.handle("p2", {"type": "concede"})
    assert out[-1] == {"type": "over", "winner": "p1", "reason": "concede", "turn": s.turn}
    assert s.handle("p1", {"type": "answer", "decision": 0, "index": 0})[0]["code"] == "game-over"
    with pytest.raises(ProtocolError):
        s.answer(0, 0)


def test_the_play_loop_gives_the_runners_game(game):
    """runner.play_game drives the session with play(): the same seed gives the same decision log."""
    module, a, b, db = game
    record = play_game(a, b, db, 11, agents=("random", "random"))
    s = Session.start(module, a, b, db, 11, first=0)
    play(s, [module.make_agent("random", r, db) for r in (record_seed(11, 0), record_seed(11, 1))])
    assert s.decisions == record.decisions and s.indices == record.indices


def record_seed(seed, seat):
    from tcgsim.core.rng import derive_seed

    return derive_seed(seed, "agent", seat)


def test_events_are_sent_once_and_only_to_who_may_see_them(game):
    s = new_session(game)
    first = s.events(0)
    assert first and s.events(0) == []  # nothing new since
    private_of_p2 = [text for who, text in s.referee_log() if who == 1]
    assert not set(private_of_p2) & set(first)


def test_no_message_to_a_seat_changes_when_only_its_hidden_cards_move(game):
    """Twin games that differ only in the cards hidden from a seat (the opponent's hand, both decks,
    face-down Life) send that seat identical messages (view, request, log lines), at every decision of
    whole random games."""
    module = game[0]
    invariants = importlib.import_module(f"tcgsim.{module.name}.rules.invariants")
    rng = Rng(3)
    for seed in range(3):
        s = new_session(game, seed)
        pick = Rng(seed)
        while not s.over and len(s.indices) < 400:
            for seat in (0, 1):
                real, twin = _copy(s), _copy(s)
                invariants._redeal_hidden(twin._game, seat, rng)
                assert json.dumps(twin.status(seat)) == json.dumps(real.status(seat))
            s.answer(s.to_act, pick.below(len(s.labels())))


def _copy(s):
    copy = Session(s.module, s._game.clone())
    copy._shown = list(s._shown)
    return copy


def test_rewound_events_give_a_reconnecting_seat_its_whole_log_again(game):
    """A client that reconnects rebuilds its log (docs/browser.md): after rewind_events, a seat gets every
    line it may see from the start, and still none of the other seat's private lines."""
    s = new_session(game)
    for _ in range(6):
        if not s.over:
            s.answer(s.to_act, 0)
    first = s.events(0)
    s.rewind_events(0)
    assert s.events(0) == first == [text for who, text in s.referee_log() if who in (None, 0)]


def test_an_illegal_action_is_refused_with_the_rule_that_forbids_it():
    """Issue 12 §3: the ``illegal`` error names the rule. Rule 6-5-6-1: "Neither player can battle on their
    first turn", so p1's attack in turn 1 is refused with that rule number, and nothing changes."""
    module = get_game("onepiece")
    a, b = load_decks(*module.default_decks, game="onepiece")
    s = Session.start(module, a, b, module.default_database(), 5, first=0, log=True)
    while s.turn < 1:
        s.answer(s.to_act, label="keep")
    assert (s.to_act, s.turn) == (0, 1)
    before = s.fingerprint()
    error = s.handle("p1", {"type": "answer", "decision": len(s.indices), "option": "attack leader -> opp leader"})
    assert error[0]["type"] == "error" and error[0]["code"] == "illegal"
    assert error[0]["rule"] == "6-5-6-1" and "first turn" in error[0]["message"]
    assert s.fingerprint() == before
    # a refusal no rule explains has no "rule" field (and lists the legal options)
    unknown = s.handle("p1", {"type": "answer", "decision": len(s.indices), "option": "dance"})[0]
    assert unknown["code"] == "illegal" and "rule" not in unknown and "end turn" in unknown["message"]
