"""Helpers for the checklist tests (tests/rules/test_checklist_*.py): games built from scenario text, with
the game log recorded, and what one player can see of them (player view + the log entries shown to them)."""

from __future__ import annotations

import json
import textwrap

from tcgsim.onepiece.rules.view import player_view
from tcgsim.onepiece.scenario import build_game, load_scenario_text, play_action

LEADERS = (
    "cards:\n"
    "  - {number: TEST-L01, name: Test Leader Red, category: Leader, colors: [Red], power: 5000, life: 5}\n"
    "  - {number: TEST-L02, name: Test Leader Green, category: Leader, colors: [Green], power: 5000, life: 5}\n"
)


def game(state: str, cards: str = "", *, log: bool = True):
    """A game built from a scenario ``state:`` body (YAML, dedented), with the two test Leaders plus the
    test ``cards`` entries; the log is recorded from the start; run to its first decision."""
    text = "name: checklist\n" + LEADERS + textwrap.indent(textwrap.dedent(cards).strip("\n"), "  ")
    text = text.rstrip("\n") + "\nstate:\n" + textwrap.indent(textwrap.dedent(state).strip("\n"), "  ") + "\n"
    g = build_game(load_scenario_text(text, "checklist.yaml"), run=False, trace=True)
    if log:
        g.log = []
    g.run()
    return g


def play(g, *actions: str) -> None:
    """Play scripted ``"pN: ACTION"`` entries by the scenario matching rules; each must be playable."""
    for entry in actions:
        who, text = entry.split(":", 1)
        assert play_action(g, int(who.strip()[1]) - 1, text.strip()), f"cannot play {entry!r}"


def seen_by(g, player: int) -> str:
    """Everything ``player`` (0/1) can see: their view and the log entries public or shown to them, as text."""
    log = [text for vis, text in (g.log or []) if vis is None or vis == player]
    return json.dumps({"view": player_view(g, player), "log": log}, sort_keys=True)


def numbers(g, ids) -> list[str]:
    return [g.t.numbers[c] for c in ids]
