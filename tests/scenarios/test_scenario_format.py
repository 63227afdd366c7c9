"""The scenario file format (SCENARIOS.md): the shared worked examples, malformed files, the matching rules
of actions, expectations, and the ``tcgsim scenario run`` command (output shapes, exit codes)."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import textwrap
from itertools import combinations
from pathlib import Path

import pytest

from tcgsim.onepiece.cards.model import KW_BLOCKER, KW_DOUBLE_ATTACK
from tcgsim.onepiece.rules.frames import HANDLERS, handler
from tcgsim.onepiece.scenario import (
    ScenarioFormatError,
    build_game,
    load_scenario_text,
    play_action,
    run_scenario,
    run_scenario_text,
)
from tcgsim.core.scenario.command import run_command

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
SHARED_SCENARIOS = sorted((SHARED / "scenarios").glob("*.yaml"))


def scenario(body: str = "", *, turn: int = 3, active: str = "p1", phase: str = "main", p1: str = "",
             p2: str = "", extra_state: str = "", top: str = "") -> str:
    """A scenario text: two vanilla test Leaders, 3 Life each, 20 FILLER cards each, plus the given parts
    (``p1``/``p2`` are extra lines of each player, indented by 4; ``body`` follows ``state``)."""
    def side(extra: str) -> str:
        return textwrap.indent(textwrap.dedent(extra).strip("\n"), "    ") + "\n" if extra.strip() else ""

    return (
        "name: test\n"
        + textwrap.dedent(top)
        + "cards:\n"
        "  - {number: TEST-L01, name: Red, category: Leader, colors: [Red], power: 5000, life: 5}\n"
        "  - {number: TEST-L02, name: Green, category: Leader, colors: [Green], power: 5000, life: 5}\n"
        "state:\n"
        f"  turn: {turn}\n  active: {active}\n  phase: {phase}\n"
        + textwrap.indent(textwrap.dedent(extra_state).strip("\n"), "  ") + ("\n" if extra_state.strip() else "")
        + "  p1:\n    leader: TEST-L01\n" + side(p1 or "life: [OP01-010, OP01-010, OP01-010]")
        + "  p2:\n    leader: TEST-L02\n" + side(p2 or "life: [OP01-010, OP01-010, OP01-010]")
        + textwrap.dedent(body)
    )


def run(text: str):
    return run_scenario_text(text, "t.yaml")


def passes(text: str) -> None:
    result = run(text)
    assert result.error is None, result.error
    assert result.passed, result.report()


def failures(text: str) -> list[dict]:
    result = run(text)
    assert result.error is None, result.error
    assert not result.passed
    return [f.to_json() for f in result.failures]


# ---------------------------------------------------------------------------------------------------------
# The worked examples
# ---------------------------------------------------------------------------------------------------------

def test_shared_examples_exist():
    assert len(SHARED_SCENARIOS) >= 3, f"expected the worked examples in {SHARED / 'scenarios'}"


@pytest.mark.parametrize("path", SHARED_SCENARIOS, ids=lambda p: p.name)
def test_shared_example_passes(path):
    result = run_scenario(path)
    assert result.error is None, result.error
    assert result.passed, result.report()


def test_spec_example_passes():
    text = (SHARED / "SCENARIOS.md").read_text(encoding="utf-8")
    block = re.search(r"```yaml\n(.*?)```", text, re.S).group(1)
    passes(block)


# ---------------------------------------------------------------------------------------------------------
# Malformed files: FILE:LINE: problem
# ---------------------------------------------------------------------------------------------------------

MALFORMED = {
    "yaml syntax": ("name: [x\nstate: 1\n", None, "YAML syntax error"),
    "not a mapping": ("- a\n", 1, "mapping"),
    "empty": ("", 1, "empty file"),
    "unknown top field": (scenario(top="colour: red\n"), 2, "unknown field 'colour'"),
    "missing name": (scenario().replace("name: test\n", ""), 1, "missing required field 'name'"),
    "missing state": ("name: x\n", 1, "missing required field 'state'"),
    "unknown player field": (scenario(p1="hnd: []"), 11, "state.p1: unknown field 'hnd'"),
    "missing leader": (scenario().replace("    leader: TEST-L01\n", ""), 9, "missing required field 'leader'"),
    "bad phase": (scenario(phase="battle"), 8, "state.phase"),
    "bad game": (scenario(top="game: chess\n"), 2, "game"),
    "bad auto": (scenario(top="auto: fold\n"), 2, "auto"),
    "string for int": (scenario().replace("turn: 3", "turn: three"), 6, "state.turn"),
    "bool for int": (scenario(p1="leader_don: true"), 11, "leader_don"),
    "duplicate key": (scenario(top="name: again\n"), 2, "duplicate key 'name'"),
    "deck shape": (scenario(p1="deck: lots"), 11, "must be a list of card numbers"),
    "life entry field": (scenario(p1="life:\n  - OP01-010\n  - {card: OP01-010, faceup: true}"), 13,
                         "unknown field 'faceup'"),
    "active parity": (scenario(active="p2"), 7, "odd turns"),
    "active parity with first": (scenario(extra_state="first: p2"), 7, "p2's turn"),
    "unknown card": (scenario(p2="hand: [OP01-010, OP01-999]"), 14, "unknown card number 'OP01-999'"),
    "unknown leader": (scenario().replace("leader: TEST-L01", "leader: TEST-L09"), 10, "unknown card number"),
    "leader not a leader": (scenario().replace("leader: TEST-L01", "leader: OP01-010"), 10, "not a Leader"),
    "leader in hand": (scenario(p1="hand: [TEST-L02]"), 11, "is a Leader card"),
    "character not a character": (scenario(p1="characters:\n  - {card: ST01-014}"), 12, "not a Character"),
    "six characters": (scenario(p1="characters: [" + ", ".join(["{card: OP01-010}"] * 6) + "]"), 11,
                       "at most 5"),
    "test card reuses real number": (scenario().replace("number: TEST-L02", "number: OP01-010"), 4,
                                     "real card number"),
    "test card reuses FILLER": (scenario().replace("number: TEST-L02", "number: FILLER"), 4, "FILLER"),
    "test card twice": (scenario().replace("number: TEST-L02", "number: TEST-L01"), 4, "defined twice"),
    "test card bad color": (scenario().replace("colors: [Green]", "colors: [Pink]"), 4, "colors"),
    "setup with hand": (scenario(turn=1, phase="setup", p1="hand: [OP01-010]"), 11, "must be empty"),
    "setup with life": (scenario(turn=1, phase="setup"), 11, "life must be empty"),
    "setup on turn 3": (scenario(turn=3, phase="setup", p1="deck: 20", p2="deck: 20"), 6, "turn must be 1"),
    "too many DON!!": (scenario(p1="don: {active: 6, rested: 3}\nleader_don: 2"), 11, "more than the Leader's DON!! deck"),
    "too many DON!! with deck": (scenario(p1="don: {active: 2, deck: 9}"), 11, "11 DON!!"),
    "first turn not done yet": (scenario(turn=2, active="p2", p2="first_turn_done: true"), 14,
                                "cannot have finished their first turn"),
    "action not a pN entry": (scenario("actions:\n  - end turn\n"), 16, "'pN: ACTION'"),
    "action by p3": (scenario("actions:\n  - p3: end turn\n"), 16, "p1 or p2"),
    "action not text": (scenario("actions:\n  - p1: 3\n"), 16, "expected an action"),
    "unknown expect path": (scenario("expect:\n  p1.mana: 3\n"), 16, "unknown expectation path 'p1.mana'"),
    "expect wrong type": (scenario("expect:\n  p1.life: many\n"), 16, "expected an integer"),
    "expect bool as int": (scenario("expect:\n  p1.hand.count: true\n"), 16, "expected an integer"),
    "expect unknown card": (scenario("expect:\n  p1.hand: [OP01-010, OP01-999]\n"), 16, "OP01-999"),
    "expect unknown card in path": (scenario("expect:\n  p1.OP01-999.power: 1000\n"), 16, "OP01-999"),
    "expect bad card reference": (scenario("expect:\n  p1.Zoro.power: 1000\n"), 16, "not a card reference"),
    "expect bad pending": (scenario("expect:\n  pending: p1 battle\n"), 16, "pending"),
    "expect bad winner": (scenario("expect:\n  winner: p3\n"), 16, "winner"),
    "after out of range": (scenario("actions:\n  - p1: end turn\nexpect:\n  - after: 2\n    winner: none\n"), 18,
                           "from 0 to 1"),
    "after missing in list": (scenario("expect:\n  - winner: none\n"), 16, "needs 'after: K'"),
}


@pytest.mark.parametrize("case", MALFORMED, ids=list(MALFORMED))
def test_malformed(case):
    text, line, problem = MALFORMED[case]
    result = run(text)
    assert result.error is not None, f"{case}: not reported as malformed"
    assert result.failures == [] and not result.passed
    assert problem in result.error, result.error
    if line is not None:
        assert result.error.startswith(f"t.yaml:{line}: "), result.error
    else:
        assert re.match(r"t\.yaml:\d+: ", result.error), result.error
    with pytest.raises(ScenarioFormatError):
        load_scenario_text(text, "t.yaml")
    assert result.to_json() == {"file": "t.yaml", "error": result.error}


def test_unsupported_text_is_listed():
    """A card whose text parses but which the engine does not play is listed by ``unsupported()`` (what
    ``--strict`` refuses); a card that compiles fully is not. Every database card is supported now, so the
    unsupported one is a test card: a "When you draw" effect without [Once Per Turn] (one event per card drawn
    or per draw: undecided, effects/support.py)."""
    fragment = "[Your Turn] When you draw a card outside of your Draw Phase, draw 1 card."
    text = scenario(p1="hand: [TEST-002, ST01-014]").replace(
        "  - {number: TEST-L02,",
        f'  - {{number: TEST-002, name: Reader, category: Character, cost: 1, power: 1000, text: "{fragment}"}}\n'
        "  - {number: TEST-L02,")
    sc = load_scenario_text(text, "t.yaml")
    listed = sc.unsupported()
    assert list(listed) == ["TEST-002"]
    assert listed["TEST-002"][0].startswith(fragment)
    assert not sc.db.get("ST01-014").unsupported


def test_unsupported_test_card_text_still_loads():
    text = scenario().replace(
        "  - {number: TEST-L02,",
        '  - {number: TEST-001, name: Brute, category: Character, cost: 3, power: 6000, text: "[Double Attack]\\n'
        '[Blocker] (After your opponent declares an attack, you may rest this card to make it the new target of '
        'the attack.)\\n[On Play] Draw 1 card.\\n[Trigger] Play this card."}\n  - {number: TEST-L02,')
    sc = load_scenario_text(text, "t.yaml")
    card = sc.cards["TEST-001"]
    assert card.keywords == KW_DOUBLE_ATTACK | KW_BLOCKER
    assert card.trigger_text == "Play this card."
    assert card.unsupported == ()
    assert [e.timing for e in card.effects] == ["on_play", "trigger"]


def test_text_rejection_hook_reports_the_fragment_line(monkeypatch):
    """The hook where grammar rejections of test-card text become malformed-file errors (scenario.py,
    ``_text_rejections``): the error names the line of the rejected fragment."""
    import tcgsim.onepiece.scenario as scenario_module

    monkeypatch.setattr(scenario_module, "_text_rejections",
                        lambda card: [(u, 4, "unknown verb") for u in card.unsupported])
    text = scenario().replace(
        "  - {number: TEST-L02,",
        "  - number: TEST-001\n    name: Brute\n    category: Character\n    text: |\n      [Rush]\n"
        "      [On Play] Frobnicate 1 card.\n  - {number: TEST-L02,")
    result = run(text)
    assert result.error == ("t.yaml:9: test card TEST-001: the card text grammar rejects "
                            "'[On Play] Frobnicate 1 card.' (position 4): unknown verb")


# ---------------------------------------------------------------------------------------------------------
# Building the state
# ---------------------------------------------------------------------------------------------------------

def test_state_defaults_and_pile_order():
    sc = load_scenario_text(scenario(p1="""
        life: [OP01-010, {card: OP01-036, face_up: true}, OP01-012]
        hand: [OP01-018, ST01-006]
        trash: [OP01-023, OP01-010]
        deck: [OP01-012, OP01-036]
        characters:
          - {card: OP01-010, rested: true, don: 2}
          - {card: ST01-006, played_this_turn: true}
        stage: {card: OP02-024, rested: true}
        don: {active: 3, rested: 1}
    """), "t.yaml")
    g = build_game(sc)
    p = g.players[0]
    num = g.t.numbers
    assert [num[c] for c in p.life] == ["OP01-012", "OP01-036", "OP01-010"]  # top last
    assert [num[c] for c in p.life if g.face_up[c]] == ["OP01-036"]
    assert [num[c] for c in p.deck] == ["OP01-036", "OP01-012"]
    assert [num[c] for c in p.trash] == ["OP01-010", "OP01-023"]
    assert [num[c] for c in p.hand] == ["OP01-018", "ST01-006"]
    a, b = p.characters
    assert g.rested[a] and g.given[a] == 2 and g.played[b] == 3 and g.played[a] != 3
    assert num[p.stage] == "OP02-024" and g.rested[p.stage]
    assert (p.don_active, p.don_rested, p.don_deck) == (3, 1, 4)
    assert p.first_turn_done and g.players[1].first_turn_done
    assert len(g.players[1].deck) == 20 and all(num[c] == "FILLER" for c in g.players[1].deck)
    assert g.pending.kind == "main" and g.turn == 3 and g.active == 0 and g.first == 0


def test_first_turn_done_default_follows_turn_and_first():
    g = build_game(load_scenario_text(scenario(turn=2, active="p2"), "t.yaml"))
    assert g.players[0].first_turn_done and not g.players[1].first_turn_done
    g = build_game(load_scenario_text(scenario(turn=2, active="p1", extra_state="first: p2"), "t.yaml"))
    assert not g.players[0].first_turn_done and g.players[1].first_turn_done


def test_phase_end_passes_the_turn():
    passes(scenario("""
        expect:
          pending: p2 main
          p2.hand.count: 1
          p2.don.active: 2
          p1.don.active: 0
    """, phase="end"))


def test_phase_don_and_draw():
    passes(scenario("expect:\n  p1.hand.count: 0\n  p1.don.active: 2\n", phase="don"))
    passes(scenario("expect:\n  p1.hand.count: 1\n  p1.don.active: 2\n", phase="draw"))
    # the first player's first turn: no draw, 1 DON!! (rules 6-3-1, 6-4-1)
    passes(scenario("expect:\n  p1.hand.count: 0\n  p1.don.active: 1\n  p1.deck.count: 20\n", turn=1, phase="draw"))


def test_setup_without_first_asks_a_seeded_player():
    text = scenario("expect:\n  pending: WHO first\n", turn=1, phase="setup",
                    p1="deck: 20", p2="deck: 20", extra_state="seed: SEED")
    seen = set()
    for seed in range(6):
        g = build_game(load_scenario_text(text.replace("SEED", str(seed)).replace("WHO", "p1"), "t.yaml"))
        assert g.pending.kind == "first"
        seen.add(g.pending.player)
        passes(text.replace("SEED", str(seed)).replace("WHO", f"p{g.pending.player + 1}"))
    assert seen == {0, 1}


def test_setup_mulligan_shuffles_with_the_seed():
    deck = "deck: [" + ", ".join(f"{n}" for n in ["OP01-010"] * 5 + ["OP01-012", "OP01-018", "OP01-023", "OP01-036",
                                                               "ST01-006"] * 4) + "]"
    text = scenario("actions:\n  - p1: mulligan\n", turn=1, phase="setup", p1=deck, p2="deck: 20",
                    extra_state="first: p1\nseed: SEED")
    hands = set()
    for seed in range(4):
        t = text.replace("SEED", str(seed))
        sc = load_scenario_text(t, "t.yaml")
        r1 = run_scenario_text(t, "t.yaml")
        r2 = run_scenario_text(t, "t.yaml")
        h1 = tuple(r1.game.t.numbers[c] for c in r1.game.players[0].hand)
        assert h1 == tuple(r2.game.t.numbers[c] for c in r2.game.players[0].hand)  # deterministic
        assert sc.spec.state.seed == seed
        hands.add(h1)
    assert len(hands) > 1


# ---------------------------------------------------------------------------------------------------------
# Actions: strict failure, skipped steps, auto: pass, after: K, concede, yes/no
# ---------------------------------------------------------------------------------------------------------

MAIN = "p1 main: attack leader -> opp leader; end turn"
ATTACK = dict(p1="life: [OP01-010]\ncharacters:\n  - {card: OP01-018}",
              p2="life: [OP01-036, OP01-010]\nhand: [OP01-010]\ncharacters:\n  - {card: ST01-006}")


def test_strict_failure_shape_and_later_expectations_not_checked():
    fs = failures(scenario("""
        actions:
          - p1: attack OP01-018 -> opp leader
          - p2: block OP01-010
          - p2: no block
        expect:
          - after: 1
            pending: p2 block
          - after: 3
            winner: p1
    """, **ATTACK))
    assert fs == [{"after": 1, "path": "action 2", "expected": "block OP01-010",
                   "found": "p2 block: block ST01-006; no block"}]


def test_an_illegal_step_is_reported_with_the_rule_that_forbids_it():
    """Issue 12 §3: the runner's report of an illegal step names the rule. Rule 3-7-4: "Played cards cannot
    attack on the turn in which they are played unless otherwise specified" (OP01-018 has no [Rush]); the
    JSON keeps the SCENARIOS.md shape."""
    result = run(scenario("""
        actions:
          - p1: attack OP01-018 -> opp leader
    """, p1="life: [OP01-010]\ncharacters:\n  - {card: OP01-018, played_this_turn: true}"))
    assert not result.passed
    assert result.failures[0].to_json() == {"after": 0, "path": "action 1", "expected": "attack OP01-018 -> opp leader",
                                            "found": MAIN}
    assert "(refused by rule 3-7-4: OP01-018 was played this turn" in result.report()


def test_an_answer_of_another_decision_is_reported_with_the_rule_of_the_decision_asked():
    """Issue 12 §3, in the scenario runner: 'trigger' typed in p1's Main Phase is refused by the rule of the
    decision being asked, 6-5-2 ("In the Main Phase, you may perform the following Main Phase actions"), and
    not by a rule the engine cannot name."""
    result = run(scenario("""
        actions:
          - p1: trigger
    """))
    assert not result.passed
    assert "(refused by rule 6-5-2: the decision now is your Main Phase" in result.report()


def test_skipped_steps_are_matched_once_and_by_player():
    base = dict(p1="characters:\n  - {card: OP01-018}")
    # p2 has no Blocker and no Counter: both steps pass by themselves; the script may still name them.
    passes(scenario("""
        actions:
          - p1: attack OP01-018 -> opp leader
          - p2: no block
          - p2: end counter
          - p2: no trigger
          - p1: end turn
        expect:
          - after: 1
            pending: p1 main
            p2.life: 2
          - after: 5
            pending: p2 main
    """, **base))
    # the same declined step cannot be skipped twice
    fs = failures(scenario("""
        actions:
          - p1: attack OP01-018 -> opp leader
          - p2: no block
          - p2: no block
    """, **base))
    assert fs[0]["path"] == "action 3" and fs[0]["found"].startswith("p1 main: ")
    # a step is named only by the player who took it
    fs = failures(scenario("actions:\n  - p1: attack OP01-018 -> opp leader\n  - p1: no block\n", **base))
    assert fs[0]["path"] == "action 2"
    # steps before the previous asked decision are out of the window
    fs = failures(scenario("""
        actions:
          - p1: attack OP01-018 -> opp leader
          - p1: give 1 don -> leader
          - p2: no block
    """, p1=base["p1"] + "\ndon: {active: 1}"))
    assert fs[0]["path"] == "action 3"


def test_auto_pass():
    script = """
        actions:
          - p1: attack OP01-018 -> opp leader
          - p1: end turn
        expect:
          p2.life: 1
          p2.hand: [OP01-010, OP01-036, FILLER]   # the Life card, and the card drawn in p2's Draw Phase
          pending: p2 main
    """
    fs = failures(scenario(script, **ATTACK))
    assert fs == [{"after": 1, "path": "action 2", "expected": "end turn",
                   "found": "p2 block: block ST01-006; no block"}]
    passes(scenario(script, top="auto: pass\n", **ATTACK))
    # nothing is auto-passed once the script has run out: the game stays at the block decision
    passes(scenario("actions:\n  - p1: attack OP01-018 -> opp leader\nexpect:\n  pending: p2 block\n",
                    top="auto: pass\n", **ATTACK))


def test_auto_pass_does_not_decline_the_main_decision():
    fs = failures(scenario("actions:\n  - p2: end turn\n", top="auto: pass\n"))
    assert fs == [{"after": 0, "path": "action 1", "expected": "end turn", "found": MAIN}]


def test_after_k_reads_each_checkpoint():
    passes(scenario("""
        actions:
          - p1: attack OP01-018 -> opp leader
          - p2: no block
          - p2: counter OP01-010 -> leader
          - p2: end counter
        expect:
          - after: 0
            pending: p1 main
            p1.OP01-018.rested: false
          - after: 1
            pending: p2 block
            p1.OP01-018.rested: true
          - after: 2
            pending: p2 counter
          - after: 3
            pending: p2 counter
            p2.leader.power: 6000
            p2.hand: [OP01-010]
            p2.trash: [OP01-010]
          - after: 4
            p2.leader.power: 5000
            p2.life: 1
            p2.hand: [OP01-010, OP01-036]
            pending: p1 main
    """, p1=ATTACK["p1"], p2=ATTACK["p2"].replace("hand: [OP01-010]", "hand: [OP01-010, OP01-010]")))


def test_failures_report_every_checkpoint_that_fails():
    fs = failures(scenario("""
        actions:
          - p1: end turn
        expect:
          - after: 0
            pending: p2 main
          - after: 1
            pending: p2 main
            p2.hand.count: 2
    """))
    assert fs == [{"after": 0, "path": "pending", "expected": "p2 main", "found": "p1 main"},
                  {"after": 1, "path": "p2.hand.count", "expected": 2, "found": 1}]


def test_concede():
    passes(scenario("""
        actions:
          - p2: concede
        expect:
          winner: p1
          pending: none
    """))
    passes(scenario("""
        actions:
          - p1: attack OP01-018 -> opp leader
          - p1: concede
        expect:
          winner: p2
    """, **ATTACK))
    fs = failures(scenario("actions:\n  - p2: concede\n  - p1: concede\n"))
    assert fs == [{"after": 1, "path": "action 2", "expected": "concede", "found": "none (game over: p1 wins)"}]
    passes(scenario("expect:\n  legal: [concede]\n"))


def test_yes_no_read_as_booleans():
    sc = load_scenario_text(scenario("actions:\n  - p1: yes\n  - p1: no\n  - p1: 'no'\n"), "t.yaml")
    assert [a.text for a in sc.actions] == ["yes", "no", "no"]
    fs = failures(scenario("actions:\n  - p1: yes\n"))
    assert fs == [{"after": 0, "path": "action 1", "expected": "yes", "found": MAIN}]
    passes(scenario("expect:\n  illegal: [yes, no, 'yes']\n"))


def test_action_after_the_game_is_over():
    fs = failures(scenario("""
        actions:
          - p1: attack OP01-018 -> opp leader
          - p1: end turn
    """, p1=ATTACK["p1"], p2="life: []"))
    assert fs == [{"after": 1, "path": "action 2", "expected": "end turn", "found": "none (game over: p1 wins)"}]


# ---------------------------------------------------------------------------------------------------------
# Multi-card answers, fed all at once or one card at a time (engine frames emulating an effect's choice)
# ---------------------------------------------------------------------------------------------------------

if "test_choose_each" not in HANDLERS:
    @handler("test_choose_each")
    def _choose_each(g, frame, choice):
        """Trash ``frame[1]`` cards from p1's hand, asked one card at a time."""
        if frame[1] == 0:
            g.stack.pop()
            return
        p = g.players[0]
        if choice is None:
            choice = g.ask(0, "choose", [("choose", c) for c in p.hand])
            if choice is None:
                return
        p.hand.remove(choice[1])
        p.trash.append(choice[1])
        g.stack[-1] = ("test_choose_each", frame[1] - 1)

    @handler("test_choose_all")
    def _choose_all(g, frame, choice):
        """Trash 2 cards from p1's hand, asked all at once."""
        p = g.players[0]
        if choice is None:
            choice = g.ask(0, "choose", [("choose", a, b) for a, b in combinations(p.hand, 2)])
            if choice is None:
                return
        g.stack.pop()
        for c in choice[1:]:
            p.hand.remove(c)
            p.trash.append(c)


