"""BOTTLE BONUS's page (issue 17): TOKYO JUTAKU's page and words as they are (its template
extended, its script run with hooks), plus the drinks: the drop with catch buttons and a
countdown (BB-1), one's drinks as power buttons, every player's drinks (BB-2).

Like JUTAKU's, it draws in the browser (static/game.js) from the view and the components
below, and sends only actions the server listed as legal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ekimae.games.bottle_bonus.game import GAME
from ekimae.games.bottle_bonus.view import BottleView, bottle_bonus_view
from ekimae.i18n import _N, DEFAULT
from ekimae.server.titles.jutaku_kit.words import Words
from ekimae.server.titles.tokyo_jutaku import TokyoJutakuWeb, jutaku_prompt
from ekimae.server.titles.tokyo_jutaku.ending import jutaku_breakdown
from ekimae.server.titles.tokyo_jutaku.log import log_lines
from ekimae.server.titles.tokyo_jutaku.picture import building_svg

BONUS = GAME.bonus
POWERS = {
    "black": _N("flip your card before building on it"),
    "white": _N("place one element before the round"),
    "mint": _N("every other player puts an element back"),
    "blue": _N("+¥200 at the end if you win this round"),
    "red": _N("place two elements at once this round"),
    "purple": _N("move to any free card"),
}
# The colours' words (the catalogue has them for the drinks' option choices too).
COLOURS = {
    "black": _N("black"),
    "white": _N("white"),
    "mint": _N("mint"),
    "blue": _N("blue"),
    "red": _N("red"),
    "purple": _N("purple"),
}


def _drink(ident: str, w: Words) -> str:
    """ "black Cola"; in Japanese the drink's Japanese name ("黒 コーラ")."""
    drink = BONUS.drinks.drinks.get(ident)
    if drink is None:
        return ident
    name = drink.ja if w.lang == "ja" else w(drink.name)  # games/jidohanbaiki/names.py
    return f"{w(COLOURS.get(drink.colour, drink.colour))} {name}"


def bottle_prompt(view: BottleView, seat: int | None, lang: str = DEFAULT) -> str:
    """What is happening now: the drop (BB-1), the step before a round (BB-2), or JUTAKU's."""
    w = Words(lang)
    phase = view["phase"]
    if phase == "catch":
        droppers = w(_N(" and ")).join(w(_N("seat {n}"), n=s + 1) for s in view["droppers"])
        if seat is None or seat in view["droppers"]:
            return w(
                _N("{seats} dropped drinks into the machine: the others catch one each (BB-1)."),
                seats=droppers,
            )
        caught = view["caught"][seat]
        if caught:
            return w(_N("You caught {drink}; the machine closes soon."), drink=_drink(caught, w))
        return w(_N("Drinks are falling: catch one, the first click wins it (BB-1)!"))
    if phase == "before":
        return w(
            _N("Before round {n}: white and blue drinks are spent now, then Ready (BB-2)."),
            n=view["round"] + 1,
        )
    return jutaku_prompt(view, seat, lang)


class BottleBonusWeb(TokyoJutakuWeb):
    quick_module = "tokyo_jutaku"  # the rules page's building: JUTAKU's drawing
    template = "bottle_bonus/templates/game.html"

    def picture(self) -> str:
        """The lobby's picture: a building, and drinks falling from the machine."""
        drinks = list(BONUS.drinks.drinks.values())[::7][:4]
        inks = {c.key: c.ink for c in BONUS.drinks.colours}
        tiles = "".join(
            f'<rect x="{130 + (k % 2) * 40}" y="{14 + k * 22}" width="30" height="30" rx="5" '
            f'fill="{inks[d.colour]}" stroke="#333" transform="rotate({k * 17 - 20} '
            f'{145 + (k % 2) * 40} {29 + k * 22})"/>'
            for k, d in enumerate(drinks)
        )
        return building_svg(tiles)

    def prompt(
        self,
        view: Mapping[str, Any],
        seat: int | None,
        options: Mapping[str, str],
        lang: str = "en",
    ) -> str | None:
        return bottle_prompt(bottle_bonus_view(view), seat, lang)

    def label(
        self,
        view: Mapping[str, Any],
        seat: int,
        action: Mapping[str, Any],
        options: Mapping[str, str],
        lang: str = "en",
    ) -> str | None:
        w = Words(lang)
        kind = action.get("type")  # the wire form (`Action.to_dict`)
        if kind == "catch":
            return w(_N("Catch {drink}"), drink=_drink(str(action["drink"]), w))
        if kind == "spend":
            drink = BONUS.drinks.drinks.get(str(action["drink"]))
            power = w(POWERS[drink.colour]) if drink and drink.colour in POWERS else ""
            return w(
                _N("Spend {drink}: {power}"), drink=_drink(str(action["drink"]), w), power=power
            )
        if kind == "ready":
            return w(_N("Ready: start the round"))
        return super().label(view, seat, action, options, lang)

    def log_lines(
        self, log: Sequence[str], options: Mapping[str, str], lang: str = "en"
    ) -> list[str] | None:
        return log_lines("bottle-bonus", log, lang)

    def end_breakdown(
        self, view: Mapping[str, Any], options: Mapping[str, str], lang: str = "en"
    ) -> dict[str, Any]:
        """JUTAKU's table, with each seat's kept blue drinks (BB-2) as its bonus."""
        table = bottle_bonus_view(view)
        blue = BONUS.rules.blue_yen
        scores = [p["yen"] + blue * len(table["kept"][p["seat"]]) for p in table["players"]]
        return jutaku_breakdown(table, scores, lang, table["flipped"])

    def components(self) -> dict[str, Any]:
        """JUTAKU's components, the drinks (colour, ink, shape, glyph) and BOTTLE BONUS's
        times and values."""
        inks = {c.key: c.ink for c in BONUS.drinks.colours}
        return {
            **super().components(),
            "drinks": {
                d.id: {
                    "colour": d.colour,
                    "shape": d.shape,
                    "name": d.name,
                    "ja": d.ja,  # the Japanese page's name (issue 20)
                    "glyph": BONUS.drinks.shape(d.shape).glyph,
                    "ink": inks[d.colour],
                }
                for d in BONUS.drinks.drinks.values()
            },
            "powers": POWERS,
            "catch_ms": BONUS.rules.catch_ms,
            "before_ms": BONUS.rules.before_ms,
            "blue_yen": BONUS.rules.blue_yen,
        }


TITLE = BottleBonusWeb()
