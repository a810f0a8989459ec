"""TOKYO METRO's actions (TM-3 to TM-8) as values, and their codec.

Phase steps: `TurnBid` (secret, TM-3.3), `Place` (round 1, TM-3.4), `Walk` (movement,
TM-3.4), `BoardTrain` (kind "board"; `BoardVehicle` for one of a pair, OS-2) and `Alight`
(riding, TM-8.5), `Pass` (pass in the
actions phase, decline a boarding, stay aboard), `Assign` (a Speed token, TM-6.2).
Card actions (TM-7) name the spot they are taken at: card id plus `a`/`b` for the
card's first or second action, e.g. ``GM3a``. Those with a printed yen cost may name
the player's Discount spots whose discs they use (TM-7.8).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ekimae.core.actions import Action, ActionCodec


@dataclass(frozen=True, slots=True)
class TurnBid(Action):
    """TM-3.3: a secret bid for turn order."""

    kind = "turn-bid"
    amount: int


@dataclass(frozen=True, slots=True)
class Place(Action):
    """TM-3.4: round 1, put the meeple on an empty cell of the start area."""

    kind = "place"
    cell: str


@dataclass(frozen=True, slots=True)
class Walk(Action):
    """TM-3.4: movement phase, move the meeple up to 2 cells (3 with a Bike)."""

    kind = "walk"
    cell: str


@dataclass(frozen=True, slots=True)
class BoardTrain(Action):
    """TM-8.5: board the train at this stop."""

    kind = "board"


@dataclass(frozen=True, slots=True)
class BoardVehicle(Action):
    """OS-2: board vehicle 1 or 2 of a pair (tram or bus) at its stop."""

    kind = "board-vehicle"
    vehicle: int


@dataclass(frozen=True, slots=True)
class Alight(Action):
    """TM-8.5: leave the train onto an empty cell touching its station."""

    kind = "alight"
    cell: str


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass (TM-3.5), decline to board, or stay aboard."""

    kind = "pass"


@dataclass(frozen=True, slots=True)
class Assign(Action):
    """TM-6.2/TM-7.6: assign one of your Speed tokens to a line before an action."""

    kind = "assign"
    line: str


@dataclass(frozen=True, slots=True)
class Move(Action):
    """TM-7.1."""

    kind = "move"
    spot: str
    cell: str


@dataclass(frozen=True, slots=True)
class Station(Action):
    """TM-7.2."""

    kind = "station"
    spot: str
    station: str
    discounts: tuple[str, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """TM-7.3: Station by exchange; `token` is ``speed`` or ``bike``."""

    kind = "exchange"
    spot: str
    station: str
    token: str


@dataclass(frozen=True, slots=True)
class Invest(Action):
    """TM-7.4."""

    kind = "invest"
    spot: str
    line: str
    discounts: tuple[str, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class Start(Action):
    """TM-7.5."""

    kind = "start"
    spot: str
    line: str


@dataclass(frozen=True, slots=True)
class Speed(Action):
    """TM-7.6."""

    kind = "speed"
    spot: str


@dataclass(frozen=True, slots=True)
class Bike(Action):
    """TM-7.7."""

    kind = "bike"
    spot: str


@dataclass(frozen=True, slots=True)
class Discount(Action):
    """TM-7.8."""

    kind = "discount"
    spot: str


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """TM-7.9: the Bid action (bonus yen for the next turn-order bid)."""

    kind = "bid"
    spot: str


@dataclass(frozen=True, slots=True)
class Loan(Action):
    """TM-7.10."""

    kind = "loan"
    spot: str


@dataclass(frozen=True, slots=True)
class Repay(Action):
    """TM-7.10."""

    kind = "repay"
    spot: str


@dataclass(frozen=True, slots=True)
class Speculate(Action):
    """TM-7.11."""

    kind = "speculation"
    spot: str
    line: str
    stake: int


@dataclass(frozen=True, slots=True)
class NewDisc(Action):
    """TM-7.12: the Action action (one more action disc)."""

    kind = "action"
    spot: str
    discounts: tuple[str, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class TakeCard(Action):
    """TM-7.13: the Card action; `pile` is the deck key of a column's discard pile."""

    kind = "card"
    spot: str
    pile: str
    discounts: tuple[str, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class InvestDisc(Action):
    """OS-6: Invest by disc (a disc from your front goes back to the box)."""

    kind = "invest-disc"
    spot: str
    line: str


@dataclass(frozen=True, slots=True)
class Sell(Action):
    """OS-7.2: sell your stock of a line for what it would pay you now, set aside."""

    kind = "sell"
    spot: str
    line: str


@dataclass(frozen=True, slots=True)
class Copy(Action):
    """OS-7.1: pay for a Copy disc; later this round it takes an action already taken."""

    kind = "copy"
    spot: str
    discounts: tuple[str, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class ColourCard(Action):
    """MD-3: a disc back to the box; the Colour card and its crate of 6 drinks are yours."""

    kind = "colour"
    spot: str


@dataclass(frozen=True, slots=True)
class ShapeCard(Action):
    """MD-5: free vending machines for the rest of this action phase (one slot)."""

    kind = "shape"
    spot: str


@dataclass(frozen=True, slots=True)
class Build(Action):
    """MD-4: a drink from your supply into a station your meeple touches (pyramid, no
    drink). `free`: with a Shape card this phase (MD-5), else a disc on the JIDOHANBAIKI
    draw pile."""

    kind = "build"
    station: str
    drink: str
    free: bool = False


@dataclass(frozen=True, slots=True)
class Step(Action):
    """MD-5: one cell of a Move walked cell by cell (to build at the stations passed)."""

    kind = "step"
    cell: str


@dataclass(frozen=True, slots=True)
class Stop(Action):
    """MD-5: end a Move walked cell by cell here."""

    kind = "stop"


CARD_ACTIONS: tuple[type[Action], ...] = (
    Move, Station, Exchange, Invest, Start, Speed, Bike, Discount, Bid, Loan, Repay,
    Speculate, NewDisc, TakeCard, InvestDisc, Sell, Copy, ColourCard, ShapeCard,
)  # fmt: skip
STEP_ACTIONS: tuple[type[Action], ...] = (
    TurnBid, Place, Walk, BoardTrain, BoardVehicle, Alight, Pass, Assign, Build, Step, Stop,
)  # fmt: skip
CODEC = ActionCodec(STEP_ACTIONS + CARD_ACTIONS)
