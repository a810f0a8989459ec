"""What a seat sees of CHOCOLATE MILK, as types a checker reads (issue 34).

`MilkState.view_for` returns a `MilkView`; the generic API (`State.view`) hands the same
dict on as `dict[str, Any]`, and every reader of this title (its bots, terminal part,
research encoder, determinization) reads it back through `milk_view`, the one place the
untyped view becomes typed again. A key renamed here is then a mypy error wherever it is
read. At run time these are plain dicts: the wire form (JSON) is unchanged and nothing is
converted or copied.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypedDict, cast

GAME_NAME = "chocolate-milk"


class CellView(TypedDict):
    """One parcel card of the 3×3 grid (CM-1)."""

    cell: str  # a1 … c3
    card: str  # the parcel card's id
    name: str  # its place name
    drinks: list[str]
    architects: list[int]  # the seats standing on it


class StockCardView(TypedDict):
    """A Colour or Shape card and the yen on it (CM-2)."""

    card: str
    kind: Literal["colour", "shape"]
    yen: int


class CrateScoreView(TypedDict):
    """What one crate would score now (CM-4): its best attribute, None when empty."""

    points: int
    attribute: str | None


class PlayerView(TypedDict):
    seat: int
    money: int
    cell: str  # where the seat's architect stands
    crates: list[list[str]]
    crate_scores: list[CrateScoreView]


class BoughtView(TypedDict):
    """CM-2 (a): a drink bought, whether it came out of the machine, the refill."""

    seat: int
    kind: Literal["buy"]
    cell: str
    drink: str
    crate: int
    came_out: bool
    refill: str | None  # None: the supply had nothing to refill with


class SoldView(TypedDict):
    """CM-2 (b): drinks sold on one Stock card."""

    seat: int
    kind: Literal["sell"]
    card: str
    drinks: list[str]
    price: int  # the card's yen, each
    paid: int


class CrateBoughtView(TypedDict):
    """CM-2 (c): a crate bought."""

    seat: int
    kind: Literal["crate"]
    paid: int


class PassedView(TypedDict):
    seat: int
    kind: Literal["pass"]


# What the last action did, told apart by "kind".
LastMoveView = BoughtView | SoldView | CrateBoughtView | PassedView


class MilkView(TypedDict):
    """The table as one seat (or a spectator, seat None) sees it: all of it but the
    generator (CM-2 chance)."""

    game: Literal["chocolate-milk"]
    options: dict[str, str]
    seat: int | None
    to_act: list[int]
    turns: int
    grid: list[CellView]
    market: list[StockCardView]
    players: list[PlayerView]
    supply: list[str]
    crates_left: int
    passes: int
    last: LastMoveView | None
    ended: str | None  # why the game ended (CM-3), None while it goes on
    scores: list[int]
    ranking: list[list[int]]


def milk_view(view: Mapping[str, Any]) -> MilkView:
    """A view from the generic API read as CHOCOLATE MILK's; `ValueError` for another
    title's (the one check is its name: the keys are the state's own)."""
    if view.get("game") != GAME_NAME:
        raise ValueError(f"not a CHOCOLATE MILK view: game {view.get('game')!r}")
    return cast(MilkView, view)


LAST_KINDS = frozenset({"buy", "sell", "crate", "pass"})


def last_move_view(note: Mapping[str, Any]) -> LastMoveView:
    """A view's `last` kept apart from its view (the web part's note for one step) read as
    what it is; `ValueError` for a kind the game does not make."""
    if note.get("kind") not in LAST_KINDS:
        raise ValueError(f"not a CHOCOLATE MILK move: kind {note.get('kind')!r}")
    return cast(LastMoveView, note)
