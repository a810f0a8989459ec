"""What a seat sees of COUNTDOWN, as types a checker reads (issue 34).

`CountdownState.view_for` returns a `CountdownView`, JUTAKU's builders' keys
(`jutaku_kit.view.BuildingView`) and COUNTDOWN's own; the generic API (`State.view`)
hands the same dict on as `dict[str, Any]`, and this title's readers (its bots, terminal
part, web part) read it back through `countdown_view`. Plain dicts at run time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict, cast

from ekimae.games.jutaku_kit.view import BuildingView, FloorView


class BuilderView(TypedDict):
    seat: int
    floors: list[FloorView]  # the building, floor by floor from the bottom


class ResultView(TypedDict):
    """A row of the results table (CD-3)."""

    seat: int
    card: str | None
    card_name: str | None
    floors: int
    per_floor: list[int]  # elements on each floor, from the first
    elements: int  # the score (CD-3)
    out_in_round: int | None  # None: still in


class SoloBestView(TypedDict):
    """A solo game's result, for the server to keep as the best on this card."""

    card: str
    elements: int


class CountdownView(BuildingView):
    cards: list[str | None]  # CD-1: the card each builds on
    done: list[bool]  # this floor is done (RULING)
    out: list[int]  # CD-3: the round a seat went out in (0: still in)
    round_ms: int | None  # CD-2: this round's length, None before the first
    players: list[BuilderView]
    results: list[ResultView]
    solo_best: SoloBestView | None  # only at the end of a solo game


def countdown_view(view: Mapping[str, Any]) -> CountdownView:
    """A view from the generic API read as COUNTDOWN's; `ValueError` for another title's
    (the views carry no title name: the check is COUNTDOWN's own keys)."""
    if not {"cards", "done", "results"} <= view.keys():
        raise ValueError("not a COUNTDOWN view: no cards, done or results")
    return cast(CountdownView, view)
