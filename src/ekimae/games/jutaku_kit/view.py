"""What every JUTAKU builder's view holds, as types a checker reads (issue 34).

TOKYO JUTAKU's view (`tokyo_jutaku.view.JutakuView`, which BOTTLE BONUS's extends) and
COUNTDOWN's (`countdown.view.CountdownView`) both derive from `BuildingView`: the hands
of `hands.Hands` (each seat's element in hand, its building, the pace), the pool, the
round's phase and clock. What reads only these (the terminal's building screen, the
pool's drawing) takes a `BuildingView` and serves the three titles; what reads a title's
own keys reads that title's view, through its reader (`jutaku_view`, `countdown_view`,
`bottle_bonus_view`). At run time these are plain dicts (the wire form).
"""

from __future__ import annotations

from typing import TypedDict

# One placed element as the view shows it: its id first, then the title's numbers
# (TOKYO JUTAKU: border, orientation, x, y, floor; COUNTDOWN: orientation, x, y, floor).
PlacedView = list[str | int]
# A floor of a building: its squares as [x, y].
FloorView = list[list[int]]


class BuildingView(TypedDict):
    """The keys every JUTAKU builder's view has (JU-4's hands, the clock)."""

    options: dict[str, str]
    seat: int | None
    phase: str
    round: int
    phase_start: int
    now: int  # the game time (ms) of the last action
    deadline_ms: int | None  # when the system seat acts next (a timer), None once over
    hand: list[str | None]  # each seat's element in hand
    built: list[list[PlacedView]]  # each seat's building, in placing order
    last_act: list[int]  # when each seat last took, placed or returned (the pace)
    pool: list[str]  # the elements nobody holds (JU-4)
    log: list[str]


def own_seat(view: BuildingView) -> int:
    """The seat the view was made for; `ValueError` for a spectator's."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a seat's view is needed here, not a spectator's")
    return seat
