"""SEALED AUCTION behind the engine's one public API (`ekimae.core.game`): its
`GameType`, setup (SA-1) and determinization. `GAME` is what the registry loads."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ekimae.core.data import fingerprint
from ekimae.core.game import Dynamics, GameDefaults, GameType, OptionSpec, Seat, Ties
from ekimae.core.rng import Rng
from ekimae.games.sealed_auction.actions import CODEC
from ekimae.games.sealed_auction.components import PACKAGE, AuctionData, load_data
from ekimae.games.sealed_auction.state import Result, SealedAuctionState
from ekimae.games.sealed_auction.view import auction_view


def _game_type(data: AuctionData) -> GameType:
    sets = tuple(data.sets.values())
    lots = OptionSpec(
        "lots",
        "Lots",
        tuple(s.key for s in sets),
        sets[0].key,
        "; ".join(s.label for s in sets),
    )
    return GameType(
        name="sealed-auction",
        title="SEALED AUCTION",
        min_seats=data.min_seats,
        max_seats=data.max_seats,
        dynamics=Dynamics.SIMULTANEOUS,  # SA-2: everyone bids at once
        ties=Ties.SHARED,  # SA-5: equal scores share a place
        options=(lots,),
        sealed=frozenset({"bid"}),  # SA-2: the others see that a seat bid, not how much
        summary="Example title: bid in secret for each lot; lots plus money left score.",
    )


class SealedAuctionGame(GameDefaults):
    """The SEALED AUCTION title; see the package docstring for its rules."""

    codec = CODEC

    def __init__(self, data: AuctionData) -> None:
        super().__init__(_game_type(data), fingerprint(PACKAGE))
        self.data = data

    def new_state(
        self, seats: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> SealedAuctionState:
        """SA-1: start money for every seat, the chosen lots shuffled from the seed."""
        chosen = self.type.check_options(options)
        self.type.check_seats(seats)
        order = list(self.data.sets[chosen["lots"]].lots)
        Rng(seed).shuffle(order)
        return SealedAuctionState(self.data, chosen, order, [self.data.start_money] * seats)

    def state_from_dict(self, data: Mapping[str, Any]) -> SealedAuctionState:
        self.type.check_options(data.get("options"))
        return SealedAuctionState.from_dict(self.data, data)

    def determinize(self, raw: Mapping[str, Any], seat: Seat, seed: int) -> SealedAuctionState:
        """A full state whose `view(seat)` is `raw`: the others' sealed bids are drawn
        uniformly from what each could bid (SA-3), the lots to come shuffled (SA-1)."""
        view = auction_view(raw)
        rng = Rng(seed)
        options = self.type.check_options(view["options"])
        players = view["players"]
        done = [r["lot"] for r in view["results"]]
        up = [] if view["lot"] is None else [view["lot"]["id"]]
        # The lots to come are the chosen set minus those seen; only their order is secret.
        to_come = [lot for lot in self.data.sets[options["lots"]].lots if lot not in done + up]
        rng.shuffle(to_come)
        state = SealedAuctionState(
            self.data, options, done + up + to_come, [p["money"] for p in players]
        )
        state.current = len(done)
        state.results = [
            Result(r["lot"], tuple(r["bids"]), tuple(r["takers"])) for r in view["results"]
        ]
        step = self.data.bid_step
        for p, player in enumerate(players):
            if not player["has_bid"]:
                continue
            own = player["bid"] if p == seat else None
            # Any bid it could have sealed (SA-3), all equally likely.
            sampled = rng.below(player["money"] // step + 1) * step
            state.bids[p] = own if own is not None else sampled
        return state


GAME = SealedAuctionGame(load_data())
