"""One position of QUICK DRAW; see the package docstring for the rules QD-1 to QD-5."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from ekimae.core.actions import Action
from ekimae.core.errors import IllegalActionError
from ekimae.core.game import SYSTEM, Seat, StateDefaults
from ekimae.core.saved import Context, Derived, Saved, Shared
from ekimae.games.quick_draw.actions import Stop, Tap, TimeUp
from ekimae.games.quick_draw.components import Rules
from ekimae.games.quick_draw.view import QuickDrawView

NEVER = -1  # no tap yet this round


class QuickDrawState(Saved, StateDefaults):
    """Its fields, declared once below, are what `clone`, `to_dict` and `load` copy, save
    and read back (`core.saved`)."""

    rules: Context[Rules]
    rounds: Derived[int]  # from the length chosen (`loaded`)
    options: Shared[dict[str, str]]
    round: int  # rounds - 1 past the last: the game is over
    start: int  # game time the round began
    now: int  # game time of the last action (QD-2)
    points: list[int]
    taps: list[int]  # this round
    last_tap: list[int]
    log: list[str]

    def __init__(self, rules: Rules, options: dict[str, str], seats: int) -> None:
        self.rules = rules
        self.options = options
        self.loaded()
        self.round = 1
        self.start = 0
        self.now = 0
        self.points = [0] * seats
        self.taps = [0] * seats
        self.last_tap = [NEVER] * seats
        self.log = []

    def loaded(self) -> None:
        self.rounds = self.rules.lengths[self.options["length"]][1]

    # -------------------------------------------------------------- the protocol

    def current_players(self) -> tuple[Seat, ...]:
        return () if self.is_terminal() else tuple(range(len(self.points)))

    def deadline(self) -> int | None:
        """QD-5: the end of the round, when the system's `time-up` is due."""
        return None if self.is_terminal() else self.start + self.rules.round_ms

    def legal_actions(self, seat: Seat) -> Sequence[Action]:
        """Each choice at its earliest game time; any later `at` before the round's end
        is as legal (QD-2), so a recorder stamps its own clock."""
        if self.is_terminal():
            return []
        end = self.start + self.rules.round_ms
        if seat == SYSTEM:
            return [TimeUp(end)]
        if not 0 <= seat < len(self.points):
            return []
        out: list[Action] = []
        earliest = self._earliest_tap(seat)
        if earliest < end:
            out.append(Tap(earliest))
        if self.taps[seat] >= self.rules.target:
            out.append(Stop(self.now))
        return out

    def is_legal(self, seat: Seat, action: Action) -> bool:
        return self._refusal(seat, action) is None

    def apply(self, seat: Seat, action: Action) -> None:
        why = self._refusal(seat, action)
        if why is not None:
            raise IllegalActionError(*why)
        assert isinstance(action, Tap | Stop | TimeUp)  # _refusal checked the kind
        self.now = action.at
        if isinstance(action, Tap):
            self.points[seat] += 1
            self.taps[seat] += 1
            self.last_tap[seat] = action.at
        elif isinstance(action, Stop):
            self.points[seat] += self.rules.stop_bonus
            self.log.append(
                f"{_ms(action.at)} seat {seat + 1} calls Stop! (+{self.rules.stop_bonus})"
            )
            self._end_round(action.at)
        else:
            self.log.append(f"{_ms(action.at)} time is up")
            self._end_round(action.at)

    def view(self, seat: Seat | None) -> dict[str, Any]:
        """The generic API's view: `view_for`'s, the same dict."""
        return cast(dict[str, Any], self.view_for(seat))

    def view_for(self, seat: Seat | None) -> QuickDrawView:
        """Everything is public in QUICK DRAW: every seat sees the same table."""
        return {
            "seat": seat,  # whose view this is (None: a spectator's)
            "options": dict(self.options),
            "round": min(self.round, self.rounds),
            "rounds": self.rounds,
            "round_start_ms": self.start,
            "round_end_ms": self.start + self.rules.round_ms,
            "now_ms": self.now,
            "target": self.rules.target,
            "gap_ms": self.rules.gap_ms,
            "players": [
                {
                    "seat": s,
                    "points": self.points[s],
                    "taps": self.taps[s],
                    "last_tap_ms": None if self.last_tap[s] == NEVER else self.last_tap[s],
                }
                for s in range(len(self.points))
            ],
            "over": self.is_terminal(),
            "log": list(self.log),
        }

    def is_terminal(self) -> bool:
        return self.round > self.rounds

    def scores(self) -> list[int]:
        return list(self.points)

    def ranking(self) -> list[list[Seat]]:
        """QD-5: most points first; equal points share a place."""
        if not self.is_terminal():
            return []
        values = sorted(set(self.points), reverse=True)
        return [[s for s, p in enumerate(self.points) if p == v] for v in values]

    def winner(self) -> Seat | None:
        places = self.ranking()
        return places[0][0] if places and len(places[0]) == 1 else None

    @classmethod
    def from_dict(cls, rules: Rules, data: Mapping[str, Any]) -> QuickDrawState:
        return cls.load(data, rules)

    # -------------------------------------------------------------- the rules

    def _earliest_tap(self, seat: Seat) -> int:
        """QD-2, QD-3: not before the last action, nor within `gap_ms` of one's own tap."""
        last = self.last_tap[seat]
        return self.now if last == NEVER else max(self.now, last + self.rules.gap_ms)

    def _refusal(self, seat: Seat, action: Action) -> tuple[str, str] | None:
        """(rule, why) if `seat` may not take `action` now, else None."""
        if self.is_terminal():
            return "QD-5", "the game is over"
        if not isinstance(action, Tap | Stop | TimeUp):
            return "QD-2", f"{action.kind!r} is no QUICK DRAW action"
        end = self.start + self.rules.round_ms
        if isinstance(action, TimeUp):
            if seat != SYSTEM:
                return "QD-5", "only the game itself calls time"
            if action.at != end:
                return "QD-5", f"time is up at {_ms(end)}, not {_ms(action.at)}"
            return None
        if not 0 <= seat < len(self.points):
            return "QD-1", f"there is no seat {seat + 1}"
        if action.at < self.now:
            return "QD-2", f"{_ms(action.at)} is before the last action ({_ms(self.now)})"
        if action.at >= end:
            return "QD-2", f"the round ended at {_ms(end)}"
        if isinstance(action, Tap):
            earliest = self._earliest_tap(seat)
            if action.at < earliest:
                return (
                    "QD-3",
                    f"taps must be {self.rules.gap_ms} ms apart (next at {_ms(earliest)})",
                )
            return None
        if self.taps[seat] < self.rules.target:
            return "QD-4", f"Stop! needs {self.rules.target} taps this round, not {self.taps[seat]}"
        return None

    def _end_round(self, at: int) -> None:
        self.round += 1
        self.start = at
        self.taps = [0] * len(self.points)
        self.last_tap = [NEVER] * len(self.points)
        if self.is_terminal():
            self.log.append(f"the game is over: {self.points}")


def _ms(at: int) -> str:
    return f"{at / 1000:.3f} s"
