"""Bleach scenario files (``game: bleach``, docs/scenarios.md): malformed files with their line, failure
reports, the matching of scripted actions, ``tcgsim scenario run`` on Bleach files and the dispatch by
``game``."""

from __future__ import annotations

import copy
import io
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import yaml

from tcgsim.bleach.scenario import FILLER, build_game, load_scenario_text, run_scenario_text
from tcgsim.core.scenario.command import run_command, run_file
from tcgsim.core.scenario.results import ScenarioFormatError

from .helpers import DB

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "bleach"
BLEACH_FILES = sorted(SCENARIOS.glob("*.yaml"))
ONEPIECE_FILE = Path(__file__).resolve().parents[1] / "scenarios" / "rules" / "attack-declaration.yaml"


def scenario(body: str = "", *, step: str = "actions", turn: int = 3, active: str = "p1", p1: str = "",
             p2: str = "", extra_state: str = "", top: str = "") -> str:
    """A Bleach scenario: p1 with BLX-001 and Lame du Vent, p2 with BLX-009 and Croc Sombre (each line of
    ``p1``/``p2`` is added to the player's mapping), then ``body``."""
    def side(extra: str) -> str:
        return textwrap.indent(textwrap.dedent(extra).strip("\n"), "    ") + "\n" if extra.strip() else ""

    return (
        "name: test\ngame: bleach\n" + textwrap.dedent(top)
        + f"state:\n  turn: {turn}\n  active: {active}\n  step: {step}\n"
        + textwrap.indent(textwrap.dedent(extra_state).strip("\n"), "  ") + ("\n" if extra_state.strip() else "")
        + "  p1:\n" + side(p1 or "main_souls: [BLX-001]") + "    zanpakuto: BLX-034\n"
        + "  p2:\n" + side(p2 or "main_souls: [BLX-009]") + "    zanpakuto: BLX-035\n"
        + textwrap.dedent(body)
    )


def error(text: str) -> str:
    result = run_scenario_text(text, "t.yaml")
    assert result.error is not None, "expected a malformed file"
    assert not result.passed and result.failures == []
    return result.error


