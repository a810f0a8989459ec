"""The CHOCOLATE MILK data loader refuses bad values, naming the field (CM-1 … CM-4 DATA)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from ekimae.core.data import read_toml
from ekimae.core.errors import DataError
from ekimae.games.chocolate_milk.components import (
    PACKAGE,
    SOURCE,
    jutaku_parcels,
    load_data,
    parse_data,
)
from ekimae.games.jidohanbaiki.components import load_components

RAW = read_toml(SOURCE, PACKAGE)


def parse(raw: dict[str, Any]) -> None:
    parse_data(raw, load_components(), jutaku_parcels())


def changed(section: str, key: str, value: object) -> dict[str, Any]:
    raw = copy.deepcopy(RAW)
    raw[section][key] = value
    return raw


def test_the_packaged_data_loads() -> None:
    data = load_data()
    assert data.start_money == 500 and data.crate_price == 200 and data.drink_price == 100
    assert (data.same_drinks, data.end_money, data.score_unit) == (6, 2000, 100)
    assert (data.machine_out, data.machine_of) == (5, 6)
    assert len(data.cards) == 12


@pytest.mark.parametrize(
    ("section", "key", "value", "field"),
    [
        ("table", "max_seats", 9, "table.max_seats"),
        ("table", "start_money", -1, "table.start_money"),
        ("table", "copies", [1, 1], "table.copies"),
        ("table", "copies", [1] * 8, "table.copies"),  # 7 seats, 6 crates
        ("prices", "drink", 0, "prices.drink"),
        ("prices", "crate", "200", "prices.crate"),
        ("end", "same_drinks", 7, "end.same_drinks"),
        ("machine", "out", 7, "machine.out"),
        ("row", "colours", ["white", "mint", "black", "blue", "red"], "row.colours"),
        ("row", "shapes", ["tall-bottle"] * 6, "row.shapes"),
    ],
)
def test_bad_values_name_their_field(section: str, key: str, value: object, field: str) -> None:
    with pytest.raises(DataError) as caught:
        parse(changed(section, key, value))
    assert caught.value.field == field and caught.value.source == SOURCE


def test_a_missing_value_is_named() -> None:
    raw = copy.deepcopy(RAW)
    del raw["machine"]["of"]
    with pytest.raises(DataError, match=r"machine\.of: missing"):
        parse(raw)