def _game_with(frame, hand: str):
    g = build_game(load_scenario_text(scenario(p1=f"hand: [{hand}]"), "t.yaml"), run=False, trace=True)
    g.stack.append(frame)
    g.run()
    return g


@pytest.mark.parametrize("frame", [("test_choose_each", 2), ("test_choose_all",)], ids=["one-at-a-time", "all-at-once"])
def test_multi_card_answer_any_granularity(frame):
    g = _game_with(frame, "OP01-010, OP01-036, OP01-012")
    assert g.pending.kind == "choose"
    assert not play_action(g, 0, "choose OP01-010, OP01-018")  # not a candidate: nothing happens
    assert [g.t.numbers[c] for c in g.players[0].hand] == ["OP01-010", "OP01-036", "OP01-012"]
    assert play_action(g, 0, "choose OP01-012, OP01-010")
    assert sorted(g.t.numbers[c] for c in g.players[0].trash) == ["OP01-010", "OP01-012"]
    assert g.pending.kind == "main"


def test_single_candidate_choice_is_taken_and_the_script_skips_it():
    g = _game_with(("test_choose_each", 1), "OP01-036")
    assert g.pending.kind == "main" and [g.t.numbers[c] for c in g.players[0].trash] == ["OP01-036"]
    assert not play_action(g, 0, "choose OP01-010")
    assert play_action(g, 0, "choose OP01-036")
    assert not play_action(g, 0, "choose OP01-036")  # at most once


