"""THE SHOPPING GAME's data file (SH-1 DATA) is read through a validating loader."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from ekimae.core.errors import DataError
from ekimae.games.jidohanbaiki.components import load_components
from ekimae.games.shopping.components import load_data, parcels, parse_data, raw_data


def test_the_packaged_file_reads() -> None:
    data = load_data()
    assert len(data.shops) == 30 and len(data.mall.points) == 8 * 6
    assert data.mall.exits == ("d5", "e5")
    assert {s.parcel for s in data.shops.values()} <= set(parcels())


def _set(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    def edit(raw: dict[str, Any]) -> None:
        *keys, last = path.split(".")
        where: Any = raw
        for key in keys:
            where = where[int(key)] if key.isdigit() else where[key]
        where[last] = value

    return edit


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (_set("table.max_seats", 1), "table.max_seats"),
        (_set("table.barrels_per_seat", 1), "table.barrels_per_seat"),
        (_set("mall.exits", ["z9"]), "mall.exits"),
        (_set("mall.machine", [0, 0]), "mall.machine"),
        (_set("machine.crate", "gold"), "machine.crate"),
        (_set("machine.stuck", 4), "machine.stuck"),
        (_set("colour_prices.red", -1), "colour_prices.red"),
        (_set("pile.0.clothing", "yes"), "pile[0].clothing"),
        (_set("item.0.pile", "toys"), "item[0].pile"),
        (_set("item.0.kind", "toy"), "item[0].kind"),
        (_set("fish.0.bag", [5, "x"]), "fish[0].bag[1]"),
        (_set("shop.0.parcel", "atlantis-1"), "shop[0].parcel"),
        (_set("shop.1.at", [0, 0]), "shop[1].at"),
        (_set("shop.1.at", [40, 0]), "shop salmon-west.at"),
        (_set("shop.1.stock", {"caviar": 1}), "shop[1].stock.caviar"),
        (_set("shop.7.drinks", 4), "shop"),
        (_set("shop.0.draws", "eel"), "shop[0].draws"),
    ],
)
def test_a_bad_value_names_its_field(edit: Callable[[dict[str, Any]], None], field: str) -> None:
    raw = copy.deepcopy(raw_data())
    edit(raw)
    with pytest.raises(DataError) as caught:
        parse_data(raw, load_components(), parcels())
    assert field in str(caught.value)
