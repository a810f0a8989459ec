"""THE SHOPPING GAME's designed values (SH-1 DATA) as frozen dataclasses, read once from
`data/mall.toml`, with the drinks of TOKYO JIDOHANBAIKI and the parcel cards of TOKYO
JUTAKU read from their own data.

Every value that does not fit raises a `DataError` naming the file and the field before
any game is made: an unknown item, pile, parcel card or point, two shops in one slot, a
shop outside the grid, a second row without room for the drinks.
"""

from __future__ import annotations

import functools
import string
from dataclasses import dataclass
from typing import Any

from ekimae.core.data import Fields, read_toml, unique
from ekimae.core.errors import DataError
from ekimae.games.jidohanbaiki.components import Components as Drinks
from ekimae.games.jidohanbaiki.components import load_components
from ekimae.games.tokyo_jutaku.components import load_data as load_jutaku

PACKAGE = "ekimae.games.shopping.data"
SOURCE = "mall.toml"
OUT = "out"  # the node outside the shop (below the plan), joined to the exits only
KINDS = ("priced", "salmon", "magazine", "detergent")
FISH = ("tuna", "crab")


@dataclass(frozen=True, slots=True)
class Pile:
    """A pile of market cards with its yen (setup steps 7-10)."""

    id: str
    name: str
    price: int
    clothing: bool  # SH-4: a detergent may double one item of this pile


@dataclass(frozen=True, slots=True)
class Item:
    id: str
    name: str
    kind: str  # one of KINDS
    pile: str | None  # the pile that pays it ("priced" items only)


@dataclass(frozen=True, slots=True)
class Fish:
    """Tuna or crabs: tokens with a printed number, two shown on their card, the rest in
    the bag (setup steps 11, 13)."""

    id: str
    name: str
    display: tuple[int, ...]
    bag: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Shop:
    id: str
    parcel: str  # a TOKYO JUTAKU parcel card id
    name: str  # the parcel card's name, as the shop's
    column: int
    row: int
    stock: tuple[tuple[str, int], ...]  # item id, how many (setup)
    drinks: int  # random drinks dealt here (setup step 2)
    draws: str | None  # the fish sold here (tuna, crab), drawn from the bag


@dataclass(frozen=True, slots=True)
class Mall:
    columns: int
    rows: int
    points: tuple[str, ...]  # every blue point, row by row
    aisles: dict[str, tuple[str, ...]]  # point -> its neighbours ("out" included)
    exits: tuple[str, ...]
    machine: tuple[int, int]  # the vending machine's slot
    machine_points: tuple[str, ...]
    fronts: dict[str, tuple[str, ...]]  # point -> the shops it is in front of
    reach: dict[str, tuple[str, ...]]  # point -> where a move from it may end (SH-2)

    def xy(self, point: str) -> tuple[int, int]:
        return string.ascii_lowercase.index(point[0]), int(point[1:])


@dataclass(frozen=True, slots=True)
class ShoppingData:
    min_seats: int
    max_seats: int
    exits_each: int
    barrels_per_seat: int
    card_drop: int
    salmon_first: int
    salmon_later: int
    tuna_price: int
    tuna_step: int
    face_yen: int
    machine_crate: str  # the colour whose crate starts beside the machine
    stuck: int
    out_of: int
    colour_prices: dict[str, int]
    piles: dict[str, Pile]
    items: dict[str, Item]
    fish: dict[str, Fish]
    shops: dict[str, Shop]
    mall: Mall
    drinks: Drinks

    def dealt_drinks(self) -> tuple[str, ...]:
        """Setup step 2: every drink but the machine's crate, in the data's order."""
        return tuple(d.id for d in self.drinks.drinks.values() if d.colour != self.machine_crate)


def point_name(x: int, y: int) -> str:
    return f"{string.ascii_lowercase[x]}{y}"


