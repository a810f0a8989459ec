"""CHOCOLATE MILK for research interfaces: every buy, sale head and drink numbered once,
the view as numbers (own seat first)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ekimae.core.actions import Action
from ekimae.games.chocolate_milk.actions import Buy, BuyCrate, Pass, Sell
from ekimae.games.chocolate_milk.components import load_data
from ekimae.games.chocolate_milk.grid import CELLS
from ekimae.games.chocolate_milk.view import milk_view
from ekimae.research.space import Catalog


def catalog(seats: int, options: Mapping[str, str]) -> Catalog:
    """CM-2: a buy for every cell, drink and crate a seat may come to own (its own plus
    every crate beside the machine); a sale per Stock card, its drinks chosen one at a time."""
    data = load_data()
    crates = 1 + data.crates_for(seats) - seats
    drinks = tuple(data.drinks.drinks)
    heads: list[Action] = [
        Buy(cell, drink, crate)
        for cell in CELLS
        for drink in drinks
        for crate in range(1, crates + 1)
    ]
    heads += [Sell(card) for card in data.cards]
    heads += [BuyCrate(), Pass()]
    return Catalog(tuple(heads), tuple(("drinks", d) for d in drinks))


class Encoder:
    """Per seat (own seat first): yen, its architect's cell, the drinks it owns, its crates
    and their best score; then each cell's drinks, the Stock cards' yen, the supply and the
    crates left. Yen are scaled by the ¥2,000 that ends the game (CM-3)."""

    def __init__(self, seats: int, options: Mapping[str, str]) -> None:
        data = load_data()
        self.seats = seats
        self.scale = float(data.end_money)
        self.drinks = {d: i for i, d in enumerate(data.drinks.drinks)}
        self.cards = data.cards
        n = len(self.drinks)
        self.size = seats * (1 + len(CELLS) + n + 2) + len(CELLS) * n + len(self.cards) + n + 1

    def _drinks(self, drinks: list[str]) -> list[float]:
        out = [0.0] * len(self.drinks)
        for d in drinks:
            out[self.drinks[d]] = 1.0
        return out

    def encode(self, view: Mapping[str, Any]) -> list[float]:
        seen = milk_view(view)
        me = seen["seat"]
        if me is None:
            raise ValueError("the encoder reads a seat's view, not a spectator's")
        out: list[float] = []
        for k in range(self.seats):
            p = seen["players"][(me + k) % self.seats]
            out.append(p["money"] / self.scale)
            out += [1.0 if c == p["cell"] else 0.0 for c in CELLS]
            out += self._drinks([d for crate in p["crates"] for d in crate])
            out.append(float(len(p["crates"])))
            out.append(sum(c["points"] for c in p["crate_scores"]) / self.scale)
        for cell in seen["grid"]:
            out += self._drinks(cell["drinks"])
        yen = {m["card"]: m["yen"] for m in seen["market"]}
        out += [yen[c] / self.scale for c in self.cards]
        out += self._drinks(seen["supply"])
        out.append(float(seen["crates_left"]))
        return out
