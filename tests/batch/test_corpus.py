"""Real decks as a test (issue 10 §4): every deck of ``../shared/decks`` is read and reported (legal or not, its
cards with unsupported effect text); each fully supported one plays in ``--strict`` mode (a short marked run,
``-m decks``, part of the default suite); ``tcgsim deck check`` over a folder or a JSON-lines file of decklists
reports per deck. Set TCGSIM_DECK_CORPUS to a folder or .jsonl file to run the same report and strict games
over another corpus (``-m long``)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tcgsim.batch.corpus import corpus_report, read_corpus
from tcgsim.batch.runner import simulate, unsupported_cards
from tcgsim.core.games import get_game

SHARED_DECKS = Path(__file__).resolve().parents[2].parent / "shared" / "decks"
SHARED_FILES = sorted(p for p in SHARED_DECKS.glob("*.txt"))
ONEPIECE = get_game("onepiece")


@pytest.fixture(scope="module")
def shared(db):
    return read_corpus(SHARED_DECKS, ONEPIECE, db)


def test_every_shared_deck_is_read_and_reported(shared, capsys):
    # decks/FORMATS.md: every file of decks/ is an OPTCGSim text list; the Markdown files are not decks
    assert [d.name for d in shared] == [p.stem for p in SHARED_FILES]
    report = corpus_report(shared)
    with capsys.disabled():  # the per-deck figures, for whoever runs the suite
        print("\n" + report)
    for d in shared:
        assert d.deck is not None and not d.problems, (d.source, d.problems)  # rule 5-1-2: real decks are legal
        line = next(x for x in report.splitlines() if x.startswith(d.name + ":"))
        assert ("every card supported" in line) == (not d.unsupported)
        for number, _name in d.unsupported:
            assert number in line
    assert report.splitlines()[-1 if not any(d.unsupported for d in shared) else -2].startswith(
        f"{len(shared)} decks: {sum(d.strict_playable for d in shared)} fully supported")


@pytest.mark.decks
@pytest.mark.parametrize("path", SHARED_FILES, ids=[p.stem for p in SHARED_FILES])
def test_fully_supported_shared_decks_play_in_strict_mode(cli, shared, path):
    """``simulate --strict`` accepts the deck and a game is played to its end (rules 1-2: a winner)."""
    deck = next(d for d in shared if d.source == str(path))
    if not deck.strict_playable:
        pytest.skip(f"{deck.name}: unsupported cards {deck.unsupported}")
    code, out, err = cli("simulate", str(path), "ST01", "-n", "1", "--strict", "--json", "--workers", "1")
    assert code == 0, err
    summary = json.loads(out)
    assert summary["games"] == 1 and summary["unsupported"] == []
    assert summary["wins"]["A"] + summary["wins"]["B"] + summary["draws"] == 1


def test_deck_check_over_a_folder(cli, shared):
    code, out, _ = cli("deck", "check", str(SHARED_DECKS))
    assert code == 0
    assert out.strip() == corpus_report(shared)
    code, out, _ = cli("deck", "check", str(SHARED_DECKS), "--json")
    data = json.loads(out)
    assert data["total"] == len(SHARED_FILES) and data["not_legal"] == 0
    assert data["fully_supported"] == sum(d.strict_playable for d in shared)


def test_deck_check_over_a_jsonl_file_reports_each_line(cli, db, tmp_path, unreadable):
    """One decklist a line: a text list as a JSON string, a Limitless-style JSON object, an illegal deck and a
    deck with a card whose text is not supported; each is reported against its line, exit 2 (not legal)."""
    st01 = (SHARED_DECKS / "ST01_straw-hat-crew.txt").read_text()
    entries = [line.split("x", 1) for line in (SHARED_DECKS / "ST02_worst-generation.txt").read_text().split()]
    cards = [{"count": int(n), "set": num.split("-")[0], "number": num.split("-")[1]} for n, num in entries]
    limitless = {"name": "Limitless ST02", "decklist": {"leader": cards[:1], "character": cards[1:]}}
    odd = unreadable
    lines = [json.dumps(st01), json.dumps(limitless), "", "4xST01-002", json.dumps(f"1xST01-001\n4x{odd.number}")]
    corpus = tmp_path / "decks.jsonl"
    corpus.write_text("\n".join(lines) + "\n")
    decks = read_corpus(corpus, ONEPIECE, db)
    assert [d.source for d in decks] == [f"{corpus}:{n}" for n in (1, 2, 4, 5)]
    assert decks[0].strict_playable
    assert decks[1].name == "Limitless ST02" and not decks[1].problems
    assert decks[2].problems and any("no Leader" in p for p in decks[2].problems)  # rule 5-1-2
    assert decks[3].unsupported == ((odd.number, odd.name),) and decks[3].problems  # 5 cards: not legal either
    code, out, _ = cli("deck", "check", str(corpus))
    assert code == 2
    assert f"{odd.number} {odd.name}" in out and "not legal" in out
    assert out.strip().splitlines()[-2].startswith("4 decks: 2 fully supported")  # lines 1 and 2


def test_deck_check_of_a_file_that_is_no_corpus(cli, tmp_path):
    notes = tmp_path / "notes.md"
    notes.write_text("not a deck")
    code, _, err = cli("deck", "check", str(notes))
    assert code == 2 and "notes.md" in err


@pytest.mark.long
def test_a_corpus_given_by_path_plays_in_strict_mode(db):
    """TCGSIM_DECK_CORPUS=PATH (a folder or .jsonl file): every fully supported deck plays 1 game in --strict
    mode against ST01; the per-deck report is printed."""
    path = os.environ.get("TCGSIM_DECK_CORPUS")
    if not path:
        pytest.skip("set TCGSIM_DECK_CORPUS to a folder or .jsonl file of decklists")
    decks = read_corpus(path, ONEPIECE, db)
    print(corpus_report(decks))
    opponent = ONEPIECE.load_deck("ST01", db)
    for d in decks:
        if d.strict_playable:
            assert not unsupported_cards(d.deck, opponent, db)
            summary = simulate(d.deck, opponent, games=1, seed=0, progress=False, db=db)
            assert summary["games"] == 1, d.source
