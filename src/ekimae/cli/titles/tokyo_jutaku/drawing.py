"""TOKYO JUTAKU's table drawn as text, from a view: the plan with its cards and architects,
a card with its borders, holes and building (the top element of each square in its own
colour, the floor it stands on as a digit) and an element about to be placed, the pool's
elements drawn as their shapes, and each player's progress.

The same drawings serve the full-screen game (cli/titles/tokyo_jutaku/live.py) and the
printed table (replays, a game into a pipe), and COUNTDOWN's and BOTTLE BONUS's, which
build with the same elements on the same cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from rich.text import Text

from ekimae.games.jutaku_kit.elements import Element
from ekimae.games.jutaku_kit.geometry import HEIGHT, WIDTH
from ekimae.games.jutaku_kit.view import BuildingView
from ekimae.games.tokyo_jutaku.components import JutakuData
from ekimae.games.tokyo_jutaku.state import COLUMNS
from ekimae.games.tokyo_jutaku.view import CardView, JutakuView
from ekimae.i18n import _, language, yen
from ekimae.server.titles.jutaku_kit.words import Words, places_ja

Cell = tuple[int, int]
# One placed element as the drawings need it: (element id, orientation, x, y, floor).
Piece = tuple[str, int, int, int, int]

# Elements on a card, in placing order (their colours cycle); seats' colours.
ELEMENT_COLOURS = ("#d08770", "#a3be8c", "#88c0d0", "#b48ead", "#ebcb8b", "#8fbcbb", "#bf616a")
SEAT_COLOURS = ("cyan", "magenta", "yellow", "green", "bright_blue", "red", "white", "orange1")
OUTSIDE = "#3b4252"  # a square outside the border
INSIDE = "#4c566a"
SPACE_WIDTH = 8  # a plan space's columns  # a free square inside a border
HOLE = "#2e3440"


def seat_style(seat: int) -> str:
    return f"bold {SEAT_COLOURS[seat % len(SEAT_COLOURS)]}"


def cells(element: Element, turn: int, x: int = 0, y: int = 0) -> list[Cell]:
    """The squares of `element` turned `turn` with its top-left at (x, y)."""
    return [(cx + x, cy + y) for cx, cy in element.shapes[turn]]


def place_name(name: str) -> str:
    """A parcel card's place, in Japanese script in a Japanese terminal."""
    return places_ja().get(name, name) if language() == "ja" else name


def element_name(element: Element) -> str:
    """An element's name in the terminal's language ("3-square piece 1")."""
    return Words(language()).element(element.name)


# ------------------------------------------------------------------------------ shapes


@cache
def landscape(element: Element) -> int:
    """The orientation drawn in the pool: as flat as it goes (then the widest)."""
    return min(
        range(len(element.shapes)),
        key=lambda t: (
            max(y for _, y in element.shapes[t]),
            -max(x for x, _ in element.shapes[t]),
            t,
        ),
    )


def mini_shape(squares: Iterable[Cell]) -> tuple[str, str]:
    """A shape of at most 4 rows in two lines of half blocks (one character a square
    across, two squares down)."""
    found = set(squares)
    width = max(x for x, _ in found) + 1
    lines = []
    for top in (0, 2):
        line = ""
        for x in range(width):
            up, down = (x, top) in found, (x, top + 1) in found
            line += "█" if up and down else "▀" if up else "▄" if down else " "
        lines.append(line)
    return lines[0], lines[1]


@dataclass(frozen=True)
class PoolLayout:
    """The pool's elements in rows as drawn (each row a list of element ids)."""

    rows: tuple[tuple[str, ...], ...]

    def find(self, ident: str) -> tuple[int, int]:
        for r, row in enumerate(self.rows):
            if ident in row:
                return r, row.index(ident)
        return 0, 0

    def step(self, ident: str, dx: int, dy: int) -> str:
        """The element beside (dx) or above/below (dy) `ident` in the drawing."""
        r, c = self.find(ident)
        if dy:
            r = max(0, min(len(self.rows) - 1, r + dy))
            c = min(c, len(self.rows[r]) - 1)
            return self.rows[r][c]
        order = [e for row in self.rows for e in row]
        i = order.index(self.rows[r][c]) + dx
        return order[max(0, min(len(order) - 1, i))]


