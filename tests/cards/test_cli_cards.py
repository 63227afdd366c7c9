"""The `tcgsim cards show` and `tcgsim deck check` commands: output, exit codes, no tracebacks."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tcgsim.cli import main
from tcgsim.onepiece.cards import database as database_module
from tcgsim.onepiece.cards.database import ENV_VAR

ST01_FILE = Path(__file__).resolve().parents[2].parent / "shared" / "decks" / "ST01_straw-hat-crew.txt"


def run(capsys, *args: str) -> tuple[int, str, str]:
    """Run the CLI in-process; returns (exit code, stdout, stderr)."""
    try:
        main(list(args))
        code = 0
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
    out, err = capsys.readouterr()
    return code, out, err


def test_cards_show(capsys):
    code, out, err = run(capsys, "cards", "show", "ST01-012")
    assert code == 0 and err == ""
    assert "number:      ST01-012" in out and "name:        Monkey.D.Luffy" in out
    assert "keywords:    Rush\n" in out and "Blocker\n" not in out.split("text:")[0]
    # the compiled form read back as English (effects/render.py): the printed text, word for word
    assert ("compiled (read back from the compiled form):\n"
            "  - [DON!! x2] [When Attacking] Your opponent cannot activate [Blocker] during this battle.\n") in out
    assert "unsupported:\n  (none)" in out


def test_cards_show_alt_art_and_trigger(capsys):
    code, out, _ = run(capsys, "cards", "show", "st11-005_p1")
    assert code == 0
    assert "number:      ST11-005" in out and "types:       Music/FILM" in out
    assert "trigger:     Up to 1 of your Leader or Character cards gains +1000 power" in out


def test_cards_show_construction_text(capsys):
    _, out, _ = run(capsys, "cards", "show", "OP15-058")
    assert "DON!! deck:  6" in out and "life:        5" in out and "cost:        -" in out


def test_cards_show_unknown_number(capsys):
    code, out, err = run(capsys, "cards", "show", "OP01-16")
    assert code == 2 and out == ""
    assert err.strip() == "unknown card number 'OP01-16' (did you mean OP01-016?)"


def test_cards_show_without_database(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "missing.json"))
    monkeypatch.setattr(database_module, "_default", None)  # restored after the test
    code, _, err = run(capsys, "cards", "show", "OP01-016")
    assert code == 2 and "make install" in err and "Traceback" not in err


def test_deck_check_legal(capsys):
    code, out, err = run(capsys, "deck", "check", str(ST01_FILE))
    assert (code, err) == (0, "")
    assert out == "ST01_straw-hat-crew: Leader ST01-001 Monkey.D.Luffy (Red), 50 cards, 17 distinct, DON!! deck 10\n"


def test_deck_check_bundled(capsys):
    code, out, _ = run(capsys, "deck", "check", "st02")
    assert code == 0 and out.startswith("ST02: Leader ST02-001")


def test_deck_check_lists_every_problem(capsys, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text(ST01_FILE.read_text().replace("4xST01-003", "5xST01-003").replace("4xST01-005", "4xST02-005 4x"))
    code, out, err = run(capsys, "deck", "check", str(path))
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert [line.split(": ", 1)[0] for line in lines] == [f"{path}:3", f"{path}:5", f"{path}:5", str(path)]
    assert "Traceback" not in err


def test_deck_check_missing_file(capsys):
    code, _, err = run(capsys, "deck", "check", "no-such-deck.txt")
    assert code == 2 and "no-such-deck.txt: no such deck file or bundled deck" in err


def test_usage_error(capsys):
    code, _, _ = run(capsys, "cards", "show")
    assert code == 2


def test_entry_point_subprocess(tmp_path):
    """End to end through a real interpreter: exit status 2 and a one-line message, no traceback."""
    env = dict(os.environ)
    env.pop(ENV_VAR, None)
    result = subprocess.run(
        [sys.executable, "-m", "tcgsim.cli", "cards", "show", "OP01-999"],
        capture_output=True, text=True, env=env, timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr == "unknown card number 'OP01-999' (did you mean OP01-099?)\n"


def test_cards_render_diff_lists_reviewed_differences(capsys):
    # OP01-078 prints "Draw 1 card if you have 5 or less cards in your hand."; the renderer writes the "if" first
    code, out, err = run(capsys, "cards", "render-diff", "--set", "OP01")
    assert code == 0
    assert "OP01-078 [order]" in out and "  printed:  [DON!! x1] [When Attacking]/[On Block] Draw 1 card if" in out
    assert "identical after normalization" in err and "new" not in err.split("differences:")[1].split(";")[0]
    code, out, _ = run(capsys, "cards", "render-diff", "--set", "OP01", "--new")
    assert code == 0 and out == ""


def test_cards_render_diff_unknown_set(capsys):
    code, _, err = run(capsys, "cards", "render-diff", "--set", "ZZ99")
    assert code != 0 and "--set ZZ99" in err
