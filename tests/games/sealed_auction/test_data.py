"""SEALED AUCTION's data file is read through a validating loader."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest

from ekimae.core.data import read_toml
from ekimae.core.errors import DataError
from ekimae.games.sealed_auction.components import PACKAGE, SOURCE, load_data, parse_data


def raw() -> dict[str, Any]:
    return read_toml(SOURCE, PACKAGE)


def test_the_packaged_file_reads() -> None:
    data = load_data()
    assert (data.start_money, data.bid_step) == (1000, 50)
    assert {key: len(s.lots) for key, s in data.sets.items()} == {"short": 5, "long": 8}


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        ("table.bid_step = 0", "table.bid_step"),
        ("table.max_seats = 1", "table.max_seats"),
        ('lots = [{id = "a", name = "A", value = -1}]', "lots[0].value"),
        (
            'lots = [{id = "a", name = "A", value = 1}, {id = "a", name = "B", value = 2}]',
            "lots.id",
        ),
        ('sets.short.lots = ["nope"]', "sets.short.lots"),
        ("sets.short.lots = []", "sets.short.lots"),
    ],
)
def test_a_bad_value_names_its_field(edit: str, field: str) -> None:
    data = raw()
    path, _, value = edit.partition(" = ")
    *parents, key = path.split(".")
    table = data
    for name in parents:
        table = table[name]
    table[key] = tomllib.loads(f"x = {value}")["x"]
    with pytest.raises(DataError) as caught:
        parse_data(data)
    assert caught.value.field == field
