"""One position of CHOCOLATE MILK: the turn (CM-2), the end (CM-3) and scoring (CM-4);
setup (CM-1) is in game.py.

Everything on the table is public — the grid, the crates, the money on the Stock cards,
which drinks the supply holds — so `view` hides only the generator that decides what the
machine does and what is drawn next. `to_dict` writes it too; `load` reads it back.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any, cast

from ekimae.core.actions import Action
from ekimae.core.errors import IllegalActionError
from ekimae.core.game import Seat, StateDefaults, places_by_score, seat_name, sole_first
from ekimae.core.rng import Rng
from ekimae.core.saved import Context, Saved, Shared
from ekimae.games.chocolate_milk import end_forms as lf
from ekimae.games.chocolate_milk.actions import Buy, BuyCrate, Pass, Sell
from ekimae.games.chocolate_milk.components import MilkData
from ekimae.games.chocolate_milk.grid import CELLS, cell_index, neighbours
from ekimae.games.chocolate_milk.supply import comes_out, draw_bag, draw_die
from ekimae.games.chocolate_milk.view import LastMoveView, MilkView


def yen(amount: int) -> str:
    return f"¥{amount:,}"


def crate_score(data: MilkData, crate: Sequence[str]) -> tuple[int, str | None]:
    """CM-4: a crate's best attribute and what it pays, n × n × ¥100 (attribute None when
    the crate is empty). Only the count matters, so the best is the commonest attribute;
    on equal counts the first Stock card from the left."""
    best, card = 0, None
    for key in data.cards:
        n = sum(1 for d in crate if data.matches(key, d))
        if n > best:
            best, card = n, key
    return best * best * data.score_unit, card


class MilkState(Saved, StateDefaults):
    """See `ekimae.core.game.State`; shared places (CM-4: most yen wins, no tie-break).
    Its fields, declared once below, are what `clone`, `to_dict` and `load` copy, save
    and read back (`core.saved`)."""

    data: Context[MilkData]
    options: Shared[dict[str, str]]
    grid: list[str]  # the parcel card on each cell, a1 … c3
    cells: list[list[str]]  # the drinks on each card
    pos: list[int]  # each architect's cell
    money: list[int]
    crates: list[list[list[str]]]
    crates_left: int
    market: dict[str, int]
    supply: list[str]  # kept sorted: what it holds is public
    turn: int
    turns: int
    passes: int  # seats that passed in a row (CM-3 RULING)
    ended: str | None
    last: Shared[dict[str, Any] | None]  # what the last action did, for everyone
    rng: int  # the generator's whole state: hidden (CM-2 chance)

    def __init__(self, data: MilkData, options: Mapping[str, str], seats: int) -> None:
        self.data = data
        self.options = dict(options)
        self.grid = []
        self.cells = [[] for _ in CELLS]
        self.pos = [0] * seats
        self.money = [data.start_money] * seats
        self.crates = [[[]] for _ in range(seats)]
        self.crates_left = data.crates_for(seats) - seats
        self.market = dict.fromkeys(data.cards, data.card_start)
        self.supply = []
        self.turn = 0
        self.turns = 0
        self.passes = 0
        self.ended = None
        self.last = None
        self.rng = 0

    @property
    def seats(self) -> int:
        return len(self.money)

    # -- whose turn, what is legal --------------------------------------------------------

    def current_players(self) -> tuple[Seat, ...]:
        return () if self.is_terminal() else (self.turn,)

    def legal_actions(self, seat: Seat) -> Sequence[Action]:
        if self.is_terminal() or seat != self.turn:
            return []
        found = [*self._buys(seat), *self._sales(seat), *self._crate(seat)]
        return found or [Pass()]

    def _room(self, seat: Seat) -> list[int]:
        holds = self.data.drinks.crate_holds
        return [i + 1 for i, crate in enumerate(self.crates[seat]) if len(crate) < holds]

    def _buys(self, seat: Seat) -> list[Action]:
        if self.money[seat] < self.data.drink_price:
            return []
        room = self._room(seat)
        return [
            Buy(CELLS[cell], drink, crate)
            for cell in neighbours(self.pos[seat])
            for drink in sorted(set(self.cells[cell]))
            for crate in room
        ]

    def owned(self, seat: Seat) -> list[str]:
        """The seat's drinks, in JIDOHANBAIKI's order."""
        mine = {d for crate in self.crates[seat] for d in crate}
        return [d for d in self.data.drinks.drinks if d in mine]

    def _sales(self, seat: Seat) -> list[Action]:
        out: list[Action] = []
        drinks = self.data.drinks.drinks
        # each owned drink's attributes, read once (`matches` per card and drink)
        owned = [(d, (drinks[d].colour, drinks[d].shape)) for d in self.owned(seat)]
        for card in self.data.cards:
            matching = [d for d, attributes in owned if card in attributes]
            for n in range(1, len(matching) + 1):
                out.extend(Sell(card, combo) for combo in itertools.combinations(matching, n))
        return out

    def _crate(self, seat: Seat) -> list[Action]:
        if self.crates_left and self.money[seat] >= self.data.crate_price:
            return [BuyCrate()]
        return []

    def is_legal(self, seat: Seat, action: Action) -> bool:
        return self._refusal(seat, action) is None

    def _refusal(self, seat: Seat, action: Action) -> IllegalActionError | None:
        """Why `seat` may not play `action` now (the rule and a sentence), or None."""
        if self.is_terminal():
            return IllegalActionError("CM-3", "the game is over")
        if seat != self.turn:
            return IllegalActionError(
                "CM-2", f"it is {seat_name(self.turn)}'s turn, not {seat_name(seat)}'s"
            )
        if isinstance(action, Buy):
            return self._buy_refusal(seat, action)
        if isinstance(action, Sell):
            return self._sell_refusal(seat, action)
        if isinstance(action, BuyCrate):
            return self._crate_refusal(seat)
        if isinstance(action, Pass):
            if [*self._buys(seat), *self._sales(seat), *self._crate(seat)]:
                return IllegalActionError(
                    "CM-2", "a seat passes only when it can do none of the three actions"
                )
            return None
        return IllegalActionError("CM-2", f"no such action here: {action.kind!r}")

    def _buy_refusal(self, seat: Seat, action: Buy) -> IllegalActionError | None:
        if self.money[seat] < self.data.drink_price:
            return IllegalActionError(
                "CM-2",
                f"{seat_name(seat)} has {yen(self.money[seat])}; a drink costs "
                f"{yen(self.data.drink_price)}",
            )
        try:
            cell = cell_index(action.cell)
        except ValueError:
            return IllegalActionError("CM-2", f"there is no card {action.cell!r}", "a1 … c3")
        steps = ", ".join(CELLS[c] for c in neighbours(self.pos[seat]))
        if cell not in neighbours(self.pos[seat]):
            return IllegalActionError("CM-2", f"{action.cell} is not one step away", steps)
        if action.drink not in self.cells[cell]:
            there = ", ".join(sorted(set(self.cells[cell]))) or "nothing"
            return IllegalActionError("CM-2", f"{action.drink!r} is not on {action.cell}", there)
        if action.crate not in self._room(seat):
            room = ", ".join(map(str, self._room(seat))) or "none"
            return IllegalActionError(
                "CM-2", f"{seat_name(seat)} has no crate {action.crate} with room", room
            )
        return None

    def _sell_refusal(self, seat: Seat, action: Sell) -> IllegalActionError | None:
        if action.card not in self.market:
            return IllegalActionError(
                "CM-2", f"no Stock card {action.card!r}", ", ".join(self.data.cards)
            )
        owned = self.owned(seat)
        matching = [d for d in owned if self.data.matches(action.card, d)]
        if not action.drinks:
            return IllegalActionError("CM-2", "a sale sells at least one drink")
        if any(d not in matching for d in action.drinks):
            return IllegalActionError(
                "CM-2",
                f"{seat_name(seat)} can sell on the {action.card} card only its own "
                "drinks of that colour or shape",
                ", ".join(matching) or "none",
            )
        if list(action.drinks) != [d for d in matching if d in action.drinks]:
            return IllegalActionError(
                "CM-2", "name each drink once, in the drinks' order", ", ".join(matching)
            )
        return None

    def _crate_refusal(self, seat: Seat) -> IllegalActionError | None:
        if not self.crates_left:
            return IllegalActionError("CM-2", "no crate is left beside the vending machine")
        if self.money[seat] < self.data.crate_price:
            return IllegalActionError(
                "CM-2",
                f"a crate costs {yen(self.data.crate_price)}; "
                f"{seat_name(seat)} has {yen(self.money[seat])}",
            )
        return None

    # -- playing ------------------------------------------------------------------------

    def apply(self, seat: Seat, action: Action) -> None:
        refusal = self._refusal(seat, action)
        if refusal is not None:
            raise refusal  # checked before anything changes: the state is untouched
        if isinstance(action, Buy):
            self._buy(seat, action)
        elif isinstance(action, Sell):
            self._sell(seat, action)
        elif isinstance(action, BuyCrate):
            self.money[seat] -= self.data.crate_price
            self.crates_left -= 1
            self.crates[seat].append([])
            self.last = {"seat": seat, "kind": "crate", "paid": self.data.crate_price}
        else:
            self.last = {"seat": seat, "kind": "pass"}
        self.passes = self.passes + 1 if isinstance(action, Pass) else 0
        self.turns += 1
        self._check_end()
        if not self.is_terminal():
            self.turn = (self.turn + 1) % self.seats

    def _buy(self, seat: Seat, action: Buy) -> None:
        """CM-2 (a): step, pay, drop it in the machine, raise two cards, refill."""
        data, cell, drink = self.data, cell_index(action.cell), action.drink
        rng = Rng(self.rng)
        self.pos[seat] = cell
        self.money[seat] -= data.drink_price
        self.cells[cell].remove(drink)
        out = self.options["variant"] == "strategic" or comes_out(data, rng)
        if out:
            self.crates[seat][action.crate - 1].append(drink)
        else:
            self._to_supply([drink])  # a stuck drink goes back to the supply (RULING)
        each = data.drinks.drinks[drink]
        self.market[each.colour] += data.card_rise
        self.market[each.shape] += data.card_rise
        refill = (
            draw_die(data, self.supply, rng)
            if self.options["refill"] == "die"
            else draw_bag(self.supply, rng)
        )
        if refill is not None:
            self.supply.remove(refill)
            self.cells[cell].append(refill)
        self.rng = rng.state
        self.last = {
            "seat": seat,
            "kind": "buy",
            "cell": action.cell,
            "drink": drink,
            "crate": action.crate,
            "came_out": out,
            "refill": refill,
        }

    def _sell(self, seat: Seat, action: Sell) -> None:
        """CM-2 (b): each drink paid the card's yen by the bank; then the card's yen to the bank."""
        price = self.market[action.card]
        for crate in self.crates[seat]:
            crate[:] = [d for d in crate if d not in action.drinks]
        self._to_supply(action.drinks)
        self.money[seat] += price * len(action.drinks)
        self.market[action.card] = 0
        self.last = {
            "seat": seat,
            "kind": "sell",
            "card": action.card,
            "drinks": list(action.drinks),
            "price": price,
            "paid": price * len(action.drinks),
        }

    def _to_supply(self, drinks: Sequence[str]) -> None:
        self.supply = sorted([*self.supply, *drinks])

    def _check_end(self) -> None:
        """CM-3: 6 of one colour or shape in one crate, or ¥2,000; or nobody can act."""
        data = self.data
        for seat in range(self.seats):
            if self.money[seat] >= data.end_money:
                self.ended = lf.ENDED_MONEY.format(
                    seat=seat_name(seat), money=yen(self.money[seat])
                )
                return
            for crate in self.crates[seat]:
                if len(crate) < data.same_drinks:
                    continue  # too few drinks to hold enough of anything (most crates)
                for card in data.cards:
                    if sum(1 for d in crate if data.matches(card, d)) >= data.same_drinks:
                        self.ended = lf.ENDED_CRATE.format(
                            seat=seat_name(seat), count=data.same_drinks, card=card
                        )
                        return
        if self.passes >= self.seats:
            self.ended = lf.ENDED_STUCK

    # -- the end --------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.ended is not None

    def crate_scores(self, seat: Seat) -> list[tuple[int, str | None]]:
        return [crate_score(self.data, crate) for crate in self.crates[seat]]

    def scores(self) -> list[int]:
        """CM-4: the crates' best attributes plus yen (the running total before the end)."""
        return [
            self.money[p] + sum(points for points, _ in self.crate_scores(p))
            for p in range(self.seats)
        ]

    def ranking(self) -> list[list[Seat]]:
        """CM-4: most first; equal totals share a place (seat order inside)."""
        return places_by_score(self.scores()) if self.is_terminal() else []

    def winner(self) -> Seat | None:
        return sole_first(self.ranking())

    # -- what each seat sees ----------------------------------------------------------------

    def view(self, seat: Seat | None) -> dict[str, Any]:
        """The generic API's view: `view_for`'s, the same dict."""
        return cast(dict[str, Any], self.view_for(seat))

    def view_for(self, seat: Seat | None) -> MilkView:
        """The table as `seat` sees it (None: a spectator): all of it, but the generator."""
        data = self.data
        parcels = {p.id: p for p in data.parcels}
        return {
            "game": "chocolate-milk",
            "options": dict(self.options),
            "seat": seat,
            "to_act": list(self.current_players()),
            "turns": self.turns,
            "grid": [
                {
                    "cell": CELLS[i],
                    "card": card,
                    "name": parcels[card].name,
                    "drinks": list(self.cells[i]),
                    "architects": [p for p in range(self.seats) if self.pos[p] == i],
                }
                for i, card in enumerate(self.grid)
            ],
            "market": [
                {
                    "card": key,
                    "kind": "colour" if key in data.colour_row else "shape",
                    "yen": self.market[key],
                }
                for key in data.cards
            ],
            "players": [
                {
                    "seat": p,
                    "money": self.money[p],
                    "cell": CELLS[self.pos[p]],
                    "crates": [list(c) for c in self.crates[p]],
                    "crate_scores": [
                        {"points": points, "attribute": card}
                        for points, card in self.crate_scores(p)
                    ],
                }
                for p in range(self.seats)
            ],
            "supply": list(self.supply),
            "crates_left": self.crates_left,
            "passes": self.passes,
            "last": None if self.last is None else cast(LastMoveView, dict(self.last)),
            "ended": self.ended,
            "scores": self.scores(),
            "ranking": self.ranking(),
        }

    # -- loading (copies and saves are generated from the fields: `core.saved`) ----------

    @classmethod
    def from_dict(cls, data: MilkData, raw: Mapping[str, Any]) -> MilkState:
        return cls.load(raw, data)