# A multi-card line is the whole answer (SCENARIOS.md "actions"): for an "up to N" choice asked one card at a
# time, a line naming fewer than N ends the choice; the engine's next choice is a new decision.
UP_TO_CARDS = """\
name: test
cards:
  - {number: TEST-L01, name: Red, category: Leader, colors: [Red], power: 5000, life: 5}
  - {number: TEST-L02, name: Green, category: Leader, colors: [Green], power: 5000, life: 5}
  - {number: TEST-W01, name: Weak, category: Character, colors: [Green], cost: 1, power: 1000}
  - {number: TEST-W02, name: Weaker, category: Character, colors: [Green], cost: 1, power: 1000}
  - {number: TEST-W03, name: Weakest, category: Character, colors: [Green], cost: 1, power: 1000}
  - {number: TEST-KO3, name: Three Knockouts, category: Character, colors: [Red], cost: 0, power: 1000,
     text: "[On Play] K.O. up to 3 of your opponent's Characters with a cost of 1 or less. Then, rest up to 1 of your opponent's Characters."}
  - {number: TEST-DON3, name: Three DON, category: Character, colors: [Red], cost: 0, power: 1000,
     text: "[On Play] Set up to 3 of your DON!! cards as active."}
state:
  turn: 3
  active: p1
  phase: main
  p1:
    leader: TEST-L01
    hand: [TEST-KO3, TEST-DON3]
    don: {rested: 4}
  p2:
    leader: TEST-L02
    characters:
      - {card: TEST-W01}
      - {card: TEST-W02}
      - {card: TEST-W03}
"""


