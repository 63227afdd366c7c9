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
    result = runner.invoke(app, ["play", "ST01", "ST02", "--seed", "3", "--agent", "mcts", "--mcts-iterations", "5",
                                 "--agent-pace-ms", "0"], input=script)
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


def test_a_refused_action_at_the_terminal_names_its_rule():
    """Issue 12 §3 at the terminal: rule 6-5-6-1, "Neither player can battle on their first turn": the
    person's attack in their first turn is refused with that rule and asked again."""
    script = "keep\nattack leader -> opp leader\nconcede\n"  # seed 3: the person is p1 and goes first
    result = runner.invoke(app, ["play", "ST01", "ST02", "--seed", "3", "--agent", "random"], input=script)
    out = result.output
    assert result.exit_code == 0, out
    assert "6-5-6-1: neither player can battle on their first turn" in out
    assert "You lose." in out


def test_an_answer_of_another_decision_at_the_terminal_names_the_rule_of_the_decision_asked():
    """Issue 12 §3 at the terminal: 'yes' typed in the person's Main Phase answers no question an effect
    asked; the refusal names rule 6-5-2 ("In the Main Phase, you may perform the following Main Phase
    actions") and the person is asked again."""
    script = "keep\nyes\nconcede\n"  # seed 3: the person is p1 and goes first
    result = runner.invoke(app, ["play", "ST01", "ST02", "--seed", "3", "--agent", "random", "--agent-pace-ms", "0"],
                           input=script)
    out = result.output
    assert result.exit_code == 0, out
    assert "6-5-2: the decision now is your Main Phase" in out and "You lose." in out


def test_terminal_show_trash_and_don_asked_in_a_second_step():
    """Issue 12 §7: ``show CARD`` prints a visible card's printed text and what is unsupported, and refuses a
    card the player cannot see; ``trash`` lists the trashes; the board names cards and their keywords (a
    [Blocker] visible); the person's own draws are named; giving DON!! is one option per target and the
    number is asked next (rule 6-5-5-3: giving "as many times as you wish to the extent possible")."""
    # seed 3: p1 (the person) goes second; in turn 2 p1 has 2 active DON!! and the options list
    # "give DON!! -> leader" once
    script = "keep\nshow ST01-001\nshow OP99-999\ntrash\n"
    result = runner.invoke(app, ["play", "ST01", "ST02", "--seed", "3", "--agent", "random"], input=script)
    out = result.output
    assert result.exit_code == 0, out
    assert "Monkey.D.Luffy" in out and "unsupported:" in out and "[Activate: Main] [Once Per Turn]" in out
    assert "no card OP99-999 you can see" in out
    assert "your trash (0, top first): empty" in out
    assert "ST02-004 Capone\"Gang\"Bege [Blocker]" in out  # the opponent's Blocker on the board
    assert "p1 drew ST01-011" in out
    menu = [line for line in out.splitlines() if "give" in line and "don" in line.lower()]
    assert menu and all("the number is asked next" in line for line in menu), menu
    n = next(line.split(".")[0].strip() for line in menu if "-> leader" in line)
    result = runner.invoke(app, ["play", "ST01", "ST02", "--seed", "3", "--agent", "random"],
                           input=f"keep\n{n}\n2\nquit\n")
    assert "how many DON!! to give to leader (1 to 2" in result.output
    assert "p1 gives 2 DON!! to p1's leader" in result.output


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

    result = play_terminal(a, b, db, make_agent("heuristic", 1, db=db), seed=8, seat=1, console=Capture(), read=read,
                           pace_ms=0)  # no pause: the pace is tested in tests/protocol/test_hidden.py
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


def test_a_multi_card_answer_on_one_line_is_fed_a_card_at_a_time():
    """SCENARIOS.md "actions": a multi-card answer written on one line (``choose a, b``) is fed a card at a
    time; and an ``order`` prompt says which end is the top."""
    from tcgsim.core.session import ProtocolError

    view = {"you": "p1", "turn": 3, "active": "p1", "phase": "main", "me": {}, "opponent": {}}
    printed = []

    class Capture:
        def print(self, text="", **kw):
            printed.append(str(text))

    first = ["choose A", "choose B", "choose C"]

    def parse(text):
        if text in labels_now:
            return labels_now.index(text)
        raise ProtocolError("illegal", f"{text!r} is not a legal option")

    answers = iter(["choose B, C"])
    h = HumanAgent(console=Capture(), read=lambda prompt: next(answers), board=lambda v: [])
    labels_now = first
    assert h.choose(view, Decision(0, "choose", (1, 2, 3)), first, parse=parse) == 1
    labels_now = ["choose A", "choose C"]
    # the second card is answered from the same line, without reading input (next(answers) would fail)
    assert h.choose(view, Decision(0, "choose", (1, 3)), labels_now, parse=parse) == 1
    assert any("(your answer goes on) choose C" in line for line in printed)
    answers = iter(["1"])
    labels_now = ["order A", "order B"]
    h.choose(view, Decision(0, "order", (1, 2)), labels_now, parse=parse)
    assert any("the card you choose first ends on top" in line for line in printed)


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


