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


def test_deck_check_names_cards_the_engine_does_not_play(cli, tmp_path, db):
    number = next(c.number for c in db if "Red" in c.colors and c.category == "Character" and db.get(c.number).unsupported)
    deck = tmp_path / "d.txt"
    deck.write_text(f"1xOP01-001\n4x{number}\n" + "".join(f"4xST01-{n:03d}\n" for n in range(2, 13)) + "2xST01-013\n")
    code, out, _ = cli("deck", "check", str(deck))
    assert code == 0 and "does not play" in out and number in out
    code, out, _ = cli("deck", "check", "ST01")
    assert code == 0 and "does not play" not in out  # the starter deck plays fully
