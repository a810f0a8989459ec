"""One position of IZAKAYA: the rules IZ-2 … IZ-5 (IZ-1, setup, is in game.py).

Phases: `bid` (every seat seals a turn-order bid at once, IZ-2), `act` (in turn order, one
disc at a time, IZ-3), `over` (IZ-4, IZ-5). A build or a free element takes two actions —
the element chosen (`build`, `free`), then placed (`place`) — so the choice is made
before trying it (IZ-3.4); `pending` holds the step in between.

Hidden: the others' sealed bids until the reveal (IZ-2). Everything else is on the table,
so `view` is the whole position with those bids cut, and `determinize` rebuilds it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, cast

from ekimae.core.actions import Action
from ekimae.core.game import Seat, StateDefaults
from ekimae.core.log import Event, LogEntry
from ekimae.core.saved import Context, Custom, Derived, Saved, Shared, SortedKeys
from ekimae.games.izakaya import checks, explain
from ekimae.games.izakaya import log_forms as lf
from ekimae.games.izakaya.actions import Bid, Bottle, Build, Claim, Free, Pass, Place, Price
from ekimae.games.izakaya.board import Board, board
from ekimae.games.izakaya.building import Piece, floors_of, piece_mask
from ekimae.games.izakaya.components import IzakayaData, Table
from ekimae.games.izakaya.rooms import Room, Rooms, rooms_for
from ekimae.games.izakaya.tables import Tables, tables
from ekimae.games.izakaya.view import IzakayaPlayerView, IzakayaView
from ekimae.games.jutaku_kit.geometry import can_place
from ekimae.games.jutaku_kit.parcels import Side

Building = list[Piece]


def _save_prices(state: IzakayaState, prices: list[int]) -> dict[str, int]:
    return dict(zip(state.data.colours(), prices, strict=True))


def _load_prices(state: IzakayaState, raw: Mapping[str, Any]) -> list[int]:
    return [int(raw[c]) for c in state.data.colours()]


class IzakayaState(Saved, StateDefaults):
    """See `ekimae.core.game.State` and the module docstring. Its fields, declared once
    below, are what `clone`, `to_dict` and `load` copy, save and read back (`core.saved`)."""

    LOG_FORMS = lf.FORMS

    data: Context[IzakayaData]
    table: Derived[Table]  # the seat count's table (`loaded`)
    board: Derived[Board]
    prebuilt: Derived[Tables]  # the actions a listing picks (`tables`)
    known: Derived[Rooms]  # the buildings met so far and what goes in them (`rooms`)
    options: Shared[dict[str, str]]
    grid: Shared[dict[str, str]]  # space -> parcel card (IZ-1); never changes after setup
    claim_card: str  # the blue card left of the grid: the claim spot
    order: list[Seat]  # turn order (IZ-2)
    round: int
    phase: str
    bids: list[int | None]  # sealed until the reveal (IZ-2)
    last_bids: list[int]  # this round's bids, once revealed
    money: list[int]
    pile: int  # the bid pile (IZ-2, IZ-4)
    last: bool  # IZ-4: the pile reached the end: this action phase is the last
    # coins on each Colour card, saved by colour
    prices: Annotated[list[int], Custom(_save_prices, _load_prices, list.copy)]
    taken: list[int]  # drinks out of each crate
    drinks: dict[str, str]  # corner -> drink
    goes: int  # discs placed this action phase
    colour_discs: dict[str, Seat]  # colour -> the disc on its card (IZ-3.1)
    price_disc: Seat | None  # IZ-3.2
    claim_spot: list[Seat]  # discs on the claim spot this phase (IZ-3.3)
    architect: list[Seat]  # discs on the architect this phase (IZ-3.4)
    claims: dict[str, Seat]  # edge -> claim disc
    owners: dict[str, Seat]  # space -> pyramid
    buildings: SortedKeys[dict[str, list[Building]]]  # space -> a building per border
    pending: tuple[str, str] | None  # ("free", "") or ("place", element)
    log: LogEntry | None  # events of `log_forms`, written in English when read (`core.log`)

    def __init__(
        self,
        data: IzakayaData,
        options: Mapping[str, str],
        grid: Mapping[str, str],
        claim_card: str,
        order: Sequence[Seat],
    ) -> None:
        seats = len(order)
        self.data = data
        self.options = dict(options)
        self.grid = dict(grid)
        self.claim_card = claim_card
        self.order = list(order)
        self.loaded()
        self.round = 1
        self.phase = "bid"
        self.bids = [None] * seats
        self.last_bids = []
        self.money = [data.start_money] * seats
        self.pile = 0
        self.last = False
        self.prices = [c.price for c in data.colour_cards]
        self.taken = [0] * len(data.colour_cards)
        self.drinks = {}
        self.goes = 0
        self.colour_discs = {}
        self.price_disc = None
        self.claim_spot = []
        self.architect = []
        self.claims = {}
        self.owners = {}
        self.buildings = {}
        self.pending = None
        self.log = None

    def loaded(self) -> None:
        self.table = self.data.tables[len(self.order)]
        self.board = board(self.table.grid, self.table.centre_out)
        grid, out = self.table.grid, self.table.centre_out
        self.prebuilt = tables(grid, out, self.data.colours(), tuple(self.data.jutaku.elements))
        self.known = rooms_for(self.data.jutaku.elements)

    def note(self, form: str, **values: Any) -> None:
        """A line of the log: a template of `log_forms` and its typed values (a seat's
        number, yen as an int), written in English only when read (`core.log`)."""
        self.log = LogEntry(form, values, self.log)

    # -- reading the table ----------------------------------------------------------------

    @property
    def seats(self) -> int:
        return len(self.order)

    def side(self, space: str) -> Side:
        return self.data.jutaku.cards[self.grid[space]].side(self.data.card_side)

    def building(self, space: str, plot: int) -> Building:
        built = self.buildings.get(space)
        return built[plot] if built is not None and plot < len(built) else []

    def floors(self, space: str, plot: int) -> list[int]:
        return floors_of(self.data.jutaku.elements, self.building(space, plot))

    def pool(self) -> list[str]:
        """The elements still above the grid (IZ-1), in the data's order."""
        return self.known.names(self.pool_mask())

    def pool_mask(self) -> int:
        """`pool` as a mask (`rooms.Rooms`)."""
        bit = self.known.bit
        away = 0
        for built in self.buildings.values():
            for pieces in built:
                for p in pieces:
                    away |= bit.get(p[0], 0)
        if self.pending is not None and self.pending[0] == "place":
            away |= bit.get(self.pending[1], 0)
        return (1 << len(bit)) - 1 & ~away

    def spaces_of(self, seat: Seat) -> list[str]:
        return [s for s in self.board.playable if self.owners.get(s) == seat]

    def claim_discs_left(self, seat: Seat) -> int:
        return self.data.claim_discs - sum(1 for p in self.claims.values() if p == seat)

    def pyramids_left(self, seat: Seat) -> int:
        return self.data.pyramids - sum(1 for p in self.owners.values() if p == seat)

    def discs_left(self, seat: Seat) -> int:
        """Action discs the seat still places this phase (IZ-3)."""
        if self.phase != "act":
            return self.data.action_discs if self.phase == "bid" else 0
        n = self.seats
        done = self.goes // n + (1 if self.order.index(seat) < self.goes % n else 0)
        return self.data.action_discs - done

    def colour_index(self, colour: str) -> int:
        return self.data.colours().index(colour)

    def price_of(self, drink: str) -> int:
        return self.prices[self.colour_index(self.data.drinks.colour_of(drink))]

    def corner_sum(self, space: str) -> int:
        """IZ-5: the current prices of the drinks on the card's corners."""
        return sum(
            self.price_of(self.drinks[c]) for c in self.board.corners_of[space] if c in self.drinks
        )

    def earnings(self, seat: Seat) -> int:
        """IZ-5: each building earns (drinks at its card's corners) × its floors."""
        total = 0
        for space in self.spaces_of(seat):
            worth = self.corner_sum(space)
            for plot in range(len(self.side(space).plots)):
                total += worth * len(self.floors(space, plot))
        return total

    # -- whose turn, what is legal ------------------------------------------------------

    def current_players(self) -> tuple[Seat, ...]:
        if self.phase == "bid":
            return tuple(p for p, b in enumerate(self.bids) if b is None)
        if self.phase == "act":
            return (self.order[self.goes % self.seats],)
        return ()

    def legal_actions(self, seat: Seat) -> Sequence[Action]:
        if seat not in self.current_players():
            return []
        if self.phase == "bid":
            step = self.data.bid_step
            return [Bid(a) for a in range(0, self.money[seat] + 1, step)]
        if self.pending is not None:
            kind, element = self.pending
            if kind == "free":
                frees = self.prebuilt.frees
                return [frees[e] for e in self.fitting(seat)]
            return self.placements(seat, element)
        out: list[Action] = [*self.bottles(), *self.price_moves(), *self.claim_options(seat)]
        builds = self.prebuilt.builds
        out.extend([builds[e] for e in self.fitting(seat)])
        return out or [Pass()]

    def legal_parts(self, seat: Seat) -> Sequence[str]:
        return list(dict.fromkeys(a.kind for a in self.legal_actions(seat)))

    def bottles(self) -> list[Bottle]:
        """IZ-3.1: a colour whose card has no disc yet and whose crate is not empty; a free
        corner, four-card corners before two-card ones."""
        out: list[Bottle] = []
        takeable = self.takeable()
        if takeable:
            corners = self.open_corners()
            for i in takeable:
                row = self.prebuilt.bottles[i]
                out.extend([row[k] for k in corners])
        return out

    def takeable(self) -> list[int]:
        """IZ-3.1: the Colour cards (by index) with no disc yet and drinks in the crate."""
        holds = self.data.drinks.crate_holds
        taken, discs = self.taken, self.colour_discs
        return [
            i
            for i, c in enumerate(self.data.colour_cards)
            if c.colour not in discs and taken[i] < holds
        ]

    def open_corners(self) -> list[str]:
        drinks = self.drinks
        four = [k for k in self.prebuilt.four if k not in drinks]
        return four or [k for k in self.prebuilt.corners if k not in drinks]

    def price_moves(self) -> list[Price]:
        """IZ-3.2: once a phase, one coin from a Colour card with one to another."""
        if self.price_disc is not None:
            return []
        coin = self.data.price_coin
        out: list[Price] = []
        for price, row in zip(self.prices, self.prebuilt.prices, strict=True):
            if price >= coin:
                out.extend(row)
        return out

    def claim_options(self, seat: Seat) -> list[Claim]:
        """IZ-3.3: a free edge and a free card beside it, with a claim disc and a pyramid
        left."""
        if self.claim_discs_left(seat) <= 0 or self.pyramids_left(seat) <= 0:
            return []
        claims, owners = self.claims, self.owners
        return [
            claim
            for name, cards in self.prebuilt.claims
            if name not in claims
            for space, claim in cards
            if space not in owners
        ]

    def rooms(self, seat: Seat) -> list[tuple[str, int, int, list[int]]]:
        """(space, border, the card's floors, floors built) of each of the seat's buildings
        that may still grow (IZ-3.4 limits)."""
        return [(s, k, r.limit, list(r.floors)) for s, k, r in self._rooms(seat)]

    def _rooms(self, seat: Seat) -> list[tuple[str, int, Room]]:
        """`rooms` as (space, border, its `Room`), looked up rather than worked out."""
        out = []
        known = self.known
        for space in self.spaces_of(seat):
            side = self.side(space)
            built = self.buildings.get(space)
            for plot, border in enumerate(side.plots):
                pieces = built[plot] if built is not None and plot < len(built) else []
                if len(pieces) < side.elements:
                    out.append((space, plot, known.room(border.cells, pieces, side.floors)))
        return out

    def fitting(self, seat: Seat) -> list[str]:
        """The pool's elements that go somewhere on the seat's cards: the ones it may
        choose (RULING, IZ-3.4: the choice is made without trying, but an element that
        fits nowhere is never offered, as nobody would take one)."""
        rooms = [r for _, _, r in self._rooms(seat)]
        if not rooms:
            return []
        return self.known.names(self.known.fitting(rooms, self.pool_mask()))

    def placements(self, seat: Seat, element: str) -> list[Action]:
        """IZ-3.4 under JU-5: every spot for the chosen element on the seat's cards."""
        found = self.data.jutaku.elements[element]
        out: list[Action] = []
        for space, plot, r in self._rooms(seat):
            out.extend(Place(space, plot, t, x, y) for t, x, y, _ in r.spots(found))
        return out

    def is_legal(self, seat: Seat, action: Action) -> bool:
        # Checked kind by kind, as the listing would list it: searches apply a lot.
        if seat not in self.current_players():
            return False
        if isinstance(action, Place):
            return self._place_floor(seat, action) is not None
        if self.phase == "bid" and type(action) is Bid:
            return action.amount in range(0, self.money[seat] + 1, self.data.bid_step)
        if self.phase == "bid" or self.pending is not None:
            return action in self.legal_actions(seat)
        # each kind answered without the listing, as the listing would (`checks`)
        if type(action) is Bottle:
            return checks.bottle(self, action)
        if type(action) is Price:
            return checks.price(self, action)
        if type(action) is Claim:
            return checks.claim(self, seat, action)
        if isinstance(action, Build):
            return action.element in self.pool() and self._fits_somewhere(seat, action.element)
        if type(action) is Pass:
            return not checks.can_act(self, seat)
        return action in self.legal_actions(seat)

    def _fits_somewhere(self, seat: Seat, element: str) -> bool:
        rooms = [r for _, _, r in self._rooms(seat)]
        return self.known.fitting(rooms, self.known.bit[element]) != 0

    def _place_floor(self, seat: Seat, action: Place) -> int | None:
        """The floor the chosen element rests on at `action`, or None if not legal."""
        if seat not in self.current_players() or self.pending is None:
            return None
        kind, element = self.pending
        if kind != "place" or self.owners.get(action.space) != seat:
            return None
        side = self.side(action.space)
        if not 0 <= action.plot < len(side.plots):
            return None
        if len(self.building(action.space, action.plot)) >= side.elements:
            return None
        m = piece_mask(self.data.jutaku.elements[element], action.turn, action.x, action.y)
        if m is None:
            return None
        z = can_place(self.floors(action.space, action.plot), side.plots[action.plot].cells, m)
        return z if z is not None and z < side.floors else None

    # -- playing ------------------------------------------------------------------------

    def apply(self, seat: Seat, action: Action) -> None:
        if not self.is_legal(seat, action):
            raise explain.refusal(self, seat, action)  # the state is untouched
        if isinstance(action, Bid):
            self._bid(seat, action.amount)
        elif isinstance(action, Bottle):
            self._bottle(seat, action)
        elif isinstance(action, Price):
            self._price(seat, action)
        elif isinstance(action, Claim):
            self._claim(seat, action)
        elif isinstance(action, Build):
            self.architect.append(seat)
            self.pending = ("place", action.element)
            self.note(lf.BUILDS, seat=seat, element=action.element)
        elif isinstance(action, Free):
            self.pending = ("place", action.element)
            self.note(lf.FREE, seat=seat, element=action.element)
        elif isinstance(action, Place):
            self._place(seat, action)
        else:
            self.note(lf.NOWHERE, seat=seat)
            self._end_go()

    def _bid(self, seat: Seat, amount: int) -> None:
        self.bids[seat] = amount
        self.note(lf.BIDS_SECRET, seat=seat)
        if all(b is not None for b in self.bids):
            self._reveal()

    def _reveal(self) -> None:
        """IZ-2: highest bid first; tied players swap places relative to the last order;
        every bid goes to the pile. IZ-4: a pile at the end makes this phase the last."""
        bids = [b or 0 for b in self.bids]
        previous = list(self.order)
        order: list[Seat] = []
        for amount in sorted(set(bids), reverse=True):
            tied = [p for p in previous if bids[p] == amount]
            order.extend(reversed(tied))
        for p, amount in enumerate(bids):
            self.money[p] -= amount
        self.pile += sum(bids)
        self.last_bids = bids
        self.bids = [None] * self.seats
        self.order = order
        self.note(
            lf.REVEALED,
            round=self.round,
            bids=[Event(lf.BID, {"seat": p, "bid": b}) for p, b in enumerate(bids)],
            pile=self.pile,
            order=[Event(lf.SEAT, {"seat": p}) for p in order],
        )
        if self.pile >= self.table.end_pile:
            self.last = True
            self.note(lf.LAST_PHASE, pile=self.table.end_pile)
        self.phase = "act"
        self.goes = 0

    def _bottle(self, seat: Seat, action: Bottle) -> None:
        i = self.colour_index(action.colour)
        drink = self.data.drinks.crate(action.colour)[self.taken[i]]
        self.taken[i] += 1
        self.colour_discs[action.colour] = seat
        self.drinks[action.corner] = drink
        self.note(lf.PUTS, seat=seat, drink=drink, corner=action.corner)
        self._end_go()

    def _price(self, seat: Seat, action: Price) -> None:
        coin = self.data.price_coin
        self.prices[self.colour_index(action.source)] -= coin
        self.prices[self.colour_index(action.target)] += coin
        self.price_disc = seat
        self.note(lf.MOVES_PRICE, seat=seat, coin=coin, source=action.source, target=action.target)
        self._end_go()

    def _claim(self, seat: Seat, action: Claim) -> None:
        self.claim_spot.append(seat)
        self.claims[action.edge] = seat
        self.owners[action.space] = seat
        self.note(lf.CLAIMS, seat=seat, edge=action.edge, space=action.space)
        if self.new_line(seat, action.edge):
            if self.fitting(seat):
                self.pending = ("free", "")
                self.note(lf.LINE, seat=seat, count=self.data.line)
                return
            self.note(lf.LINE_NO_FIT, seat=seat)
        self._end_go()

    def new_line(self, seat: Seat, edge: str) -> bool:
        """IZ-3.3: the claim on `edge` completes a straight line of the seat's claims."""
        return any(
            edge in line and all(self.claims.get(e) == seat for e in line)
            for line in self.board.lines(self.data.line)
        )

    def _place(self, seat: Seat, action: Place) -> None:
        z = self._place_floor(seat, action)
        assert z is not None and self.pending is not None
        element = self.pending[1]
        plots = len(self.side(action.space).plots)
        built = self.buildings.setdefault(action.space, [[] for _ in range(plots)])
        built[action.plot].append((element, action.turn, action.x, action.y, z))
        self.pending = None
        self.note(
            lf.PLACES,
            seat=seat,
            element=element,
            space=action.space,
            plot=action.plot + 1,
            floor=z + 1,
        )
        self._end_go()

    def _end_go(self) -> None:
        self.goes += 1
        if self.goes < self.seats * self.data.action_discs:
            return
        # IZ-3: every disc is placed: they go back to their owners
        self.colour_discs = {}
        self.price_disc = None
        self.claim_spot = []
        self.architect = []
        self.goes = 0
        if self.last or self.round >= self.data.max_rounds:
            self.phase = "over"  # IZ-4 (and its RULING on a table that never bids enough)
            self.note(lf.OVER, scores=self.scores())
            return
        self.round += 1
        self.phase = "bid"

    # -- the end --------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[int]:
        """IZ-5: buildings' earnings plus yen (the running total before the end)."""
        return [self.money[p] + self.earnings(p) for p in range(self.seats)]

    def ranking(self) -> list[list[Seat]]:
        """IZ-5: most yen first; a tie goes to the most yen kept; still equal: shared."""
        if not self.is_terminal():
            return []
        keys = [(s, self.money[p]) for p, s in enumerate(self.scores())]
        return [
            [p for p in range(self.seats) if keys[p] == key]
            for key in sorted(set(keys), reverse=True)
        ]

    def winner(self) -> Seat | None:
        places = self.ranking()
        return places[0][0] if places and len(places[0]) == 1 else None

    # -- views ----------------------------------------------------------------------------

    def view(self, seat: Seat | None) -> dict[str, Any]:
        """The generic API's view: `view_for`'s, the same dict."""
        return cast(dict[str, Any], self.view_for(seat))

    def view_for(self, seat: Seat | None) -> IzakayaView:
        """The table as `seat` sees it (None: a spectator): everything but the others'
        sealed bids (IZ-2), of which only `has_bid` shows."""
        out = self.to_dict()
        out["bids"] = [b if p == seat else None for p, b in enumerate(self.bids)]
        out["game"] = "izakaya"
        out["seat"] = seat
        out["to_act"] = list(self.current_players())
        out["end_pile"] = self.table.end_pile
        out["pool"] = self.pool()
        out["players"] = [self._player(p) for p in range(self.seats)]
        return cast(IzakayaView, out)  # the save's keys and these: held to it by a test

    def _player(self, p: Seat) -> IzakayaPlayerView:
        earnings = self.earnings(p)
        return {
            "seat": p,
            "money": self.money[p],
            "has_bid": self.bids[p] is not None,
            "discs": self.discs_left(p),
            "claim_discs": self.claim_discs_left(p),
            "pyramids": self.pyramids_left(p),
            "spaces": self.spaces_of(p),
            "earnings": earnings,
            "score": self.money[p] + earnings,
        }

    def open_view(self) -> dict[str, Any]:
        table = self.view_for(None)
        table["bids"] = list(self.bids)
        return cast(dict[str, Any], table)

    # -- loading (copies and saves are generated from the fields: `core.saved`) ----------

    @classmethod
    def from_dict(cls, data: IzakayaData, raw: Mapping[str, Any]) -> IzakayaState:
        return cls.load(raw, data)
