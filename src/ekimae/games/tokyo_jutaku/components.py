"""TOKYO JUTAKU's printed values as frozen dataclasses, read once from `data/*.toml`.

`rules.toml` (seats, times, the plan), `elements.toml` (the 69 elements, JU-1 DATA) and
`cards.toml` (the 36 two-sided parcel cards, JU-1 DATA). Every value that does not fit
raises a `DataError` naming the file and the field before any game is made: a shape
that is not one piece, two elements alike under turns and flips, a plot outside the
card, a bad roman numeral, a district without its 4 cards.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from ekimae.core.data import Fields, read_toml, unique
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

PACKAGE = "ekimae.games.tokyo_jutaku.data"
SIDES = ("blue", "white")  # JU-1: the easy side, the hard side
ROMAN = re.compile(r"^V*/*$")


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


@dataclass(frozen=True, slots=True)
class Rules:
    min_seats: int
    max_seats: int
    cards_to_end: int
    move_steps: int
    hand_ms: int
    round_ms: int
    stop_window_ms: int
    turn_ms: int
    max_rounds: int
    slow: int  # the "slow" clock's factor on the time limits (issue 30)
    plan: tuple[str, ...]  # 6 rows: a district letter or '+' (the pool)
    districts: dict[str, str]  # letter -> district
    bonus: str


@dataclass(frozen=True, slots=True)
class JutakuData:
    rules: Rules
    elements: dict[str, Element]  # by id, in file order
    cards: dict[str, Card]  # by id, in file order

    def district_cards(self, district: str) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards.values() if c.district == district)


def numeral_value(text: str) -> int:
    """JU-3: V = 5, / = 1 ("V///" is 8); `ValueError` for anything else."""
    if not text or not ROMAN.match(text):
        raise ValueError(f"{text!r} is not made of V (five) then / (one)")
    return 5 * text.count("V") + text.count("/")


def parse_rules(raw: object, source: str = "rules.toml") -> Rules:
    top = Fields(source, "", raw)
    table = top.sub("table")
    min_seats = table.integer("min_seats", 1, 8)
    max_seats = table.integer("max_seats", min_seats, 8)
    cards_to_end = table.integer("cards_to_end", 1, 10)
    steps = table.integer("move_steps", 1, 6)
    time = top.sub("time")
    hand = time.integer("hand_ms", 1, 60_000)
    round_ms = time.integer("round_ms", hand, 99_000)
    window = time.integer("stop_window_ms", 1, 10_000)
    turn = time.integer("turn_ms", 1, 99_000)
    max_rounds = time.integer("max_rounds", 1, 100)
    slow = time.integer("slow", 1, 10)
    plan = top.sub("plan")
    rows = tuple(plan.texts("rows"))
    if len(rows) != 6 or any(len(r) != 6 for r in rows):
        raise plan.fail("rows", "the plan is 6 rows of 6 spaces")
    districts = {}
    dtable = plan.sub("districts")
    for letter in dtable.table:
        districts[letter] = dtable.text(letter)
    unique(source, "plan.districts", list(districts.values()))
    for r, row in enumerate(rows):
        for ch in row:
            if ch != "+" and ch not in districts:
                raise plan.fail(f"rows[{r}]", f"{ch!r} is no district letter")
    counts = {letter: "".join(rows).count(letter) for letter in districts}
    for letter, n in counts.items():
        if n != 4:
            raise plan.fail("rows", f"district {districts[letter]} has {n} spaces, not 4")
    if "".join(rows).count("+") != 4:
        raise plan.fail("rows", "the pool takes the 4 central spaces")
    return Rules(
        min_seats,
        max_seats,
        cards_to_end,
        steps,
        hand,
        round_ms,
        window,
        turn,
        max_rounds,
        slow,
        rows,
        districts,
        plan.text("bonus"),
    )


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


def parse_cards(raw: object, rules: Rules, source: str = "cards.toml") -> dict[str, Card]:
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


@functools.cache
def load_data() -> JutakuData:
    """The packaged data, read and checked once per process."""
    rules = parse_rules(read_toml("rules.toml", PACKAGE))
    elements = parse_elements(read_toml("elements.toml", PACKAGE))
    cards = parse_cards(read_toml("cards.toml", PACKAGE), rules)
    return JutakuData(rules, elements, cards)
