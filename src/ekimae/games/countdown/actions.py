"""COUNTDOWN's actions (CD-1 … CD-3), each with its game time `at` in ms (real time).

A placement names the element's orientation (`turn`, as TOKYO JUTAKU lists them, flips
included) and its top-left (x, y) on the card's 7×7 grid; the floor is the round's.
"""

from __future__ import annotations

from dataclasses import dataclass

from ekimae.core.actions import Action, ActionCodec


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """CD-1: take a parcel card to build on (its edges are the border)."""

    kind = "pick"
    at: int
    card: str


@dataclass(frozen=True, slots=True)
class Take(Action):
    """CD-2 (JU-4): take one element from the shared pool into one's hand."""

    kind = "take"
    at: int
    element: str


@dataclass(frozen=True, slots=True)
class Place(Action):
    """CD-2 (JU-5): place the element in hand on this round's floor, turned (`turn`) with
    its top-left at (x, y) of the card's grid."""

    kind = "place"
    at: int
    element: str
    turn: int
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Return(Action):
    """CD-2 (JU-4): put back the element in hand, or the last one placed this round."""

    kind = "return"
    at: int
    element: str


@dataclass(frozen=True, slots=True)
class Done(Action):
    """RULING (CD-2): this floor is finished; the element in hand goes back. Once every
    player still in is done, the round ends before its timer."""

    kind = "done"
    at: int


@dataclass(frozen=True, slots=True)
class TimeUp(Action):
    """CD-2: the round's timer (or the time to pick a card) ran out: the system seat's
    action, recorded, so a replay ends each round where the game did."""

    kind = "time-up"
    at: int


CODEC = ActionCodec([Pick, Take, Place, Return, Done, TimeUp])
