"""What a seat sees of THE SHOPPING GAME, as types a checker reads (issue 34).

`ShoppingState.view_for` returns a `ShoppingView`; the generic API (`State.view`) hands the
same dict on as `dict[str, Any]`, and this title's readers (its bots, terminal part,
research encoder, determinization) read it back through `shopping_view`. A key renamed
here is then a mypy error wherever it is read; at run time these are plain dicts, so the
wire form (JSON) is unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypedDict, cast

GAME_NAME = "shopping"


class ShopperView(TypedDict):
    seat: int
    at: str  # a point of the mall, or "out" (SH-1)
    money: int
    barrels: int  # exits made (SH-5)
    crate: list[str]  # the tokens in the crate being filled inside
    kept: list[str]  # placed in front (SH-3)
    magazines: int  # brought out (SH-4)
    crate_pays: int  # what the crate would pay at the exit now (SH-3, SH-4)


class ShoppingView(TypedDict):
    """The whole table; of the bag only how many tuna and crabs are left in it."""

    game: Literal["shopping"]
    options: dict[str, str]
    seat: int | None
    to_act: list[int]
    turn: int | None  # None once the game is over
    phase: str  # "move", "take" or "over"
    players: list[ShopperView]
    shops: dict[str, list[str]]  # each card's tokens
    bag: dict[str, int]  # fish kind -> tokens left in the bag
    piles: dict[str, int]  # price pile -> yen
    colours: dict[str, int]  # Colour card -> yen
    tuna_price: int
    tunas_bought: int
    salmon_price: int
    salmon_paid: bool
    machine: list[str]  # the crate beside the vending machine
    barrels_left: int
    log: list[str]
    scores: list[int]
    ranking: list[list[int]]


def shopping_view(view: Mapping[str, Any]) -> ShoppingView:
    """A view from the generic API read as THE SHOPPING GAME's; `ValueError` for another
    title's."""
    if view.get("game") != GAME_NAME:
        raise ValueError(f"not a SHOPPING GAME view: game {view.get('game')!r}")
    return cast(ShoppingView, view)


def own_seat(view: ShoppingView) -> int:
    """The seat the view was made for; `ValueError` for a spectator's."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a seat's view is needed here, not a spectator's")
    return seat
