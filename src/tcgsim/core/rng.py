"""Seeded random streams (SplitMix64).

Every source of randomness in tcgsim is an :class:`Rng`: one stream for the game (shuffles, the random
first-player pick, rule 5-2-1-4) and one stream for each agent, so an agent's choices never shift the
game's draws. The whole state is one integer, so cloning and serializing a stream is free and the same
seed gives the same sequence on every platform and Python version.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
MAX_SEED = 2**64 - 1
"""The largest seed: seeds are 64-bit (``derive_seed`` keeps the low 64 bits), so every seed a user gives is
in ``[0, MAX_SEED]`` and a larger one, which would play the games of another seed, is refused."""


def derive_seed(seed: int, *labels: str | int) -> int:
    """A 64-bit seed for a sub-stream, derived from ``seed`` and ``labels`` (e.g. ``(seed, "agent", 0)``).

    Deterministic across runs and platforms (no use of Python's salted ``hash``).
    """
    x = seed & _MASK
    for label in labels:
        for byte in str(label).encode():
            x = _mix((x ^ byte) + 0x9E3779B97F4A7C15)
        x = _mix(x + 0xBF58476D1CE4E5B9)
    return x


def _mix(z: int) -> int:
    z &= _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """A SplitMix64 stream. ``state`` is a 64-bit int; copy it to clone the stream."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """The next 64-bit unsigned integer."""
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``; ``n`` must be >= 1 (raises ``ValueError`` otherwise)."""
        if n <= 0:
            raise ValueError(f"Rng.below needs n >= 1, got {n}")
        if n == 1:
            return 0
        # Rejection sampling: unbiased for every n.
        limit = _MASK - (_MASK + 1) % n
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def shuffle(self, items: list) -> None:
        """Shuffle ``items`` in place (Fisher-Yates), rule 3-2-4."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
        """A uniformly chosen element of the non-empty sequence ``items``."""
        return items[self.below(len(items))]

    def clone(self) -> "Rng":
        """An independent copy continuing the same sequence."""
        r = Rng.__new__(Rng)
        r.state = self.state
        return r
