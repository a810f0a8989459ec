"""IZAKAYA's printed and designed values as frozen dataclasses, read once from
`data/izakaya.toml`, together with the pieces it borrows: TOKYO JUTAKU's parcel cards and
building elements, JIDOHANBAIKI's drinks, crates and Colour cards (IZ-1).

Every value that does not fit raises a `DataError` naming the file and the field before
any game is made: a seat count without its grid, a grid too large for the parcel cards, a
Colour card of an unknown colour or twice, coins that are not whole ¥100 coins.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ekimae.core.data import Fields, read_toml, unique
from ekimae.core.errors import DataError
from ekimae.games.jidohanbaiki.components import Components as Drinks
from ekimae.games.jidohanbaiki.components import load_components
from ekimae.games.jutaku_kit.parcels import SIDES
from ekimae.games.tokyo_jutaku.components import JutakuData
from ekimae.games.tokyo_jutaku.components import load_data as load_jutaku

PACKAGE = "ekimae.games.izakaya.data"
SOURCE = "izakaya.toml"


@dataclass(frozen=True, slots=True)
class Table:
    """IZ-1 … IZ-4 for one player count."""

    count: int
    grid: int  # the grid is grid × grid parcel cards
    centre_out: bool  # IZ-1: the centre card turned blue, out of play
    end_pile: int  # IZ-4: the bid pile that makes this round the last


@dataclass(frozen=True, slots=True)
class ColourCard:
    colour: str  # a JIDOHANBAIKI colour key
    price: int  # IZ-1: the coins lying on it at the start


@dataclass(frozen=True, slots=True)
class IzakayaData:
    min_seats: int
    max_seats: int
    start_money: int
    action_discs: int
    claim_discs: int
    pyramids: int
    bid_step: int
    price_coin: int
    line: int
    max_rounds: int
    card_side: str
    tables: dict[int, Table]  # by player count
    colour_cards: tuple[ColourCard, ...]  # left to right (IZ-1)
    jutaku: JutakuData
    drinks: Drinks

    def parcel_cards(self) -> tuple[str, ...]:
        """The parcel cards that are shuffled into the grid: the 32 district cards (RULING:
        TOKYO JUTAKU's Roppongi bonus cards stay in the box)."""
        bonus = self.jutaku.rules.bonus
        return tuple(c.id for c in self.jutaku.cards.values() if c.district != bonus)

    def colours(self) -> tuple[str, ...]:
        return tuple(c.colour for c in self.colour_cards)


def _flag(entry: Fields, key: str) -> bool:
    value = entry.table.get(key)
    if not isinstance(value, bool):
        raise entry.fail(key, f"expected true or false, got {value!r}")
    return value


def _tables(top: Fields, low: int, high: int, cards: int) -> dict[int, Table]:
    tables = {}
    for entry in top.tables("players"):
        count = entry.integer("count", low, high)
        if count in tables:
            raise entry.fail("count", f"{count} players appear twice")
        grid = entry.integer("grid", 2, 6)
        centre_out = _flag(entry, "centre_out")
        if centre_out and grid % 2 == 0:
            raise entry.fail("centre_out", f"a {grid}×{grid} grid has no centre card")
        if grid * grid + 1 > cards:  # IZ-1: the grid and the claim spot's card
            raise entry.fail("grid", f"{grid}×{grid} needs more than the {cards} parcel cards")
        tables[count] = Table(count, grid, centre_out, entry.integer("end_pile", 100))
    missing = [n for n in range(low, high + 1) if n not in tables]
    if missing:
        raise top.fail("players", f"no grid for {', '.join(map(str, missing))} players")
    return tables


def _colour_cards(top: Fields, drinks: Drinks, coin: int) -> tuple[ColourCard, ...]:
    known = [c.key for c in drinks.colours]
    out = []
    for entry in top.tables("colour_cards"):
        colour = entry.text("colour")
        if colour not in known:
            raise entry.fail("colour", f"unknown colour {colour!r} (colours: {' '.join(known)})")
        price = entry.integer("price", 0, 10_000)
        if price % coin:
            raise entry.fail("price", f"¥{price} is not made of ¥{coin} coins")
        out.append(ColourCard(colour, price))
    unique(SOURCE, "colour_cards.colour", [c.colour for c in out])
    if len(out) != len(known):
        raise DataError(SOURCE, "colour_cards", f"{len(out)} Colour cards, the game has 6")
    return tuple(out)


def parse_data(raw: object, jutaku: JutakuData, drinks: Drinks) -> IzakayaData:
    """Turn the file's TOML into `IzakayaData`; `DataError` on the first bad value."""
    top = Fields(SOURCE, "", raw)
    table = top.sub("table")
    low = table.integer("min_seats", 2, 5)
    high = table.integer("max_seats", low, 5)
    side = table.text("card_side")
    if side not in SIDES:
        raise table.fail("card_side", f"{side!r} is no card side ({', '.join(SIDES)})")
    cards = sum(1 for c in jutaku.cards.values() if c.district != jutaku.rules.bonus)
    price_coin = table.integer("price_coin", 1)
    return IzakayaData(
        min_seats=low,
        max_seats=high,
        start_money=table.integer("start_money", 0),
        action_discs=table.integer("action_discs", 1, 9),
        claim_discs=table.integer("claim_discs", 0, 20),
        pyramids=table.integer("pyramids", 1, 20),
        bid_step=table.integer("bid_step", 1),
        price_coin=price_coin,
        line=table.integer("line", 2, 6),
        max_rounds=table.integer("max_rounds", 1, 100),
        card_side=side,
        tables=_tables(top, low, high, cards),
        colour_cards=_colour_cards(top, drinks, price_coin),
        jutaku=jutaku,
        drinks=drinks,
    )


@functools.cache
def load_data() -> IzakayaData:
    """The packaged data, read and checked once per process."""
    return parse_data(read_toml(SOURCE, PACKAGE), load_jutaku(), load_components())
