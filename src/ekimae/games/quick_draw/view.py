"""What a seat sees of QUICK DRAW, as types a checker reads (issue 34).

`QuickDrawState.view_for` returns a `QuickDrawView`; the generic API (`State.view`) hands
the same dict on as `dict[str, Any]`, and determinization reads it back through
`quick_draw_view`. A key renamed here is then a mypy error wherever it is read; at run
time these are plain dicts, so the wire form (JSON) is unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict, cast


class TapperView(TypedDict):
    seat: int
    points: int
    taps: int  # this round (QD-3, QD-4)
    last_tap_ms: int | None  # None: no tap yet this round


class QuickDrawView(TypedDict):
    """The whole table: nothing is hidden in QUICK DRAW, every seat sees the same."""

    seat: int | None  # whose view this is (None: a spectator's)
    options: dict[str, str]
    round: int
    rounds: int
    round_start_ms: int
    round_end_ms: int  # when the system's time-up is due (QD-5)
    now_ms: int  # game time of the last action (QD-2)
    target: int
    gap_ms: int
    players: list[TapperView]
    over: bool
    log: list[str]


KEYS = frozenset(QuickDrawView.__required_keys__)


def quick_draw_view(view: Mapping[str, Any]) -> QuickDrawView:
    """A view from the generic API read as QUICK DRAW's; `ValueError` for another title's.
    Its view names no game (the wire form predates the typed views), so the check is that
    it has every key of one."""
    missing = KEYS.difference(view)
    if missing:
        raise ValueError(f"not a QUICK DRAW view: no {sorted(missing)}")
    return cast(QuickDrawView, view)