def _mall(top: Fields, shops: dict[str, Shop]) -> Mall:
    table = top.sub("mall")
    columns = table.integer("columns", 1, 25)
    rows = table.integer("rows", 1, 9)
    points = tuple(point_name(x, y) for y in range(rows + 1) for x in range(columns + 1))
    aisles: dict[str, list[str]] = {p: [] for p in points}
    for y in range(rows + 1):
        for x in range(columns + 1):
            here = point_name(x, y)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if 0 <= x + dx <= columns and 0 <= y + dy <= rows:
                    aisles[here].append(point_name(x + dx, y + dy))
    exits = tuple(table.texts("exits"))
    machine_points = tuple(table.texts("machine_points"))
    for key, named in (("exits", exits), ("machine_points", machine_points)):
        if not named:
            raise table.fail(key, "at least one point is needed")
        for point in named:
            if point not in aisles:
                raise table.fail(key, f"unknown point {point!r}")
    aisles[OUT] = list(exits)
    for point in exits:
        aisles[point].append(OUT)
    spot = table.items("machine")
    if len(spot) != 2 or not all(isinstance(v, int) for v in spot):
        raise table.fail("machine", f"expected [column, row], got {spot!r}")
    machine = (int(spot[0]), int(spot[1]))
    taken = {(s.column, s.row): s.id for s in shops.values()}
    for (column, row), shop in taken.items():
        if not (0 <= column < columns and 0 <= row < rows):
            raise DataError(SOURCE, f"shop {shop}.at", "outside the mall's grid")
    if machine in taken:
        raise table.fail("machine", f"the slot holds the shop {taken[machine]!r}")
    fronts = {
        point: tuple(
            taken[(x + dx, y + dy)] for dy in (-1, 0) for dx in (-1, 0) if (x + dx, y + dy) in taken
        )
        for point in points
        for x, y in [(string.ascii_lowercase.index(point[0]), int(point[1:]))]
    }
    linked = {p: tuple(n) for p, n in aisles.items()}
    steps = table.integer("steps", 1, 9)
    reach = {p: _reach(linked, p, steps, (*points, OUT)) for p in linked}
    return Mall(
        columns,
        rows,
        points,
        linked,
        exits,
        machine,
        machine_points,
        fronts,
        reach,
    )


def _reach(
    aisles: dict[str, tuple[str, ...]], start: str, steps: int, order: tuple[str, ...]
) -> tuple[str, ...]:
    """SH-2/SH-3: every point a walk of 1 to `steps` steps can end on (U-turns allowed),
    never the start; a step out of the mall ends the walk, so it leads nowhere further."""
    ends: set[str] = set()
    frontier = {start}
    for _ in range(steps):
        frontier = {n for p in frontier for n in aisles[p]}
        ends |= frontier
        frontier.discard(OUT)
    ends.discard(start)
    rank = {p: i for i, p in enumerate(order)}
    return tuple(sorted(ends, key=rank.__getitem__))


def _items(top: Fields, piles: dict[str, Pile]) -> dict[str, Item]:
    items = {}
    for entry in top.tables("item"):
        kind = entry.text("kind")
        if kind not in KINDS:
            raise entry.fail("kind", f"unknown kind {kind!r} (kinds: {' '.join(KINDS)})")
        pile = entry.text("pile") if kind == "priced" else None
        if pile is not None and pile not in piles:
            raise entry.fail("pile", f"unknown pile {pile!r}")
        item = Item(entry.text("id"), entry.text("name"), kind, pile)
        items[item.id] = item
    unique(SOURCE, "item.id", [t.text("id") for t in top.tables("item")])
    return items


def _flag(entry: Fields) -> bool:
    value = entry.table.get("clothing")
    if not isinstance(value, bool):
        raise entry.fail("clothing", f"expected true or false, got {value!r}")
    return value


def _faces(entry: Fields, key: str) -> tuple[int, ...]:
    faces = entry.items(key)
    for i, face in enumerate(faces):
        if not isinstance(face, int) or isinstance(face, bool) or face < 0:
            raise entry.fail(f"{key}[{i}]", f"expected a printed number >= 0, got {face!r}")
    return tuple(faces)


def _shop(entry: Fields, items: dict[str, Item], parcels: dict[str, str]) -> Shop:
    parcel = entry.text("parcel")
    if parcel not in parcels:
        raise entry.fail("parcel", f"unknown TOKYO JUTAKU parcel card {parcel!r}")
    at = entry.items("at")
    if len(at) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in at):
        raise entry.fail("at", f"expected [column, row], got {at!r}")
    stock: list[tuple[str, int]] = []
    if entry.has("stock"):
        table = entry.sub("stock")
        for item in table.table:
            if item not in items:
                raise table.fail(item, f"unknown item {item!r}")
            stock.append((item, table.integer(item, 1, 99)))
    drinks = entry.integer("drinks", 1, 36) if entry.has("drinks") else 0
    draws = entry.text("draws") if entry.has("draws") else None
    if draws is not None and draws not in FISH:
        raise entry.fail("draws", f"expected one of {', '.join(FISH)}, got {draws!r}")
    if not stock and not drinks and draws is None:
        raise entry.fail("stock", "a shop needs a stock, drinks or a fish to draw")
    return Shop(
        entry.text("id"), parcel, parcels[parcel], at[0], at[1], tuple(stock), drinks, draws
    )