def line_of(text: str, needle: str) -> int:
    """The 1-based line of the first line containing ``needle``."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def failures(text: str) -> list[dict]:
    result = run_scenario_text(text, "t.yaml")
    assert result.error is None, result.error
    assert not result.passed
    return [f.to_json() for f in result.failures]


def passes(text: str) -> None:
    result = run_scenario_text(text, "t.yaml")
    assert result.error is None, result.error
    assert result.passed, result.report()


# ---------------------------------------------------------------------------------------------------------
# Malformed files: FILE:LINE: problem
# ---------------------------------------------------------------------------------------------------------

def test_a_well_formed_minimal_file_passes():
    passes(scenario("expect:\n  pending: p1 action\n  p1.BLX-001.pc: 300\n"))


@pytest.mark.parametrize("change, needle, problem", [
    # unknown fields and missing fields
    (("main_souls: [BLX-001]", "main_souls: [BLX-001]\n    bogus: 1"), "bogus: 1", "state.p1: unknown field 'bogus'"),
    (("step: actions", "step: actions\n  phase: main"), "phase: main", "unknown field 'phase'"),
    (("    zanpakuto: BLX-035\n", ""), "  p2:", "state.p2: missing required field 'zanpakuto'"),
    # unknown card numbers
    (("main_souls: [BLX-001]", "main_souls: [BLX-001]\n    hand: [BLX-026, BLX-999]"), "BLX-999",
     "unknown card number 'BLX-999'"),
    # a card of the wrong type for its place
    (("main_souls: [BLX-001]", "main_souls: [BLX-026]"), "BLX-026", "BLX-026 is a carte Combat (combat), not an "
                                                                    "Ame Principale (main_soul)"),
    (("main_souls: [BLX-001]", "main_souls: [BLX-001]\n    support_souls: [BLX-003]"), "support_souls",
     "BLX-003 is an Ame Principale (main_soul), not an Ame de Soutien (support_soul)"),
    (("zanpakuto: BLX-034", "zanpakuto: BLX-026"), "BLX-026", "not a Zanpakutô (zanpakuto)"),
    (("main_souls: [BLX-001]", "main_souls: [BLX-001]\n    hand: [BLX-035]"), "hand:",
     "BLX-035 is a Zanpakutô: a player's Zanpakutô is given by the 'zanpakuto' field"),
    # Ame Déchaînée pieces
    (("main_souls: [BLX-001]", "main_souls: [{card: BLX-001, unleashed: [BLX-032, BLX-033]}]"), "main_souls",
     "BLX-032 unleashes BLX-009, not BLX-001"),
    (("main_souls: [BLX-001]", "main_souls: [{card: BLX-001, unleashed: [BLX-030]}]"), "main_souls",
     "the form 'Kaito Éveil' needs pieces 1 to 2 once each (got pieces 1)"),
    # the Zanpakutô's place
    (("main_souls: [BLX-001]", "main_souls: [{card: BLX-001, zanpakuto: true}, {card: BLX-003, zanpakuto: true}]"),
     "main_souls", "only one Ame Principale can bear the Zanpakutô"),
    (("zanpakuto: BLX-034", "zanpakuto: {card: BLX-034, where: borne}"), "where: borne",
     "p1's Zanpakutô is borne, but no Ame Principale has 'zanpakuto: true'"),
    (("main_souls: [BLX-001]", "main_souls: [{card: BLX-001, zanpakuto: true}]\n    x: 1"), "x: 1", "unknown field 'x'"),
    # contradictions
    (("active: p1", "active: p2"), "active: p2", "turn 3 is p1's turn (odd turns are the first player's, first is p1), "
                                                 "but active is p2"),
    (("main_souls: [BLX-009]", "main_souls: [BLX-009]\n    soul_points: 0"), "soul_points: 0",
     "p2 has no soul points: the game would be over"),
    (("main_souls: [BLX-009]", "main_souls: []"), "main_souls: []", "p2 has no Ame Principale"),
    (("step: actions", "step: spirit\n  combat_done: true"), "combat_done", "only meaningful with step: actions"),
    (("turn: 3", "turn: 2"), "active: p1", "turn 2 is p2's turn"),
    # shapes
    (("step: actions", "step: main"), "step: main", "state.step: must be 'setup', 'depart', 'entry', 'actions', "
                                                    "'spirit', 'unleash' or 'zanpakuto' (got 'main')"),
    (("main_souls: [BLX-009]", "main_souls: [BLX-009]\n    deck: many"), "deck: many",
     "must be a list of card numbers (top first) or a number of FILLER cards"),
    (("turn: 3", "turn: '3'"), "turn: '3'", "state.turn: must be a valid integer"),
])
def test_malformed_state_reports_the_line(change, needle, problem):
    text = scenario().replace(*change, 1)
    msg = error(text)
    assert msg.startswith(f"t.yaml:{line_of(text, needle)}: "), msg
    assert problem in msg, msg


def test_first_turn_done_cannot_contradict_the_turn():
    text = scenario(turn=2, active="p2", p2="main_souls: [BLX-009]\nfirst_turn_done: true")
    msg = error(text)
    assert msg == f"t.yaml:{line_of(text, 'first_turn_done')}: p2 cannot have finished their first turn (turn 2) on turn 2"


def test_setup_constraints():
    base = scenario(step="setup", turn=1)
    passes(base)
    for change, needle, problem in [
        (("main_souls: [BLX-001]", "main_souls: [BLX-003]"), "BLX-003", "needs a Coût d'Entrée of 0 (BLX-003 has 1)"),
        (("main_souls: [BLX-001]", "main_souls: [BLX-001]\n    deck: 11"), "deck: 11", "p1's deck needs at least 12"),
        (("main_souls: [BLX-001]", "main_souls: [BLX-001]\n    hand: [BLX-026]"), "hand:", "p1's hand must be empty"),
        (("main_souls: [BLX-001]", "main_souls: [BLX-001, BLX-002]"), "main_souls", "exactly one starting"),
        (("main_souls: [BLX-001]", "main_souls: [BLX-001]\n    soul_points: 6"), "soul_points", "come from the deck"),
        (("turn: 1", "turn: 3"), "turn: 3", "step setup starts the game: turn must be 1"),
    ]:
        text = base.replace(*change, 1)
        msg = error(text)
        assert msg.startswith(f"t.yaml:{line_of(text, needle)}: ") and problem in msg, msg


def test_test_cards_are_validated_like_card_files():
    card = "cards:\n  - {number: TST-001, name: Brute, type: main_soul, entry_cost: 0, pc_offensive: 700, pc_exhausted: 100}\n"
    text = scenario("expect:\n  p1.TST-001.pc: 700\n  p1.TST-001#2.pc: no such card\n", top=card,
                    p1="main_souls: [TST-001]")
    msg = error(text)  # "no such card" is not an integer: malformed
    assert msg == f"t.yaml:{line_of(text, 'TST-001#2')}: p1.TST-001#2.pc: expected an integer, got 'no such card'"
    passes(scenario("expect:\n  p1.TST-001.pc: 700\n", top=card, p1="main_souls: [TST-001]"))
    for bad, needle, problem in [
        ("  - {number: TST-001, name: X, type: combat, bonus: 100, entry_cost: 1}\n", "TST-001",
         "cards.0: field 'entry_cost' is not allowed on a combat card"),
        ("  - {number: TST-001, name: X, type: combat}\n", "TST-001", "field 'bonus' is required for a combat card"),
        ("  - {number: BLX-001, name: X, type: combat, bonus: 100}\n", "BLX-001",
         "test card number 'BLX-001' is a card of the database"),
        ("  - {number: TST-001, name: X, type: combat, bonus: 100, colour: red}\n", "TST-001",
         "cards.0: unknown field 'colour'"),
        ("  - {number: TST-001, name: X, type: unleashed, form: F, base: BLX-026, piece: 1, pieces: 2,"
         " pc_offensive: 1, pc_exhausted: 1}\n", "TST-001", "base 'BLX-026' is not an Ame Principale"),
    ]:
        text = scenario(top="cards:\n" + bad)
        msg = error(text)
        assert msg.startswith(f"t.yaml:{line_of(text, needle)}: ") and problem in msg, msg


def test_a_test_unleashed_form_on_a_real_ame_principale():
    cards = ("cards:\n"
             "  - {number: TST-011, name: A, type: unleashed, form: Genta, base: BLX-003, piece: 1, pieces: 2,"
             " pc_offensive: 900, pc_exhausted: 700}\n"
             "  - {number: TST-012, name: B, type: unleashed, form: Genta, base: BLX-003, piece: 2, pieces: 2,"
             " pc_offensive: 900, pc_exhausted: 700}\n")
    text = scenario("actions:\n  - p1: unleash BLX-003 with TST-011+TST-012\n"
                    "expect:\n  p1.BLX-003.pc: 900\n  p1.BLX-003.unleashed: [TST-012, TST-011]\n",
                    step="unleash", top=cards, p1="main_souls: [{card: BLX-003, reserve: [TST-012, TST-011]}]")
    passes(text)


@pytest.mark.parametrize("expect, needle, problem", [
    ("  p1.BLX-001.power: 300\n", "power", "unknown expectation path 'p1.BLX-001.power'"),
    ("  p3.hand: []\n", "p3", "unknown expectation path 'p3.hand'"),
    ("  p1.hand.count: two\n", "hand.count", "p1.hand.count: expected an integer, got 'two'"),
    ("  p1.hand: [BLX-999]\n", "BLX-999", "unknown card number 'BLX-999'"),
    ("  p1.BLX-999.pc: 3\n", "BLX-999", "p1.BLX-999.pc: unknown card number 'BLX-999'"),
    ("  p1.opp BLX-009.pc: 3\n", "opp", "is not an Ame Principale reference"),
    ("  p1.BLX-001.exhausted: 1\n", "exhausted", "expected true or false"),
    ("  pending: p1 main\n", "pending", "expected 'pN KIND'"),
    ("  winner: p3\n", "winner", "expected p1, p2, none, draw"),
    ("  p1.zanpakuto: pocket\n", "zanpakuto: pocket", "expected aside, hand, discard, borne"),
    ("  legal: attack BLX-001\n", "legal", "legal: expected a list of actions"),
])
def test_bad_expectations(expect, needle, problem):
    text = scenario("expect:\n" + expect)
    msg = error(text)
    assert msg.startswith(f"t.yaml:{line_of(text, needle)}: ") and problem in msg, msg


def test_bad_actions_and_checkpoints():
    text = scenario("actions:\n  - p1: attack BLX-001\n  - p3: pass\n")
    assert error(text) == f"t.yaml:{line_of(text, 'p3')}: an action starts with p1 or p2, not 'p3'"
    text = scenario("actions:\n  - p1: attack BLX-001\nexpect:\n  - after: 2\n    turn: 3\n")
    assert error(text) == f"t.yaml:{line_of(text, 'after: 2')}: after must be an integer from 0 to 1 (the number of actions)"
    text = scenario("actions:\n  - p1: 3\n")
    assert error(text) == f"t.yaml:{line_of(text, 'p1: 3')}: action 1: expected an action in the engine's notation, got 3"


def test_game_key_is_required_and_dispatches(tmp_path):
    text = scenario()
    assert "missing required field 'game'" in error(text.replace("game: bleach\n", ""))
    path = tmp_path / "b.yaml"
    path.write_text(scenario("expect:\n  p1.BLX-001.pc: 300\n"), encoding="utf-8")
    result = run_file(path)
    assert result.passed and type(result.game).__module__ == "tcgsim.bleach.rules.engine"
    path.write_text(text.replace("game: bleach", "game: bleech"), encoding="utf-8")
    assert run_file(path).error == f"{path}:2: unknown game 'bleech'; known games: bleach, onepiece"


def test_yaml_syntax_error_and_unreadable_file(tmp_path):
    msg = error("name: x\ngame: bleach\nstate: [\n")
    assert msg.startswith("t.yaml:4: YAML syntax error")
    assert run_file(tmp_path / "missing.yaml").error.startswith(f"{tmp_path / 'missing.yaml'}: cannot read the file")
    with pytest.raises(ScenarioFormatError) as exc:
        load_scenario_text(scenario().replace("BLX-001", "BLX-777"), "s.yaml")
    assert exc.value.file == "s.yaml" and exc.value.line == 8


# ---------------------------------------------------------------------------------------------------------
# Building the state
# ---------------------------------------------------------------------------------------------------------

def test_state_is_built_as_written():
    text = scenario(p1="""\
        main_souls:
          - {card: BLX-001, exhausted: true, reserve: [BLX-026, BLX-027], unleashed: [BLX-031, BLX-030]}
          - {card: BLX-001, zanpakuto: true}
        support_souls: [BLX-013]
        hand: [BLX-018]
        deck: [BLX-028, BLX-029]
        soul_points: [BLX-020, FILLER]
        discard: [BLX-022, BLX-023]
        exclusion: [BLX-003]""")
    g = build_game(load_scenario_text(text, "t.yaml", DB))
    p = g.players[0]
    n = g.t.numbers
    assert [n[c] for c in p.souls] == ["BLX-001", "BLX-001"]
    s1, s2 = p.souls
    assert g.exhausted[s1] == 1 and g.exhausted[s2] == 0
    assert [n[c] for c in p.reserve[s1]] == ["BLX-026", "BLX-027"]         # the last placed last
    assert [n[c] for c in p.pieces[s1]] == ["BLX-030", "BLX-031"]          # by piece number
    assert p.bearer == s2 and n[p.zanpakuto] == "BLX-034"
    assert [n[c] for c in p.deck] == ["BLX-029", "BLX-028"]                # top last in the engine
    assert [n[c] for c in p.soul] == ["FILLER", "BLX-020"]
    assert [n[c] for c in p.discard] == ["BLX-023", "BLX-022"]
    assert g.pc(s1) == 400 and g.pc(s2) == 400
    assert p.turns == 1 and g.players[1].turns == 1 and g.turn == 3 and g.first == 0
    assert len(g.players[1].deck) == 20 and len(g.players[1].soul) == 6
    assert {n[c] for c in g.players[1].deck} == {"FILLER"}
    assert g.pending.kind == "action" and g.pending.player == 0


def test_filler_is_inert():
    """FILLER never enters, is never played in a combat, never assembles."""
    assert FILLER.number == "FILLER" and FILLER.type == "unleashed" and FILLER.base == "FILLER" and not FILLER.effects
    text = scenario(step="entry", p1="main_souls: [BLX-001]\nhand: [FILLER, FILLER]")
    g = build_game(load_scenario_text(text, "t.yaml", DB))
    assert g.pending.kind == "action"  # no entry, no decision


def test_the_turns_played_govern_the_first_turn_rules():
    passes(scenario("expect:\n  legal: [end]\n  illegal: [attack BLX-009]\n", turn=2, active="p2"))
    passes(scenario("expect:\n  legal: [end]\n", p1="main_souls: [BLX-001]\nfirst_turn_done: false"))
    passes(scenario("expect:\n  legal: [end]\n  illegal: [attack BLX-001]\n", extra_state="combat_done: true"))
    passes(scenario("expect:\n  illegal: [end]\n", turn=4, active="p1", extra_state="first: p2"))


# ---------------------------------------------------------------------------------------------------------
# Failure reports and matching
# ---------------------------------------------------------------------------------------------------------

def test_failure_report_shapes():
    text = scenario("actions:\n  - p1: attack BLX-005\n  - p2: suffer\n"
                    "expect:\n  - after: 0\n    p1.hand: [BLX-026]\n    illegal: [attack BLX-005]\n"
                    "  - after: 2\n    p2.soul_points: 4\n    p2.BLX-010.pc: 350\n",
                    p1="main_souls: [BLX-005]")
    assert failures(text) == [
        {"after": 0, "path": "p1.hand", "expected": ["BLX-026"], "found": []},
        {"after": 0, "path": "illegal", "expected": "attack BLX-005", "found": "p1 action: attack BLX-005"},
        {"after": 2, "path": "p2.soul_points", "expected": 4, "found": 5},
        {"after": 2, "path": "p2.BLX-010.pc", "expected": 350, "found": "no such card"},
    ]


def test_an_action_that_cannot_be_played_stops_the_run():
    text = scenario("actions:\n  - p1: attack BLX-003\n  - p1: end\nexpect:\n  p1.hand.count: 99\n",
                    p1="main_souls: [BLX-001, {card: BLX-003, exhausted: true}]")
    result = run_scenario_text(text, "t.yaml")
    assert [f.to_json() for f in result.failures] == [
        {"after": 0, "path": "action 1", "expected": "attack BLX-003", "found": "p1 action: attack BLX-001"}]
    # the report names the section that refuses it: seed §Déclaration d'Attaque « L'attaquant désigne une de
    # ses Ames Principales en jeu en état offensif » (BLX-003 is épuisé)
    assert result.report() == ('t.yaml: FAILED (1 failure)\n'
                               't.yaml: after 0: action 1: expected "p1: attack BLX-003", found "p1 action: attack BLX-001"'
                               " (refused by rule §Déclaration d'Attaque: BLX-003 is épuisé: the attacker is an Ame "
                               "Principale in the offensive state)")
    # the opponent's turn to decide is not p1's
    text = scenario("actions:\n  - p1: attack BLX-001\n  - p1: defend BLX-009\n",
                    p2="main_souls: [BLX-009, BLX-010]")
    assert failures(text) == [{"after": 1, "path": "action 2", "expected": "defend BLX-009",
                               "found": "p2 defend: defend BLX-009; defend BLX-010"}]


def test_game_over_is_reported_as_such():
    text = scenario("actions:\n  - p1: concede\n  - p1: end\n")
    assert failures(text) == [{"after": 1, "path": "action 2", "expected": "end", "found": "none (game over: p2 wins)"}]
    passes(scenario("actions:\n  - p2: concede\nexpect:\n  winner: p1\n  end_reason: concede\n  pending: none\n"))


def test_steps_taken_by_the_engine_can_be_named_once():
    body = "actions:\n  - p1: attack BLX-001\n  - p1: pass\n  - p2: defend BLX-009\n  - p2: pass\n{extra}"
    passes(scenario(body.format(extra="expect:\n  pending: p1 action\n")))
    # each skipped step matches at most once
    assert failures(scenario(body.format(extra="  - p2: defend BLX-009\n")))[0]["path"] == "action 5"
    # a skipped step names the card as it was then
    assert failures(scenario(body.format(extra="").replace("defend BLX-009", "defend BLX-010")))[0]["path"] == "action 3"


def test_auto_pass_declines_until_the_action_is_legal():
    body = "actions:\n  - p1: end\n  - p2: end\nexpect:\n  turn: 4\n  pending: p2 action\n"
    text = scenario(body, turn=1, p1="main_souls: [BLX-001]\nhand: [BLX-026]")
    assert failures(text)[0] == {"after": 1, "path": "action 2", "expected": "end",
                                 "found": "p1 zanpakuto: zanpakuto -> BLX-001; pass"}
    text = scenario(body.replace("turn: 4", "turn: 2").replace("p2 action", "p2 spirit"), turn=1, top="auto: pass\n")
    passes(text)
    # a sacrifice is declined with "suffer"
    text = scenario("auto: pass\nactions:\n  - p1: attack BLX-005\n  - p1: end\nexpect:\n  p2.soul_points: 5\n",
                    p1="main_souls: [BLX-005]")
    passes(text)


# ---------------------------------------------------------------------------------------------------------
# Every expectation of every Bleach scenario can fail
# ---------------------------------------------------------------------------------------------------------

_OTHER = {"winner": ("p1", "p2"), "active": ("p1", "p2"), "end_reason": ("soul", "field"),
          "phase": ("actions", "finale"), "zanpakuto": ("aside", "hand")}


def _mutations(value, key: str):
    """Values of the same shape as ``value`` that differ from it."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1]
    if isinstance(value, list):
        return [value[:-1] if value else ["BLX-026"], value + ["BLX-026"]]
    last = key.split(".")[-1]
    if key == "pending":
        return ["p1 action"] if value == "none" else [("p2" if value[:2] == "p1" else "p1") + value[2:]]
    for k, (a, b) in _OTHER.items():
        if last == k:
            return [b if value == a else a]
    raise AssertionError((key, value))