def test_multi_card_line_naming_fewer_than_up_to_n_ends_the_choice():
    passes(UP_TO_CARDS + textwrap.dedent("""\
        actions:
          - p1: play TEST-KO3
          - p1: choose opp TEST-W01, opp TEST-W02   # 2 of up to 3: the K.O. choice is over
          - p1: choose opp TEST-W03                 # the "Then, rest up to 1" choice, a new decision
          - p1: play TEST-DON3
          - p1: choose 2 rested don                 # 2 of up to 3 DON!!: over
        expect:
          - after: 2
            pending: p1 choose
            p2.characters: [TEST-W03]
            legal: [choose opp TEST-W03, choose none]
          - after: 3
            p2.TEST-W03.rested: true
          - after: 5
            pending: p1 main
            p1.don.active: 2
            p1.don.rested: 2
        """))


def test_one_card_a_line_still_answers_a_choice_asked_one_card_at_a_time():
    passes(UP_TO_CARDS + textwrap.dedent("""\
        actions:
          - p1: play TEST-KO3
          - p1: choose opp TEST-W01
          - p1: choose opp TEST-W02
          - p1: choose none
        expect:
          - after: 2
            pending: p1 choose                      # the K.O. choice goes on: nothing K.O.'d yet
            legal: [choose opp TEST-W03, choose none]
            p2.characters: [TEST-W01, TEST-W02, TEST-W03]
          - after: 4
            pending: p1 choose                      # the "Then, rest" choice
            p2.characters: [TEST-W03]
        """))


