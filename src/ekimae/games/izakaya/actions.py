"""IZAKAYA's actions (IZ-2 … IZ-3.4) and their codec.

Spaces, corners and edges are named as in `board.py` ("A1", "b1", "A1-B1"); colours by
their JIDOHANBAIKI key; elements by their TOKYO JUTAKU id.
"""

from __future__ import annotations

from dataclasses import dataclass

from ekimae.core.actions import Action, ActionCodec


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """IZ-2: a sealed turn-order bid, in yen."""

    kind = "bid"
    amount: int


@dataclass(frozen=True, slots=True)
class Bottle(Action):
    """IZ-3.1: a disc on a Colour card; that colour's next drink goes on a free corner."""

    kind = "bottle"
    colour: str
    corner: str


@dataclass(frozen=True, slots=True)
class Price(Action):
    """IZ-3.2: a disc on the price spot; one coin moves from one Colour card to another."""

    kind = "price"
    source: str
    target: str


@dataclass(frozen=True, slots=True)
class Claim(Action):
    """IZ-3.3: a disc on the claim spot, a claim disc on a free `edge`, a pyramid on the
    free parcel card `space` sharing it."""

    kind = "claim"
    edge: str
    space: str


@dataclass(frozen=True, slots=True)
class Build(Action):
    """IZ-3.4: a disc on the architect and one element chosen, without trying it; it is
    placed next (`place`)."""

    kind = "build"
    element: str


@dataclass(frozen=True, slots=True)
class Free(Action):
    """IZ-3.3: the free element of a line of three claims, placed next (`place`)."""

    kind = "free"
    element: str


@dataclass(frozen=True, slots=True)
class Place(Action):
    """IZ-3.4 under JU-5: the chosen element, turned (`turn`: one of its distinct
    orientations, flips included) with its top-left at (x, y) of the card's unit grid, in
    border `plot` of one's card on `space`; it rests on the floor the building gives it."""

    kind = "place"
    space: str
    plot: int
    turn: int
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """RULING (IZ-3): a player with nowhere to put a disc spends it on nothing."""

    kind = "pass"


CODEC = ActionCodec([Bid, Bottle, Price, Claim, Build, Free, Place, Pass])
