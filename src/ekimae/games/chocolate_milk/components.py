"""CHOCOLATE MILK's printed values (`data/chocolate_milk.toml`) as one frozen dataclass,
with JIDOHANBAIKI's drinks and TOKYO JUTAKU's parcel cards read from their own packages.

Every value that does not fit raises a `DataError` naming the file and the field.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ekimae.core.data import Fields, read_toml, unique
from ekimae.core.errors import DataError
from ekimae.games.jidohanbaiki.components import Components, load_components
from ekimae.games.tokyo_jutaku.components import load_data as load_jutaku

PACKAGE = "ekimae.games.chocolate_milk.data"
SOURCE = "chocolate_milk.toml"


@dataclass(frozen=True, slots=True)
class Parcel:
    """A TOKYO JUTAKU parcel card as CHOCOLATE MILK uses it: a place on the grid (CM-1)."""

    id: str
    name: str
    district: str


@dataclass(frozen=True, slots=True)
class MilkData:
    min_seats: int
    max_seats: int
    start_money: int
    outer_drinks: int
    centre_drinks: int
    copies: tuple[int, ...]  # JIDOHANBAIKI copies at 1, 2, … seats
    drink_price: int
    card_rise: int
    card_start: int
    crate_price: int
    same_drinks: int
    end_money: int
    score_unit: int
    machine_out: int
    machine_of: int
    colour_row: tuple[str, ...]  # the Colour cards left to right (the die reads them)
    shape_row: tuple[str, ...]  # the Shape cards left to right
    drinks: Components
    parcels: tuple[Parcel, ...]

    @property
    def cards(self) -> tuple[str, ...]:
        """The 12 Stock cards: Colour cards then Shape cards, left to right."""
        return self.colour_row + self.shape_row

    def crates_for(self, seats: int) -> int:
        """CM-1: every crate on the table (each copy of JIDOHANBAIKI brings its own)."""
        return self.copies[seats - 1] * self.drinks.crates

    def matches(self, card: str, drink: str) -> bool:
        """Whether `drink` has the attribute Stock card `card` names (its colour or shape)."""
        each = self.drinks.drinks[drink]
        return card in (each.colour, each.shape)


def _row(table: Fields, key: str, known: list[str]) -> tuple[str, ...]:
    row = tuple(table.texts(key))
    if sorted(row) != sorted(known):
        raise table.fail(key, f"expected each of {', '.join(known)} once, got {', '.join(row)}")
    return row


def parse_data(
    raw: object, drinks: Components, parcels: tuple[Parcel, ...], source: str = SOURCE
) -> MilkData:
    """Turn the file's TOML into `MilkData`; `DataError` on the first bad value."""
    top = Fields(source, "", raw)
    table, prices, end = top.sub("table"), top.sub("prices"), top.sub("end")
    machine, row = top.sub("machine"), top.sub("row")
    min_seats = table.integer("min_seats", 1, 8)
    max_seats = table.integer("max_seats", min_seats, 8)  # 8 architect tokens (JUTAKU)
    copies = tuple(table.items("copies"))
    if len(copies) != max_seats or not all(
        isinstance(c, int) and not isinstance(c, bool) and c >= 1 for c in copies
    ):
        raise table.fail("copies", f"expected {max_seats} whole numbers of 1 or more")
    for seats, count in enumerate(copies, start=1):
        if count * drinks.crates < seats:
            raise table.fail("copies", f"{count} copies have too few crates for {seats} seats")
    of = machine.integer("of", 1, 1000)
    colours = _row(row, "colours", [c.key for c in drinks.colours])
    shapes = _row(row, "shapes", [s.key for s in drinks.shapes])
    unique(source, "row", colours + shapes)
    if len(parcels) < 9:
        raise DataError(
            source, "-", f"the 3×3 grid needs 9 parcel cards, JUTAKU has {len(parcels)}"
        )
    return MilkData(
        min_seats=min_seats,
        max_seats=max_seats,
        start_money=table.integer("start_money", 0),
        outer_drinks=table.integer("outer_drinks", 1, 3),
        centre_drinks=table.integer("centre_drinks", 1, 3),
        copies=copies,
        drink_price=prices.integer("drink", 1),
        card_rise=prices.integer("card_rise", 0),
        card_start=prices.integer("card_start", 0),
        crate_price=prices.integer("crate", 0),
        same_drinks=end.integer("same_drinks", 1, drinks.crate_holds),
        end_money=end.integer("money", 1),
        score_unit=end.integer("score_unit", 1),
        machine_out=machine.integer("out", 0, of),
        machine_of=of,
        colour_row=colours,
        shape_row=shapes,
        drinks=drinks,
        parcels=parcels,
    )


def jutaku_parcels() -> tuple[Parcel, ...]:
    """TOKYO JUTAKU's parcel cards (JU-1), the grid's places (CM-1)."""
    return tuple(Parcel(c.id, c.name, c.district) for c in load_jutaku().cards.values())


@functools.cache
def load_data() -> MilkData:
    """The packaged data, read and checked once per process."""
    return parse_data(read_toml(SOURCE, PACKAGE), load_components(), jutaku_parcels())
