"""COUNTDOWN's data loader refuses bad values, naming the field; it reuses JUTAKU's parts."""

from __future__ import annotations

from typing import Any

import pytest

from ekimae.core.errors import DataError
from ekimae.games.countdown.components import load_data, parse_rules
from ekimae.games.tokyo_jutaku.components import load_data as load_jutaku

GOOD: dict[str, Any] = {
    "table": {"min_seats": 1, "max_seats": 8},
    "time": {
        "rounds_ms": [60000, 45000, 30000],
        "later_ms": 15000,
        "hand_ms": 1500,
        "pick_ms": 30000,
        "slow": 3,  # issue 30: the slow clock's factor
    },
}


def _with(section: str, key: str, value: object) -> dict[str, Any]:
    raw = {k: dict(v) for k, v in GOOD.items()}
    raw[section][key] = value
    return raw


def test_the_packaged_data_loads_and_reuses_jutakus_elements_and_cards() -> None:
    data = load_data()
    assert data.rules == parse_rules(GOOD)
    jutaku = load_jutaku()
    assert data.elements == jutaku.elements and data.cards == jutaku.cards
    assert len(data.elements) == 69 and len(data.cards) == 36


@pytest.mark.parametrize(
    ("section", "key", "value", "field"),
    [
        ("time", "rounds_ms", [], "rounds_ms"),
        ("time", "rounds_ms", [60000, -1], "rounds_ms[1]"),
        ("time", "rounds_ms", [60000, "x"], "rounds_ms[1]"),
        ("time", "rounds_ms", [100_000], "rounds_ms[0]"),
        ("time", "later_ms", 0, "later_ms"),
        ("time", "hand_ms", 20000, "hand_ms"),  # longer than the 15 s round
        ("time", "pick_ms", "soon", "pick_ms"),
        ("time", "slow", 0, "slow"),
        ("table", "max_seats", 9, "max_seats"),
        ("table", "min_seats", 0, "min_seats"),
    ],
)
def test_bad_values_are_refused_naming_the_field(
    section: str, key: str, value: object, field: str
) -> None:
    with pytest.raises(DataError) as caught:
        parse_rules(_with(section, key, value))
    assert "rules.toml" in str(caught.value) and field in str(caught.value)


def test_round_lengths_past_the_list_are_the_later_length() -> None:
    rules = parse_rules(_with("time", "rounds_ms", [5000]))
    assert [rules.round_ms(f) for f in (1, 2, 3)] == [5000, 15000, 15000]