def entry_width(data: JutakuData, ident: str) -> int:
    element = data.elements[ident]
    shape_width = max(x for x, _ in element.shapes[landscape(element)]) + 1
    return max(len(ident), shape_width) + 1


def pool_layout(data: JutakuData, width: int) -> PoolLayout:
    rows: list[tuple[str, ...]] = []
    row: list[str] = []
    used = 0
    for ident in data.elements:
        w = entry_width(data, ident)
        if row and used + w > width:
            rows.append(tuple(row))
            row, used = [], 0
        row.append(ident)
        used += w
    if row:
        rows.append(tuple(row))
    return PoolLayout(tuple(rows))


def pool_text(
    data: JutakuData,
    view: BuildingView,
    seat: int | None,
    layout: PoolLayout,
    cursor: str | None = None,
    second: Sequence[str | None] = (),
) -> Text:
    """Every element as its shape under its id: bright while in the pool, dim with the
    holder's seat number once taken (`second`: each seat's second element in hand, if
    the title has one); the cursor's id in reverse."""
    holders = holders_of(view, second)
    out: list[Text] = []
    for row in layout.rows:
        lines = [Text(), Text(), Text()]
        for ident in row:
            w = entry_width(data, ident)
            element = data.elements[ident]
            top, bottom = mini_shape(cells(element, landscape(element)))
            holder = holders.get(ident)
            if holder is None:
                style = "bold white"
            elif holder == seat:
                style = "bold green"
            else:
                style = "grey42"
            label_style = "reverse " + style if ident == cursor else style
            lines[0].append(ident.ljust(w - 1), label_style).append(" ")
            lines[1].append(top.ljust(w), style)
            mark = "" if holder is None else str(holder + 1)
            lines[2].append(bottom.ljust(w - len(mark)), style)
            if mark:
                lines[2].append(mark, seat_style(holder) if holder is not None else "")
        out.extend(lines)
    return Text("\n").join(out)


def holders_of(view: BuildingView, second: Sequence[str | None] = ()) -> dict[str, int]:
    """Element id -> the seat holding it (in hand, as a second element, or built)."""
    found: dict[str, int] = {}
    for seat, built in enumerate(view["built"]):
        for piece in built:
            found[str(piece[0])] = seat
    for held in (view["hand"], second):
        for seat, ident in enumerate(held):
            if ident is not None:
                found[ident] = seat
    return found


# ------------------------------------------------------------------------------ a card


@dataclass(frozen=True)
class Overlay:
    """An element shown where it would go: its squares, whether the rules allow it
    there, and the floor it would stand on."""

    squares: tuple[Cell, ...]
    legal: bool
    floor: int | None


def tops(data: JutakuData, pieces: Sequence[Piece]) -> dict[Cell, tuple[int, int]]:
    """Each built square's top element: (its floor, its index in placing order)."""
    found: dict[Cell, tuple[int, int]] = {}
    for index, (ident, turn, x, y, z) in enumerate(pieces):
        for cell in cells(data.elements[ident], turn, x, y):
            if cell not in found or found[cell][0] <= z:
                found[cell] = (z, index)
    return found


