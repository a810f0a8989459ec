"""THE SHOPPING GAME for research interfaces: every move, take and the machine numbered;
the view as numbers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ekimae.core.actions import Action
from ekimae.games.shopping.actions import Machine, Move, Pass, Take
from ekimae.games.shopping.components import OUT, load_data
from ekimae.games.shopping.view import own_seat, shopping_view
from ekimae.research.space import Catalog

YEN = 1000.0  # yen are scaled by this


def catalog(seats: int, options: Mapping[str, str]) -> Catalog:
    """SH-2 … SH-4: a move to every point (or out), every item a card may ever hold (a
    second-row card: any dealt drink), a draw at each fish card, the machine, passing."""
    data = load_data()
    actions: list[Action] = [Move(p) for p in (*data.mall.points, OUT)]
    for shop in data.shops.values():
        items = [item for item, _ in shop.stock]
        if shop.drinks:
            items += data.dealt_drinks()
        if shop.draws is not None:
            items.append(shop.draws)
        actions += [Take(shop.id, item) for item in items]
    actions += [Machine(), Pass()]
    return Catalog(tuple(actions))


class Encoder:
    """Per seat (own seat first): where it stands (one-hot over the points and outside),
    yen, barrels, items in the crate, what the crate would pay, magazines. Then the items
    on each card, the piles' and Colour cards' prices, the tuna and salmon prices, the
    machine's drinks, the bag's tuna and crabs, and whether this is the take step."""

    def __init__(self, seats: int, options: Mapping[str, str]) -> None:
        data = load_data()
        self.seats = seats
        self.places = {p: i for i, p in enumerate((*data.mall.points, OUT))}
        self.shops = list(data.shops)
        self.piles = list(data.piles)
        self.colours = [c.key for c in data.drinks.colours]
        per_seat = len(self.places) + 5
        self.size = seats * per_seat + len(self.shops) + len(self.piles) + len(self.colours) + 6

    def encode(self, view: Mapping[str, Any]) -> list[float]:
        seen = shopping_view(view)
        me = own_seat(seen)
        out: list[float] = []
        for k in range(self.seats):
            p = seen["players"][(me + k) % self.seats]
            where = [0.0] * len(self.places)
            where[self.places[p["at"]]] = 1.0
            out += where
            out += [p["money"] / YEN, float(p["barrels"]), float(len(p["crate"]))]
            out += [p["crate_pays"] / YEN, float(p["magazines"])]
        out += [float(len(seen["shops"][s])) for s in self.shops]
        out += [seen["piles"][p] / YEN for p in self.piles]
        out += [seen["colours"][c] / YEN for c in self.colours]
        out += [seen["tuna_price"] / YEN, seen["salmon_price"] / YEN]
        out += [float(len(seen["machine"])), float(seen["bag"]["tuna"]), float(seen["bag"]["crab"])]
        out.append(float(seen["phase"] == "take"))
        return out
