"""Fuzzing every reader of user input (issue "Hostile input"): random and mutated valid inputs never give a
traceback (only the reader's own error, a user error), never hang and stay small. Each case is bounded in time
by hypothesis's deadline. The default suite runs a modest budget (``FUZZ_EXAMPLES``); ``-m long`` runs
100,000 cases per reader (``test_long_*``)."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tcgsim.batch.gamelog import GameLogError, read_log
from tcgsim.core.scenario.command import run_file
from tcgsim.core.session import Session
from tcgsim.errors import UserError
from tcgsim.onepiece.cards.decklist import parse_deck

FUZZ_EXAMPLES = int(os.environ.get("TCGSIM_FUZZ_EXAMPLES", "150"))
COMMON = dict(deadline=2000, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
# The long runs go beside other work under `nice`, where a case that takes 15 ms on an idle core can be
# starved for seconds, and the first case also loads the card database: their bound is 10 s a case.
LONG = dict(COMMON, max_examples=100_000, deadline=10_000)

ST01 = ("1xST01-001\n4xST01-002\n4xST01-003\n4xST01-004\n4xST01-005\n4xST01-006\n4xST01-007\n4xST01-008\n"
        "4xST01-009\n4xST01-010\n4xST01-011\n4xST01-012\n4xST01-013\n2xST01-014\n")
SCENARIO = """name: fuzz
state:
  turn: 3
  active: p1
  phase: main
  p1:
    leader: ST01-001
    hand: [ST01-012]
    don: {active: 3}
  p2:
    leader: ST02-001
actions:
  - p1: play ST01-012
expect:
  pending: p1 main
