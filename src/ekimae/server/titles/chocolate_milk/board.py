"""CHOCOLATE MILK's board as SVG, drawn from the view and the data alone (CM-1).

Drinks are tiles in their JIDOHANBAIKI ink with their shape's glyph on top (so colour is
never the only cue) and their name as a tooltip; architects are numbered discs; the
Colour and Shape cards show their yen; each player's crates show six slots. Every text
comes from the view or the data files and is escaped.
"""

from __future__ import annotations

import json
from html import escape

from ekimae.games.chocolate_milk.components import load_data
from ekimae.games.chocolate_milk.view import MilkView
from ekimae.games.jidohanbaiki.components import Drink
from ekimae.games.jutaku_kit.places import places_ja
from ekimae.i18n import _N, DEFAULT, Words

DATA = load_data()
CELL = 120  # a parcel card's side on the drawing
TILE = 34  # a drink tile's side
SEAT_INKS = ("#D2691E", "#2E8B57", "#4169E1", "#C71585", "#B8860B", "#008B8B", "#6A5ACD", "#A0522D")


def _light(ink: str) -> bool:
    r, g, b = (int(ink[i : i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b > 150


def drink_name(drink: str, lang: str = DEFAULT) -> str:
    """A drink's name in `lang` (in Japanese the components' own Japanese name)."""
    each: Drink = DATA.drinks.drinks[drink]
    return each.ja if lang == "ja" else Words(lang)(each.name)


def shape_name(key: str, lang: str = DEFAULT) -> str:
    shape = DATA.drinks.shape(key)
    return shape.ja if lang == "ja" else Words(lang)(shape.name)


def card_word(key: str, lang: str = DEFAULT) -> str:
    """A Stock card's key ("white", "tall-bottle") as a reader of `lang` names it."""
    if lang == DEFAULT:
        return key
    if any(c.key == key for c in DATA.drinks.colours):
        return Words(lang)(key)
    return shape_name(key, lang)


def drink_label(drink: str, lang: str = DEFAULT) -> str:
    """`Cola (black, small PET bottle)`: a drink as people name it."""
    each: Drink = DATA.drinks.drinks[drink]
    colour = Words(lang)(each.colour)
    if lang == "ja":
        return f"{each.ja}（{colour}、{shape_name(each.shape, lang)}）"
    return f"{drink_name(drink, lang)} ({colour}, {shape_name(each.shape, lang)})"


def _t(message: str, **values: object) -> str:
    """The attributes that let the page say a drawn text in its language (`data-t`, the
    values in `data-tv`): the board is drawn once, in English, for every reader."""
    out = f' data-t="{escape(message)}"'
    if values:
        out += f' data-tv="{escape(json.dumps(values, ensure_ascii=False))}"'
    return out


def tile(drink: str, x: float, y: float, size: float = TILE) -> str:
    """One drink: its colour as the fill, its shape as a glyph, its name as a tooltip."""
    each = DATA.drinks.drinks[drink]
    ink = next(c.ink for c in DATA.drinks.colours if c.key == each.colour)
    text = "#000000" if _light(ink) else "#FFFFFF"
    glyph = DATA.drinks.shape(each.shape).glyph
    shape = DATA.drinks.shape(each.shape).name
    said = _t(_N("{drink} ({colour}, {shape})"), drink=each.name, colour=each.colour, shape=shape)
    return (
        f'<g class="cm-drink" data-drink="{escape(drink)}">'
        f"<title{said}>{escape(drink_label(drink))}</title>"
        f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="5" fill="{ink}" '
        f'stroke="#333" stroke-width="1.5"/>'
        f'<text x="{x + size / 2}" y="{y + size * 0.68}" text-anchor="middle" '
        f'font-size="{size * 0.55:.0f}" fill="{text}">{escape(glyph)}</text></g>'
    )


def _architect(seat: int, x: float, y: float) -> str:
    ink = SEAT_INKS[seat % len(SEAT_INKS)]
    said = _t(_N("architect of seat {n}"), n=seat + 1)
    return (
        f'<g class="cm-architect"><title{said}>'
        f"architect of seat {seat + 1}</title>"
        f'<circle cx="{x}" cy="{y}" r="11" fill="{ink}" stroke="#fff" stroke-width="2"/>'
        f'<text x="{x}" y="{y + 4}" text-anchor="middle" font-size="12" fill="#fff" '
        f'font-weight="bold">{seat + 1}</text></g>'
    )


def grid_svg(view: MilkView) -> str:
    """The vending machine above the 3×3 grid of parcel cards (CM-1)."""
    top = 40
    grid = _N("the grid of parcel cards")
    machine = _t(_N("vending machine"))
    parts = [
        f'<svg class="cm-grid" viewBox="0 0 {3 * CELL + 20} {3 * CELL + top + 10}" '
        f'role="img" aria-label="{grid}" data-t-label="{grid}">',
        f'<rect x="{CELL + 10}" y="4" width="{CELL}" height="30" rx="4" fill="#444"/>',
        f'<text x="{1.5 * CELL + 10}" y="24" text-anchor="middle" font-size="13" '
        f'fill="#fff"{machine}>vending machine</text>',
    ]
    for i, cell in enumerate(view["grid"]):
        x, y = 10 + (i % 3) * CELL, top + (i // 3) * CELL
        parts.append(
            f'<g class="cm-cell" data-cell="{escape(cell["cell"])}">'
            f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="6" '
            'fill="#F4EBD9" stroke="#8A7350" stroke-width="2"/>'
            f'<text x="{x + 8}" y="{y + 17}" font-size="12" font-weight="bold">'
            f"{escape(cell['cell'])}</text>"
            f'<text x="{x + 28}" y="{y + 17}" font-size="11" fill="#555" '
            f'data-ja="{escape(places_ja().get(cell["name"], cell["name"]))}">'
            f"{escape(cell['name'][:14])}</text>"
        )
        drinks = cell["drinks"]
        start = x + (CELL - len(drinks) * (TILE + 6) + 6) / 2
        for k, drink in enumerate(drinks):
            parts.append(tile(drink, start + k * (TILE + 6), y + 30))
        for k, seat in enumerate(cell["architects"]):
            parts.append(_architect(seat, x + 16 + (k % 4) * 26, y + 84 + (k // 4) * 8))
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


def market_svg(view: MilkView) -> str:
    """The Colour cards in a row, the Shape cards below, each with its yen (CM-1, CM-2)."""
    w, h = 60, 74
    label = _N("the Colour and Shape cards with their yen")
    parts = [
        f'<svg class="cm-market" viewBox="0 0 {6 * w + 20} {2 * h + 16}" role="img" '
        f'aria-label="{label}" data-t-label="{label}">'
    ]
    for i, card in enumerate(view["market"]):
        x, y = 10 + (i % 6) * w, 6 + (i // 6) * (h + 4)
        key = card["card"]
        said = _t(_N("{card} card: {yen}"), card=key, yen=card["yen"])
        parts.append(
            f'<g class="cm-card" data-card="{escape(key)}">'
            f"<title{said}>"
            f"{escape(key)} card: ¥{card['yen']:,}</title>"
            f'<rect x="{x + 2}" y="{y}" width="{w - 4}" height="{h}" rx="5" fill="#fff" '
            'stroke="#555"/>'
        )
        if card["kind"] == "colour":
            ink = next(c.ink for c in DATA.drinks.colours if c.key == key)
            parts.append(
                f'<rect x="{x + 12}" y="{y + 6}" width="{w - 24}" height="24" rx="4" '
                f'fill="{ink}" stroke="#333"/>'
            )
        else:
            glyph = DATA.drinks.shape(key).glyph
            parts.append(
                f'<text x="{x + w / 2}" y="{y + 27}" text-anchor="middle" font-size="22">'
                f"{escape(glyph)}</text>"
            )
        parts.append(
            f'<text x="{x + w / 2}" y="{y + 45}" text-anchor="middle" font-size="10" '
            f'data-card-word="{escape(key)}">{escape(key[:11])}</text>'
            f'<text x="{x + w / 2}" y="{y + 64}" text-anchor="middle" font-size="14" '
            f'font-weight="bold" data-yen="{card["yen"]}">¥{card["yen"]:,}</text></g>'
        )
    parts.append("</svg>")
    return "".join(parts)


def crates_svg(view: MilkView) -> str:
    """Each player's yen and crates: six slots a crate, with its best attribute's score."""
    holds = DATA.drinks.crate_holds
    slot = 28
    width = 10 + holds * slot + 10
    rows = []
    for p in view["players"]:
        crates = p["crates"]
        height = 24 + len(crates) * (slot + 8)
        ink = SEAT_INKS[p["seat"] % len(SEAT_INKS)]
        label = _N("seat {n}: crates")
        said = _t(_N("seat {n} · {yen}"), n=p["seat"] + 1, yen=p["money"])
        parts = [
            f'<svg class="cm-crates" data-seat="{p["seat"]}" viewBox="0 0 {width + 120} {height}" '
            f'role="img" aria-label="seat {p["seat"] + 1}: crates" '
            f'data-t-label="{label}" data-tv-label=\'{{"n": {p["seat"] + 1}}}\'>',
            f'<circle cx="12" cy="11" r="8" fill="{ink}"/>'
            f'<text x="26" y="16" font-size="13" font-weight="bold"'
            f"{said}>"
            f"seat {p['seat'] + 1} · ¥{p['money']:,}</text>",
        ]
        for k, (crate, score) in enumerate(zip(crates, p["crate_scores"], strict=True)):
            y = 24 + k * (slot + 8)
            parts.append(
                f'<rect x="6" y="{y - 2}" width="{holds * slot + 8}" height="{slot + 4}" '
                'rx="4" fill="#E8E2D0" stroke="#8A7350"/>'
            )
            for s in range(holds):
                if s < len(crate):
                    parts.append(tile(crate[s], 10 + s * slot, y, slot - 4))
                else:
                    parts.append(
                        f'<rect class="cm-slot" x="{10 + s * slot}" y="{y}" width="{slot - 4}" '
                        f'height="{slot - 4}" rx="4" fill="none" stroke="#B5A27C" '
                        'stroke-dasharray="3 2"/>'
                    )
            what = score["attribute"] or _N("empty")
            values = _t(_N("{what}: {yen}"), what=what, yen=score["points"])
            parts.append(
                f'<text x="{holds * slot + 20}" y="{y + 18}" font-size="12"{values}>'
                f"{escape(what)}: ¥{score['points']:,}</text>"
            )
        parts.append("</svg>")
        rows.append("".join(parts))
    return "".join(rows)


def _shape_names() -> dict[str, dict[str, str]]:
    """The shapes' names for the page's words: English (a catalogue message) and Japanese."""
    return {s.key: {"en": s.name, "ja": s.ja} for s in DATA.drinks.shapes}


def board_html(view: MilkView) -> str:
    """The whole table: grid, Stock cards, crates (the page's overlay)."""
    return (
        f'<div class="cm-board" data-shapes="{escape(json.dumps(_shape_names()))}">'
        f'<div class="cm-left">{grid_svg(view)}</div>'
        f'<div class="cm-right">{market_svg(view)}<div class="cm-players">{crates_svg(view)}</div>'
        "</div></div>"
    )
