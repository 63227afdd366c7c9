"""Second reading (branch review2) of a615d96 "give DON!!: the opponent's DON!! are offered as
'choose opp 1 rested don'". Each test states what SCENARIOS.md says; an xfail(strict) test is a defect
of today's main, left unfixed here."""

from __future__ import annotations


from tcgsim.core.scenario.command import run_file

# OP15-008 (printed): "[On Play] Give up to 3 of your opponent's rested DON!! cards to 1 of your opponent's
# Characters. Then, this Character gains [Rush] during this turn." p2 has 2 rested DON!!.
_HEAD = """\
name: "OP15-008: the opponent's DON!! answered in one line, as SCENARIOS.md writes a multi-card answer"
source: "SCENARIOS.md (references: 'N rested don' ... 'Prefix opp for the opponent's (opp 1 rested don)'; actions: 'a multi-card answer written on one line (choose 2 rested don) is fed to ...'); rules 6-5-5, 4-8-1"
cards:
  - {number: TEST-L01, name: Test Leader Red, category: Leader, colors: [Red], power: 5000, life: 5}
  - {number: TEST-L02, name: Test Leader Green, category: Leader, colors: [Green], power: 5000, life: 5}
state:
  turn: 3
  active: p1
  phase: main
  p1:
    leader: TEST-L01
    hand: [OP15-008]
    don: {active: 8, rested: 2}
  p2:
    leader: TEST-L02
    characters:
      - {card: FILLER}
    don: {active: 1, rested: 2}
actions:
  - p1: play OP15-008
"""
_EXPECT = """\
expect:
  pending: p1 main
  p2.FILLER.don: 2
  p2.don.rested: 0
  p2.don.active: 1
  p1.don.rested: 10
"""


def _run(tmp_path, answer_lines: str):
    f = tmp_path / "s.yaml"
    f.write_text(_HEAD + answer_lines + _EXPECT, encoding="utf-8")
    return run_file(f)


def test_opponent_don_one_at_a_time_is_accepted(tmp_path):
    # the form a615d96 introduced, one card a line: the control for the test below
    r = _run(tmp_path, "  - p1: choose opp 1 rested don\n  - p1: choose opp 1 rested don\n")
    assert r.passed, r.report()


def test_opponent_don_two_on_one_line(tmp_path):
    """SCENARIOS.md: the opp prefix on a DON!! reference, and a multi-card answer on one line: `choose opp 2
    rested don` is two of the opponent's rested DON!! (found by review2; notation.split_multi)."""
    r = _run(tmp_path, "  - p1: choose opp 2 rested don\n")
    assert r.passed, r.report()
