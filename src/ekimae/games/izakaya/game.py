"""IZAKAYA behind the engine's one public API (`ekimae.core.game`): its `GameType`, setup
(IZ-1) and determinization. `GAME` is what the registry loads."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ekimae.core.data import fingerprint
from ekimae.core.game import Dynamics, GameDefaults, GameType, Seat, Ties
from ekimae.core.log import Event
from ekimae.core.rng import Rng
from ekimae.games.izakaya import log_forms as lf
from ekimae.games.izakaya.actions import CODEC
from ekimae.games.izakaya.board import board
from ekimae.games.izakaya.components import PACKAGE, IzakayaData, load_data
from ekimae.games.izakaya.state import IzakayaState
from ekimae.games.izakaya.view import izakaya_view


def _game_type(data: IzakayaData) -> GameType:
    return GameType(
        name="izakaya",
        order=5,
        title="IZAKAYA",
        min_seats=data.min_seats,
        max_seats=data.max_seats,
        dynamics=Dynamics.SIMULTANEOUS,  # IZ-2: turn-order bids are sealed all at once
        ties=Ties.SHARED,  # IZ-5: equal yen and equal yen kept share a place
        sealed=frozenset({"bid"}),  # IZ-2: revealed together
        summary=(
            "Bid for turn order, put drinks on the corners, claim parcel cards and build "
            "on them: drinks × floors."
        ),
    )


class IzakayaGame(GameDefaults):
    """The IZAKAYA title; see the package docstring for its rules."""

    codec = CODEC

    def __init__(self, data: IzakayaData) -> None:
        super().__init__(_game_type(data), fingerprint(PACKAGE))
        self.data = data

    def new_state(
        self, seats: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> IzakayaState:
        """IZ-1: the parcel cards shuffled into the grid (the centre out of play with 2-3
        players), one more as the claim spot, a random turn order."""
        chosen = self.type.check_options(options)
        self.type.check_seats(seats)
        rng = Rng(seed)
        table = self.data.tables[seats]
        cards = list(self.data.parcel_cards())
        rng.shuffle(cards)
        spaces = board(table.grid, table.centre_out).spaces
        grid = dict(zip(spaces, cards, strict=False))
        order = list(range(seats))
        rng.shuffle(order)
        state = IzakayaState(self.data, chosen, grid, cards[len(spaces)], order)
        state.note(lf.FIRST_ORDER, round=1, order=[Event(lf.SEAT, {"seat": p}) for p in order])
        return state

    def state_from_dict(self, data: Mapping[str, Any]) -> IzakayaState:
        self.type.check_options(data.get("options"))
        return IzakayaState.from_dict(self.data, data)

    def determinize(self, view: Mapping[str, Any], seat: Seat, seed: int) -> IzakayaState:
        """The state the view shows, with the others' sealed bids (IZ-2) drawn uniformly
        from what each could bid; nothing else is hidden."""
        rng = Rng(seed)
        shown = izakaya_view(view)
        state = IzakayaState.from_dict(self.data, shown)
        step = self.data.bid_step
        for player in shown["players"]:
            p = player["seat"]
            if p != seat and player["has_bid"]:
                state.bids[p] = rng.below(player["money"] // step + 1) * step
        return state


GAME = IzakayaGame(load_data())
