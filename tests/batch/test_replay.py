"""Game logs: every logged game replays to the same final state; tampering is detected."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tcgsim.batch.gamelog import FORMAT, VERSION, read_log
from tcgsim.cli import main





@pytest.fixture(scope="module")
def logfile(tmp_path_factory):
    path = tmp_path_factory.mktemp("logs") / "games.jsonl"
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "-n", "8", "--seed", "4", "--agents", "random,heuristic", "--json", "--log", str(path)])
    assert exc.value.code in (0, None)
    return path


def _rewrite(src, dst, change):
    lines = src.read_text().splitlines()
    entry = json.loads(lines[0])
    change(entry)
    lines[0] = json.dumps(entry)
    dst.write_text("\n".join(lines) + "\n")


def test_log_contents(logfile):
    entries = read_log(logfile)
    assert len(entries) == 8
    for i, e in enumerate(entries):
        assert e["format"] == FORMAT and e["version"] == VERSION and e["game"] == i
        assert e["first"] == ("A" if i % 2 == 0 else "B")
        assert e["decks"]["A"].startswith("1xST01-001\n") and e["decks"]["B"].startswith("1xST02-001\n")
        assert e["agents"] == {"A": "random", "B": "heuristic"}
        assert e["winner"] in ("A", "B", "draw") and e["turns"] > 0 and e["end_reason"]
        assert len(e["fingerprint"]) == 64
        assert e["decisions"][0] in ("keep", "mulligan")
        assert any(ev.startswith("game over") for ev in e["events"])


def test_replay_all_ok(logfile, cli):
    code, out, _ = cli("replay", str(logfile))
    assert code == 0, out
    assert out.count(": OK") == 8 and "8/8 games OK" in out
    code, out, _ = cli("replay", str(logfile), "--game", "3")
    assert code == 0 and "game 3: OK" in out and "1/1" in out


def test_tampered_decision_diverges(logfile, tmp_path, cli):
    bad = tmp_path / "bad.jsonl"

    def illegal(entry):
        k = next(i for i, d in enumerate(entry["decisions"]) if d == "end turn")
        entry["decisions"][k] = "attack ST09-999 -> opp leader"

    _rewrite(logfile, bad, illegal)
    code, out, _ = cli("replay", str(bad))
    assert code == 1
    assert "game 0: DIVERGED" in out and "decision" in out and "7/8 games OK" in out

    def other_choice(entry):  # a legal but different answer
        entry["decisions"][0] = "mulligan" if entry["decisions"][0] == "keep" else "keep"

    _rewrite(logfile, bad, other_choice)
    code, out, _ = cli("replay", str(bad), "--game", "0")
    assert code == 1 and "DIVERGED" in out

    def wrong_hash(entry):
        entry["fingerprint"] = "0" * 64

    _rewrite(logfile, bad, wrong_hash)
    code, out, _ = cli("replay", str(bad), "--game", "0")
    assert code == 1 and "final state differs" in out


def test_bad_log_files(tmp_path, cli, logfile):
    code, _, err = cli("replay", str(tmp_path / "nope.jsonl"))
    assert code == 2 and "no such game log" in err and "Traceback" not in err
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_text("{not json\n")
    code, _, err = cli("replay", str(garbage))
    assert code == 2 and "garbage.jsonl:1" in err
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps({"hello": 1}) + "\n")
    code, _, err = cli("replay", str(other))
    assert code == 2
    code, _, err = cli("replay", str(logfile), "--game", "99")
    assert code == 2 and "99" in err


def test_bad_game_name_and_illegal_logged_deck(tmp_path, cli, logfile):
    """A log line naming no known game, or holding a deck that breaks the deck rules (rule 5-1-2), is a bad
    log (exit 2, FILE:LINE and the problem), not a traceback or a divergence."""
    entry = json.loads(Path(logfile).read_text().splitlines()[0])
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(dict(entry, card_game=5)) + "\n")
    code, _, err = cli("replay", str(bad))
    assert code == 2 and f"{bad}:1: malformed game: card_game" in err and "Traceback" not in err
    bad.write_text(json.dumps(dict(entry, card_game="chess")) + "\n")
    code, _, err = cli("replay", str(bad))
    assert code == 2 and "unknown game 'chess'" in err
    leader = entry["decks"]["A"].splitlines()[0].split("x", 1)[1]
    other = "ST02-001" if leader != "ST02-001" else "ST01-001"
    decks = dict(entry["decks"], A=entry["decks"]["A"].replace(leader, other, 1))
    bad.write_text(json.dumps(dict(entry, decks=decks)) + "\n")
    code, _, err = cli("replay", str(bad))
    assert code == 2 and f"{bad}:1: game" in err and "not a legal deck" in err and "rule 5-1-2-2" in err


@pytest.mark.parametrize("seed", [-1, 2**64, 10**60])
def test_a_logged_seed_outside_64_bits_is_a_bad_log(tmp_path, cli, logfile, seed):
    """Seeds are 64-bit (core/rng.py MAX_SEED): a log line with a seed outside [0, 2**64 - 1], which would
    replay another seed's game, is a bad log (exit 2, FILE:LINE, the key), not a divergence."""
    entry = json.loads(Path(logfile).read_text().splitlines()[0])
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(dict(entry, seed=seed)) + "\n")
    code, _, err = cli("replay", str(bad))
    assert code == 2 and f"{bad}:1: malformed game: seed: " in err and "Traceback" not in err