def test_multi_card_line_naming_more_than_n_cards_is_not_playable():
    fs = failures(UP_TO_CARDS + textwrap.dedent("""\
        actions:
          - p1: play TEST-KO3
          - p1: choose opp TEST-W01, opp TEST-W02, opp TEST-W03, opp leader
        """))
    assert [f["path"] for f in fs] == ["action 2"]


# ---------------------------------------------------------------------------------------------------------
# Expectations
# ---------------------------------------------------------------------------------------------------------

def test_lists_are_multisets_except_order_and_top():
    p1 = """
        life: [OP01-010, OP01-036, OP01-012]
        hand: [OP01-018, ST01-006, OP01-018]
        trash: [OP01-023, OP01-010]
        deck: [OP01-012, OP01-036, OP01-010]
        characters: [{card: OP01-010}, {card: ST01-006}]
    """
    passes(scenario("""
        expect:
          p1.hand: [OP01-018, OP01-018, ST01-006]
          p1.trash: [OP01-010, OP01-023]
          p1.characters: [ST01-006, OP01-010]
          p1.life.order: [OP01-010, OP01-036, OP01-012]
          p1.deck.top: [OP01-012, OP01-036]
          p1.life: 3
          p1.hand.count: 3
          p1.trash.count: 2
          p1.deck.count: 3
    """, p1=p1))
    fs = failures(scenario("""
        expect:
          p1.hand: [OP01-018, ST01-006]
          p1.life.order: [OP01-036, OP01-010, OP01-012]
          p1.deck.top: [OP01-036]
    """, p1=p1))
    assert fs == [
        {"after": 0, "path": "p1.hand", "expected": ["OP01-018", "ST01-006"],
         "found": ["OP01-018", "ST01-006", "OP01-018"]},
        {"after": 0, "path": "p1.life.order", "expected": ["OP01-036", "OP01-010", "OP01-012"],
         "found": ["OP01-010", "OP01-036", "OP01-012"]},
        {"after": 0, "path": "p1.deck.top", "expected": ["OP01-036"], "found": ["OP01-012"]},
    ]


