"""TOKYO JUTAKU's actions (JU-2 … JU-7), each with its game time `at` in ms (real time).

Spaces of the plan are named by column letter and row number, "A1" (top left) to "F6".
"""

from __future__ import annotations

from dataclasses import dataclass

from ekimae.core.actions import Action, ActionCodec
from ekimae.games.jutaku_kit.actions import Return, Take

# Take and Return are the kit's (JU-4, shared by the family) and JUTAKU's own actions.
__all__ = [
    "CODEC",
    "Check",
    "Concede",
    "Keep",
    "Move",
    "Place",
    "Return",
    "Start",
    "Stop",
    "Take",
    "TimeUp",
]


@dataclass(frozen=True, slots=True)
class Start(Action):
    """JU-2: put one's architect on a perimeter card and take that card."""

    kind = "start"
    at: int
    space: str


@dataclass(frozen=True, slots=True)
class Place(Action):
    """JU-4, JU-5: place the element in hand, turned (`turn`: one of its distinct
    orientations, flips included) with its top-left at (x, y) of the card's grid, in the
    card's border `plot`; it rests on the floor the building gives it there."""

    kind = "place"
    at: int
    element: str
    plot: int
    turn: int
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Stop(Action):
    """JU-6: "Stop!" — everyone freezes and the caller's building is checked."""

    kind = "stop"
    at: int


@dataclass(frozen=True, slots=True)
class Concede(Action):
    """RULING (JU-6): give up this round; one's elements go back to the pool."""

    kind = "concede"
    at: int


@dataclass(frozen=True, slots=True)
class Move(Action):
    """JU-7: move one's architect (up to 2 orthogonal steps) and take the card there."""

    kind = "move"
    at: int
    space: str


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """JU-7: a player who did not complete keeps their card instead of moving."""

    kind = "keep"
    at: int


@dataclass(frozen=True, slots=True)
class Check(Action):
    """JU-6: the stop window closes; every caller's building is checked (system seat)."""

    kind = "check"
    at: int


@dataclass(frozen=True, slots=True)
class TimeUp(Action):
    """RULING: a timer ran out — the round (nobody completes), a start or a move (the
    default choice is made) — the system seat's action."""

    kind = "time-up"
    at: int


CODEC = ActionCodec([Start, Take, Place, Return, Stop, Concede, Move, Keep, Check, TimeUp])
