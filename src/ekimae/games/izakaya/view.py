"""What a seat sees of IZAKAYA, as types a checker reads (issue 34).

`IzakayaState.view_for` returns an `IzakayaView`: the state's save (every field but the
others' sealed bids, IZ-2) and what a reader needs worked out (`to_act`, `pool`, each
player's counts and score). The generic API (`State.view`) hands the same dict on as
`dict[str, Any]`, and this title's readers (its bots, terminal and web parts, research
encoder, determinization) read it back through `izakaya_view`. A key renamed here is then
a mypy error wherever it is read; at run time these are plain dicts, so the wire form
(JSON) is unchanged and nothing is converted or copied.
"""

# No `from __future__ import annotations`: the run-time check (tests/games/
# test_typed_views.py) reads these annotations as evaluated types.
from collections.abc import Mapping
from typing import Any, Final, Literal, TypedDict, cast

GAME_NAME: Final = "izakaya"

# One placed element as the save writes `building.Piece`: [element id, turn, x, y, floor]
# (a JSON array, so a list of a string and four ints).
PieceView = list[Any]


class IzakayaPlayerView(TypedDict):
    seat: int
    money: int
    has_bid: bool  # sealed this round (IZ-2); the amount only in the seat's own `bids`
    discs: int  # action discs still to place this phase (IZ-3)
    claim_discs: int  # left (IZ-3.3)
    pyramids: int  # left (IZ-3.3)
    spaces: list[str]  # the cards it owns
    earnings: int  # its buildings' worth now (IZ-5)
    score: int  # money + earnings


class IzakayaView(TypedDict):
    """The table as one seat (or a spectator, seat None) sees it: all of it but the others'
    sealed bids."""

    game: Literal["izakaya"]
    options: dict[str, str]
    seat: int | None
    to_act: list[int]
    grid: dict[str, str]  # space -> parcel card (IZ-1)
    claim_card: str  # the card left of the grid: the claim spot
    order: list[int]  # turn order (IZ-2)
    round: int
    phase: Literal["bid", "act", "over"]
    bids: list[int | None]  # the viewer's own sealed bid only (IZ-2)
    last_bids: list[int]  # this round's bids, once revealed
    money: list[int]
    pile: int  # the bid pile (IZ-2, IZ-4)
    end_pile: int  # the pile that makes an action phase the last (IZ-4)
    last: bool  # this action phase is the last (IZ-4)
    prices: dict[str, int]  # colour -> coins on its Colour card
    taken: list[int]  # drinks out of each crate, in Colour card order
    drinks: dict[str, str]  # corner -> drink
    goes: int  # discs placed this action phase
    colour_discs: dict[str, int]  # colour -> the seat whose disc is on its card (IZ-3.1)
    price_disc: int | None  # IZ-3.2
    claim_spot: list[int]  # discs on the claim spot this phase (IZ-3.3)
    architect: list[int]  # discs on the architect this phase (IZ-3.4)
    claims: dict[str, int]  # edge -> the seat of its claim disc
    owners: dict[str, int]  # space -> the seat of its pyramid
    buildings: dict[str, list[list[PieceView]]]  # space -> a building per border
    pending: list[str] | None  # ["free", ""] or ["place", element] (IZ-3.4)
    pool: list[str]  # the elements still above the grid (IZ-1)
    players: list[IzakayaPlayerView]
    log: list[str]


def izakaya_view(view: Mapping[str, Any]) -> IzakayaView:
    """A view from the generic API read as IZAKAYA's; `ValueError` for another title's
    (the one check is its name: the keys are the state's own)."""
    if view.get("game") != GAME_NAME:
        raise ValueError(f"not an IZAKAYA view: game {view.get('game')!r}")
    return cast(IzakayaView, view)


def own_seat(view: IzakayaView) -> int:
    """The seat the view was made for; `ValueError` for a spectator's."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a seat's view is needed here, not a spectator's")
    return seat
