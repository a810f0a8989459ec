"""QUICK DRAW's actions (QD-2 to QD-5), each with its game time `at` in ms."""

from __future__ import annotations

from dataclasses import dataclass

from ekimae.core.actions import Action, ActionCodec


@dataclass(frozen=True, slots=True)
class Tap(Action):
    """QD-3: one point."""

    kind = "tap"
    at: int


@dataclass(frozen=True, slots=True)
class Stop(Action):
    """QD-4: "Stop!" — ends the round, with a bonus for the caller."""

    kind = "stop"
    at: int


@dataclass(frozen=True, slots=True)
class TimeUp(Action):
    """QD-5: the round's time has run out (the system seat's action)."""

    kind = "time-up"
    at: int


CODEC = ActionCodec([Tap, Stop, TimeUp])
