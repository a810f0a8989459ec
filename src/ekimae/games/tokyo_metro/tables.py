"""Actions built once per map and card set, so that listing them is indexing.

Actions are immutable values; the listings of random play and of every search build the
same ones again and again (a Move to each reachable cell, a Speculate for every stake, a
bid for every amount). Each is built here once and the listings pick them from tables:
per card spot (`Spot`: its Move for every cell, its Start or Invest for every line, its
Speculate for every stake of every line), and per map (the Walk, Place and Alight to every
cell, turn-order bids by amount). A table is laid out by the engine's own indexes (cell,
line, stake in coins), and an action taken from it equals one parsed from its text: the
tables change how fast, never what, is listed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ekimae.core.actions import Action
from ekimae.games.tokyo_metro import actions as act
from ekimae.games.tokyo_metro.components import CardAction, Kind
from ekimae.games.tokyo_metro.context import Ctx

# OS-7.1 RULING (card_actions.NOT_COPIED): a Discount or a Copy cannot be copied.
_NOT_COPIED = (Kind.DISCOUNT, Kind.COPY)
_SINGLE: dict[Kind, Callable[[str], Action]] = {
    Kind.SPEED: act.Speed,
    Kind.BIKE: act.Bike,
    Kind.DISCOUNT: act.Discount,
    Kind.BID: act.Bid,
    Kind.LOAN: act.Loan,
    Kind.REPAY: act.Repay,
    Kind.ACTION: act.NewDisc,
    Kind.COPY: act.Copy,
    Kind.COLOUR: act.ColourCard,
    Kind.SHAPE: act.ShapeCard,
}
_BY_LINE: dict[Kind, Callable[[str, str], Action]] = {
    Kind.START: act.Start,
    Kind.INVEST: act.Invest,
    Kind.INVEST_DISC: act.InvestDisc,
    Kind.SELL: act.Sell,
}
PASS = act.Pass()
BOARD = act.BoardTrain()
STOP = act.Stop()


class Spot:
    """One card spot (a printed action, `CardAction`) with its listing function and the
    actions it can list, prebuilt."""

    __slots__ = (
        "_stakes",
        "by_cell",
        "by_line",
        "by_pile",
        "coin",
        "copyable",
        "exists",
        "kind",
        "letters",
        "lister",
        "printed",
        "single",
        "slots",
        "spot",
        "value",
    )

    def __init__(self, ctx: Ctx, printed: CardAction, lister: Any, exists: Any) -> None:
        """`lister` and `exists`: the spot kind's functions (`card_actions.LISTERS`)."""
        spot, kind = printed.spot, printed.kind
        self.printed = printed
        self.spot, self.kind, self.slots, self.value = spot, kind, printed.slots, printed.value
        self.copyable = kind not in _NOT_COPIED
        self.lister, self.exists = lister, exists
        single = _SINGLE.get(kind)
        if single is not None:  # left unset for the kinds that have no single action
            self.single: Action = single(spot)
        by_line = _BY_LINE.get(kind)
        self.by_line: tuple[Action, ...] = (
            tuple(by_line(spot, letter) for letter in ctx.letters) if by_line else ()
        )
        self.by_cell: tuple[Action, ...] = (
            tuple(act.Move(spot, name) for name in ctx.cell_names) if kind is Kind.MOVE else ()
        )
        self.by_pile: dict[str, Action] = (
            {key: act.TakeCard(spot, key) for key in ctx.deck_keys} if kind is Kind.CARD else {}
        )
        self.letters = ctx.letters
        self.coin = ctx.rules.smallest_coin
        self._stakes: dict[int, list[Action]] = {}

    def stakes(self, line: int, top: int) -> list[Action]:
        """Speculate on `line` by stake in coins (index k: a stake of k coins), up to at
        least `top` coins (grown as richer seats need)."""
        table = self._stakes.get(line)
        if table is None:
            table = self._stakes[line] = []
        if len(table) <= top:
            spot, letter, coin = self.spot, self.letters[line], self.coin
            table += [act.Speculate(spot, letter, k * coin) for k in range(len(table), top + 1)]
        return table


@dataclass(frozen=True)
class Tables:
    """The prebuilt actions of the steps of one map (those of the card spots: `Spot`)."""

    walk: tuple[Action, ...]  # by cell
    place: tuple[Action, ...]  # by cell
    alight: tuple[Action, ...]  # by cell
    step: tuple[Action, ...]  # by cell (MD-5)
    assign: tuple[Action, ...]  # by line
    bids: list[Action]  # turn-order bids by amount in coins (grown as needed)
    coin: int

    def turn_bids(self, top: int) -> list[Action]:
        """Bids of 0 … `top` coins."""
        bids = self.bids
        if len(bids) <= top:
            bids += [act.TurnBid(k * self.coin) for k in range(len(bids), top + 1)]
        return bids[: top + 1]


# Built per Ctx (`load_ctx` keeps one per map, card set and drinks option); the Ctx is
# kept beside its tables so that its id stays its own.
_BUILT: dict[int, tuple[Ctx, Tables]] = {}


def tables(ctx: Ctx) -> Tables:
    found = _BUILT.get(id(ctx))
    if found is None:
        found = _BUILT[id(ctx)] = (ctx, _build(ctx))
    return found[1]


def _build(ctx: Ctx) -> Tables:
    names = ctx.cell_names
    return Tables(
        walk=tuple(act.Walk(name) for name in names),
        place=tuple(act.Place(name) for name in names),
        alight=tuple(act.Alight(name) for name in names),
        step=tuple(act.Step(name) for name in names),
        assign=tuple(act.Assign(letter) for letter in ctx.letters),
        bids=[],
        coin=ctx.rules.smallest_coin,
    )
