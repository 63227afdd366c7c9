"""Extra turns ("Then, take an extra turn after this one", OP05-119; rules/turns.py): a game saved and loaded
in the middle of an extra turn goes on the same, the views say whose turn it is, the per-player turn count
and the durations follow the actual order of turns. The expectations come from the card's words: after this
turn ends (6-6) the same player takes a whole turn (6-1-1), then the turn order goes on as before."""

from __future__ import annotations

from tcgsim.onepiece.cards.database import default_database
from tcgsim.onepiece.effects.select import own_turn_number
from tcgsim.onepiece.rules import continuous as cv
from tcgsim.onepiece.rules.engine import Game
from tcgsim.onepiece.rules.turns import next_turn_of, take_extra_turn, turn_players
from tcgsim.onepiece.rules.view import player_view

from checklist_helpers import game, play

STATE = """
turn: 3
active: p1
phase: main
p1:
  leader: TEST-L01
  hand: [OP05-119, FILLER]
  deck: 20
  don: {active: 10}
p2:
  leader: TEST-L02
  deck: 20
"""


def _luffy_played():
    g = game(STATE, log=False)
    play(g, "p1: play OP05-119", "p1: yes")
    return g


def test_the_extra_turn_is_the_same_players_and_counts_as_their_turn():
    g = _luffy_played()
    assert g.upcoming == (0, 1)
    play(g, "p1: end turn")
    assert (g.turn, g.active, g.phase) == (4, 0, "main")
    assert g.extra_turns == ((4, 0),) and g.upcoming == (1,)
    assert turn_players(g) == [0, 1, 0, 0]
    assert own_turn_number(g, 0) == 3 and own_turn_number(g, 1) == 1
    play(g, "p1: end turn")
    assert (g.turn, g.active) == (5, 1) and g.upcoming == ()
    play(g, "p2: end turn")
    assert (g.turn, g.active) == (6, 0)
    assert turn_players(g) == [0, 1, 0, 0, 1, 0]


def test_views_say_whose_turn_it_is_in_the_extra_turn():
    g = _luffy_played()
    play(g, "p1: end turn")
    for who in (0, 1):
        v = player_view(g, who)
        assert (v["turn"], v["active"], v["phase"]) == (4, "p1", "main")
        assert v["extra_turn"] is True and v["next_turns"] == ["p2"]
    play(g, "p1: end turn")
    v = player_view(g, 1)
    assert v["active"] == "p2" and "extra_turn" not in v and "next_turns" not in v


def test_a_game_saved_in_the_extra_turn_loads_and_goes_on_the_same():
    db = default_database()
    for steps in (0, 1):  # saved before the extra turn begins (upcoming only) and in it
        g = _luffy_played()
        for _ in range(steps):
            play(g, "p1: end turn")
        data = g.to_dict()
        assert data["upcoming"] == list(g.upcoming)
        h = Game.from_dict(data, db)
        assert h.fingerprint() == g.fingerprint()
        assert (h.upcoming, h.extra_turns) == (g.upcoming, g.extra_turns)
        c = g.clone()
        for x in (g, h, c):
            while x.turn < 7:
                play(x, f"p{x.active + 1}: end turn")
        assert g.fingerprint() == h.fingerprint() == c.fingerprint()
        assert turn_players(g) == turn_players(h) == [0, 1, 0, 0, 1, 0, 1]


def test_a_game_without_extra_turns_stores_none():
    g = game(STATE, log=False)
    data = g.to_dict()
    assert "upcoming" not in data and "extra_turns" not in data
    assert next_turn_of(g, 0) == 5 and next_turn_of(g, 1) == 4


def test_an_extra_turn_of_the_non_turn_player_comes_before_their_own_turn():
    """Read from the same words for a Luffy resolved in the opponent's turn: that player's extra turn comes
    right after this turn, then the turn they would have taken, then the order as before."""
    g = game(STATE, log=False)
    cv.add_modifier(g, g.players[0].leader, cv.POWER, 1000, cv.END, next_turn_of(g, 0), 0)  # p1's next: 5
    cv.add_modifier(g, g.players[1].leader, cv.POWER, 1000, cv.END, next_turn_of(g, 1), 1)  # p2's next: 4
    take_extra_turn(g, 1)
    assert g.upcoming == (1, 1)
    assert next_turn_of(g, 1) == 4 and next_turn_of(g, 0) == 6
    assert sorted(m.expire_turn for m in g.mods if m.stat == cv.POWER) == [4, 6]