"""


def _mutate(text: str, data) -> str:
    """``text`` with a few random cuts, insertions, duplications and byte flips."""
    for _ in range(data.draw(st.integers(1, 6))):
        if not text:
            break
        i = data.draw(st.integers(0, len(text) - 1))
        kind = data.draw(st.sampled_from(["cut", "insert", "dup", "flip"]))
        if kind == "cut":
            text = text[:i] + text[i + data.draw(st.integers(1, 20)):]
        elif kind == "insert":
            text = text[:i] + data.draw(st.text(max_size=12)) + text[i:]
        elif kind == "dup":
            text = text[:i] + text[i:i + 30] * data.draw(st.integers(2, 5)) + text[i:]
        else:
            text = text[:i] + chr((ord(text[i]) + data.draw(st.integers(1, 90))) % 0x2FFF) + text[i + 1:]
    return text


def _deck_case(db, text: str) -> None:
    deck = parse_deck(text, db)  # never raises on content: problems are kept on the deck
    assert all(len(p.message) < 400 for p in deck.parse_problems)
    assert len(deck.parse_problems) <= 51


def _scenario_case(tmp_path, text: str) -> None:
    path = tmp_path / "fuzz.yaml"
    path.write_text(text, encoding="utf-8", errors="replace")
    result = run_file(path)  # never raises: malformed, failed or passed
    assert result.malformed or result.passed in (True, False)
    if result.malformed:
        assert result.error.startswith(str(path)) and len(result.error) < 2000


def _log_case(tmp_path, text: str) -> None:
    path = tmp_path / "fuzz.jsonl"
    path.write_text(text, encoding="utf-8", errors="replace")
    try:
        read_log(path)
    except GameLogError as exc:
        assert str(path) in str(exc)


@settings(max_examples=FUZZ_EXAMPLES, **COMMON)
@given(data=st.data())
def test_decklists_mutated_and_random(db, data):
    base = data.draw(st.sampled_from([ST01, json.dumps({"decklist": {"leader": [{"set": "ST01", "number": "001"}],
                                                                       "character": [{"set": "ST01", "number": "002", "count": 4}]}})]))
    _deck_case(db, _mutate(base, data) if data.draw(st.booleans()) else data.draw(st.text(max_size=300)))


@settings(max_examples=FUZZ_EXAMPLES, **COMMON)
@given(data=st.data())
def test_scenario_files_mutated_and_random(tmp_path, data):
    _scenario_case(tmp_path, _mutate(SCENARIO, data) if data.draw(st.booleans()) else data.draw(st.text(max_size=300)))


@settings(max_examples=FUZZ_EXAMPLES, **COMMON)
@given(data=st.data())
def test_game_logs_mutated_and_random(tmp_path, data):
    line = json.dumps({"format": "tcgsim-game-log", "version": 1, "game": 0, "seed": 1, "decks": {"A": ST01, "B": ST01},
                       "first": "A", "decisions": ["keep", "keep"], "winner": "A", "turns": 3, "end_reason": "life",
                       "fingerprint": "0" * 64})
    _log_case(tmp_path, _mutate(line, data) if data.draw(st.booleans()) else data.draw(st.text(max_size=300)))


def _limitless(data) -> str:
    """A Limitless-shaped decklist whose fields hold values of any JSON type (counts as floats, strings,
    huge numbers, lists; numbers as objects; sections as anything)."""
    def value(default):
        return default if data.draw(st.booleans()) else data.draw(JSONISH | st.integers() | st.floats())

    def card(number: str, count: int):
        entry = {"set": value("ST01"), "number": value(number), "count": value(count), "name": value("Luffy")}
        return {k: v for k, v in entry.items() if data.draw(st.integers(0, 9))}  # a key sometimes missing

    decklist = {"leader": value([card("001", 1)]),
                "character": value([card(f"{n:03d}", 4) for n in range(2, data.draw(st.integers(2, 14)))]),
                "event": value([]), "stage": value([])}
    return json.dumps(data.draw(st.sampled_from([{"decklist": decklist}, decklist, [{"decklist": decklist}],
                                                  {"name": value("x"), "deck": value({}), "decklist": decklist}])))


@settings(max_examples=FUZZ_EXAMPLES, **COMMON)
@given(data=st.data())
def test_limitless_json_typed_fields(db, data):
    """Limitless JSON (issue 15 §1): any value in any field is a named problem, never a traceback."""
    _deck_case(db, _limitless(data))


@pytest.mark.long
@settings(**LONG)
@given(data=st.data())
def test_long_limitless_json(db, data):
    test_limitless_json_typed_fields.hypothesis.inner_test(db, data)


@pytest.fixture(scope="module")
def session_factory():
    from tcgsim.core.games import get_game

    module = get_game("onepiece")
    db = module.default_database()
    a, b = module.load_deck("ST01", db), module.load_deck("ST02", db)
    return lambda: Session.start(module, a, b, db, 3, first=0)


JSONISH = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                       lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                       max_leaves=12)


@settings(max_examples=FUZZ_EXAMPLES, **COMMON)
@given(data=st.data())
def test_protocol_messages(session_factory, data):
    """Random and near-valid messages: each reply is a list of message dicts; an error changes nothing."""
    s = session_factory()
    for _ in range(data.draw(st.integers(1, 6))):
        seat = data.draw(st.sampled_from([0, 1, "p1", "p2", "p3", 7]))
        msg = data.draw(st.one_of(
            JSONISH,
            st.text(max_size=60),
            st.builds(lambda d, i: {"type": "answer", "decision": d, "index": i}, st.integers(-2, 5), st.integers(-2, 40)),
            st.builds(lambda d, o: {"type": "answer", "decision": d, "option": o}, st.integers(0, 3), st.text(max_size=40)),
            st.just({"type": "view"}), st.just({"type": "concede"})))
        before = s.fingerprint()
        try:
            replies = s.handle(seat, msg)
        except UserError:
            continue
        assert isinstance(replies, list) and all(isinstance(r, dict) and "type" in r for r in replies)
        if replies[0]["type"] == "error":
            assert s.fingerprint() == before and replies[0]["code"]



@pytest.mark.long
@settings(**LONG)
@given(data=st.data())
def test_long_decklists(db, data):
    test_decklists_mutated_and_random.hypothesis.inner_test(db, data)


@pytest.mark.long
@settings(**LONG)
@given(data=st.data())
def test_long_scenario_files(tmp_path, data):
    test_scenario_files_mutated_and_random.hypothesis.inner_test(tmp_path, data)


@pytest.mark.long
@settings(**LONG)
@given(data=st.data())
def test_long_game_logs(tmp_path, data):
    test_game_logs_mutated_and_random.hypothesis.inner_test(tmp_path, data)


@pytest.mark.long
@settings(**LONG)
@given(data=st.data())
def test_long_protocol_messages(session_factory, data):
    test_protocol_messages.hypothesis.inner_test(session_factory, data)


@pytest.fixture(scope="module")
def store_bytes(tmp_path_factory):
    """A small valid game database (two runs, a few games), as bytes."""
    from types import SimpleNamespace

    from tcgsim.batch.store import GameStore, insert_games
    from tcgsim.onepiece.cards.decklist import Deck

    path = tmp_path_factory.mktemp("store") / "s.db"
    x, y = Deck("ST01-001", (("ST01-002", 4),), name="X"), Deck("ST02-001", (("ST02-002", 4),), name="Y")
    with GameStore(path) as store:
        for agents in (("random", "random"), ("heuristic", "random")):
            run = store.ensure_run(x, y, agents, 0, 3)
            insert_games(store, run, [SimpleNamespace(game=i, seed=i, first="AB"[i % 2], winner="AB"[i // 2 % 2],
                                                      turns=9, end_reason="life", decisions=["keep"]) for i in range(3)])
        store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        store.conn.execute("PRAGMA journal_mode=DELETE")
    from tcgsim.batch.report import collect

    collect(path)  # loads the card databases once, outside the cases' deadline
    return path.read_bytes()


def _store_case(tmp_path, data_bytes: bytes) -> None:
    from tcgsim.batch.report import collect

    path = tmp_path / "fuzz.db"
    path.write_bytes(data_bytes)
    for suffix in ("-wal", "-shm"):
        (tmp_path / f"fuzz.db{suffix}").unlink(missing_ok=True)
    try:
        collect(path)  # read-only: a report of whatever the file holds, or a StoreError naming the file
    except UserError as exc:
        assert str(path) in str(exc)


def _mutate_bytes(raw: bytes, data) -> bytes:
    out = bytearray(raw)
    for _ in range(data.draw(st.integers(1, 8))):
        i = data.draw(st.integers(0, len(out) - 1))
        out[i] = data.draw(st.integers(0, 255))
    return bytes(out)


@settings(max_examples=FUZZ_EXAMPLES, **COMMON)
@given(data=st.data())
def test_game_databases_mutated_and_random(tmp_path, store_bytes, data):
    """The store (issue 15 §1): a damaged or foreign file is a StoreError naming it, never a traceback."""
    raw = _mutate_bytes(store_bytes, data) if data.draw(st.booleans()) else data.draw(st.binary(max_size=600))
    _store_case(tmp_path, raw)


@pytest.mark.long
@settings(**LONG)
@given(data=st.data())
def test_long_game_databases(tmp_path, store_bytes, data):
    test_game_databases_mutated_and_random.hypothesis.inner_test(tmp_path, store_bytes, data)
