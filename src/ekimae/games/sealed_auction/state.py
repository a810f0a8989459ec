"""One position of SEALED AUCTION: the rules SA-2 to SA-5 (SA-1, setup, is in game.py).

The whole position is a handful of plain fields; `to_dict` writes all of them, hidden
ones included, and `from_dict` reads them back exactly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from ekimae.core.actions import Action
from ekimae.core.errors import IllegalActionError
from ekimae.core.game import Seat, StateDefaults, places_by_score, seat_name, sole_first
from ekimae.core.saved import Context, Saved, Shared
from ekimae.games.sealed_auction.actions import Bid
from ekimae.games.sealed_auction.components import AuctionData
from ekimae.games.sealed_auction.view import AuctionView, LotView


@dataclass(frozen=True, slots=True)
class Result:
    """A revealed lot (SA-4): everyone's bid and the seats that took it."""

    lot: str
    bids: tuple[int, ...]
    takers: tuple[Seat, ...]


def _yen(amount: int) -> str:
    return f"¥{amount:,}"


class SealedAuctionState(Saved, StateDefaults):
    """See `ekimae.core.game.State`; `StateDefaults` supplies the parts, open-view
    fallback and deadline, this class the rest (and a shared-place ranking, SA-5). Its
    fields, declared once below, are what `clone`, `to_dict` and `load` copy, save and
    read back (`core.saved`)."""

    data: Context[AuctionData]
    options: Shared[dict[str, str]]
    order: tuple[str, ...]  # every lot in auction order; those after `current` hidden
    current: int  # index in `order` of the lot up for auction; len(order) at the end
    money: list[int]
    bids: list[int | None]  # sealed until the reveal (SA-2)
    results: list[Result]

    def __init__(
        self,
        data: AuctionData,
        options: Mapping[str, str],
        order: Sequence[str],
        money: Sequence[int],
    ) -> None:
        self.data = data
        self.options = dict(options)
        self.order = tuple(order)
        self.current = 0
        self.money = list(money)
        self.bids = [None] * len(money)
        self.results = []

    @property
    def seats(self) -> int:
        return len(self.money)

    # -- whose turn, what is legal --------------------------------------------------------

    def current_players(self) -> tuple[Seat, ...]:
        if self.is_terminal():
            return ()
        return tuple(p for p, bid in enumerate(self.bids) if bid is None)

    def legal_actions(self, seat: Seat) -> Sequence[Action]:
        if not self._owes_bid(seat):
            return []
        return [Bid(amount) for amount in range(0, self.money[seat] + 1, self.data.bid_step)]

    def is_legal(self, seat: Seat, action: Action) -> bool:
        # Arithmetic, not a search of the listing: bots and the server ask this a lot.
        return self._refusal(seat, action) is None

    def _owes_bid(self, seat: Seat) -> bool:
        return not self.is_terminal() and 0 <= seat < self.seats and self.bids[seat] is None

    def _refusal(self, seat: Seat, action: Action) -> IllegalActionError | None:
        """Why `seat` may not play `action` now (the rule and a sentence), or None."""
        if self.is_terminal():
            return IllegalActionError("SA-5", "the game is over: nobody acts after the last lot")
        if not 0 <= seat < self.seats:
            return IllegalActionError("SA-2", f"{seat_name(seat)} is not at this table")
        if not isinstance(action, Bid):
            return IllegalActionError(
                "SA-2", f"only sealed bids are played here, not {action.kind!r}", "bid <amount>"
            )
        lot = self.data.lots[self.order[self.current]].name
        if self.bids[seat] is not None:
            return IllegalActionError(
                "SA-2",
                f"{seat_name(seat)} has already sealed a bid for the {lot}; wait for the others",
            )
        money, step = self.money[seat], self.data.bid_step
        allowed = f"{_yen(0)} to {_yen(money)} in steps of {_yen(step)}"
        if action.amount < 0 or action.amount > money:
            return IllegalActionError(
                "SA-3", f"{seat_name(seat)} cannot bid {_yen(action.amount)}", allowed
            )
        if action.amount % step:
            return IllegalActionError(
                "SA-3", f"{_yen(action.amount)} is not a multiple of {_yen(step)}", allowed
            )
        return None

    # -- playing ------------------------------------------------------------------------

    def apply(self, seat: Seat, action: Action) -> None:
        refusal = self._refusal(seat, action)
        if refusal is not None:
            raise refusal  # checked before anything changes: the state is untouched
        assert isinstance(action, Bid)  # _refusal said so
        self.bids[seat] = action.amount
        if all(bid is not None for bid in self.bids):
            self._reveal()

    def _reveal(self) -> None:
        """SA-4: the highest bid (or every tied one) pays and takes the lot."""
        bids = tuple(bid or 0 for bid in self.bids)
        high = max(bids)
        takers = tuple(p for p, bid in enumerate(bids) if bid == high)
        for p in takers:
            self.money[p] -= high
        self.results.append(Result(self.order[self.current], bids, takers))
        self.bids = [None] * self.seats
        self.current += 1

    # -- the end --------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.current == len(self.order)

    def share(self, result: Result) -> int:
        """What each taker of a revealed lot scores: SA-4 splits a tie, rounding down."""
        return self.data.lots[result.lot].value // len(result.takers)

    def points(self) -> list[int]:
        """The value of the lots (and shares of lots) each seat has taken."""
        points = [0] * self.seats
        for result in self.results:
            for p in result.takers:
                points[p] += self.share(result)
        return points

    def scores(self) -> list[int]:
        """SA-5: lot values plus money left (the running total before the end)."""
        return [m + v for m, v in zip(self.money, self.points(), strict=True)]

    def ranking(self) -> list[list[Seat]]:
        """SA-5: highest score first; equal scores share a place (seat order inside)."""
        return places_by_score(self.scores()) if self.is_terminal() else []

    def winner(self) -> Seat | None:
        return sole_first(self.ranking())

    # -- what each seat sees ----------------------------------------------------------------

    def view(self, seat: Seat | None) -> dict[str, Any]:
        """The generic API's view: `view_for`'s, the same dict."""
        return cast(dict[str, Any], self.view_for(seat))

    def view_for(self, seat: Seat | None) -> AuctionView:
        """SA-1/SA-2: the table as `seat` sees it (None: a spectator). Hidden: the others'
        sealed bids (only `has_bid`) and the order of the lots to come (only their count)."""
        up: LotView | None = None
        if not self.is_terminal():
            lot = self.data.lots[self.order[self.current]]
            up = {"id": lot.id, "name": lot.name, "value": lot.value}
        return {
            "game": "sealed-auction",
            "options": dict(self.options),
            "seat": seat,
            "to_act": list(self.current_players()),
            "lot": up,
            "lots_done": len(self.results),
            "lots_to_come": max(0, len(self.order) - self.current - 1),
            "players": [
                {
                    "seat": p,
                    "money": self.money[p],
                    "points": points,
                    "has_bid": self.bids[p] is not None,
                    "bid": self.bids[p] if p == seat else None,
                }
                for p, points in enumerate(self.points())
            ],
            "results": [
                {
                    "lot": r.lot,
                    "name": self.data.lots[r.lot].name,
                    "value": self.data.lots[r.lot].value,
                    "bids": list(r.bids),
                    "takers": list(r.takers),
                    "share": self.share(r),
                }
                for r in self.results
            ],
            "scores": self.scores(),
            "ranking": self.ranking(),
        }

    def open_view(self) -> dict[str, Any]:
        """The spectator's table with every sealed bid shown (the lot order stays hidden:
        it is not a choice anybody made)."""
        table = self.view_for(None)
        for player in table["players"]:
            player["bid"] = self.bids[player["seat"]]
        return cast(dict[str, Any], table)

    # -- copies and saving ------------------------------------------------------------------

    @classmethod
    def from_dict(cls, data: AuctionData, raw: Mapping[str, Any]) -> SealedAuctionState:
        return cls.load(raw, data)
