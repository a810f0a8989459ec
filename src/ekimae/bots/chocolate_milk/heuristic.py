"""CHOCOLATE MILK's `normal` bot: one move ahead, valued in yen from what the seat sees.

A position is worth, to a seat: its yen, plus what its crates would score now (CM-4),
plus a share (`SALE_SHARE`) of the best sale it could make next turn (the richest Stock
card times the seat's drinks matching it, CM-2 (b)). A buy is valued over the machine's
two outcomes (CM-2 (a): kept with the data's chance, else lost), with the two cards it
raises; a crate is worth something only once every crate of the seat is nearly full. A
move that ends the game (CM-3) is valued by the final totals: a clear bonus when it
leaves the seat ahead, a clear loss when it hands the game to another.

Everything it reads is in the view (money, crates, Stock cards' yen); it works on the
same few numbers in a state, so the searches' playouts can use it cheaply.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ekimae.core.actions import Action
from ekimae.games.chocolate_milk.actions import Buy, BuyCrate, Pass, Sell
from ekimae.games.chocolate_milk.components import MilkData, load_data
from ekimae.games.chocolate_milk.state import MilkState, crate_score
from ekimae.games.chocolate_milk.view import MilkView, milk_view

SALE_SHARE = 0.6  # how much of next turn's best sale a position is credited with
FULL_CRATE_ROOM = 1  # a crate is worth buying once no crate has more room than this
ROOM_VALUE = 250  # what room for more drinks is worth then, in yen
END_STAKE = 1500  # what winning (or losing) at once is worth beyond the totals, in yen


@dataclass
class Table:
    """The few numbers the heuristic reads, from a view or a state."""

    seat: int
    money: list[int]
    crates: list[list[list[str]]]
    market: dict[str, int]
    variant: str


def from_view(view: MilkView) -> Table:
    seat = view["seat"]
    if seat is None:
        raise ValueError("a bot plays from a seat's view, not a spectator's")
    players = view["players"]
    return Table(
        seat=seat,
        money=[p["money"] for p in players],
        crates=[[list(c) for c in p["crates"]] for p in players],
        market={m["card"]: m["yen"] for m in view["market"]},
        variant=view["options"]["variant"],
    )


def from_state(state: MilkState, seat: int) -> Table:
    """The same numbers straight from a `MilkState` (in playouts: no view to build)."""
    return Table(seat, state.money, state.crates, state.market, state.options["variant"])


def total(data: MilkData, money: int, crates: Sequence[Sequence[str]]) -> int:
    """CM-4: yen plus every crate's best attribute."""
    return money + sum(crate_score(data, c)[0] for c in crates)


def worth(
    data: MilkData, money: int, crates: Sequence[Sequence[str]], market: Mapping[str, int]
) -> float:
    """A seat's position in yen: its total now and a share of its best sale next turn."""
    owned = [d for c in crates for d in c]
    best_sale = max(
        (market[card] * sum(1 for d in owned if data.matches(card, d)) for card in data.cards),
        default=0,
    )
    return total(data, money, crates) + SALE_SHARE * best_sale


def _ending(data: MilkData, table: Table, money: int, crates: list[list[str]]) -> float | None:
    """CM-3: the value of a move that ends the game, or None if it does not."""
    alike = any(
        sum(1 for d in c if data.matches(card, d)) >= data.same_drinks
        for c in crates
        for card in data.cards
    )
    if money < data.end_money and not alike:
        return None
    mine = total(data, money, crates)
    best_other = max(
        (
            total(data, table.money[p], table.crates[p])
            for p in range(len(table.money))
            if p != table.seat
        ),
        default=mine - 1,
    )
    return mine + (END_STAKE if mine > best_other else -END_STAKE)


def _after(
    data: MilkData, table: Table, money: int, crates: list[list[str]], market: Mapping[str, int]
) -> float:
    ended = _ending(data, table, money, crates)
    return ended if ended is not None else worth(data, money, crates, market)


def value(data: MilkData, table: Table, action: Action) -> float:
    """The seat's position after `action`, in yen (expected over the machine)."""
    me = table.seat
    money, crates, market = table.money[me], table.crates[me], table.market
    if isinstance(action, Sell):
        price = market[action.card]
        kept = [[d for d in c if d not in action.drinks] for c in crates]
        after = {**market, action.card: 0}
        return _after(data, table, money + price * len(action.drinks), kept, after)
    if isinstance(action, Buy):
        each = data.drinks.drinks[action.drink]
        raised = dict(market)
        raised[each.colour] += data.card_rise
        raised[each.shape] += data.card_rise
        paid = money - data.drink_price
        got = [list(c) for c in crates]
        got[action.crate - 1].append(action.drink)
        out = 1.0 if table.variant == "strategic" else data.machine_out / data.machine_of
        came = _after(data, table, paid, got, raised)
        stuck = worth(data, paid, crates, raised)
        return out * came + (1.0 - out) * stuck
    if isinstance(action, BuyCrate):
        room = max(data.drinks.crate_holds - len(c) for c in crates)
        bonus = ROOM_VALUE if room <= FULL_CRATE_ROOM else 0
        return worth(data, money - data.crate_price, crates, market) + bonus
    assert isinstance(action, Pass)
    return worth(data, money, crates, market)


def ranked(data: MilkData, table: Table, legal: Sequence[Action]) -> list[Action]:
    """The legal actions, best first (equal values: the order listed)."""
    scored = sorted(enumerate(legal), key=lambda ia: (-value(data, table, ia[1]), ia[0]))
    return [a for _, a in scored]


def best(data: MilkData, table: Table, legal: Sequence[Action], rng: random.Random) -> Action:
    """The best action; among equal values a random one (so the seats do not all mirror)."""
    values = [value(data, table, a) for a in legal]
    top = max(values)
    return rng.choice([a for a, v in zip(legal, values, strict=True) if v >= top - 1e-9])


class NormalBot:
    """`normal`: the best move one step ahead (module docstring)."""

    name = "normal"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.data = load_data()

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        return best(self.data, from_view(milk_view(view)), legal, rng)
