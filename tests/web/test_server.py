"""tcgsim serve without a browser (issue 12 §1 and §4): games kept at every decision and resumed after a
restart, decks refused in the engine's words, and the security of the seats: a connection sees only its
seat's view; forged, replayed and out-of-turn messages are refused with the protocol's error (docs/protocol.md)
and change nothing; message size and rate are limited; a token opens one seat of one game."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

from tcgsim.core.rng import Rng
from tcgsim.core.session import MAX_MESSAGE_BYTES, Session

from .conftest import LiveServer, Seat


def post(server, body) -> tuple[int, dict]:
    req = urllib.request.Request(server.url + "/api/games", json.dumps(body).encode(),
                                 {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)


def play_randomly(seat: Seat, pick: Rng, limit=10_000) -> int:
    """Answer every request with a random option until the game ends; the number of answers."""
    n = 0
    while seat.over is None and n < limit:
        seat.send({"type": "answer", "decision": seat.request["decision"],
                   "index": pick.below(len(seat.request["options"]))})
        seat.until()
        n += 1
    return n


def friend_game(server, seed):
    """A game between two connected seats: ``(seats, session, deciding seat index)``; each seat has read up
    to its view (and the decider its request)."""
    g = server.new_game("friend", seed=seed)
    seats = Seat(server.ws_url(g["game"], g["token"])), Seat(server.ws_url(g["game"], g["invite"]))
    session = server.hub.games[g["game"]].session
    decider = session.to_act
    seats[decider].until()
    seats[1 - decider].until_view()
    return seats, session, decider


def test_a_game_against_the_random_agent_is_played_to_its_end(live_server):
    g = live_server.new_game("random", seed=1)
    seat = Seat(live_server.ws_url(g["game"], g["token"]))
    hello = seat.recv()
    assert hello["type"] == "hello" and hello["seat"] == "p1" and hello["opponent"] == "random"
    seat.until()
    assert play_randomly(seat, Rng(1)) > 5 and seat.over["winner"] in ("p1", "p2", "draw")
    # the stored answers rebuild the same game (the engine is deterministic)
    record = live_server.hub.store.load(g["game"])
    live = live_server.hub.games[g["game"]]
    assert list(record.answers) == live.session.indices


def test_a_restarted_server_gives_the_player_its_view_back_and_play_resumes(live_server):
    g = live_server.new_game("random", seed=2)
    seat = Seat(live_server.ws_url(g["game"], g["token"]))
    seat.until()
    pick = Rng(2)
    for _ in range(15):
        seat.send({"type": "answer", "decision": seat.request["decision"],
                   "index": pick.below(len(seat.request["options"]))})
        seat.until()
    view, request = seat.view, seat.request
    log = [line for m in seat.received if m["type"] == "events" for line in m["lines"]]
    seat.close()
    live_server.restart()
    assert g["game"] not in live_server.hub.games  # nothing but the SQLite file survived
    again = Seat(live_server.ws_url(g["game"], g["token"]))
    again.until()
    assert again.view == view and again.request == request
    # the whole log is sent again, so the client rebuilds it
    assert [line for m in again.received if m["type"] == "events" for line in m["lines"]] == log
    assert play_randomly(again, pick) > 0 and again.over is not None


def test_a_deck_the_engine_refuses_is_refused_in_its_words(live_server):
    status, out = post(live_server, {"deck": {"text": "1xST01-001\n4xST01-999"}, "opponent_deck": {"name": "ST02"},
                                     "opponent": "random"})
    # rule 5-1-2: a deck has exactly 50 cards; an unknown number is named with its line
    assert status == 400 and "your deck:2: unknown card number ST01-999" in out["error"]
    assert "rule 5-1-2" in out["error"]
    status, out = post(live_server, {"deck": {"name": "/etc/passwd"}, "opponent_deck": {"name": "ST02"},
                                     "opponent": "random"})
    assert status == 400 and "unknown deck '/etc/passwd'" in out["error"]  # a name only, never a file
    status, out = post(live_server, {"deck": {"name": "ST01"}, "opponent_deck": {"name": "ST02"}, "opponent": "nobody"})
    assert status == 400 and "unknown agent" in out["error"]
    # issue 18: proc:COMMAND runs a program; a browser may never name one for the server
    status, out = post(live_server, {"deck": {"name": "ST01"}, "opponent_deck": {"name": "ST02"}, "opponent": "proc:5"})
    assert status == 400 and "command line only" in out["error"]
    status, out = post(live_server, {"deck": {"name": "ST01"}, "opponent_deck": {"name": "ST02"},
                                     "opponent": "mcts:10000000"})
    assert status == 400 and "at most" in out["error"]


def test_a_pasted_decklist_in_another_format_is_played(live_server):
    text = live_server.hub.module.deck_text(live_server.hub.module.load_deck("ST03", live_server.hub.db))
    status, out = post(live_server, {"deck": {"text": text.replace("x", " x ")}, "opponent_deck": {"name": "ST02"},
                                     "opponent": "heuristic"})
    assert status == 200, out
    seat = Seat(live_server.ws_url(out["game"], out["token"]))
    seat.until()
    assert seat.view["me"]["leader"]["card"] == "ST03-001"


def test_a_token_opens_one_seat_of_one_game_only(live_server):
    friend = live_server.new_game("friend", seed=3)
    other = live_server.new_game("random", seed=4)
    assert friend["invite"] and friend["invite"] != friend["token"] and other["invite"] is None
    for game, token in [(other["game"], friend["token"]), (other["game"], friend["invite"]),
                        (friend["game"], other["token"]), (friend["game"], ""), (friend["game"], "x" * 500)]:
        s = Seat(live_server.ws_url(game, token))
        assert s.recv()["code"] == "unknown-token"
    p2 = Seat(live_server.ws_url(friend["game"], friend["invite"]))
    assert p2.recv()["seat"] == "p2"
    p2.recv()
    assert all(m.get("seat", "p2") == "p2" for m in p2.received) and "hand" not in p2.view["opponent"]
    assert p2.view["you"] == "p2"


@pytest.mark.parametrize("message, code", [
    ({"type": "answer", "decision": 0, "index": 0, "seat": "p2"}, "malformed"),  # forged: a seat is the token's
    ({"type": "answer", "decision": 5, "index": 0}, "stale"),
    ({"type": "answer", "decision": 0, "index": 99}, "illegal"),
    ("x" * (MAX_MESSAGE_BYTES + 1), "too-large"),
    ("{", "malformed"),
])
def test_a_bad_message_is_refused_and_changes_nothing(live_server, message, code):
    seats, session, decider = friend_game(live_server, 5)
    before = session.fingerprint()
    seats[decider].send(message)
    reply = seats[decider].recv()
    assert reply["type"] == "error" and reply["code"] == code
    assert session.fingerprint() == before and session.indices == []


def test_out_of_turn_and_replayed_answers_are_refused(live_server):
    seats, session, d = friend_game(live_server, 6)
    decider, waiting = seats[d], seats[1 - d]
    message = {"type": "answer", "decision": 0, "index": 0}
    waiting.send(message)
    assert waiting.recv()["code"] == "not-your-decision" and session.indices == []
    decider.send(message)
    decider.until_view()
    after = session.fingerprint()
    for seat in seats:  # the same message again, from either seat: a replay
        seat.send(message)
        while (m := seat.recv())["type"] != "error":
            pass
        assert m["code"] in ("stale", "not-your-decision")
        if session.to_act == seats.index(seat):
            assert m["code"] == "stale"
    assert session.fingerprint() == after and len(session.indices) == 1


def test_a_connection_over_its_message_rate_is_refused(tmp_path):
    server = LiveServer(tmp_path / "g.db", rate=5.0)
    try:
        g = server.new_game("friend", seed=7)
        p1 = Seat(server.ws_url(g["game"], g["token"]))
        p1.until_view()
        for _ in range(30):
            p1.send({"type": "view"})
        codes = []
        while len(codes) < 30:
            m = p1.recv()
            if m["type"] in ("error", "view"):
                codes.append(m.get("code", "view"))
        # 5 a second with bursts of 5: most of 30 messages sent at once are refused
        assert "rate-limited" in codes and codes.count("view") < 20
    finally:
        server.stop()


def test_no_message_to_a_seat_holds_the_other_seats_hidden_cards(live_server):
    """Every message the server sends p1 over whole seeded games against the random agent: its views and
    requests equal those of twin games in which only the cards hidden from p1 (the opponent's hand, both
    decks, face-down Life) are redealt, and its log lines are public ones or p1's own
    (the method of tests/protocol/test_session.py)."""
    from tcgsim.onepiece.rules import invariants

    redeal = Rng(99)
    for seed in range(20):
        g = live_server.new_game("random", seed=seed)
        seat = Seat(live_server.ws_url(g["game"], g["token"]))
        session = live_server.hub.games[g["game"]].session
        pick = Rng(seed)
        seat.until()
        while True:
            # the server waits for p1 now: what it sent must not change when p1's hidden cards move
            twin = Session(session.module, session._game.clone())
            twin.indices = list(session.indices)  # the decision number
            invariants._redeal_hidden(twin._game, 0, redeal)
            assert seat.view == twin.view(0)
            if seat.over is not None:
                break
            assert seat.request == twin.request(0)
            seat.send({"type": "answer", "decision": seat.request["decision"],
                       "index": pick.below(len(seat.request["options"]))})
            seat.until()
        visible = {text for who, text in session.referee_log() if who in (None, 0)}
        for m in seat.received:
            assert m.get("seat", "p1") == "p1"
            if m["type"] == "events":
                assert set(m["lines"]) <= visible
        seat.close()


def test_serve_without_options_uses_the_user_data_folder_and_a_bad_db_is_a_clear_error(capsys):
    from tcgsim.cli import default_server_db, main

    assert default_server_db().name == "tcgsim-server.db" and "tcgsim" in default_server_db().parts
    with pytest.raises(SystemExit) as exit_:
        main(["serve", "--db", "/proc/no-such-folder/games.db"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("--db /proc/no-such-folder/games.db: cannot open the game database") and "Traceback" not in err


def test_the_page_the_setup_and_the_card_inspector_data_are_served(live_server):
    with urllib.request.urlopen(live_server.url + "/") as r:
        assert b'id="setup"' in r.read()
    with urllib.request.urlopen(live_server.url + "/api/setup") as r:
        setup = json.load(r)
    assert "ST01" in setup["decks"] and {a["name"] for a in setup["agents"]} >= {"random", "heuristic", "mcts", "friend"}
    with urllib.request.urlopen(live_server.url + "/api/cards/ST01-012") as r:
        card = json.load(r)
    # ST01-012 Monkey.D.Luffy, as printed: cost 5, 6000 power, [Rush] (the database's record)
    assert (card["name"], card["cost"], card["power"], card["keywords"]) == ("Monkey.D.Luffy", 5, 6000, ["Rush"])
    assert card["image"] is None or card["image"].startswith("https://")
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(live_server.url + "/api/cards/ST01-999")
    assert missing.value.code == 404


def test_a_frame_over_the_servers_limit_closes_the_connection_and_changes_nothing(live_server):
    from websockets.exceptions import ConnectionClosed

    from tcgsim.web.server import MAX_FRAME

    seats, session, decider = friend_game(live_server, 8)
    before = session.fingerprint()
    seats[decider].send("x" * (MAX_FRAME + 1))
    with pytest.raises(ConnectionClosed):
        while True:
            seats[decider].recv(5)
    assert session.fingerprint() == before and session.indices == []


def test_the_mcts_agent_answers_on_the_server_with_its_budget(live_server):
    g = live_server.new_game("mcts:5", seed=9)
    seat = Seat(live_server.ws_url(g["game"], g["token"]))
    assert seat.recv()["opponent"] == "mcts:5"
    seat.until(60)
    pick = Rng(9)
    live = live_server.hub.games[g["game"]]
    assert type(live.agent).__name__ == "MCTSAgent" and live.agent.iterations == 5
    for _ in range(25):
        if seat.over:
            break
        seat.send({"type": "answer", "decision": seat.request["decision"],
                   "index": pick.below(len(seat.request["options"]))})
        seat.until(60)
    # the agent's answers are stored with the player's: decisions of both seats
    assert len(live_server.hub.store.load(g["game"]).answers) == len(live.session.indices) > 25
