"""The parcel cards and the wooden elements of the JUTAKU family (JU-1 DATA), as the
titles that build with them share them: TOKYO JUTAKU, COUNTDOWN, BOTTLE BONUS, IZAKAYA
and THE SHOPPING GAME read JUTAKU's printed cards and elements through these types.

The files themselves are printed in TOKYO JUTAKU's box and stay in its data package
(`tokyo_jutaku/data/cards.toml`, `elements.toml`; a record's data fingerprint covers
them there). Reading them refuses, with the file and field named, a shape that is not
one piece, two elements alike under turns and flips, a plot outside the card, a bad
roman numeral, a district without its 4 cards.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from ekimae.core.data import Fields, unique
from ekimae.core.errors import DataError
from ekimae.games.jutaku_kit.elements import Element
from ekimae.games.jutaku_kit.geometry import (
    HEIGHT,
    WIDTH,
    canonical,
    is_connected,
    mask,
    orientations,
    placements,
)

SIDES = ("blue", "white")  # JU-1: the easy side, the hard side
ROMAN = re.compile(r"^V*/*$")


class Districts(Protocol):
    """What the cards are checked against: the plan's districts and the bonus cards'."""

    @property
    def districts(self) -> Mapping[str, str]: ...

    @property
    def bonus(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Plot:
    """One building border on a card side (JU-3): the squares inside it, minus holes."""

    cells: int  # mask of the squares one may build on
    holes: int  # mask of the holes inside the border
    rows: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Side:
    floors: int  # JU-3: exactly this many floors
    elements: int  # JU-3: exactly this many elements
    numeral: str  # as printed: "V///"
    yen: int  # JU-3: its value once completed
    plots: tuple[Plot, ...]  # 1 or 2 borders: build in one of them


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    district: str
    name: str
    blue: Side
    white: Side

    def side(self, which: str) -> Side:
        return self.blue if which == "blue" else self.white


def numeral_value(text: str) -> int:
    """JU-3: V = 5, / = 1 ("V///" is 8); `ValueError` for anything else."""
    if not text or not ROMAN.match(text):
        raise ValueError(f"{text!r} is not made of V (five) then / (one)")
    return 5 * text.count("V") + text.count("/")


def parse_elements(raw: object, source: str = "elements.toml") -> dict[str, Element]:
    top = Fields(source, "", raw)
    out: dict[str, Element] = {}
    seen: dict[tuple[tuple[int, int], ...], str] = {}
    entries = top.tables("elements")
    unique(source, "elements.id", [e.text("id") for e in entries])
    for entry in entries:
        ident = entry.text("id")
        rows = entry.texts("shape")
        cells = frozenset(
            (x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "#"
        )
        if any(set(row) - {"#", "."} for row in rows):
            raise entry.fail("shape", "use '#' for a square and '.' for none")
        if not cells or not is_connected(cells):
            raise entry.fail("shape", "an element is one piece of squares joined by sides")
        if max(len(rows), max(len(r) for r in rows)) > min(WIDTH, HEIGHT):
            raise entry.fail("shape", "larger than a card")
        key = canonical(cells)
        if key in seen:
            raise entry.fail("shape", f"the same shape as {seen[key]} (turned or flipped)")
        seen[key] = ident
        shapes = orientations(cells)
        out[ident] = Element(ident, entry.text("name"), len(cells), shapes, placements(shapes))
    if len(out) != 69:
        raise DataError(source, "elements", f"{len(out)} elements, the game has 69 (JU-1)")
    return out


def _plot(field: Fields, key: str, rows: list[str]) -> Plot:
    if len(rows) != HEIGHT or any(len(r) != WIDTH for r in rows):
        raise field.fail(key, f"a plot is {HEIGHT} rows of {WIDTH} squares")
    if any(set(r) - {"#", ".", "o"} for r in rows):
        raise field.fail(key, "use '#' to build, 'o' for a hole, '.' outside the border")
    cells = [(x, y) for y, r in enumerate(rows) for x, ch in enumerate(r) if ch == "#"]
    holes = [(x, y) for y, r in enumerate(rows) for x, ch in enumerate(r) if ch == "o"]
    if not cells or not is_connected(frozenset(cells) | frozenset(holes)):
        raise field.fail(key, "a border encloses one area")
    return Plot(mask(cells), mask(holes), tuple(rows))


def _side(field: Fields) -> Side:
    floors = field.integer("floors", 1, 7)
    numeral = field.text("elements")
    try:
        count = numeral_value(numeral)
    except ValueError as exc:
        raise field.fail("elements", str(exc)) from None
    if count < floors:
        raise field.fail("elements", f"{count} elements cannot make {floors} floors")
    yen = field.integer("yen", 1000, 100_000)
    if yen % 1000:
        raise field.fail("yen", f"{yen} is not a multiple of ¥1,000")
    raw = field.items("plots")
    if not 1 <= len(raw) <= 2:
        raise field.fail("plots", "a side has 1 or 2 borders (JU-1)")
    plots = []
    for i, rows in enumerate(raw):
        if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
            raise field.fail(f"plots[{i}]", "a plot is a list of rows")
        plots.append(_plot(field, f"plots[{i}]", rows))
    if len(plots) == 2 and (plots[0].cells | plots[0].holes) & (plots[1].cells | plots[1].holes):
        raise field.fail("plots", "the two borders overlap")
    return Side(floors, count, numeral, yen, tuple(plots))


def parse_cards(raw: object, rules: Districts, source: str = "cards.toml") -> dict[str, Card]:
    top = Fields(source, "", raw)
    entries = top.tables("cards")
    unique(source, "cards.id", [e.text("id") for e in entries])
    known = {*rules.districts.values(), rules.bonus}
    out = {}
    for entry in entries:
        district = entry.text("district")
        if district not in known:
            raise entry.fail("district", f"unknown district {district!r}")
        card = Card(
            entry.text("id"),
            district,
            entry.text("name"),
            _side(entry.sub("blue")),
            _side(entry.sub("white")),
        )
        out[card.id] = card
    for district in sorted(known):
        n = sum(1 for c in out.values() if c.district == district)
        if n != 4:
            raise DataError(source, "cards", f"district {district} has {n} cards, not 4")
    return out