def card_grid(
    data: JutakuData,
    plots: Sequence[Sequence[str]] | None,
    pieces: Sequence[Piece],
    overlay: Overlay | None = None,
    wide: int = 4,
    tall: int = 2,
) -> Text:
    """A card's 7×7 squares, each `wide` characters by `tall` lines: outside the border
    dark, inside grey, a hole `×`, a built square in its element's colour with its
    height (floors standing there), the overlay green (or red where it may not go).
    `plots` None: the whole card is the border (COUNTDOWN, CD-1)."""
    inside: dict[Cell, str] = {}
    if plots is None:
        inside = {(x, y): "#" for y in range(HEIGHT) for x in range(WIDTH)}
    else:
        for rows in plots:
            for y, row in enumerate(rows):
                for x, ch in enumerate(row):
                    if ch != ".":
                        inside[(x, y)] = ch
    top = tops(data, pieces)
    shown = set(overlay.squares) if overlay is not None else set()
    out: list[Text] = []
    for y in range(HEIGHT):
        for line in range(tall):
            text = Text()
            for x in range(WIDTH):
                text.append(*_square(inside.get((x, y)), top.get((x, y)), overlay,
                                     (x, y) in shown, wide, line == (tall - 1) // 2))  # fmt: skip
            out.append(text)
    return Text("\n").join(out)


def _square(
    kind: str | None,
    top: tuple[int, int] | None,
    overlay: Overlay | None,
    covered: bool,
    wide: int,
    middle: bool,
) -> tuple[str, str]:
    if covered and overlay is not None:
        colour = "green4" if overlay.legal else "red3"
        floor = "" if overlay.floor is None or not overlay.legal else str(overlay.floor + 1)
        return (floor if middle else "").center(wide), f"bold white on {colour}"
    if top is not None:
        z, index = top
        colour = ELEMENT_COLOURS[index % len(ELEMENT_COLOURS)]
        return (str(z + 1) if middle else "").center(wide), f"bold black on {colour}"
    if kind is None:
        return "·".center(wide) if middle else " " * wide, f"grey37 on {OUTSIDE}"
    if kind == "o":
        return "×".center(wide) if middle else " " * wide, f"grey70 on {HOLE}"
    return " " * wide, f"on {INSIDE}"


# ------------------------------------------------------------------------------ the plan


def plan_text(
    data: JutakuData,
    view: JutakuView,
    side_of: Any,
    cursor: str | None = None,
    choices: Iterable[str] = (),
    width: int = 8,
) -> Text:
    """The 6×6 plan: each space's name, the architects there, and its card's yen, floors
    and element count; the pool in the middle; the spaces one may go to underlined, the
    cursor in reverse. `side_of(card)` is the side a card shows (BOTTLE BONUS may flip)."""
    architects: dict[str, list[int]] = {}
    for seat, space in enumerate(view["architects"]):
        if space is not None:
            architects.setdefault(space, []).append(seat)
    allowed = set(choices)
    out: list[Text] = []
    for r, row in enumerate(data.rules.plan):
        first, second = Text(), Text()
        for c, letter in enumerate(row):
            space = f"{COLUMNS[c]}{r + 1}"
            if letter == "+":
                first.append(_("pool").center(width)[:width] + " ", "grey50")
                second.append(" " * (width + 1))
                continue
            card = view["grid"].get(space)
            style = "bold" if space in allowed else ""
            if space == cursor:
                style = "reverse bold"
            head = Text(space, style or "grey70")
            for seat in architects.get(space, []):
                head.append(f" {seat + 1}", seat_style(seat))
            first.append(head).append(" " * max(1, width + 1 - head.cell_len))
            if card is None:
                second.append("—".ljust(width + 1), "grey42")
                continue
            side = side_of(card)
            info = f"{side.yen // 1000}k {side.floors}F{side.elements}"
            underline = " underline" if space in allowed else ""
            second.append(info.ljust(width), ("reverse" if space == cursor else "") + underline)
            second.append(" ")
        out += [first, second]
    return Text("\n").join(out)


def card_line(card: CardView | None) -> str:
    """A held card in words: place, floors, elements, yen."""
    if card is None:
        return _("no card")
    return _("{place}: {floors} floors, {elements} elements ({numeral}), {yen}").format(
        place=place_name(card["name"]),
        floors=card["floors"],
        elements=_numeral_value(card["elements"]),
        numeral=card["elements"],
        yen=yen(card["yen"]),
    )


def _numeral_value(text: str) -> int:
    return 5 * text.count("V") + text.count("/")