def parse_data(raw: object, drinks: Drinks, parcels: dict[str, str]) -> ShoppingData:
    """Turn the file's TOML into `ShoppingData`; `DataError` on the first bad value."""
    top = Fields(SOURCE, "", raw)
    table = top.sub("table")
    min_seats = table.integer("min_seats", 2, 8)
    max_seats = table.integer("max_seats", min_seats, 8)
    colours = top.sub("colour_prices")
    colour_prices = {c.key: colours.integer(c.key, 0) for c in drinks.colours}
    unique(SOURCE, "pile.id", [t.text("id") for t in top.tables("pile")])
    piles = {}
    for entry in top.tables("pile"):
        pile = Pile(entry.text("id"), entry.text("name"), entry.integer("price", 0), _flag(entry))
        piles[pile.id] = pile
    items = _items(top, piles)
    fish = {}
    for entry in top.tables("fish"):
        one = Fish(
            entry.text("id"), entry.text("name"), _faces(entry, "display"), _faces(entry, "bag")
        )
        if one.id not in FISH:
            raise entry.fail("id", f"expected one of {', '.join(FISH)}, got {one.id!r}")
        fish[one.id] = one
    if set(fish) != set(FISH):
        raise top.fail("fish", f"expected exactly {', '.join(FISH)}")
    shops: dict[str, Shop] = {}
    for entry in top.tables("shop"):
        shop = _shop(entry, items, parcels)
        if any((s.column, s.row) == (shop.column, shop.row) for s in shops.values()):
            raise entry.fail("at", f"slot {[shop.column, shop.row]} holds two shops")
        shops[shop.id] = shop
    unique(SOURCE, "shop.id", [t.text("id") for t in top.tables("shop")])
    unique(SOURCE, "shop.parcel", [s.parcel for s in shops.values()])
    for need in FISH:
        if not any(s.draws == need for s in shops.values()):
            raise top.fail("shop", f"no shop sells {need}")
    machine = top.sub("machine")
    crate = machine.text("crate")
    if crate not in colour_prices:
        raise machine.fail("crate", f"unknown colour {crate!r}")
    out_of = machine.integer("out_of", 1)
    data = ShoppingData(
        min_seats=min_seats,
        max_seats=max_seats,
        exits_each=table.integer("exits_each", 1, 9),
        barrels_per_seat=table.integer("barrels_per_seat", 1, 9),
        card_drop=table.integer("card_drop", 0),
        salmon_first=table.integer("salmon_first", 0),
        salmon_later=table.integer("salmon_later", 0),
        tuna_price=table.integer("tuna_price", 0),
        tuna_step=table.integer("tuna_step", 0),
        face_yen=table.integer("face_yen", 1),
        machine_crate=crate,
        stuck=machine.integer("stuck", 0, out_of),
        out_of=out_of,
        colour_prices=colour_prices,
        piles=piles,
        items=items,
        fish=fish,
        shops=shops,
        mall=_mall(top, shops),
        drinks=drinks,
    )
    if data.barrels_per_seat < data.exits_each:
        raise table.fail("barrels_per_seat", "fewer barrels than exits: SH-3 needs one an exit")
    wanted = sum(s.drinks for s in shops.values())
    dealt = len(data.dealt_drinks())
    if wanted != dealt:
        raise top.fail("shop", f"the shops take {wanted} drinks but setup deals {dealt}")
    return data


def parcels() -> dict[str, str]:
    return {card.id: card.name for card in load_jutaku().cards.values()}


@functools.cache
def load_data() -> ShoppingData:
    """The packaged data, read and checked once per process."""
    return parse_data(read_toml(SOURCE, PACKAGE), load_components(), parcels())


def raw_data() -> dict[str, Any]:
    """The file's TOML as read (tests change it to check the loader's refusals)."""
    return read_toml(SOURCE, PACKAGE)
