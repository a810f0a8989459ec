"""TM-2.4 (and TM-1.2): the revenue track, its two numbers beside each value, past ¥6,000."""

from __future__ import annotations

import pytest

from ekimae.games.tokyo_metro.components import load_track
from tests.games.tokyo_metro.helpers import actions_phase, line

TRACK = load_track()


def test_tm_2_4_low_is_100_times_floor_v_over_300_up_to_6000() -> None:
    """TM-2.4 DATA/RULING: low(V) = 100 * floor(V / 300), high(V) = V - low(V)."""
    for value in range(0, 6001, 100):
        assert TRACK.low(value) == 100 * (value // 300), value
        assert TRACK.high(value) == value - 100 * (value // 300), value
        assert TRACK.high(value) >= TRACK.low(value) >= 0


@pytest.mark.parametrize(
    ("value", "high", "low"),
    [(2900, 2000, 900), (1400, 1000, 400), (0, 0, 0), (100, 100, 0), (300, 200, 100)],
)
def test_tm_2_4_examples_of_the_rules(value: int, high: int, low: int) -> None:
    """TM-2.4: the rules' examples, 2900 -> 2000 and 900, 1400 -> 1000 and 400."""
    assert (TRACK.high(value), TRACK.low(value)) == (high, low)


def test_tm_2_4_value_6000_top_of_the_track() -> None:
    """TM-2.4: at 6000, low 2000 and high 4000."""
    assert (TRACK.high(6000), TRACK.low(6000)) == (4000, 2000)


@pytest.mark.parametrize(
    ("value", "high", "low"),
    [
        (6100, 4000 + 100, 2000 + 0),
        (6300, 4000 + 200, 2000 + 100),
        (8900, 4000 + 2000, 2000 + 900),
        (12000, 8000, 4000),
        (12300, 8000 + 200, 4000 + 100),
    ],
)
def test_tm_2_4_past_6000_adds_the_numbers_printed_at_6000(value: int, high: int, low: int) -> None:
    """TM-2.4: past 6000 each number is the one for the remainder plus the one at 6000."""
    assert (TRACK.high(value), TRACK.low(value)) == (high, low)


def test_tm_2_4_past_6000_every_value_up_to_18000() -> None:
    """TM-2.4: low(6000 + r) = low(r) + low(6000) for every lap of the marker."""
    for value in range(6100, 18001, 100):
        assert TRACK.low(value) == TRACK.low(value - 6000) + TRACK.low(6000), value
        assert TRACK.high(value) + TRACK.low(value) == value


def test_tm_1_2_view_shows_value_with_high_and_low() -> None:
    """TM-1.2/TM-2.4: the view of a line gives its value and the two numbers beside it."""
    state = actions_phase()
    state.s.value[line(state.ctx, "H")] = 6300
    shown = state.view(0)["lines"][line(state.ctx, "H")]
    assert (shown["letter"], shown["value"], shown["high"], shown["low"]) == ("H", 6300, 4200, 2100)


def test_tm_1_2_disc_slots_per_line_from_data() -> None:
    """TM-1.2 DATA: every line has at least one disc slot for Speed tokens and speculations."""
    assert len(TRACK.slots) == 12
    assert all(slots >= 1 for slots in TRACK.slots)