def test_card_paths():
    passes(scenario("""
        expect:
          p1.leader.power: 6000
          p1.leader.don: 1
          p1.leader.rested: true
          p1.OP01-010.power: 3000
          p1.OP01-010#2.power: 5000
          p1.OP01-010#2.don: 2
          p1.OP01-010#2.rested: true
          p1.OP01-010.cost: 1
          p1.hand.OP01-018.cost: 4
          p1.hand.1.cost: 4
          p1.stage: OP02-024
          p1.stage.rested: false
          p1.life.face_up: [OP01-036]
          p1.don.active: 1
          p1.don.rested: 2
          p1.don.deck: 4
          p2.stage: none
          p2.ST01-006.power: 1000
          p2.ST01-006.don: 1
          p2.don.deck: 9
    """, p1="""
        leader_rested: true
        leader_don: 1
        life: [OP01-010, {card: OP01-036, face_up: true}]
        hand: [OP01-018]
        characters: [{card: OP01-010}, {card: OP01-010, don: 2, rested: true}]
        stage: OP02-024
        don: {active: 1, rested: 2}
    """, p2="""
        characters: [{card: ST01-006, don: 1}]
    """))
    fs = failures(scenario("expect:\n  p1.OP01-010.power: 3000\n  p1.leader.rested: true\n"))
    assert fs == [{"after": 0, "path": "p1.OP01-010.power", "expected": 3000, "found": "no such card"},
                  {"after": 0, "path": "p1.leader.rested", "expected": True, "found": False}]


