"""`tcgsim play`: a person plays one side at the terminal; here the person is a scripted stdin."""

from __future__ import annotations

from typer.testing import CliRunner

from tcgsim.agents import make_agent
from tcgsim.agents.human import HumanAgent, play_terminal
from tcgsim.cli import app
from tcgsim.core.decision import Decision
from tcgsim.onepiece.cards.decklist import load_valid_deck

runner = CliRunner()


def test_play_scripted_session_with_bad_input_and_concede():
    # seed 3: p2 chooses to go second, so p1 (the person, seat 1) keeps or mulligans, then plays turn 1
    script = "\n".join([
        "help",
        "keep",              # typed notation
        "bogus",             # not an option: message, asked again
        "0",                 # out of range: message, asked again
        "play ST01-006",     # typed notation of a legal option
        "4",                 # a number: the 4th option listed (end turn, turn 1 has 4 options after a play)
        "board",
        "concede",
    ]) + "\n"
    result = runner.invoke(app, ["play", "ST01", "ST02", "--seed", "3", "--agent", "mcts", "--mcts-iterations", "5"],
                           input=script)
    out = result.output
    assert result.exit_code == 0, out
    assert "game seed 3" in out and "you are p1" in out
    assert "Answer with the number of an option" in out  # help
    assert "p1 keeps" in out
    assert "not a legal option: 'bogus'" in out
    assert "no option 0" in out
    assert "p1 plays ST01-006" in out
    assert "your decision (main):" in out and "end turn" in out
    assert "p2 wins (concede)" in out and "You lose." in out


def test_play_other_seat_and_end_of_input_quits():
    result = runner.invoke(app, ["play", "ST01", "ST02", "--seed", "5", "--seat", "2", "--agent", "heuristic"],
                           input="1\n")
    assert result.exit_code == 0, result.output
    assert "as p2" in result.output and "game stopped." in result.output
    # the opponent's hand is never shown: only its size
    assert "hand 5" in result.output


def test_play_rejects_budget_for_other_agents():
    result = runner.invoke(app, ["play", "ST01", "ST02", "--agent", "random", "--mcts-iterations", "3"], input="quit\n")
    assert result.exit_code != 0


def test_only_visible_events_are_shown(db):
    """The person never sees the opponent's private log events (e.g. which Life card went to hand)."""
    a, b = load_valid_deck("ST01", db), load_valid_deck("ST02", db)
    lines: list[str] = []

    class Capture:
        def print(self, text="", **kw):
            lines.append(str(text))

    answers = iter(["1"] * 400)

    def read(prompt):
        for answer in answers:
            return answer
        raise EOFError

    result = play_terminal(a, b, db, make_agent("heuristic", 1, db=db), seed=8, seat=1, console=Capture(), read=read)
    assert result["winner"] is not None
    text = "\n".join(lines)
    assert "p2 takes 1 damage" in text  # public
    assert "p2 adds" in text  # public: p2 adds DON!!
    assert not [line for line in lines if "p2 adds" in line and "Life to hand" in line]  # p2's private events
    assert [line for line in lines if "p1 adds" in line and "Life to hand" in line]  # the person's own are shown


def test_human_agent_answers_by_number_label_or_parse():
    d = Decision(0, "main", (("end",), ("play", 3)))
    view = {"you": "p1", "turn": 1, "active": "p1", "phase": "main",
            "me": {"leader": {"card": "L", "power": 5000}, "characters": [], "hand_count": 0, "deck_count": 0,
                   "life_count": 5, "life_face_up": [], "trash": [], "don": {"active": 0, "rested": 0, "deck": 10},
                   "hand": []},
            "opponent": {"leader": {"card": "L", "power": 5000}, "characters": [], "hand_count": 0, "deck_count": 0,
                         "life_count": 5, "life_face_up": [], "trash": [], "don": {"active": 0, "rested": 0, "deck": 10}},
            "known": [], "battle": None}
    printed = []

    class Capture:
        def print(self, text="", **kw):
            printed.append(str(text))

    for answers, expected in ((["2"], 1), (["end turn"], 0), (["x", "2"], 1)):
        it = iter(answers)
        h = HumanAgent(console=Capture(), read=lambda prompt: next(it))
        assert h.choose(view, d, ["end turn", "play X"]) == expected


def test_play_bleach_at_the_terminal():
    """`tcgsim play --game bleach`: the demo decks by default, the Bleach board and help, typed notation,
    and the opponent's hand never shown (only its size)."""
    result = runner.invoke(app, ["play", "--game", "bleach", "--seed", "3", "--agent", "heuristic"],
                           input="help\nkeep\nboard\nconcede\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "you play compagnons as p1" in out
    assert "Ames Principales:" in out and "soul points 6" in out  # the Bleach board, not the One Piece one
    assert "spirit BLX-012 -> BLX-001" in out  # the Bleach help
    assert "p1 keeps" in out and "p2 wins (concede)" in out
    from tcgsim.core.games import get_game

    m = get_game("bleach")
    rivaux = m.load_deck("rivaux", m.default_database())
    opp_only = {n for n, _ in rivaux.main} - {n for n, _ in m.load_deck("compagnons", m.default_database()).main}
    hand_lines = out.split("your hand:")[1].split("your decision")[0]
    assert not any(n in hand_lines for n in opp_only)
