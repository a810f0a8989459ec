"""What a seat sees of TOKYO JUTAKU, as types a checker reads (issue 34).

`JutakuState.view_for` returns a `JutakuView`; the generic API (`State.view`) hands the
same dict on as `dict[str, Any]`, and this title's readers (its bots, terminal part, web
part) read it back through `jutaku_view`. BOTTLE BONUS's view extends it
(`bottle_bonus.view.BottleView`), so what reads JUTAKU's keys serves both. Nothing is
hidden in TOKYO JUTAKU: the view is the saved state (`core.saved`) with readable extras.
At run time these are plain dicts: the wire form (JSON) is unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict, cast

from ekimae.games.jutaku_kit.view import BuildingView, FloorView, PlacedView

# What a failed JU-6 check looked at: [card, side shown, the building].
CheckedView = list[str | list[PlacedView] | None]


class CardView(TypedDict):
    """The parcel card a seat builds on, as its side in play shows it (JU-3)."""

    id: str
    name: str
    district: str
    floors: int
    elements: str  # the roman numeral as printed ("V///")
    yen: int
    plots: list[list[str]]  # each border's rows of '#', 'o' (a hole), '.'


class PlayerView(TypedDict):
    seat: int
    yen: int  # the completed cards' yen (JU-8)
    card: CardView | None  # the card held, None after completing it
    floors: list[FloorView]  # the building, floor by floor from the bottom


class JutakuView(BuildingView):
    """The whole table (nothing is hidden in TOKYO JUTAKU)."""

    window_end: int  # JU-6: when the stop window closes
    grid: dict[str, str | None]  # the plan: space -> the card lying there (None: taken)
    architects: list[str | None]  # each seat's space
    held: list[str | None]  # the card each seat builds on
    completed: list[list[str]]  # the cards each seat completed (JU-6)
    conceded: list[bool]  # gave up this round
    called: list[int]  # "Stop!" callers, in order (JU-6)
    failed: list[CheckedView | None]  # each building as its last failed check saw it
    movers: list[int]  # who still moves this step, in order (JU-7)
    players: list[PlayerView]


def jutaku_view(view: Mapping[str, Any]) -> JutakuView:
    """A view from the generic API read as TOKYO JUTAKU's (BOTTLE BONUS's is one too);
    `ValueError` for another title's (the views carry no title name: the check is the
    plan's keys)."""
    if not {"grid", "architects", "held"} <= view.keys():
        raise ValueError("not a TOKYO JUTAKU view: no plan, architects or cards held")
    return cast(JutakuView, view)