@pytest.mark.parametrize("path", BLEACH_FILES, ids=lambda p: p.name)
def test_every_expectation_can_fail(path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    blocks = data["expect"] if isinstance(data["expect"], list) else [data["expect"]]
    tried = 0
    for bi, block in enumerate(blocks):
        for key, value in block.items():
            if key == "after":
                continue
            if key in ("legal", "illegal"):
                variants = []
                for i in range(len(value)):  # move one entry to the opposite list
                    d = copy.deepcopy(data)
                    b = d["expect"][bi] if isinstance(d["expect"], list) else d["expect"]
                    item = b[key].pop(i)
                    b.setdefault("illegal" if key == "legal" else "legal", []).append(item)
                    variants.append(d)
            else:
                variants = []
                for v in _mutations(value, key):
                    d = copy.deepcopy(data)
                    (d["expect"][bi] if isinstance(d["expect"], list) else d["expect"])[key] = v
                    variants.append(d)
            for d in variants:
                result = run_scenario_text(yaml.safe_dump(d, allow_unicode=True), path.name)
                assert result.error is None, result.error
                assert not result.passed, f"{path.name}: changing {key} did not fail"
                tried += 1
    assert tried >= 3


def test_each_bleach_scenario_cites_the_seed():
    assert len(BLEACH_FILES) >= 20
    for path in BLEACH_FILES:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert data["game"] == "bleach" and "seed §" in data["source"], path.name


# ---------------------------------------------------------------------------------------------------------
# tcgsim scenario run
# ---------------------------------------------------------------------------------------------------------

def test_run_command_output(tmp_path):
    good = tmp_path / "good.yaml"
    good.write_text(scenario("expect:\n  p1.BLX-001.pc: 300\n"), encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(scenario("expect:\n  p1.BLX-001.pc: 301\n"), encoding="utf-8")
    broken = tmp_path / "broken.yaml"
    broken.write_text(scenario().replace("BLX-001", "BLX-777"), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert run_command([str(good)], out=out, err=err) == 0 and out.getvalue() == f"{good}: passed\n"
    out = io.StringIO()
    assert run_command([str(good), str(bad)], json_output=True, out=out, err=err) == 1
    assert [json.loads(x) for x in out.getvalue().splitlines()] == [
        {"file": str(good), "passed": True, "failures": []},
        {"file": str(bad), "passed": False,
         "failures": [{"after": 0, "path": "p1.BLX-001.pc", "expected": 301, "found": 300}]}]
    out, err = io.StringIO(), io.StringIO()
    assert run_command([str(bad), str(broken)], out=out, err=err) == 2
    assert err.getvalue() == f"{broken}:8: unknown card number 'BLX-777'\n"
    assert out.getvalue() == f'{bad}: FAILED (1 failure)\n{bad}: after 0: p1.BLX-001.pc: expected 301, found 300\n'


def test_cli_runs_bleach_and_onepiece_files(tmp_path):
    def cli(*args):
        return subprocess.run([sys.executable, "-m", "tcgsim.cli", "scenario", "run", *args],
                              capture_output=True, text=True)

    good = SCENARIOS / "sacrifice.yaml"
    r = cli(str(good))
    assert r.returncode == 0 and r.stdout == f"{good}: passed\n"
    bad = tmp_path / "bad.yaml"
    bad.write_text(good.read_text(encoding="utf-8").replace("p2.soul_points: 5", "p2.soul_points: 3"), encoding="utf-8")
    r = cli(str(ONEPIECE_FILE), str(bad), "--json")
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert r.returncode == 1 and [x["passed"] for x in lines] == [True, False]
    assert lines[1]["failures"] == [{"after": 6, "path": "p2.soul_points", "expected": 3, "found": 5}]
    broken = tmp_path / "broken.yaml"
    broken.write_text(good.read_text(encoding="utf-8").replace("step: actions", "step: combat"), encoding="utf-8")
    r = cli(str(good), str(broken), "--json")
    assert r.returncode == 2
    assert json.loads(r.stdout.splitlines()[1]) == {
        "file": str(broken),
        "error": f"{broken}:7: state.step: must be 'setup', 'depart', 'entry', 'actions', 'spirit', 'unleash' "
                 "or 'zanpakuto' (got 'combat')"}


def test_the_documented_example_passes(tmp_path):
    doc = (Path(__file__).resolve().parents[2] / "docs" / "scenarios.md").read_text(encoding="utf-8")
    part = doc[doc.index("## Bleach (`game: bleach`)"):]
    example = part[part.index("```yaml") + 8:part.index("```", part.index("```yaml") + 8)]
    path = tmp_path / "example.yaml"
    path.write_text(example, encoding="utf-8")
    result = run_file(path)
    assert result.error is None and result.passed, result.report()
    path.write_text(example.replace("p2.soul_points: 5", "p2.soul_points: 2"), encoding="utf-8")
    assert not run_file(path).passed
