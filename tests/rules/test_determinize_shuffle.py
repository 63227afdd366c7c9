"""determinize._shuffle: the numpy path for long lists (issue 14) draws exactly what the Python loop draws.

The expectation is the Fisher-Yates shuffle over the SplitMix64 stream as written before the change (the
reference below, copied from it): every order and the stream's state after it must be identical, or every
search agent's sampled games (and the fixed-seed MCTS digests of tests/determinism) would change."""

from __future__ import annotations

import random

from tcgsim.core.rng import Rng
from tcgsim.onepiece.rules import determinize

_MASK = (1 << 64) - 1


def _reference(state: int, items: list) -> int:
    s = state
    for i in range(len(items) - 1, 0, -1):
        s = (s + 0x9E3779B97F4A7C15) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
    return s


def test_every_length_and_edge_states_give_the_reference_order_and_state():
    r = random.Random(20261204)
    edges = [0, 1, _MASK, _MASK - 0x9E3779B97F4A7C15, 1 << 63, (1 << 63) - 1]
    for n in range(0, determinize._VECTOR_MAX + 40):  # both paths, and past the vector table's end
        for state in edges + [r.getrandbits(64) for _ in range(8)]:
            items = [r.randrange(1000) for _ in range(n)]
            want = items[:]
            want_state = _reference(state, want)
            rng = Rng(0)
            rng.state = state
            determinize._shuffle(rng, items)
            assert items == want and rng.state == want_state, (n, state)


def test_the_stream_goes_on_the_same_after_a_long_shuffle():
    a, b = Rng(7), Rng(7)
    items = list(range(50))
    ref = items[:]
    determinize._shuffle(a, items)
    b.state = _reference(b.state, ref)
    assert items == ref
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
