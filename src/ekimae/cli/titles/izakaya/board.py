"""IZAKAYA's table as text: the parcel grid with its corners, edges and cards, and the
seat's own cards with their buildings, drawn from a view alone.

The grid: a corner shows its drink (colour initial and shape glyph), `·` a free corner,
nothing where only one card touches; an edge shows the seat number of its claim disc; a
card shows its space, its owner (`p1` …) and its floors over the card's floors; `xx` is
the centre out of play. A card's plan: `.` outside the border, `o` a hole, `+` free, a
digit the floors built on that square.
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.cells import cell_len

from ekimae.games.izakaya.board import board, corner_name, space_name
from ekimae.games.izakaya.building import floors_of
from ekimae.games.izakaya.components import IzakayaData
from ekimae.games.izakaya.view import IzakayaView, PieceView
from ekimae.games.jutaku_kit.places import places_ja
from ekimae.i18n import DEFAULT, _, language, yen

CELL = 12  # characters a card takes across


def money(amount: int) -> str:
    """Yen in the terminal's language (issue 20): ¥1,600, 1 600 ¥, 1.600 ¥, 1,600円."""
    return yen(amount)


def _colour(key: str) -> str:
    """A colour's word in the terminal's language (the catalogue has the six colours)."""
    return key if language() == DEFAULT else _(key)


def _drink(data: IzakayaData, drink: str | None) -> str:
    if drink is None:
        return "·"
    found = data.drinks.drinks[drink]
    return found.colour[0].upper() + data.drinks.shape(found.shape).glyph


def grid_lines(data: IzakayaData, view: IzakayaView) -> list[str]:
    table = data.tables[len(view["order"])]
    b = board(table.grid, table.centre_out)
    n = b.size
    claims, owners, drinks = view["claims"], view["owners"], view["drinks"]
    lines = []
    for r in range(n + 1):
        row = ""
        for c in range(n + 1):
            name = corner_name(r, c)
            mark = _drink(data, drinks.get(name)) if name in b.corners else " "
            row += mark.ljust(2)
            if c < n:
                edge = f"{space_name(r - 1, c)}-{space_name(r, c)}"
                who = claims.get(edge)
                row += (f"-{who + 1}-" if who is not None else "---").center(CELL - 2, "-")
        lines.append(f"{r}  {row}")
        if r == n:
            break
        row = ""
        for c in range(n):
            space = space_name(r, c)
            edge = f"{space_name(r, c - 1)}-{space}" if c else ""
            who = claims.get(edge)
            row += (str(who + 1) if who is not None else "|").ljust(2)
            row += _card(data, view, space, b.centre == space, owners).ljust(CELL - 2)
        lines.append("   " + row + "|")
    letters = "".join(corner_name(0, c)[0].ljust(CELL) for c in range(n + 1))
    return ["   " + letters.rstrip(), *lines]


def _card(
    data: IzakayaData, view: IzakayaView, space: str, out: bool, owners: Mapping[str, int]
) -> str:
    if out:
        return f"{space} xx"
    side = data.jutaku.cards[view["grid"][space]].side(data.card_side)
    built = sum(_height(data, b) for b in view["buildings"].get(space, []))
    owner = owners.get(space)
    who = f"p{owner + 1}" if owner is not None else "--"
    return f"{space} {who} {built}/{side.floors * len(side.plots)}"


def _height(data: IzakayaData, pieces: list[PieceView]) -> int:
    return len(floors_of(data.jutaku.elements, [tuple(p) for p in pieces]))


def own_cards(data: IzakayaData, view: IzakayaView, seat: int) -> list[str]:
    """The seat's cards: requirements, drinks worth, each border's plan with heights."""
    out = []
    for space, owner in sorted(view["owners"].items()):
        if owner != seat:
            continue
        card = data.jutaku.cards[view["grid"][space]]
        side = card.side(data.card_side)
        out.append(
            _(
                "{space} {name} ({id}): at most {floors} floors and {elements} elements "
                "({numeral}) a border"
            ).format(
                space=space,
                name=places_ja().get(card.name, card.name) if language() == "ja" else card.name,
                id=card.id,
                floors=side.floors,
                elements=side.elements,
                numeral=side.numeral,
            )
        )
        built = view["buildings"].get(space, [])
        plans = []
        for k, plot in enumerate(side.plots):
            pieces = built[k] if k < len(built) else []
            heights = _heights(data, pieces)
            word = _("border {n}").format(n=k)
            rows = [word + " " * max(0, 9 - cell_len(word))]  # a Japanese character is 2 wide
            for y, text in enumerate(plot.rows):
                rows.append(
                    "".join(
                        str(heights[(x, y)]) if heights.get((x, y)) else (ch if ch != "#" else "+")
                        for x, ch in enumerate(text)
                    ).ljust(9)
                )
            plans.append(rows)
        for i in range(8):
            out.append("    " + "  ".join(p[i] for p in plans))
    return out


def _heights(data: IzakayaData, pieces: list[PieceView]) -> dict[tuple[int, int], int]:
    heights: dict[tuple[int, int], int] = {}
    for z, m in enumerate(floors_of(data.jutaku.elements, [tuple(p) for p in pieces])):
        for i in range(m.bit_length()):
            if m >> i & 1:
                heights[(i % 8, i // 8)] = z + 1
    return heights


def market(data: IzakayaData, view: IzakayaView) -> str:
    """The Colour cards: price, drinks left, the disc on it this phase."""
    parts = []
    for i, card in enumerate(data.colour_cards):
        left = data.drinks.crate_holds - view["taken"][i]
        disc = view["colour_discs"].get(card.colour)
        used = f" [p{disc + 1}]" if disc is not None else ""
        amount = view["prices"][card.colour]
        # English as it always was (no thousands separator on a price).
        shown = f"¥{amount}" if language() == DEFAULT else money(amount)
        parts.append(f"{_colour(card.colour)} {shown} ×{left}{used}")
    price = view["price_disc"]
    if price is not None:
        spot = " · " + _("price spot [p{n}]").format(n=price + 1)
    else:
        spot = " · " + _("price spot free")
    return "  ".join(parts) + spot
