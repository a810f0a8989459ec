"""THE SHOPPING GAME behind the engine's public API (`ekimae.core.game`): its `GameType`,
setup (SH-1, the seed's steps 1-15) and determinization. `GAME` is what the registry loads."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ekimae.core import log
from ekimae.core.data import fingerprint
from ekimae.core.game import Dynamics, GameDefaults, GameType, Seat, Ties
from ekimae.core.rng import Rng
from ekimae.games.shopping.actions import CODEC
from ekimae.games.shopping.components import PACKAGE, ShoppingData, load_data
from ekimae.games.shopping.market import fish_of, fish_token
from ekimae.games.shopping.state import ShoppingState
from ekimae.games.shopping.view import shopping_view


def _game_type(data: ShoppingData) -> GameType:
    return GameType(
        name="shopping",
        order=6,
        title="THE SHOPPING GAME",
        min_seats=data.min_seats,
        max_seats=data.max_seats,
        dynamics=Dynamics.TURNS,
        ties=Ties.SHARED,  # SH-5: equal yen and magazines: "you are all consumers"
        options=(),  # SH-6: the economic version is the only one
        sealed=frozenset(),
        summary="Walk the mall of parcel cards, fill your crate, leave twice: most yen wins.",
    )


def _fish_tokens(data: ShoppingData) -> list[str]:
    """Every tuna and crab token of the game, sorted."""
    return sorted(
        fish_token(f.id, face) for f in data.fish.values() for face in (*f.display, *f.bag)
    )


class ShoppingGame(GameDefaults):
    """THE SHOPPING GAME; see the package docstring for its rules."""

    codec = CODEC

    def __init__(self, data: ShoppingData) -> None:
        super().__init__(_game_type(data), fingerprint(PACKAGE))
        self.data = data

    def new_state(
        self, seats: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> ShoppingState:
        """SH-1: the seed's setup, steps 1-15 (see the package docstring)."""
        self.type.check_options(options)
        self.type.check_seats(seats)
        data = self.data
        rng = Rng(seed)
        state = ShoppingState(data, seats, 0)
        drinks = list(data.dealt_drinks())
        rng.shuffle(drinks)  # step 2: drawn at random, five on each card of the second row
        for shop in data.shops.values():
            stock: list[str] = []
            for item, count in shop.stock:
                stock += [item] * count
            if shop.drinks:
                stock += sorted(drinks[: shop.drinks])
                del drinks[: shop.drinks]
            if shop.draws is not None:
                stock += [fish_token(shop.draws, f) for f in data.fish[shop.draws].display]
            state.stock[shop.id] = stock
        state.bag = sorted(
            fish_token(f.id, face) for f in data.fish.values() for face in f.bag
        )  # steps 11, 13
        state.machine = list(data.drinks.crate(data.machine_crate))  # step 1
        state.rng = rng.state
        return state

    def state_from_dict(self, data: Mapping[str, Any]) -> ShoppingState:
        self.type.check_options(data.get("options"))
        return ShoppingState.from_dict(self.data, data)

    def determinize(self, view: Mapping[str, Any], seat: Seat, seed: int) -> ShoppingState:
        """A full state whose `view(seat)` is `view`. The only secret is which tokens the
        bag holds in what order of drawing; what it holds follows from the tokens seen (on
        cards, in crates, in front of players), and the draws to come from a fresh `seed`."""
        shown = shopping_view(view)
        players = shown["players"]
        state = ShoppingState(self.data, len(players), Rng(seed).state)
        state.pos = [p["at"] for p in players]
        state.phase = shown["phase"]
        state.turn = shown["turn"] if shown["turn"] is not None else 0
        state.money = [p["money"] for p in players]
        state.barrels = [p["barrels"] for p in players]
        state.barrels_left = shown["barrels_left"]
        state.crates = [list(p["crate"]) for p in players]
        state.kept = [list(p["kept"]) for p in players]
        state.stock = {shop: list(tokens) for shop, tokens in shown["shops"].items()}
        bag = _fish_tokens(self.data)
        seen = [t for tokens in shown["shops"].values() for t in tokens]
        seen += [t for p in players for t in (*p["crate"], *p["kept"])]
        for token in seen:
            if fish_of(token) is not None:
                bag.remove(token)
        state.bag = bag
        state.piles = dict(shown["piles"])
        state.colours = dict(shown["colours"])
        state.tunas = shown["tunas_bought"]
        state.salmon_paid = shown["salmon_paid"]
        state.machine = list(shown["machine"])
        state.log = log.from_lines(shown["log"])
        return state


GAME = ShoppingGame(load_data())
