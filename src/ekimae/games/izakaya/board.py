"""The parcel grid's geometry (IZ-1, IZ-3.1, IZ-3.3): spaces, corners, edges, lines.

Spaces are named like TOKYO JUTAKU's plan, column letter then row number: "A1" is the
top left card. A corner is a point where card corners meet, named by the grid line to its
left (a lower-case letter, "a" the grid's left border) and the row line above it (a digit,
"0" the top border): "b1" is where A1, B1, A2 and B2 meet. An edge lies between two cards
that share a side, named by them: "A1-B1", "A1-A2".

With 2-3 players the centre card lies blue side up, out of play (IZ-1): it still meets
its neighbours at its corners (so those stay four-card corners), but nobody claims its
edges, puts a pyramid on it or builds there (RULING: its sides are not between two parcel
cards in play; that is also why a line of three claims "is only possible with 4-5
players").
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

COLUMNS = "ABCDEFGH"


def space_name(row: int, col: int) -> str:
    return f"{COLUMNS[col]}{row + 1}"


def corner_name(row: int, col: int) -> str:
    return f"{COLUMNS[col].lower()}{row}"


@dataclass(frozen=True, slots=True)
class Corner:
    name: str
    row: int  # the row line, 0 = the top border
    col: int  # the column line, 0 = the left border
    cards: tuple[str, ...]  # the spaces meeting here (the centre out of play included)


@dataclass(frozen=True, slots=True)
class Edge:
    name: str
    cards: tuple[str, str]
    line: tuple[str, int]  # (grid line, position along it): three in a row make a line
    vertical: bool  # a side between two cards of one row


@dataclass(frozen=True, slots=True)
class Board:
    size: int
    centre_out: bool
    spaces: tuple[str, ...]  # row by row
    playable: tuple[str, ...]  # the spaces in play (not the centre out of play)
    corners: dict[str, Corner]  # two- and four-card corners only (IZ-3.1)
    edges: dict[str, Edge]  # between two cards in play (IZ-3.3)
    corners_of: dict[str, tuple[str, ...]]  # space -> the corners of its card holding drinks

    @property
    def centre(self) -> str | None:
        mid = self.size // 2
        return space_name(mid, mid) if self.centre_out else None

    def lines(self, length: int) -> tuple[tuple[str, ...], ...]:
        """IZ-3.3: every run of `length` edges one after the other on one grid line."""
        return _lines(self.size, self.centre_out, length)


@functools.cache
def board(size: int, centre_out: bool) -> Board:
    spaces = tuple(space_name(r, c) for r in range(size) for c in range(size))
    mid = size // 2
    out = space_name(mid, mid) if centre_out else None
    playable = tuple(s for s in spaces if s != out)
    corners: dict[str, Corner] = {}
    for r in range(size + 1):
        for c in range(size + 1):
            cards = tuple(
                space_name(rr, cc)
                for rr in (r - 1, r)
                for cc in (c - 1, c)
                if 0 <= rr < size and 0 <= cc < size
            )
            if len(cards) >= 2:  # IZ-3.1: never on a corner of one card only
                corners[corner_name(r, c)] = Corner(corner_name(r, c), r, c, cards)
    edges: dict[str, Edge] = {}
    for r in range(size):
        for c in range(size):
            here = space_name(r, c)
            if c + 1 < size:
                right = space_name(r, c + 1)
                edges[f"{here}-{right}"] = Edge(
                    f"{here}-{right}", (here, right), (f"|{c}", r), True
                )
            if r + 1 < size:
                down = space_name(r + 1, c)
                edges[f"{here}-{down}"] = Edge(f"{here}-{down}", (here, down), (f"-{r}", c), False)
    edges = {k: e for k, e in edges.items() if out not in e.cards}
    corners_of = {s: tuple(k for k, corner in corners.items() if s in corner.cards) for s in spaces}
    return Board(size, centre_out, spaces, playable, corners, edges, corners_of)


@functools.cache
def _lines(size: int, centre_out: bool, length: int) -> tuple[tuple[str, ...], ...]:
    b = board(size, centre_out)
    by_line: dict[str, dict[int, str]] = {}
    for edge in b.edges.values():
        line, at = edge.line
        by_line.setdefault(line, {})[at] = edge.name
    out = []
    for positions in by_line.values():
        for start in sorted(positions):
            run = [positions.get(start + k) for k in range(length)]
            if all(run):
                out.append(tuple(e for e in run if e))
    return tuple(out)
