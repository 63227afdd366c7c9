"""Fixed-seed games keep byte-identical decision logs and final states (issue "One way into a game").

For each game and each pairing of agents (every agent with an iteration budget, so that it is
reproducible), a batch of seeded games is played and one SHA-256 digest is taken over every game's
decision labels, option indices, winner, end reason and final fingerprint. A refactor or an optimization
must keep every digest (``digests.json`` beside this file). A change of behaviour (a rule or card fix)
updates them in a commit of its own: run ``TCGSIM_UPDATE_DIGESTS=1 pytest -p no:xdist tests/determinism`` and say in the
commit which fix changed which games. 200+ games per game in all.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from tcgsim.batch.runner import game_seed, load_decks, play_game

DIGESTS = Path(__file__).with_name("digests.json")
# (game, deck A, deck B, agent A, agent B, games)
GROUPS = [
    ("onepiece", "ST01", "ST02", "random", "random", 100),
    ("onepiece", "ST03", "ST04", "heuristic", "random", 50),
    ("onepiece", "ST05", "ST06", "heuristic", "heuristic", 46),
    ("onepiece", "ST01", "ST04", "mcts:12", "heuristic", 4),
    ("bleach", "compagnons", "rivaux", "random", "random", 100),
    ("bleach", "rivaux", "compagnons", "heuristic", "random", 60),
    ("bleach", "compagnons", "rivaux", "heuristic", "heuristic", 38),
    ("bleach", "compagnons", "rivaux", "mcts:6", "heuristic", 2),
]


def group_id(group) -> str:
    game, a, b, x, y, n = group
    return f"{game}:{a}-{b}:{x},{y}:{n}"


def group_digest(group) -> str:
    """SHA-256 over the decision logs of the group's games (seeds ``game_seed(2026, i)``, deck A first in even
    games)."""
    game, a, b, x, y, n = group
    deck_a, deck_b = load_decks(a, b, game=game)
    from tcgsim.core.games import module_of

    db = module_of(deck_a).default_database()
    h = hashlib.sha256()
    for i in range(n):
        r = play_game(deck_a, deck_b, db, game_seed(2026, i), agents=(x, y), a_first=i % 2 == 0)
        h.update(json.dumps([r.decisions, r.indices, r.winner, r.end_reason, r.fingerprint_hash]).encode())
    return h.hexdigest()


@pytest.mark.parametrize("group", GROUPS, ids=group_id)
def test_fixed_seed_games_keep_their_digest(group):
    recorded = json.loads(DIGESTS.read_text()) if DIGESTS.exists() else {}
    digest = group_digest(group)
    if os.environ.get("TCGSIM_UPDATE_DIGESTS"):
        # one process writes the file: parallel workers would overwrite each other's digests
        assert not os.environ.get("PYTEST_XDIST_WORKER"), "update the digests with -p no:xdist"
        recorded[group_id(group)] = digest
        DIGESTS.write_text(json.dumps(dict(sorted(recorded.items())), indent=1) + "\n")
        return
    assert group_id(group) in recorded, f"no digest recorded for {group_id(group)}: run with TCGSIM_UPDATE_DIGESTS=1"
    assert digest == recorded[group_id(group)], (
        f"{group_id(group)}: the decision logs changed. A refactor must not change them; a behaviour fix updates "
        "tests/determinism/digests.json in a commit of its own (TCGSIM_UPDATE_DIGESTS=1)")


def test_every_recorded_digest_has_its_group():
    recorded = json.loads(DIGESTS.read_text())
    assert set(recorded) == {group_id(g) for g in GROUPS}
    assert sum(g[5] for g in GROUPS if g[0] == "onepiece") >= 200 and sum(g[5] for g in GROUPS if g[0] == "bleach") >= 200
