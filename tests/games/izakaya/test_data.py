"""IZAKAYA's data file is read through a validating loader (IZ-1, IZ-4)."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest

from ekimae.core.data import read_toml
from ekimae.core.errors import DataError
from ekimae.games.izakaya.components import PACKAGE, SOURCE, load_data, parse_data
from ekimae.games.jidohanbaiki.components import load_components
from ekimae.games.tokyo_jutaku.components import load_data as load_jutaku


def test_the_packaged_file_reads() -> None:
    """IZ-1, IZ-4: the printed numbers."""
    data = load_data()
    assert (data.start_money, data.action_discs, data.claim_discs, data.pyramids) == (
        1000,
        3,
        6,
        6,
    )
    assert {n: (t.grid, t.centre_out, t.end_pile) for n, t in data.tables.items()} == {
        2: (3, True, 1500),
        3: (3, True, 2300),
        4: (4, False, 3000),
        5: (5, False, 4000),
    }
    assert [c.price for c in data.colour_cards] == [100, 100, 200, 200, 300, 300]
    assert len(data.parcel_cards()) == 32


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        ("table.min_seats = 1", "table.min_seats"),
        ('table.card_side = "green"', "table.card_side"),
        ("players = [{count = 2, grid = 3, centre_out = true, end_pile = 1500}]", "players"),
        ("players[0].centre_out = 1", "players[0].centre_out"),
        ("players[2].centre_out = true", "players[2].centre_out"),
        ("players[3].grid = 6", "players[3].grid"),
        ('colour_cards[0].colour = "gold"', "colour_cards[0].colour"),
        ('colour_cards[0].colour = "mint"', "colour_cards.colour"),
        ("colour_cards[0].price = 150", "colour_cards[0].price"),
    ],
)
def test_a_bad_value_names_its_field(edit: str, field: str) -> None:
    raw: dict[str, Any] = read_toml(SOURCE, PACKAGE)
    target, _, value = edit.partition(" = ")
    parsed = tomllib.loads(f"v = {value}")["v"]
    where: Any = raw
    parts = target.replace("]", "").replace("[", ".").split(".")
    for part in parts[:-1]:
        where = where[int(part)] if part.isdigit() else where[part]
    last = parts[-1]
    where[int(last) if last.isdigit() else last] = parsed
    with pytest.raises(DataError) as caught:
        parse_data(raw, load_jutaku(), load_components())
    assert caught.value.field == field
