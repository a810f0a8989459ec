"""What a seat sees of SEALED AUCTION, as types a checker reads (issue 34).

`SealedAuctionState.view_for` returns an `AuctionView`; the generic API (`State.view`)
hands the same dict on as `dict[str, Any]`, and the title's readers (determinization, the
research encoder) read it back through `auction_view`. A key renamed here is then a mypy
error wherever it is read; at run time these are plain dicts, so the wire form (JSON) is
unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypedDict, cast

GAME_NAME = "sealed-auction"


class LotView(TypedDict):
    """The lot up for auction (SA-1)."""

    id: str
    name: str
    value: int


class BidderView(TypedDict):
    seat: int
    money: int
    points: int  # the value of the lots (and shares) taken so far (SA-4)
    has_bid: bool  # all the others see of a sealed bid (SA-2)
    bid: int | None  # the seat's own bid only (every bid in the open view)


class ResultView(TypedDict):
    """A revealed lot (SA-4): everyone's bid and the seats that took it."""

    lot: str
    name: str
    value: int
    bids: list[int]
    takers: list[int]
    share: int  # what each taker scores: the value split, rounded down


class AuctionView(TypedDict):
    """The table as one seat (or a spectator, seat None) sees it: the others' sealed bids
    and the order of the lots to come are cut (SA-1, SA-2)."""

    game: Literal["sealed-auction"]
    options: dict[str, str]
    seat: int | None
    to_act: list[int]
    lot: LotView | None  # None once the last lot is sold (SA-5)
    lots_done: int
    lots_to_come: int
    players: list[BidderView]
    results: list[ResultView]
    scores: list[int]
    ranking: list[list[int]]


def auction_view(view: Mapping[str, Any]) -> AuctionView:
    """A view from the generic API read as SEALED AUCTION's; `ValueError` for another
    title's (the one check is its name: the keys are the state's own)."""
    if view.get("game") != GAME_NAME:
        raise ValueError(f"not a SEALED AUCTION view: game {view.get('game')!r}")
    return cast(AuctionView, view)
