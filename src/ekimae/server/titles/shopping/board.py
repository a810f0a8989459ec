"""THE SHOPPING GAME's mall as SVG, drawn from the data (SH-1) and one seat's view.

Cards are the slots of the grid, inset so that the aisles show between them; the blue
points are the slots' corners; the vending machine stands in its slot with the number of
drinks in its crate; the exits are marked under the central double aisles; players are
numbered discs on their points, or in the strip below the plan when outside.
"""

from __future__ import annotations

import json
from collections import Counter
from html import escape

from ekimae.games.shopping.components import OUT, ShoppingData
from ekimae.games.shopping.market import fish_of
from ekimae.games.shopping.view import ShoppingView
from ekimae.i18n import _N

SLOT = 100  # px a card slot, aisle included
GAP = 13  # px of aisle on each side of a card
MARGIN = 24
OUTSIDE = 70  # px of the strip below the plan where players stand outside
SEAT_INKS = ("#d1495b", "#2e86ab", "#3a7d44", "#edae49", "#7b4b94")


# The items', fish's and piles' printed names (items.toml, piles.toml) as catalogue
# messages: the page names them in its language (tests/server/test_i18n_titles.py checks
# that every name of the data is here).
NAMES = (
    _N("washing machine"),
    _N("dryer"),
    _N("sheet"),
    _N("pillowcase"),
    _N("shirt"),
    _N("trousers"),
    _N("bra"),
    _N("underwear"),
    _N("socks"),
    _N("salmon"),
    _N("magazine"),
    _N("detergent"),
    _N("tuna"),
    _N("crab"),
    _N("Washing machine & dryer"),
    _N("Sheet & pillowcase"),
    _N("Shirt & trousers"),
    _N("Bra, underwear & socks"),
)


def _xy(data: ShoppingData, point: str) -> tuple[int, int]:
    x, y = data.mall.xy(point)
    return MARGIN + x * SLOT, MARGIN + y * SLOT


# A text of the drawing: the English words, and the catalogue message with its values the
# page says them with in its language (`data-t`, `data-tv`; the overlay is drawn once for
# every reader, so the page's script translates it).
Words = tuple[str, str, dict[str, object]]


def _say(message: str, **values: object) -> Words:
    return message.format(**values), message, values


def _text(
    x: float, y: float, text: str | Words, size: int = 11, cls: str = "", attrs: str = ""
) -> str:
    klass = f' class="{cls}"' if cls else ""
    if not isinstance(text, str):
        english, message, values = text
        attrs += f' data-t="{escape(message)}"'
        if values:
            attrs += f' data-tv="{escape(json.dumps(values, ensure_ascii=False))}"'
        text = english
    return (
        f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="middle"{klass}{attrs}>'
        f"{escape(text)}</text>"
    )


def _stock_lines(data: ShoppingData, view: ShoppingView, shop: str) -> list[Words]:
    tokens = view["shops"][shop]
    found = data.shops[shop]
    if found.draws is not None:
        fish = found.draws
        shown = [str(c[1]) for t in tokens if (c := fish_of(t)) is not None]
        named = (
            _say(_N("{fish} ¥{price}"), fish=fish, price=f"{view['tuna_price']:,}")
            if fish == "tuna"
            else _say(fish)
        )
        return [
            named,
            _say(_N("bag {n}"), n=view["bag"][fish]),
            _say(_N("shown {faces}"), faces=" ".join(shown)),
        ]
    counts = Counter(t for t in tokens if t not in data.drinks.drinks)
    return [
        _say(_N("{item} ×{n}"), item=data.items[t].name, n=n) if n > 1 else _say(data.items[t].name)
        for t, n in counts.items()
    ]


def _drinks(data: ShoppingData, tokens: list[str], x: float, y: float) -> list[str]:
    drinks = [t for t in tokens if t in data.drinks.drinks]
    inks = {c.key: c.ink for c in data.drinks.colours}
    out = []
    for i, token in enumerate(drinks):
        drink = data.drinks.drinks[token]
        cx = x - 28 + i * 14
        out.append(
            f'<circle cx="{cx:.0f}" cy="{y:.0f}" r="6" fill="{inks[drink.colour]}" '
            f'stroke="#333" stroke-width="1"><title data-t="{escape(drink.name)}">'
            f"{escape(drink.name)}</title></circle>"
        )
    return out


