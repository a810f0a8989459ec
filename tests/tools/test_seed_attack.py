"""The seed brute force (tools/seed_attack.py) finds an old-style small seed and its future
cards, and finds nothing for a 256-bit secret seed."""

from __future__ import annotations

import functools
import math
import random

import pytest

from ekimae.core.rng import Rng
from ekimae.seeding import secret_seed
from tools.seed_attack import (
    GAMMA,
    MASK,
    CKernel,
    Kernel,
    Layout,
    NumpyKernel,
    Observation,
    check_later,
    deal_order,
    information_bits,
    make_kernel,
    make_layout,
    make_program,
    mix,
    observe_view,
    play_views,
    rejected_seeds,
    search,
    to_come,
    unmix,
)

SPAN = 1 << 16


@functools.cache
def kernel() -> Kernel:
    return make_kernel()


def observed(layout: Layout, seed: int) -> tuple[Observation, Observation]:
    """Spectator views of rounds 1-3 of a random-move game, and what was dealt later."""
    early, later_views = play_views(seed, layout.seats, rounds=3)
    obs = Observation(layout.seats, drawn=[0] * len(layout.deck_keys))
    for view in early:
        observe_view(layout, view, obs)
    later = Observation(layout.seats, drawn=[0] * len(layout.deck_keys))
    for view in later_views:
        observe_view(layout, view, later)
    for key in obs.cards:
        later.cards.pop(key, None)
    return obs, later


def test_unmix_inverts_mix() -> None:
    for x in (0, 1, GAMMA, MASK, 123457, 0x0123456789ABCDEF):
        assert unmix(mix(x)) == x
        assert mix(unmix(x)) == x


@pytest.mark.parametrize(
    ("seed", "seats"), [(123457, 3), *((random.Random(n).randrange(1 << 31), n) for n in (2, 3, 4))]
)
def test_small_seed_found_and_future_cards_predicted(seed: int, seats: int) -> None:
    layout = make_layout(seats)
    obs, later = observed(layout, seed)
    assert later.count() > 0
    if seats in (3, 4):  # both 1-dot and both 2-dot groups fully seen: 36**6 ways
        assert information_bits(layout, obs) == pytest.approx(6 * math.log2(36))
    start = max(0, seed - SPAN // 2)
    result = search(layout, obs, start, start + SPAN, kernel=kernel())
    assert result.candidates == [seed]
    # The prediction is what the engine then actually deals, card for card.
    assert check_later(seed, layout, later) == (later.count(), later.count())
    coming = to_come(seed, obs)
    for (deck, pop), card in later.cards.items():
        assert coming[deck][pop - obs.drawn[deck]] == card


def test_secret_seed_matches_no_small_seed() -> None:
    seed = secret_seed()
    assert seed >= 1 << 128
    layout = make_layout(3)
    obs, _ = observed(layout, seed)
    assert search(layout, obs, 0, SPAN, kernel=kernel()).candidates == []


@pytest.mark.parametrize("seats", [1, 2, 4, 5])
def test_round_one_grid_of_any_seat_count(seats: int) -> None:
    seed = 40_000 + seats
    layout = make_layout(seats)
    order = deal_order(seed, seats)
    obs = Observation(seats, drawn=[layout.deal] * len(layout.deck_keys))
    for deck, cards in enumerate(order):
        for pop in range(layout.deal):
            obs.add(deck, pop, cards[pop])
    result = search(layout, obs, 0, SPAN, kernel=kernel())
    assert seed in result.candidates
    assert to_come(seed, obs) == [cards[layout.deal :] for cards in order]


def test_c_and_numpy_kernels_agree() -> None:
    layout = make_layout(3)
    order = deal_order(777, 3)
    obs = Observation(3, drawn=[3] * 6)
    for deck in range(2):  # two columns only: many seeds match
        for pop in range(3):
            obs.add(deck, pop, order[deck][pop])
    program = make_program(layout, obs)
    found = NumpyKernel().scan(0, SPAN, program)
    assert 777 in found and len(found) > 100
    if isinstance(kernel(), CKernel):
        assert kernel().scan(0, SPAN, program) == found


def test_a_rejection_in_the_setup_is_not_missed() -> None:
    """A seed whose first below(3) rejects a value: the positional kernel misses it, the
    search (which lists such seeds by inverting mix) still finds it."""
    seed = (unmix(MASK) - GAMMA) & MASK
    assert Rng(seed).next64() == MASK  # rejected by below(3)
    layout = make_layout(3)
    assert seed in rejected_seeds(layout, 0, 1 << 64)
    order = deal_order(seed, 3)
    obs = Observation(3, drawn=[3] * 6)
    for deck, cards in enumerate(order):
        for pop in range(3):
            obs.add(deck, pop, cards[pop])
    assert seed not in kernel().scan(seed - 100, 200, make_program(layout, obs))
    assert search(layout, obs, seed - 100, seed + 100, kernel=kernel()).candidates == [seed]
