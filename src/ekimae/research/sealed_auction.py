"""SEALED AUCTION for research interfaces: bids numbered by amount, the view as numbers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ekimae.games.sealed_auction.actions import Bid
from ekimae.games.sealed_auction.components import load_data
from ekimae.games.sealed_auction.view import auction_view
from ekimae.research.space import Catalog


def catalog(seats: int, options: Mapping[str, str]) -> Catalog:
    """SA-3: every multiple of the bid step up to the starting money (money only falls)."""
    data = load_data()
    return Catalog(tuple(Bid(a) for a in range(0, data.start_money + 1, data.bid_step)))


class Encoder:
    """Per seat (own seat first): money, points, has bid, own bid; then the lot on offer,
    lots done and to come. Yen are scaled by the starting money."""

    def __init__(self, seats: int, options: Mapping[str, str]) -> None:
        self.seats = seats
        self.scale = float(load_data().start_money)
        self.size = 4 * seats + 3

    def encode(self, raw: Mapping[str, Any]) -> list[float]:
        view = auction_view(raw)
        me = view["seat"]
        if me is None:
            raise ValueError("the encoder reads a seat's view, not a spectator's")
        out: list[float] = []
        for k in range(self.seats):
            p = view["players"][(me + k) % self.seats]
            bid = p["bid"]
            out += [p["money"] / self.scale, p["points"] / self.scale, float(p["has_bid"])]
            out.append(-1.0 if bid is None else bid / self.scale)
        lot = view["lot"]
        out.append(0.0 if lot is None else lot["value"] / self.scale)
        out += [float(view["lots_done"]), float(view["lots_to_come"])]
        return out
