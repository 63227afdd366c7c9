"""Smaller bad-input items of issue "Hostile input", each with the message a user needs."""

from __future__ import annotations

from tcgsim.onepiece.cards.database import UnknownCardError


def test_an_empty_agent_name_is_refused(cli):
    code, _, err = cli("simulate", "--agents", "random,", "-n", "1", "--workers", "1")
    assert code == 2 and "empty agent name" in err


def test_two_mcts_budgets_at_once_are_refused(cli):
    code, _, err = cli("play", "--agent", "mcts:30", "--mcts-iterations", "5")
    assert code == 2 and "give the MCTS budget once" in err


def test_a_bleach_card_number_hints_at_the_game_option(cli):
    code, _, err = cli("cards", "show", "BLX-001")
    assert code == 2 and "--game bleach" in err
    assert "a Bleach card" in str(UnknownCardError("BLX-001", "P-001")) and "P-001" not in str(UnknownCardError("BLX-001", "P-001"))


def test_a_huge_unknown_number_is_not_echoed_whole():
    assert len(str(UnknownCardError("OP" * 50_000))) < 120


def test_deck_check_names_cards_the_engine_does_not_play(cli, tmp_path, db, unreadable):
    number = unreadable.number
    deck = tmp_path / "d.txt"
    deck.write_text(f"1xOP01-001\n4x{number}\n" + "".join(f"4xST01-{n:03d}\n" for n in range(2, 13)) + "2xST01-013\n")
    code, out, _ = cli("deck", "check", str(deck))
    assert code == 0 and "does not play" in out and number in out
    code, out, _ = cli("deck", "check", "ST01")
    assert code == 0 and "does not play" not in out  # the starter deck plays fully


def test_a_repeated_leader_is_reported_at_its_own_line(cli, tmp_path):
    """Rule 5-1-2: a deck has exactly 1 Leader. The repeat is on line 3, not on the Leader's line 1."""
    deck = tmp_path / "rep.txt"
    deck.write_text("1xST01-001\n4xST01-002\n1xST01-001\n")
    code, _, err = cli("deck", "check", str(deck))
    assert code == 2
    [line] = [x for x in err.splitlines() if "ST01-001" in x]
    assert line.startswith(f"{deck}:3: ") and "listed again (first on line 1)" in line


def test_a_truncated_json_decklist_names_the_place_without_follow_on_problems(cli, tmp_path):
    import json

    full = json.dumps({"decklist": {"leader": [{"set": "ST01", "number": "001"}],
                                    "character": [{"set": "ST01", "number": "002", "count": 4}]}})
    deck = tmp_path / "cut.json"
    deck.write_text(full[:-20])
    code, _, err = cli("deck", "check", str(deck))
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1, err  # no "no Leader card" / "0 cards" after it
    assert lines[0].startswith(f"{deck}:1: invalid JSON")
    assert "column" in lines[0] and "cut short" in lines[0] and not lines[0].endswith(" at")


def test_a_bleach_deck_without_game_bleach_says_so(cli, tmp_path):
    from pathlib import Path

    import tcgsim.bleach

    code, _, err = cli("deck", "check", "compagnons")
    assert code == 2 and "compagnons: a legal Bleach" in err and "add --game bleach" in err
    deck = tmp_path / "mine.txt"
    deck.write_text((Path(tcgsim.bleach.__file__).parent / "decks" / "compagnons.txt").read_text())
    code, _, err = cli("simulate", str(deck), "rivaux", "-n", "1")
    assert code == 2 and f"{deck}: a legal Bleach" in err and "rivaux: a legal Bleach" in err
    assert "(did you mean P-" not in err  # BLX-001 is not a mistyped P-001
    # README: "A deck of another game (a Bleach deck without `--game bleach`) is named as such": one line
    # per deck, not the ONE PIECE reader's "cannot read 'name: ...'" and one "a Bleach card" line per card
    assert err.strip().splitlines() == ["illegal deck:", f"{deck}: a legal Bleach (jeu de cartes) deck: add --game bleach",
                                        "rivaux: a legal Bleach (jeu de cartes) deck: add --game bleach"]
    code, _, err = cli("deck", "check", str(deck))
    assert code == 2 and err.strip().splitlines() == [f"{deck}: a legal Bleach (jeu de cartes) deck: add --game bleach"]
    # and the other way round, as it was already
    code, _, err = cli("deck", "check", "--game", "bleach", "ST01")
    assert code == 2 and err.strip().splitlines() == ["ST01: a legal ONE PIECE CARD GAME deck: add --game onepiece"]
    # a list of Bleach numbers that is no legal Bleach deck keeps its problems, each card named a Bleach card
    bad = tmp_path / "bad.txt"
    bad.write_text("3xBLX-009\n3xBLX-010\n")
    code, _, err = cli("deck", "check", str(bad))
    assert code == 2 and f"{bad}:1: unknown card number BLX-009 (a Bleach card: add --game bleach)" in err


def test_a_bad_ray_address_is_a_short_message_in_seconds(tmp_path):
    """Before: 20 s and more of raw Ray log (Ray retries an address for minutes). Bounded: 60 s."""
    import os
    import subprocess
    import sys
    import time

    import pytest

    pytest.importorskip("ray")
    env = dict(os.environ, TCGSIM_RAY_CONNECT_SECONDS="2")
    started = time.monotonic()
    try:
        run = subprocess.run([sys.executable, "-m", "tcgsim.cli", "simulate", "-n", "2", "--backend", "ray",
                              "--address", "127.0.0.1:1"], capture_output=True, text=True, timeout=60, env=env)
    except subprocess.TimeoutExpired:
        pytest.fail("a bad Ray address kept the command waiting for a minute")
    assert time.monotonic() - started < 30
    assert run.returncode == 2 and "no Ray cluster at 127.0.0.1:1" in run.stderr
    assert len(run.stderr.splitlines()) == 1 and "rpc_client" not in run.stderr
    code = subprocess.run([sys.executable, "-m", "tcgsim.cli", "simulate", "-n", "2", "--backend", "ray",
                           "--address", "nonsense"], capture_output=True, text=True, timeout=60, env=env)
    assert code.returncode == 2 and "expected auto, HOST:PORT" in code.stderr
