"""One position of THE SHOPPING GAME: the rules SH-2 to SH-5 (SH-1, setup, is in game.py).

A turn is two steps for the seat to act: `move` (SH-2, or leave the shop, SH-3), then,
if anything is in front of it, `take` (an item, a fish draw, the vending machine or
nothing). Every draw from the bag and every drink stuck in the machine comes from the
state's own `Rng`, whose state no view shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from ekimae.core import log
from ekimae.core.actions import Action
from ekimae.core.errors import IllegalActionError
from ekimae.core.game import Seat, StateDefaults, seat_name
from ekimae.core.log import Event, LogEntry
from ekimae.core.rng import Rng
from ekimae.core.saved import Context, Saved, Shared
from ekimae.games.shopping import log_forms as lf
from ekimae.games.shopping.actions import Machine, Move, Pass, Take
from ekimae.games.shopping.components import FISH, OUT, ShoppingData
from ekimae.games.shopping.market import Payout, fish_of, payout
from ekimae.games.shopping.view import ShoppingView

MOVE, TAKE, OVER = "move", "take", "over"


# where a move may end -> its moves, built once (an action costs more to make than to
# find; actions are immutable, so every state shares them)
_MOVES: dict[tuple[str, ...], tuple[Move, ...]] = {}


def _moves(targets: tuple[str, ...]) -> tuple[Move, ...]:
    found = _MOVES.get(targets)
    if found is None:
        found = _MOVES[targets] = tuple(Move(to) for to in targets)
    return found


def _yen(amount: int) -> str:
    return f"¥{amount:,}"


class ShoppingState(Saved, StateDefaults):
    """See `ekimae.core.game.State`. Its fields, declared once below, are the whole table:
    what `clone`, `to_dict` and `load` copy, save and read back (`core.saved`)."""

    LOG_FORMS = lf.FORMS

    data: Context[ShoppingData]
    options: Shared[dict[str, str]]  # none (the title has no options)
    pos: list[str]  # SH-1: everyone starts below the plan
    phase: str
    turn: Seat
    money: list[int]
    barrels: list[int]
    barrels_left: int  # setup step 14
    crates: list[list[str]]
    kept: list[list[str]]  # placed in front (SH-3)
    stock: dict[str, list[str]]
    bag: list[str]  # fish tokens, sorted: which is drawn is the rng's
    piles: dict[str, int]
    colours: dict[str, int]
    tunas: int  # tuna bought so far (SH-4: each further one costs ¥500 more)
    salmon_paid: bool
    machine: list[str]  # the crate beside the vending machine
    rng: int
    log: LogEntry | None  # events of `log_forms`, written in English when read (`core.log`)

    def __init__(self, data: ShoppingData, seats: int, rng: int) -> None:
        self.data = data
        self.options = {}
        self.pos = [OUT] * seats
        self.phase = MOVE
        self.turn = 0
        self.money = [0] * seats
        self.barrels = [0] * seats
        self.barrels_left = data.barrels_per_seat * seats
        self.crates = [[] for _ in range(seats)]
        self.kept = [[] for _ in range(seats)]
        self.stock = {s: [] for s in data.shops}
        self.bag = []
        self.piles = {p.id: p.price for p in data.piles.values()}
        self.colours = dict(data.colour_prices)
        self.tunas = 0
        self.salmon_paid = False
        self.machine = []
        self.rng = rng
        self.log = None

    def note(self, form: str, **values: Any) -> None:
        """A line of the log: a template of `log_forms` and its typed values (a seat's
        number, yen as an int), written in English only when read (`core.log`)."""
        self.log = LogEntry(form, values, self.log)

    @property
    def seats(self) -> int:
        return len(self.pos)

    # -- whose turn, what is legal --------------------------------------------------------

    def current_players(self) -> tuple[Seat, ...]:
        return () if self.phase == OVER else (self.turn,)

    def legal_actions(self, seat: Seat) -> Sequence[Action]:
        if self.phase == OVER or seat != self.turn:
            return []
        if self.phase == MOVE:
            return list(_moves(self.data.mall.reach[self.pos[seat]]))
        return [*self._takes(seat), Pass()]

    def is_legal(self, seat: Seat, action: Action) -> bool:
        return action in self.legal_actions(seat)

    def tuna_price(self) -> int:
        return self.data.tuna_price + self.tunas * self.data.tuna_step

    def _fish_left(self, shop: str, fish: str) -> bool:
        return any(t.startswith(f"{fish}-") for t in self.bag) or bool(self.stock[shop])

    def _takes(self, seat: Seat) -> list[Action]:
        """SH-2: one item from a card directly in front; SH-4: a fish draw, the machine."""
        at = self.pos[seat]
        found: list[Action] = []
        for shop_id in self.data.mall.fronts.get(at, ()):
            shop = self.data.shops[shop_id]
            if shop.draws is not None:
                affordable = shop.draws != "tuna" or self.money[seat] >= self.tuna_price()
                if affordable and self._fish_left(shop_id, shop.draws):
                    found.append(Take(shop_id, shop.draws))
                continue
            found += [Take(shop_id, item) for item in dict.fromkeys(self.stock[shop_id])]
        if at in self.data.mall.machine_points and self.machine:
            found.append(Machine())
        return found

    def _refusal(self, seat: Seat, action: Action) -> IllegalActionError:
        """Why `seat` may not play `action` now (called once the listing said no)."""
        if self.phase == OVER:
            return IllegalActionError("SH-5", "the game is over")
        if seat != self.turn:
            return IllegalActionError("SH-2", f"it is {seat_name(self.turn)}'s turn")
        if self.phase == MOVE:
            return self._move_refusal(seat, action)
        allowed = ", ".join(str(a) for a in self.legal_actions(seat))
        if isinstance(action, Move):
            return IllegalActionError("SH-2", "you have moved: take one item or pass", allowed)
        if isinstance(action, Machine):
            return IllegalActionError(
                "SH-4",
                "the vending machine is used from the two points touching it, while drinks "
                "are in its crate",
                allowed,
            )
        if isinstance(action, Take):
            return self._take_refusal(seat, action, allowed)
        return IllegalActionError("SH-2", f"{action.kind!r} is not played now", allowed)

    def _move_refusal(self, seat: Seat, action: Action) -> IllegalActionError:
        start = self.pos[seat]
        allowed = " ".join(a.to for a in self.legal_actions(seat) if isinstance(a, Move))
        if not isinstance(action, Move):
            return IllegalActionError("SH-2", "a turn starts by moving 1 to 3 steps", allowed)
        exits = " or ".join(self.data.mall.exits)
        if action.to == start:
            return IllegalActionError("SH-2", "you cannot end your move where you started")
        if action.to == OUT:
            return IllegalActionError(
                "SH-3", f"you leave only through the central double aisles ({exits})", allowed
            )
        if start == OUT:
            return IllegalActionError(
                "SH-3", f"you re-enter through the central double aisles ({exits})", allowed
            )
        return IllegalActionError(
            "SH-2", f"{action.to} is not 1 to 3 steps along the aisles from {start}", allowed
        )

    def _take_refusal(self, seat: Seat, action: Take, allowed: str) -> IllegalActionError:
        shop = self.data.shops.get(action.shop)
        if shop is None or action.shop not in self.data.mall.fronts.get(self.pos[seat], ()):
            return IllegalActionError(
                "SH-2", f"the card {action.shop!r} is not directly in front of you", allowed
            )
        if shop.draws is not None and action.item == shop.draws:
            if not self._fish_left(action.shop, shop.draws):
                return IllegalActionError("SH-4", f"no {shop.draws} is left", allowed)
            return IllegalActionError(
                "SH-4",
                f"a tuna costs {_yen(self.tuna_price())}, paid first; you have "
                f"{_yen(self.money[seat])}",
                allowed,
            )
        return IllegalActionError("SH-2", f"no {action.item!r} lies on {action.shop}", allowed)

    # -- playing ------------------------------------------------------------------------

    def apply(self, seat: Seat, action: Action) -> None:
        if not self.is_legal(seat, action):
            raise self._refusal(seat, action)  # nothing has changed
        if isinstance(action, Move):
            self._move(seat, action.to)
        elif isinstance(action, Take):
            self._take(seat, action)
            self._next()
        elif isinstance(action, Machine):
            self._use_machine(seat)
            self._next()
        else:
            self.note(lf.TAKES_NOTHING, seat=seat)
            self._next()

    def _move(self, seat: Seat, to: str) -> None:
        self.pos[seat] = to
        if to == OUT:
            self._exit(seat)
            return
        self.note(lf.WALKS, seat=seat, point=to)
        if self._takes(seat):
            self.phase = TAKE
        else:
            self._next()

    def _draw(self, fish: str, shop: str) -> str:
        """SH-4: a random token of `fish` from the bag, else one shown on its card."""
        rng = Rng(self.rng)
        tokens = [t for t in self.bag if t.startswith(f"{fish}-")]
        if tokens:
            token = tokens[rng.below(len(tokens))]
            self.bag.remove(token)
        else:
            token = self.stock[shop].pop(0)
        self.rng = rng.state
        return token

    def _take(self, seat: Seat, action: Take) -> None:
        shop = self.data.shops[action.shop]
        if shop.draws is not None:
            if shop.draws == "tuna":
                price = self.tuna_price()
                self.money[seat] -= price  # SH-4: paid to the bank before the draw
                self.tunas += 1
                self.note(lf.PAYS_TUNA, seat=seat, price=price)
            token = self._draw(shop.draws, action.shop)
            fish, _, face = token.partition("-")
            self.note(lf.DRAWS, seat=seat, fish=fish, face=face)
        else:
            token = action.item
            self.stock[action.shop].remove(token)
            self.note(lf.TAKES, seat=seat, item=self.item_name(token), shop=action.shop)
        self.crates[seat].append(token)

    def _use_machine(self, seat: Seat) -> None:
        """SH-4: every drink in the crate goes in; each stays stuck with chance
        stuck/out_of (data), the rest come out into the player's crate."""
        rng = Rng(self.rng)
        out: list[str] = []
        stuck: list[str] = []
        for drink in self.machine:
            (stuck if rng.below(self.data.out_of) < self.data.stuck else out).append(drink)
        self.rng = rng.state
        self.machine = stuck
        self.crates[seat] += out
        self.note(lf.MACHINE, seat=seat, out=len(out), stuck=len(stuck))

    def exit_payout(self, seat: Seat) -> Payout:
        """What `seat`'s crate would pay if it left now (SH-3, SH-4)."""
        return payout(self.data, self.crates[seat], self.piles, self.colours, self.salmon_paid)

    def _exit(self, seat: Seat) -> None:
        """SH-3: a barrel, the crate's yen, then each paying card loses only ¥100."""
        paid = self.exit_payout(seat)
        drop = self.data.card_drop
        self.money[seat] += paid.total
        for pile in paid.piles:
            self.piles[pile] = max(0, self.piles[pile] - drop)
        for colour in paid.colours:
            self.colours[colour] = max(0, self.colours[colour] - drop)
        self.salmon_paid = self.salmon_paid or paid.salmon
        drinks = [t for t in self.crates[seat] if t in self.data.drinks.drinks]
        self.machine = sorted(self.machine + drinks)  # SH-4: drinks sold join its crate
        self.kept[seat] += [t for t in self.crates[seat] if t not in self.data.drinks.drinks]
        self.crates[seat] = []
        self.barrels[seat] += 1
        self.barrels_left -= 1
        lines = [lf.paid_line(ln) for ln in paid.lines]
        self.note(
            lf.LEAVES,
            seat=seat,
            total=paid.total,
            paid=Event(lf.PAID, {"lines": lines}) if lines else "",
        )
        self._next()

    def _done(self, seat: Seat) -> bool:
        return self.barrels[seat] >= self.data.exits_each

    def _next(self) -> None:
        """SH-5: the game ends at once when all but one are done; otherwise the next seat
        still shopping (clockwise) moves."""
        if sum(self._done(p) for p in range(self.seats)) >= self.seats - 1:
            self.phase = OVER
            inside = [p for p in range(self.seats) if not self._done(p)]
            # SH-5: at most one seat is still inside
            self.note(lf.ENDS, inside=Event(lf.STILL_INSIDE, {"seat": inside[0]}) if inside else "")
            return
        self.phase = MOVE
        for k in range(1, self.seats + 1):
            seat = (self.turn + k) % self.seats
            if not self._done(seat):
                self.turn = seat
                return

    # -- the end --------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def magazines(self, seat: Seat) -> int:
        """SH-4: magazines brought out (those left in a crate inside do not count)."""
        return sum(
            1
            for t in self.kept[seat]
            if self.data.items.get(t, None) is not None and self.data.items[t].kind == "magazine"
        )

    def scores(self) -> list[int]:
        """SH-5: yen."""
        return list(self.money)

    def ranking(self) -> list[list[Seat]]:
        """SH-5: most yen first, then most magazines; still equal: a shared place."""
        if not self.is_terminal():
            return []
        keys = [(self.money[p], self.magazines(p)) for p in range(self.seats)]
        return [
            [p for p in range(self.seats) if keys[p] == key]
            for key in sorted(set(keys), reverse=True)
        ]

    def winner(self) -> Seat | None:
        places = self.ranking()
        return places[0][0] if places and len(places[0]) == 1 else None

    # -- what each seat sees ----------------------------------------------------------------

    def item_name(self, token: str) -> str:
        if token in self.data.drinks.drinks:
            return self.data.drinks.drinks[token].name
        caught = fish_of(token)
        if caught is not None:
            return f"{caught[0]} {caught[1]}"
        return self.data.items[token].name

    def view(self, seat: Seat | None) -> dict[str, Any]:
        """The generic API's view: `view_for`'s, the same dict."""
        return cast(dict[str, Any], self.view_for(seat))

    def view_for(self, seat: Seat | None) -> ShoppingView:
        """Everything on the table; of the bag only how many tuna and crabs are in it (the
        tokens drawn so far are in crates and in front of players, so the rest follows)."""
        return {
            "game": "shopping",
            "options": {},
            "seat": seat,
            "to_act": list(self.current_players()),
            "turn": None if self.phase == OVER else self.turn,
            "phase": self.phase,
            "players": [
                {
                    "seat": p,
                    "at": self.pos[p],
                    "money": self.money[p],
                    "barrels": self.barrels[p],
                    "crate": list(self.crates[p]),
                    "kept": list(self.kept[p]),
                    "magazines": self.magazines(p),
                    "crate_pays": self.exit_payout(p).total,
                }
                for p in range(self.seats)
            ],
            "shops": {shop: list(tokens) for shop, tokens in self.stock.items()},
            "bag": {fish: sum(t.startswith(f"{fish}-") for t in self.bag) for fish in FISH},
            "piles": dict(self.piles),
            "colours": dict(self.colours),
            "tuna_price": self.tuna_price(),
            "tunas_bought": self.tunas,
            "salmon_price": self.data.salmon_later if self.salmon_paid else self.data.salmon_first,
            "salmon_paid": self.salmon_paid,
            "machine": list(self.machine),
            "barrels_left": self.barrels_left,
            "log": log.lines(self.log, lf.FORMS),
            "scores": self.scores(),
            "ranking": self.ranking(),
        }

    # -- copies and saving ------------------------------------------------------------------

    @classmethod
    def from_dict(cls, data: ShoppingData, raw: Mapping[str, Any]) -> ShoppingState:
        return cls.load(raw, data)
