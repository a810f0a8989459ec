"""The seeded generator is deterministic, copyable, and spreads values evenly enough."""

from __future__ import annotations

from collections import Counter

import pytest

from ekimae.core.rng import Rng


def test_same_seed_same_sequence() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    assert Rng(1).next64() != Rng(2).next64()


def test_copy_continues_identically() -> None:
    a = Rng(7)
    a.next64()
    b = a.copy()
    assert [a.below(1000) for _ in range(10)] == [b.below(1000) for _ in range(10)]


def test_below_is_in_range_and_roughly_uniform() -> None:
    rng = Rng(3)
    counts = Counter(rng.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(800 < c < 1200 for c in counts.values())
    with pytest.raises(ValueError):
        rng.below(0)


def test_shuffle_is_a_permutation_and_seeded() -> None:
    items = list(range(20))
    a, b = items[:], items[:]
    Rng(5).shuffle(a)
    Rng(5).shuffle(b)
    assert a == b and sorted(a) == items and a != items
