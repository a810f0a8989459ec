"""BOTTLE BONUS's own actions (BB-1, BB-2); every TOKYO JUTAKU action is played as it is.

Each carries its game time `at` in ms, as JUTAKU's do.
"""

from __future__ import annotations

from dataclasses import dataclass

from ekimae.core.actions import Action, ActionCodec
from ekimae.games.tokyo_jutaku.actions import CODEC as JUTAKU_CODEC


@dataclass(frozen=True, slots=True)
class Catch(Action):
    """BB-1: catch one of the drinks coming out of the machine (one each, first claim wins)."""

    kind = "catch"
    at: int
    drink: str


@dataclass(frozen=True, slots=True)
class Spend(Action):
    """BB-2: spend a drink for its colour's one-use power, when that power may be used."""

    kind = "spend"
    at: int
    drink: str


@dataclass(frozen=True, slots=True)
class Ready(Action):
    """RULING (BB-2): done with the step before the round (white and blue drinks)."""

    kind = "ready"
    at: int


CODEC = ActionCodec([*JUTAKU_CODEC.classes.values(), Catch, Spend, Ready])
