"""BOTTLE BONUS's page (issue 17): TOKYO JUTAKU's page and words as they are (its template
extended, its script run with hooks), plus the drinks: the drop with catch buttons and a
countdown (BB-1), one's drinks as power buttons, every player's drinks (BB-2).

Like JUTAKU's, it draws in the browser (static/game.js) from the view and the components
below, and sends only actions the server listed as legal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ekimae.games.bottle_bonus.game import GAME
from ekimae.server.titles.tokyo_jutaku import TokyoJutakuWeb, jutaku_prompt

BONUS = GAME.bonus
POWERS = {
    "black": "flip your card before building on it",
    "white": "place one element before the round",
    "mint": "every other player puts an element back",
    "blue": "+¥200 at the end if you win this round",
    "red": "place two elements at once this round",
    "purple": "move to any free card",
}


def _drink(ident: str) -> str:
    drink = BONUS.drinks.drinks.get(ident)
    return f"{drink.colour} {drink.name}" if drink else ident


def bottle_prompt(view: Mapping[str, Any], seat: int | None) -> str:
    """What is happening now: the drop (BB-1), the step before a round (BB-2), or JUTAKU's."""
    phase = view["phase"]
    if phase == "catch":
        droppers = " and ".join(f"seat {s + 1}" for s in view["droppers"])
        if seat is None or seat in view["droppers"]:
            return f"{droppers} dropped drinks into the machine: the others catch one each (BB-1)."
        if view["caught"][seat]:
            return f"You caught {_drink(view['caught'][seat])}; the machine closes soon."
        return "Drinks are falling: catch one, the first click wins it (BB-1)!"
    if phase == "before":
        return (
            f"Before round {view['round'] + 1}: white and blue drinks are spent now, "
            "then Ready (BB-2)."
        )
    return jutaku_prompt(view, seat)


class BottleBonusWeb(TokyoJutakuWeb):
    template = "bottle_bonus/templates/game.html"

    def prompt(
        self,
        view: Mapping[str, Any],
        seat: int | None,
        options: Mapping[str, str],
        lang: str = "en",
    ) -> str | None:
        return bottle_prompt(view, seat)

    def label(
        self,
        view: Mapping[str, Any],
        seat: int,
        action: Mapping[str, Any],
        options: Mapping[str, str],
        lang: str = "en",
    ) -> str | None:
        kind = action.get("kind")
        if kind == "catch":
            return f"Catch {_drink(str(action['drink']))}"
        if kind == "spend":
            drink = BONUS.drinks.drinks.get(str(action["drink"]))
            power = POWERS.get(drink.colour, "") if drink else ""
            return f"Spend {_drink(str(action['drink']))}: {power}"
        if kind == "ready":
            return "Ready: start the round"
        return super().label(view, seat, action, options)

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
