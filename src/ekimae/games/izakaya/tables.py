"""IZAKAYA's actions built once per grid and data, so that a listing picks them instead of
building them (an action is a frozen dataclass: making one costs more than finding it).

Each table lists its actions in the order the listing gives them (IZ-3.1 … IZ-3.4): the
corners in the board's order, four-card ones apart; the Colour cards left to right; the
edges in the board's order, each with its cards in order; the elements in the data's order.
Actions are immutable, so every state of one grid shares them.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ekimae.games.izakaya.actions import Bottle, Build, Claim, Free, Price
from ekimae.games.izakaya.board import board


@dataclass(frozen=True, slots=True)
class Tables:
    corners: tuple[str, ...]  # IZ-3.1: the corners drinks go on, in the board's order
    four: tuple[str, ...]  # those where four cards meet, in the same order
    bottles: tuple[dict[str, Bottle], ...]  # per Colour card: corner -> its bottle
    prices: tuple[tuple[Price, ...], ...]  # per Colour card: a coin to each other one
    claims: tuple[tuple[str, tuple[tuple[str, Claim], ...]], ...]  # edge, (card, claim)…
    builds: dict[str, Build]  # element -> its build
    frees: dict[str, Free]  # element -> its free element


@functools.cache
def tables(
    size: int, centre_out: bool, colours: tuple[str, ...], elements: tuple[str, ...]
) -> Tables:
    """The actions of a `size` × `size` grid (the centre out or not), with these Colour
    cards left to right and these elements."""
    b = board(size, centre_out)
    corners = tuple(b.corners)
    return Tables(
        corners=corners,
        four=tuple(k for k in corners if len(b.corners[k].cards) == 4),
        bottles=tuple({k: Bottle(c, k) for k in corners} for c in colours),
        prices=tuple(tuple(Price(a, c) for c in colours if c != a) for a in colours),
        claims=tuple(
            (name, tuple((space, Claim(name, space)) for space in edge.cards))
            for name, edge in b.edges.items()
        ),
        builds={e: Build(e) for e in elements},
        frees={e: Free(e) for e in elements},
    )
