"""A seeded random generator whose whole state is one integer.

It lives inside the game state, so cloning a state clones its randomness and a game
replays exactly from (options, seed, actions).

Two streams, chosen by the seed's size:

- **Seeds below 2**64** (simulations, tests, practice games, every record made before
  secret seeds): SplitMix64. Fast and identical on every platform, but *predictable*: its
  state is the seed, and a brute force over small seeds recovers it from what was dealt.
- **Seeds of 2**64 and more** (games people play: `ekimae.seeding.secret_seed` draws 256
  bits from the operating system): a keyed BLAKE2b stream. The key is `seed >> 64` (at
  least 128 secret bits), the low 64 bits are a counter, and output n is
  BLAKE2b(counter n, key). Without the key, what was dealt says nothing about what comes.

Either way `state` is the whole generator: `Rng(rng.state)` continues the same stream, so
saving, cloning and replaying need nothing else.

Whether an action drew at all (chance that an undo must never let a player preview again,
`core.undo`) is counted here, in the one place every title's randomness comes from:
`counting_draws()` counts the draws made in its block by any `Rng` of the current thread
or task (a context variable, so other threads and tasks never add to it).
"""

from __future__ import annotations

from collections.abc import Iterator, MutableSequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from hashlib import blake2b
from typing import TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")

# Keys are at most BLAKE2b's 64 bytes: a seed has at most 64 + 512 bits.
MAX_SEED_BITS = 64 + 512


@dataclass
class Draws:
    """How many numbers the generators drew inside a `counting_draws()` block."""

    count: int = 0


_COUNTING: ContextVar[Draws | None] = ContextVar("ekimae_rng_draws", default=None)


@contextmanager
def counting_draws() -> Iterator[Draws]:
    """Count every draw made in the block (by this thread or task only)."""
    draws = Draws()
    token = _COUNTING.set(draws)
    try:
        yield draws
    finally:
        _COUNTING.reset(token)


def is_secret_seed(seed: int) -> bool:
    """Whether `seed` drives the keyed (unpredictable) stream rather than SplitMix64."""
    return seed > _MASK


class Rng:
    """SplitMix64 for small seeds, keyed BLAKE2b for large ones; `state` is the full state."""

    __slots__ = ("_key", "state")

    def __init__(self, seed: int) -> None:
        if seed < 0 or seed.bit_length() > MAX_SEED_BITS:
            raise ValueError(f"a seed is a whole number from 0 to 2**{MAX_SEED_BITS} - 1")
        self.state = seed
        key = seed >> 64
        self._key = key.to_bytes((key.bit_length() + 7) // 8, "big") if key else b""

    def next64(self) -> int:
        counting = _COUNTING.get()
        if counting is not None:
            counting.count += 1
        if self._key:
            counter = self.state & _MASK
            self.state = (self.state & ~_MASK) | ((counter + 1) & _MASK)
            digest = blake2b(counter.to_bytes(8, "big"), key=self._key, digest_size=8).digest()
            return int.from_bytes(digest, "big")
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1 (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        limit = _MASK - (_MASK + 1) % n
        while True:
            value = self.next64()
            if value <= limit:
                return value % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> Rng:
        return Rng(self.state)