def _card(data: ShoppingData, view: ShoppingView, shop: str) -> list[str]:
    found = data.shops[shop]
    x = MARGIN + found.column * SLOT + GAP
    y = MARGIN + found.row * SLOT + GAP
    size = SLOT - 2 * GAP
    empty = not view["shops"][shop]
    parts = [
        f'<g class="shop" data-shop="{escape(shop)}">'
        f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="6" '
        f'class="card{" empty" if empty else ""}"/>',
        _text(x + size / 2, y + 12, found.name, 8, "parcel", f' data-place="{escape(found.name)}"'),
    ]
    for i, line in enumerate(_stock_lines(data, view, shop)[:3]):
        parts.append(_text(x + size / 2, y + 30 + i * 14, line, 10))
    parts += _drinks(data, view["shops"][shop], x + size / 2, y + 44)
    parts.append("</g>")
    return parts


def _machine(data: ShoppingData, view: ShoppingView) -> list[str]:
    column, row = data.mall.machine
    x = MARGIN + column * SLOT + GAP
    y = MARGIN + row * SLOT + GAP
    size = SLOT - 2 * GAP
    parts = [
        f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="4" class="machine"/>',
        _text(x + size / 2, y + 18, _say(_N("vending")), 10, "machine-text"),
        _text(x + size / 2, y + 31, _say(_N("machine")), 10, "machine-text"),
        _text(
            x + size / 2,
            y + 50,
            _say(_N("{n} in crate"), n=len(view["machine"])),
            10,
            "machine-text",
        ),
    ]
    for point in data.mall.machine_points:
        px, py = _xy(data, point)
        parts.append(
            f'<line x1="{px}" y1="{py}" x2="{x + size / 2:.0f}" y2="{y + size:.0f}" class="touch"/>'
        )
    return parts


def _players(data: ShoppingData, view: ShoppingView) -> list[str]:
    parts: list[str] = []
    here: dict[str, int] = {}
    bottom = MARGIN + data.mall.rows * SLOT
    for player in view["players"]:
        seat, at = player["seat"], player["at"]
        k = here.get(at, 0)
        here[at] = k + 1
        if at == OUT:
            x, y = MARGIN + SLOT * data.mall.columns / 2 - 60 + k * 30, bottom + OUTSIDE - 18
        else:
            px, py = _xy(data, at)
            x, y = px + (k % 2) * 14 - 7 * (k > 0), py - (k // 2) * 14
        done = player["barrels"] >= data.exits_each
        ink = SEAT_INKS[seat % len(SEAT_INKS)]
        parts.append(
            f'<g class="player{" done" if done else ""}" data-seat="{seat}">'
            f'<circle cx="{x:.0f}" cy="{y:.0f}" r="11" fill="{ink}" stroke="#fff" '
            f'stroke-width="2"/>{_text(x, y + 4, str(seat + 1), 12, "seat-no")}</g>'
        )
    return parts


def mall_svg(data: ShoppingData, view: ShoppingView) -> str:
    """The whole mall for this view: aisles, points, cards, machine, exits, players."""
    mall = data.mall
    width = 2 * MARGIN + mall.columns * SLOT
    height = 2 * MARGIN + mall.rows * SLOT + OUTSIDE
    label = _N("the mall")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'class="mall" role="img" aria-label="{label}" data-t-label="{label}">'
    ]
    for point in mall.points:
        x, y = _xy(data, point)
        for other in mall.aisles[point]:
            if other != OUT and other > point:
                ox, oy = _xy(data, other)
                parts.append(f'<line x1="{x}" y1="{y}" x2="{ox}" y2="{oy}" class="aisle"/>')
    bottom = MARGIN + mall.rows * SLOT
    for point in mall.exits:
        x, y = _xy(data, point)
        parts.append(f'<line x1="{x}" y1="{y}" x2="{x}" y2="{bottom + 30}" class="exit"/>')
    right = max(_xy(data, p)[0] for p in mall.exits)
    parts.append(_text(right + 60, bottom + 26, _say(_N("exit / entrance")), 11, "exit-text"))
    for shop in data.shops:
        parts += _card(data, view, shop)
    parts += _machine(data, view)
    for point in mall.points:
        x, y = _xy(data, point)
        parts.append(
            f'<circle cx="{x}" cy="{y}" r="4" class="point" data-point="{point}">'
            f"<title>{point}</title></circle>"
        )
        parts.append(_text(x + 9, y - 5, point, 8, "point-name"))
    parts += _players(data, view)
    parts.append("</svg>")
    return "".join(parts)