def test_legal_and_illegal():
    text = scenario("""
        expect:
          legal: [attack OP01-018 -> opp leader, "attack OP01-018#1 -> opp leader", end turn, play OP01-010]
          illegal: [attack OP01-018 -> opp ST01-006, play OP01-023, no block]
    """, p1="hand: [OP01-010, OP01-023]\ncharacters: [{card: OP01-018}]\ndon: {active: 1}",
        p2="characters: [{card: ST01-006}]")
    passes(text)
    fs = failures(scenario("expect:\n  legal: [end turn, no block]\n  illegal: [end turn]\n"))
    assert fs == [{"after": 0, "path": "legal", "expected": "no block", "found": MAIN},
                  {"after": 0, "path": "illegal", "expected": "end turn", "found": MAIN}]


def test_winner_and_pending_none():
    passes(scenario("""
        actions:
          - p1: attack OP01-018 -> opp leader
        expect:
          winner: p1
          pending: none
    """, p1=ATTACK["p1"], p2="life: []"))


# ---------------------------------------------------------------------------------------------------------
# tcgsim scenario run
# ---------------------------------------------------------------------------------------------------------

@pytest.fixture
def files(tmp_path):
    good = tmp_path / "good.yaml"
    good.write_text(scenario("expect:\n  pending: p1 main\n"))
    bad = tmp_path / "bad.yaml"
    bad.write_text(scenario("actions:\n  - p2: no block\nexpect:\n  winner: p2\n"))
    broken = tmp_path / "broken.yaml"
    broken.write_text(scenario(p1="hnd: []"))
    return good, bad, broken


