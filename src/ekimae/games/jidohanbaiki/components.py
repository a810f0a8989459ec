"""TOKYO JIDOHANBAIKI's pieces (MD-1) as frozen dataclasses, read once from `jidohanbaiki.toml`.

Shared by every title that uses them (METRO DRINKS now; IZAKAYA, BOTTLE BONUS and CHOCOLATE
MILK later), so it imports no game. A drink's id is ``colour-shape`` (``black-short-can``);
a crate holds one colour's 6 drinks; the 12 stock cards are a Colour card per colour and a
Shape card per shape.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from ekimae.core.data import Fields, read_toml, unique
from ekimae.core.errors import DataError

PACKAGE = "ekimae.games.jidohanbaiki.data"
SOURCE = "jidohanbaiki.toml"
COLOURS = 6
SHAPES = 6


@dataclass(frozen=True, slots=True)
class Colour:
    key: str
    ja: str
    ink: str  # "#RRGGBB": how a picture draws drinks of this colour


@dataclass(frozen=True, slots=True)
class Shape:
    key: str
    name: str
    ja: str
    glyph: str  # one character, for text displays
    about: str


@dataclass(frozen=True, slots=True)
class Drink:
    id: str  # "colour-shape"
    colour: str
    shape: str
    name: str
    ja: str


@dataclass(frozen=True, slots=True)
class Components:
    colours: tuple[Colour, ...]
    shapes: tuple[Shape, ...]
    drinks: dict[str, Drink]  # by id, colour by colour, shapes in order
    crates: int
    crate_holds: int
    colour_slots: int
    shape_slots: int

    def crate(self, colour: str) -> tuple[str, ...]:
        """The drinks of one colour's crate, shapes in order (MD-1)."""
        return tuple(d.id for d in self.drinks.values() if d.colour == colour)

    def colour_of(self, drink: str) -> str:
        return self.drinks[drink].colour

    def shape(self, key: str) -> Shape:
        for shape in self.shapes:
            if shape.key == key:
                return shape
        raise KeyError(key)


def drink_id(colour: str, shape: str) -> str:
    return f"{colour}-{shape}"


_INK = re.compile(r"#[0-9A-Fa-f]{6}")


def _ink(table: Fields) -> str:
    ink = table.text("ink")
    if not _INK.fullmatch(ink):
        raise table.fail("ink", f"expected a colour as #RRGGBB, got {ink!r}")
    return ink.upper()


def parse_components(data: dict[str, Any], source: str) -> Components:
    root = Fields(source, "", data)
    colours = tuple(Colour(t.text("key"), t.text("ja"), _ink(t)) for t in root.tables("colour"))
    if len(colours) != COLOURS:
        raise root.fail("colour", f"expected {COLOURS} colours, got {len(colours)}")
    unique(source, "colour.key", [c.key for c in colours])
    shapes = tuple(
        Shape(t.text("key"), t.text("name"), t.text("ja"), t.text("glyph"), t.text("about"))
        for t in root.tables("shape")
    )
    if len(shapes) != SHAPES:
        raise root.fail("shape", f"expected {SHAPES} shapes, got {len(shapes)}")
    unique(source, "shape.key", [s.key for s in shapes])
    for i, each in enumerate(shapes):
        if len(each.glyph) != 1:
            raise DataError(
                source, f"shape[{i}].glyph", f"expected one character, got {each.glyph!r}"
            )
    colour_keys = [c.key for c in colours]
    shape_keys = [s.key for s in shapes]
    found: dict[str, Drink] = {}
    for t in root.tables("drink"):
        colour, shape = t.text("colour"), t.text("shape")
        if colour not in colour_keys:
            raise t.fail("colour", f"unknown colour {colour!r} (colours: {' '.join(colour_keys)})")
        if shape not in shape_keys:
            raise t.fail("shape", f"unknown shape {shape!r} (shapes: {' '.join(shape_keys)})")
        key = drink_id(colour, shape)
        if key in found:
            raise t.fail("shape", f"drink {key!r} appears twice")
        found[key] = Drink(key, colour, shape, t.text("name"), t.text("ja"))
    missing = [
        drink_id(c, s) for c in colour_keys for s in shape_keys if drink_id(c, s) not in found
    ]
    if missing:
        raise root.fail("drink", f"missing drinks: {', '.join(missing)}")
    drinks = {drink_id(c, s): found[drink_id(c, s)] for c in colour_keys for s in shape_keys}
    crates = root.sub("crates")
    cards = root.sub("cards")
    count = crates.integer("count", COLOURS, COLOURS)
    holds = crates.integer("holds", SHAPES, SHAPES)
    return Components(
        colours=colours,
        shapes=shapes,
        drinks=drinks,
        crates=count,
        crate_holds=holds,
        colour_slots=cards.integer("colour_slots", 1, 3),
        shape_slots=cards.integer("shape_slots", 1, 1),  # MD-5: one slot only
    )


@functools.cache
def load_components() -> Components:
    """The JIDOHANBAIKI pieces (MD-1)."""
    return parse_components(read_toml(SOURCE, PACKAGE), SOURCE)
