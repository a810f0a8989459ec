"""CHOCOLATE MILK behind the engine's one public API (`ekimae.core.game`): its `GameType`,
setup (CM-1) and determinization. `GAME` is what the registry loads."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ekimae.core.data import fingerprint
from ekimae.core.game import Dynamics, GameDefaults, GameType, OptionSpec, Seat, Ties
from ekimae.core.rng import Rng
from ekimae.games.chocolate_milk.actions import CODEC
from ekimae.games.chocolate_milk.components import PACKAGE, MilkData, load_data
from ekimae.games.chocolate_milk.grid import CELLS, CENTRE, cell_index
from ekimae.games.chocolate_milk.state import MilkState
from ekimae.games.chocolate_milk.view import milk_view


def _game_type(data: MilkData) -> GameType:
    variant = OptionSpec(
        "variant",
        "Variant",
        ("standard", "strategic"),
        "standard",
        "standard: a bought drink is dropped in the vending machine and may stay stuck; "
        "strategic: it is kept at once (CM-2)",
    )
    refill = OptionSpec(
        "refill",
        "Refill",
        ("draw", "die"),
        "draw",
        "draw: a bought drink is replaced by one drawn at random from the supply; "
        "die: by two die rolls read along the Stock cards (CM-2)",
    )
    return GameType(
        name="chocolate-milk",
        order=7,
        title="CHOCOLATE MILK",
        min_seats=data.min_seats,
        max_seats=data.max_seats,
        dynamics=Dynamics.TURNS,
        ties=Ties.SHARED,  # CM-4: most yen wins; the seeds break no tie
        options=(variant, refill),
        summary="Buy drinks on a 3×3 grid (each raises its colour's and shape's price), "
        "sell them at one Stock card's price, collect series in crates: n alike pay n×n×¥100.",
    )


class MilkGame(GameDefaults):
    """The CHOCOLATE MILK title; see the package docstring for its rules."""

    codec = CODEC

    def __init__(self, data: MilkData) -> None:
        super().__init__(_game_type(data), fingerprint(PACKAGE))
        self.data = data

    def new_state(
        self, seats: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> MilkState:
        """CM-1: 9 random parcel cards, a random drink on each outer card and two on the
        centre, every architect on the centre, ¥500 and a crate each."""
        chosen = self.type.check_options(options)
        self.type.check_seats(seats)
        data = self.data
        rng = Rng(seed)
        parcels = [p.id for p in data.parcels]
        rng.shuffle(parcels)
        drinks = list(data.drinks.drinks)
        rng.shuffle(drinks)
        state = MilkState(data, chosen, seats)
        state.grid = parcels[: len(CELLS)]
        for i in range(len(CELLS)):
            n = data.centre_drinks if i == CENTRE else data.outer_drinks
            state.cells[i] = [drinks.pop() for _ in range(n)]
        state.supply = sorted(drinks)
        state.pos = [CENTRE] * seats
        state.rng = rng.state
        return state

    def state_from_dict(self, data: Mapping[str, Any]) -> MilkState:
        self.type.check_options(data.get("options"))
        return MilkState.from_dict(self.data, data)

    def determinize(self, view: Mapping[str, Any], seat: Seat, seed: int) -> MilkState:
        """A full state whose `view(seat)` is `view`: everything on the table is in the view;
        only the generator (the machine, the next draws) is new, from `seed`."""
        seen = milk_view(view)
        players = seen["players"]
        state = MilkState(self.data, self.type.check_options(seen["options"]), len(players))
        state.grid = [c["card"] for c in seen["grid"]]
        state.cells = [list(c["drinks"]) for c in seen["grid"]]
        state.pos = [cell_index(p["cell"]) for p in players]
        state.money = [p["money"] for p in players]
        state.crates = [[list(c) for c in p["crates"]] for p in players]
        state.crates_left = seen["crates_left"]
        state.market = {m["card"]: m["yen"] for m in seen["market"]}
        state.supply = sorted(seen["supply"])
        state.turns = seen["turns"]
        state.passes = seen["passes"]
        state.ended = seen["ended"]
        state.last = None if seen["last"] is None else dict(seen["last"])
        # Whose turn: the one to act, or (at the end) the seat that acted last.
        to_act = seen["to_act"]
        last = seen["last"]
        state.turn = to_act[0] if to_act else (last["seat"] if last else 0)
        state.rng = Rng(seed).state
        return state


GAME = MilkGame(load_data())