def test_run_command_exit_codes_and_json(files):
    good, bad, broken = files
    out, err = io.StringIO(), io.StringIO()
    assert run_command([str(good)], out=out, err=err) == 0
    assert out.getvalue() == f"{good}: passed\n"
    out = io.StringIO()
    assert run_command([str(good), str(bad)], out=out, err=err) == 1
    assert f"{bad}: FAILED (1 failure)\n{bad}: after 0: action 1: expected \"p2: no block\"" in out.getvalue()
    out, err = io.StringIO(), io.StringIO()
    assert run_command([str(broken), str(bad), str(good)], out=out, err=err) == 2
    assert err.getvalue() == f"{broken}:11: state.p1: unknown field 'hnd'\n"
    out = io.StringIO()
    assert run_command([str(good), str(bad), str(broken)], json_output=True, out=out, err=err) == 2
    objs = [json.loads(line) for line in out.getvalue().splitlines()]
    assert objs == [
        {"file": str(good), "passed": True, "failures": []},
        {"file": str(bad), "passed": False, "failures": [
            {"after": 0, "path": "action 1", "expected": "no block", "found": MAIN}]},
        {"file": str(broken), "error": f"{broken}:11: state.p1: unknown field 'hnd'"},
    ]
    out = io.StringIO()
    missing = good.with_name("missing.yaml")
    assert run_command([str(missing)], json_output=True, out=out, err=err) == 2
    assert json.loads(out.getvalue())["error"].startswith(f"{missing}: cannot read the file")


def test_cli(files):
    good, bad, broken = files

    def cli(*args):
        return subprocess.run([sys.executable, "-m", "tcgsim.cli", "scenario", "run", *args],
                              capture_output=True, text=True)

    r = cli(str(good))
    assert r.returncode == 0 and r.stdout == f"{good}: passed\n"
    r = cli(str(good), str(bad), "--json")
    assert r.returncode == 1 and [json.loads(x)["passed"] for x in r.stdout.splitlines()] == [True, False]
    r = cli(str(broken))
    assert r.returncode == 2 and "Traceback" not in r.stderr and f"{broken}:11:" in r.stderr


def test_unknown_game_is_malformed_at_its_line(tmp_path):
    """SCENARIOS.md "Top level": ``game`` names the game (default onepiece); an unknown game is a
    malformed file reported at the ``game`` line, exit status 2."""
    f = tmp_path / "chess.yaml"
    f.write_text("name: not a card game\ngame: chess\nstate: {}\n")
    out, err = io.StringIO(), io.StringIO()
    assert run_command([str(f)], out=out, err=err) == 2
    assert err.getvalue().startswith(f"{f}:2: unknown game 'chess'")
    assert "onepiece" in err.getvalue() and "bleach" in err.getvalue()