# ---------------------------------------------------------------------------------------------- Bleach terminal
def _bleach():
    from tcgsim.core.games import get_game

    m = get_game("bleach")
    db = m.default_database()
    return m, db, m.load_deck("compagnons", db), m.load_deck("rivaux", db)


def _scripted_bleach_session(answers, seed=5):
    """A person (seat p1, scripted ``answers`` then end of input) against the heuristic agent; returns
    ``(session, printed lines)``."""
    import pytest

    from tcgsim.agents.human import Quit
    from tcgsim.core.session import Session, play

    m, db, a, b = _bleach()
    printed = []

    class Capture:
        def print(self, text="", **kw):
            printed.append(str(text))

    it = iter(answers)

    def read(prompt):
        for x in it:
            return x
        raise EOFError

    human = HumanAgent(console=Capture(), read=read, db=db, board=lambda v: m.board_lines(v, db),
                       help_text=m.help_text)
    session = Session.start(m, a, b, db, seed, log=True)
    human.attach(session, 0)
    with pytest.raises(Quit):
        play(session, [human, m.make_agent("heuristic", 1, db)])
    return session, printed


def test_bleach_terminal_shows_every_log_line_since_the_last_decision():
    """Issue 16 point 6: no log line is dropped between two decisions (a stretch of more than 12 happens in
    this game), and the lines shown are exactly the ones p1 may see, in order."""
    session, printed = _scripted_bleach_session(["1"] * 25)
    expected = [t for who, t in session.referee_log() if who is None or who == 0]
    shown = [line[4:] for line in printed if line.startswith("  > ")]
    assert shown == expected
    runs, run = [], 0
    for line in printed:
        if line.startswith("  > "):
            run += 1
        elif run:
            runs.append(run)
            run = 0
    assert max(runs) > 12


def test_bleach_terminal_history_command_repeats_every_line_so_far():
    session, printed = _scripted_bleach_session(["1"] * 20 + ["history"])
    k = max(i for i, line in enumerate(printed) if line.startswith("history"))
    before = [line for line in printed[:k] if line.startswith("  > ")]
    assert printed[k + 1:k + 1 + len(before)] == before and len(before) > 12


def test_bleach_log_keeps_copy_markers_and_setup_header_names_no_attacker():
    """The log names a field card as the board does (BLX-001#2); the setup header says no one attacks."""
    from tcgsim.bleach.rules.notation import parse
    from tcgsim.bleach.scenario import build_game, load_scenario_text
    from tcgsim.core.session import Session

    g = build_game(load_scenario_text(
        "name: t\ngame: bleach\nstate:\n  turn: 3\n  active: p1\n  step: actions\n"
        "  p1: {main_souls: [BLX-001, BLX-001], zanpakuto: BLX-034}\n"
        "  p2: {main_souls: [BLX-009], zanpakuto: BLX-035}\n"))
    g.log = []
    g.apply(parse(g, "attack BLX-001#2"))
    assert "p1 attacks with BLX-001#2" in [t for _, t in g.log]
    m, db, a, b = _bleach()
    s = Session.start(m, a, b, db, 3, log=True)
    header = m.board_lines(s.view(0), db)[0]
    assert "attacks" not in header and "setup" in header


def _end_of_input(prompt):
    raise EOFError


def test_bleach_person_game_has_no_turn_limit(monkeypatch):
    """Issue 16 point 7: the 200-turn draw is for simulations; the terminal's game is started without it."""
    from tcgsim.bleach.rules import choices
    from tcgsim.core import session as session_mod

    m, db, a, b = _bleach()
    started = []
    real = session_mod.Session.start.__func__

    def start(cls, *args, **kw):
        s = real(cls, *args, **kw)
        started.append(s)
        return s

    monkeypatch.setattr(session_mod.Session, "start", classmethod(start))
    play_terminal(a, b, db, m.make_agent("heuristic", 1, db), seed=3, console=type("C", (), {"print": lambda *a, **k: None})(),
                  read=_end_of_input)
    g = started[0]._game
    assert g.max_turns is None
    g.turn = choices.MAX_TURNS + 5
    g.check()
    assert g.winner is None
    simulated = session_mod.Session.start(m, a, b, db, 3)._game
    assert simulated.max_turns == choices.MAX_TURNS


def test_the_mulligan_board_names_the_setup_not_a_turn_0_player():
    """Found by a new user: the first board read "turn 0, p2 to play" while p1 was asked to keep (5-2-1-6)."""
    result = runner.invoke(app, ["play", "ST01", "ST02", "--agent", "random", "--seat", "1", "--seed", "3"],
                           input="keep\nconcede\n")
    first = next(line for line in result.output.splitlines() if line.startswith("---"))
    assert first == "--- setup, before turn 1; you are p1 ---"
