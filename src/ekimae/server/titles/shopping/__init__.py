"""THE SHOPPING GAME's page (issue 19): the mall drawn from the data with the items, the
players and the vending machine (`board.py`, sent as the overlay with every update); the
market prices, the crates and what each would pay; the legal actions as buttons with plain
labels. Nothing is hidden but the bag's order, so the page shows the view as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ekimae.games.shopping.components import OUT
from ekimae.games.shopping.game import GAME
from ekimae.games.shopping.market import fish_of
from ekimae.server.titles import GenericTitle
from ekimae.server.titles.shopping.board import mall_svg

DATA = GAME.data


def item_name(token: str) -> str:
    if token in DATA.drinks.drinks:
        return DATA.drinks.drinks[token].name
    caught = fish_of(token)
    if caught is not None:
        return f"{caught[0]} {caught[1]}"
    item = DATA.items.get(token)
    return item.name if item else token


def _in_front(view: Mapping[str, Any], point: str) -> str:
    """A few of the items in front of `point`, for a move's label."""
    names: list[str] = []
    for shop in DATA.mall.fronts.get(point, ()):
        found = DATA.shops[shop]
        if found.draws is not None:
            names.append(found.draws)
        else:
            names += [item_name(t) for t in dict.fromkeys(view["shops"][shop])]
    if point in DATA.mall.machine_points:
        names.append("vending machine")
    shown = ", ".join(dict.fromkeys(names[:4]))
    return f" — {shown}{'…' if len(names) > 4 else ''}" if names else ""


def shopping_prompt(view: Mapping[str, Any], seat: int | None) -> str:
    """What is happening now, and what this seat may do (SH-2 … SH-5)."""
    if view["phase"] == "over":
        return "The game is over (SH-5): most yen wins, then most magazines."
    turn = view["turn"]
    if seat != turn:
        return f"Seat {turn + 1} is shopping."
    me = view["players"][seat]
    if view["phase"] == "take":
        return "Take one item in front of you, use the machine if you touch it, or take nothing."
    if me["at"] == OUT:
        return "Walk in through the central double aisles: 1 to 3 steps (SH-3)."
    pays = f"¥{me['crate_pays']:,}"
    return f"Move 1 to 3 steps, or leave through the central aisles: your crate pays {pays}."


def shopping_label(view: Mapping[str, Any], seat: int, action: Mapping[str, Any]) -> str | None:
    kind = action.get("type")
    if kind == "move":
        to = str(action["to"])
        if to == OUT:
            pays = view["players"][seat]["crate_pays"]
            return f"Leave the shop: your crate pays ¥{pays:,} and a barrel"
        verb = "Enter at" if view["players"][seat]["at"] == OUT else "Walk to"
        return f"{verb} {to}{_in_front(view, to)}"
    if kind == "take":
        item, shop = str(action["item"]), str(action["shop"])
        if item == "tuna":
            return f"Buy a tuna for ¥{view['tuna_price']:,} (drawn from the bag)"
        if item == "crab":
            return "Draw a crab from the bag"
        return f"Take the {item_name(item)} ({shop})"
    if kind == "machine":
        return f"Use the vending machine ({len(view['machine'])} drinks go in)"
    if kind == "pass":
        return "Take nothing"
    return None


class ShoppingWeb(GenericTitle):
    template = "shopping/templates/game.html"

    def overlay(self, view: Mapping[str, Any], options: Mapping[str, str]) -> str | None:
        return mall_svg(DATA, view)

    def prompt(
        self,
        view: Mapping[str, Any],
        seat: int | None,
        options: Mapping[str, str],
        lang: str = "en",
    ) -> str | None:
        return shopping_prompt(view, seat)

    def label(
        self,
        view: Mapping[str, Any],
        seat: int,
        action: Mapping[str, Any],
        options: Mapping[str, str],
        lang: str = "en",
    ) -> str | None:
        return shopping_label(view, seat, action)

    def components(self) -> dict[str, Any]:
        """Names the page shows: items, drinks with their ink, piles, shops' parcels."""
        return {
            "items": {t: i.name for t, i in DATA.items.items()},
            "drinks": {
                d.id: {"name": d.name, "colour": d.colour} for d in DATA.drinks.drinks.values()
            },
            "inks": {c.key: c.ink for c in DATA.drinks.colours},
            "piles": {p.id: p.name for p in DATA.piles.values()},
            "exits_each": DATA.exits_each,
        }


TITLE = ShoppingWeb()
