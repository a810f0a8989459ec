"""THE SHOPPING GAME's mall as text: the blue points (`+`, or the seat number of a player
standing there), the aisles between them and each card's items in its slot."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from rich.cells import cell_len

from ekimae.games.shopping.components import OUT, ShoppingData, point_name
from ekimae.games.shopping.market import fish_of
from ekimae.i18n import DEFAULT, _, language

CELL = 10  # characters a slot takes, its left point included


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


def _short(data: ShoppingData, view: Mapping[str, Any], shop: str) -> str:
    """A card's items in 9 characters or fewer."""
    tokens: list[str] = view["shops"][shop]
    found = data.shops[shop]
    if found.draws is not None:
        bag = view["bag"][found.draws]
        shown = sum(1 for t in tokens if fish_of(t) is not None)
        return f"{name(found.draws)} {bag}+{shown}"
    drinks = sum(1 for t in tokens if t in data.drinks.drinks)
    if drinks:
        return _("{n} drinks").format(n=drinks)
    counts = Counter(tokens)
    if not counts:
        return "-"
    return _cut(
        " ".join(
            f"{_cut(name(data.items[t].name), 7 if len(counts) == 1 else 4)}{n if n > 1 else ''}"
            for t, n in counts.items()
        ),
        CELL - 1,
    )


def mall_lines(data: ShoppingData, view: Mapping[str, Any]) -> list[str]:
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
        cards = ""
        for x in range(mall.columns):
            shop = slots.get((x, y))
            if (x, y) == mall.machine:
                inside = f"VEND {len(view['machine'])}"
            else:
                inside = _short(data, view, shop) if shop else ""
            cards += "│" + _centre(inside, CELL - 1)
        lines.append("   " + cards + "│")
    exits = _(" and ").join(mall.exits)
    outside = " ".join(str(s + 1) for s in at.get(OUT, [])) or _("nobody")
    lines.append(
        "   " + _("exits: {exits} · outside: {outside}").format(exits=exits, outside=outside)
    )
    return lines
