"""Every compiled card of the database reads back as its printed text (issue "Every card right", part 4).

The model is XMage's ``VerifyCardDataTest``: each compiled effect is rendered from its representation
(effects/render.py), normalized with the printed text piece (effects/render_diff.py), and every difference
that remains must stand in ``render_reviewed.toml`` with a reason. A new difference fails (a dropped clause,
a wrong number, owner, duration or scope shows here), and so does a reviewed one that no longer occurs, so
the reviewed list cannot go stale. It renders the whole database in a few seconds, in the default suite.
"""

from __future__ import annotations

import pytest

from tcgsim.onepiece.cards.database import default_database
from tcgsim.onepiece.effects.render_diff import database_diffs, normalize, review, reviewed


@pytest.fixture(scope="module")
def diffs():
    return database_diffs(default_database())


def _show(rows) -> str:
    return "\n".join(f"{d.card}\n  printed:  {d.text}\n  rendered: {d.rendering}\n  - {normalize(d.text)}\n"
                     f"  + {normalize(d.rendering)}" for d in rows)


def test_every_difference_is_reviewed(diffs):
    _n, found = diffs
    new, _stale = review(found)
    assert not new, (f"{len(new)} compiled effects read back differently from their printed text and are not in "
                     f"render_reviewed.toml (a defect goes to known_defects.toml with a scenario; a phrasing the "
                     f"renderer cannot reach is reviewed there with its reason):\n" + _show(new[:40]))


def test_no_reviewed_difference_is_stale(diffs):
    _n, found = diffs
    _new, stale = review(found)
    assert not stale, ("reviewed differences that no longer occur (fixed, or rendered differently now: review "
                       "again or remove):\n" + "\n".join(f"{e['card']}: {e['rendering']}" for e in stale[:40]))


def test_reviewed_entries_are_unique_and_well_formed():
    keys = [(e["card"], e["text"], e["rendering"]) for e in reviewed()]
    assert len(keys) == len(set(keys))


def test_most_effects_read_back_identically(diffs):
    # The renderer speaks the printed wording: most pieces must match after normalization (a renderer that
    # drifted into its own wording would push every card into the reviewed list).
    n, found = diffs
    assert n > 3000 and len(found) < n // 4


def test_game_terms_keep_their_capitals():
    """"you may K.O. ...", "If ..., K.O. up to 1 ...": a body run on after "you may " or "if ..., " starts in
    lower case, but the official terms "K.O." and "DON!!" are never written "k.O." or "dON!!" (audit
    2026-12-02: ST08-013 read back "you may k.O. the opponent's Character ... If you do, k.O. this Character")."""
    from tcgsim.onepiece.effects.render_diff import rendered_pieces

    db = default_database()
    bad = [(c.number, r) for c in map(db.get, sorted({p.number for p in db})) if c.effects
           for _t, r in rendered_pieces(c) if "k.O." in r or "dON!!" in r]
    assert not bad, "lower-cased game terms in the read-back:\n" + "\n".join(f"{n}: {r}" for n, r in bad[:20])
