"""Named state (issue 11 §3): the effect frames, the K.O./replacement checks and the continuous modifiers are
named tuples (rules/frames.py, rules/continuous.Modifier), and the stat and expiry codes have enums.

A named tuple is a tuple: the game's JSON form, its fingerprint and a clone are those of the plain tuples it
replaced (the fixed-seed digests of tests/determinism check the games themselves). What these tests check is
what a plain tuple would silently lose: a game loaded back from JSON, cloned or pickled holds the records
again, so that a handler reading ``frame.inst`` or ``m.stat`` works after a load.
"""

from __future__ import annotations

import copy
import json
import pickle
from pathlib import Path

from tcgsim.onepiece.cards.database import default_database
from tcgsim.onepiece.rules import continuous as cv
from tcgsim.onepiece.rules.engine import Game
from tcgsim.onepiece.rules.frames import RECORDS, ActFrame, as_record

SAVED = json.loads(Path(__file__).with_name("data").joinpath("saved_states.json").read_text())["states"]


def _check_records(g) -> int:
    """Asserts every frame of a kind with a record is that record and every modifier a Modifier; returns how
    many records were seen."""
    n = 0
    for f in g.stack:
        cls = RECORDS.get(f[0])
        if cls is not None:
            assert type(f) is cls, f"{f[0]} frame loaded as {type(f).__name__}"
            n += 1
    for m in g.mods:
        assert type(m) is cv.Modifier
        n += 1
    return n


def test_a_loaded_game_holds_the_records_again_and_plays_on():
    db = default_database()
    seen = 0
    for saved in SAVED:
        g = Game.from_dict(copy.deepcopy(saved["data"]), db)
        seen += _check_records(g)
        for clone in (g.clone(), pickle.loads(pickle.dumps(g.clone()))):
            assert clone.fingerprint() == g.fingerprint()
            _check_records(clone)
        for i in saved["rest"]:
            g.apply_index(i)
            _check_records(g)
        assert g.fingerprint() == saved["final_fingerprint"]
    assert seen, "no saved state has an effect frame or a modifier: the test checks nothing"


def test_a_record_is_the_tuple_it_names():
    f = ActFrame("act", 12, 0, (1, "b", 0), 7, ())
    assert f == ("act", 12, 0, (1, "b", 0), 7, ()) and hash(f) == hash(("act", 12, 0, (1, "b", 0), 7, ()))
    assert json.dumps(f) == json.dumps(list(f))
    assert (f.src, f.eidx, f.path, f.inst, f.state) == f[1:]
    g = f.with_state((("removing", (3,)),))
    assert type(g) is ActFrame and g.state == (("removing", (3,)),) and g[:5] == f[:5]
    assert as_record(tuple(f)) == f and type(as_record(tuple(f))) is ActFrame
    # a frame of a kind without a record, or of another length, is left as it is
    assert type(as_record(("main", 1))) is tuple and type(as_record(("act", 1))) is tuple


def test_the_enums_name_the_module_codes():
    # every stat / expiry constant of continuous.py is in its enum with the same number, and the constants stay
    # plain ints (what the modifiers hold, and what the JSON form stores)
    for enum in (cv.Stat, cv.Expiry):
        for member in enum:
            value = getattr(cv, member.name)
            assert type(value) is int and value == member.value
    assert len({m.value for m in cv.Stat}) == len(cv.Stat), "two stat codes share a number"
    declared = {n for n, v in vars(cv).items() if n.isupper() and type(v) is int and not n.startswith("_")}
    assert declared == {m.name for m in cv.Stat} | {m.name for m in cv.Expiry}, \
        "a stat or expiry code of continuous.py is missing from its enum"
