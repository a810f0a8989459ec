"""COUNTDOWN's actions (CD-1 … CD-3), each with its game time `at` in ms (real time).

A placement names the element's orientation (`turn`, as TOKYO JUTAKU lists them, flips
included) and its top-left (x, y) on the card's 7×7 grid; the floor is the round's.
"""

from __future__ import annotations

from dataclasses import dataclass

from ekimae.core.actions import Action, ActionCodec
from ekimae.games.jutaku_kit.actions import Return, Take
from ekimae.games.tokyo_jutaku.actions import TimeUp

# JU-4's Take and Return (CD-2: only an element placed this round goes back) and the
# system seat's TimeUp (CD-2: a round's timer, or the time to pick, ran out — recorded, so
# a replay ends each round where the game did) are TOKYO JUTAKU's actions, imported.
__all__ = ["CODEC", "Done", "Pick", "Place", "Return", "Take", "TimeUp"]


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """CD-1: take a parcel card to build on (its edges are the border)."""

    kind = "pick"
    at: int
    card: str


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
class Done(Action):
    """RULING (CD-2): this floor is finished; the element in hand goes back. Once every
    player still in is done, the round ends before its timer."""

    kind = "done"
    at: int


CODEC = ActionCodec([Pick, Take, Place, Return, Done, TimeUp])
