"""SEALED AUCTION's printed values as frozen dataclasses, read once from `data/lots.toml`.

The rules only ever see these objects; every value that does not fit raises a `DataError`
naming the file and the field, before any game is made.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ekimae.core.data import Fields, read_toml, unique
from ekimae.core.errors import DataError

PACKAGE = "ekimae.games.sealed_auction.data"
SOURCE = "lots.toml"


@dataclass(frozen=True, slots=True)
class Lot:
    id: str
    name: str
    value: int  # what the lot scores at the end (SA-5)


@dataclass(frozen=True, slots=True)
class LotSet:
    """One choice of the `lots` option: the lots a game auctions (SA-1)."""

    key: str
    label: str
    lots: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class AuctionData:
    min_seats: int
    max_seats: int
    start_money: int
    bid_step: int
    lots: dict[str, Lot]  # by id, in the file's order
    sets: dict[str, LotSet]  # by key, the default first


def parse_data(raw: object, source: str = SOURCE) -> AuctionData:
    """Turn the file's TOML into `AuctionData`; `DataError` on the first bad value."""
    top = Fields(source, "", raw)
    table = top.sub("table")
    min_seats = table.integer("min_seats", 1, 100)
    max_seats = table.integer("max_seats", min_seats, 100)
    bid_step = table.integer("bid_step", 1)
    start_money = table.integer("start_money", 0)
    lots = {}
    for entry in top.tables("lots"):
        lot = Lot(entry.text("id"), entry.text("name"), entry.integer("value", 0))
        lots[lot.id] = lot
    unique(source, "lots.id", [t.text("id") for t in top.tables("lots")])
    sets_table = top.sub("sets")
    sets = {}
    for key in sets_table.table:
        entry = sets_table.sub(key)
        chosen = tuple(entry.texts("lots"))
        if not chosen:
            raise entry.fail("lots", "a set needs at least one lot")
        unique(source, f"sets.{key}.lots", chosen)
        for lot_id in chosen:
            if lot_id not in lots:
                raise entry.fail("lots", f"unknown lot {lot_id!r}")
        sets[key] = LotSet(key, entry.text("label"), chosen)
    if not sets:
        raise DataError(source, "sets", "at least one set of lots is needed")
    return AuctionData(min_seats, max_seats, start_money, bid_step, lots, sets)


@functools.cache
def load_data() -> AuctionData:
    """The packaged data, read and checked once per process."""
    return parse_data(read_toml(SOURCE, PACKAGE))
