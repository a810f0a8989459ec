"""IZAKAYA for research interfaces: every action numbered, the seat's view as numbers.

The catalog lists, for the grid of the player count: bids up to the starting money (money
only falls, IZ-2), a bottle of each colour on each corner (IZ-3.1), each price move
(IZ-3.2), each claim of an edge with one of its two cards (IZ-3.3), each element chosen to
build or taken free (IZ-3.4, IZ-3.3), each placement (space, border, orientation, x, y on
the card's 7 × 7 grid; JU-5) and the pass.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ekimae.core.actions import Action
from ekimae.games.izakaya.actions import Bid, Bottle, Build, Claim, Free, Pass, Place, Price
from ekimae.games.izakaya.board import board
from ekimae.games.izakaya.components import load_data
from ekimae.games.izakaya.view import izakaya_view, own_seat
from ekimae.games.jutaku_kit.geometry import HEIGHT, WIDTH
from ekimae.research.space import Catalog

TURNS = 8  # an element has at most 8 orientations (4 turns × flip)
BORDERS = 2  # a card side has 1 or 2 borders (JU-1)


def catalog(seats: int, options: Mapping[str, str]) -> Catalog:
    data = load_data()
    table = data.tables[seats]
    b = board(table.grid, table.centre_out)
    colours = data.colours()
    heads: list[Action] = [Bid(a) for a in range(0, data.start_money + 1, data.bid_step)]
    heads += [Bottle(c, k) for c in colours for k in b.corners]
    heads += [Price(x, y) for x in colours for y in colours if x != y]
    heads += [Claim(name, s) for name, e in b.edges.items() for s in e.cards]
    heads += [Build(e) for e in data.jutaku.elements]
    heads += [Free(e) for e in data.jutaku.elements]
    heads += [
        Place(s, k, t, x, y)
        for s in b.playable
        for k in range(BORDERS)
        for t in range(TURNS)
        for x in range(WIDTH)
        for y in range(HEIGHT)
    ]
    heads.append(Pass())
    return Catalog(tuple(heads))


class Encoder:
    """Per seat (own seat first): money, has bid, own bid, discs, claim discs, pyramids,
    earnings, turn position. Per space: owner (relative seat one-hot, or none), floors of
    each border. Per corner: the drink's colour one-hot (or none). Per edge: the claim's
    owner (relative one-hot, or none). Then prices, drinks left per crate, Colour cards
    used, price spot used, the pile over its end, the round, the phase and a pending
    choice. Yen are scaled by the starting money."""

    def __init__(self, seats: int, options: Mapping[str, str]) -> None:
        data = load_data()
        table = data.tables[seats]
        self.seats = seats
        self.board = board(table.grid, table.centre_out)
        self.colours = data.colours()
        self.scale = float(data.start_money)
        self.end_pile = float(table.end_pile)
        self.rounds = float(data.max_rounds)
        n, c = seats + 1, len(self.colours)
        self.size = (
            8 * seats
            + len(self.board.spaces) * (n + BORDERS)
            + len(self.board.corners) * (c + 1)
            + len(self.board.edges) * n
            + 3 * c
            + 7
        )

    def _who(self, seat: int | None, me: int) -> list[float]:
        out = [0.0] * (self.seats + 1)
        out[self.seats if seat is None else (seat - me) % self.seats] = 1.0
        return out

    def encode(self, view: Mapping[str, Any]) -> list[float]:
        seen = izakaya_view(view)
        me = own_seat(seen)
        out: list[float] = []
        order = seen["order"]
        for k in range(self.seats):
            p = seen["players"][(me + k) % self.seats]
            bid = seen["bids"][p["seat"]]
            out += [p["money"] / self.scale, float(p["has_bid"])]
            out.append(-1.0 if bid is None else bid / self.scale)
            out += [p["discs"] / 3.0, p["claim_discs"] / 6.0, p["pyramids"] / 6.0]
            out += [p["earnings"] / self.scale, order.index(p["seat"]) / self.seats]
        buildings = seen["buildings"]
        for space in self.board.spaces:
            out += self._who(seen["owners"].get(space), me)
            plots = buildings.get(space, [])
            for k in range(BORDERS):
                pieces = plots[k] if k < len(plots) else []
                out.append(max((p[4] + 1 for p in pieces), default=0) / 7.0)
        for corner in self.board.corners:
            drink = seen["drinks"].get(corner)
            one = [0.0] * (len(self.colours) + 1)
            if drink is None:
                one[-1] = 1.0
            else:
                one[self.colours.index(drink.split("-")[0])] = 1.0
            out += one
        for edge in self.board.edges:
            out += self._who(seen["claims"].get(edge), me)
        out += [seen["prices"][c] / self.scale for c in self.colours]
        out += [(6 - t) / 6.0 for t in seen["taken"]]
        out += [float(c in seen["colour_discs"]) for c in self.colours]
        out.append(float(seen["price_disc"] is not None))
        out.append(seen["pile"] / self.end_pile)
        out.append(seen["round"] / self.rounds)
        out += [float(seen["phase"] == "bid"), float(seen["phase"] == "act")]
        pending = seen["pending"]
        out += [float(pending is not None and pending[0] == k) for k in ("free", "place")]
        return out
