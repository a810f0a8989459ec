"""THE SHOPPING GAME's mall as text: the blue points (`+`, or the seat number of a player
standing there), the aisles between them and each card's items in its slot, on two
lines: a slot of 15 columns holds each name whole on a 120-column terminal (issue 32)."""

from __future__ import annotations

from collections import Counter

from rich.cells import cell_len

from ekimae.games.shopping.components import OUT, ShoppingData, point_name
from ekimae.games.shopping.market import fish_of
from ekimae.games.shopping.view import ShoppingView
from ekimae.i18n import DEFAULT, _, language

CELL = 16  # characters a slot takes, its left point included


def name(text: str) -> str:
    """An item's, fish's, pile's or colour's name in the terminal's language (catalogue
    messages: server/titles/shopping/board.py's NAMES and the colours); English as printed."""
    return text if language() == DEFAULT else _(text)


def _cut(text: str, width: int) -> str:
    """`text` in at most `width` columns (a Japanese character takes two)."""
    out = ""
    for ch in text:
        if cell_len(out + ch) > width:
            break
        out += ch
    return out


def _centre(text: str, width: int) -> str:
    """`text` centred in `width` columns, counted as the terminal shows them."""
    pad = max(0, width - cell_len(text))
    return " " * (pad // 2) + text + " " * (pad - pad // 2)


def _slot(data: ShoppingData, view: ShoppingView, shop: str) -> tuple[str, str]:
    """A card's items in two lines of at most `CELL - 1` columns: a kind a line, with its
    count when more than one (a fish card: the bag's and the card's)."""
    tokens = view["shops"][shop]
    found = data.shops[shop]
    width = CELL - 1
    if found.draws is not None:
        bag = view["bag"][found.draws]
        shown = sum(1 for t in tokens if fish_of(t) is not None)
        return _cut(f"{name(found.draws)} {bag}+{shown}", width), ""
    drinks = sum(1 for t in tokens if t in data.drinks.drinks)
    if drinks:
        return _cut(_("{n} drinks").format(n=drinks), width), ""
    counts = Counter(tokens)
    if not counts:
        return "-", ""
    lines = [
        _cut(f"{name(data.items[t].name)}{f' {n}' if n > 1 else ''}", width)
        for t, n in counts.items()
    ]
    return lines[0], " ".join(lines[1:])


def mall_lines(data: ShoppingData, view: ShoppingView) -> list[str]:
    mall = data.mall
    at: dict[str, list[int]] = {}
    for player in view["players"]:
        at.setdefault(player["at"], []).append(player["seat"])
    slots = {(s.column, s.row): s.id for s in data.shops.values()}
    header = "   " + "".join(f"{point_name(x, 0)[0]:<{CELL}}" for x in range(mall.columns + 1))
    lines = [header.rstrip()]
    for y in range(mall.rows + 1):
        row = ""
        for x in range(mall.columns + 1):
            seats = at.get(point_name(x, y), [])
            mark = "+" if not seats else (str(seats[0] + 1) if len(seats) == 1 else "*")
            row += mark + ("─" * (CELL - 1) if x < mall.columns else "")
        lines.append(f"{y}  {row}")
        if y == mall.rows:
            break
        first, second = "", ""
        for x in range(mall.columns):
            shop = slots.get((x, y))
            if (x, y) == mall.machine:
                machine = len(view["machine"])
                inside = (_("vending machine"), _("{n} drinks").format(n=machine))
            else:
                inside = _slot(data, view, shop) if shop else ("", "")
            first += "│" + _centre(_cut(inside[0], CELL - 1), CELL - 1)
            second += "│" + _centre(inside[1], CELL - 1)
        lines += ["   " + first + "│", "   " + second + "│"]
    exits = _(" and ").join(mall.exits)
    outside = " ".join(str(s + 1) for s in at.get(OUT, [])) or _("nobody")
    lines.append(
        "   " + _("exits: {exits} · outside: {outside}").format(exits=exits, outside=outside)
    )
    return lines
