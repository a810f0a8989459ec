"""CHOCOLATE MILK's actions (CM-2) and their codec.

Cells are named by column letter and row number, ``a1`` top left (the vending machine
stands above row 1), ``b2`` the centre. Crates are numbered from 1 in texts and wire forms.
"""

from __future__ import annotations

from dataclasses import dataclass

from ekimae.core.actions import Action, ActionCodec


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """CM-2 (a): step onto `cell` and buy `drink` there, for `crate` if it comes out."""

    kind = "buy"
    cell: str
    drink: str
    crate: int


@dataclass(frozen=True, slots=True)
class Sell(Action):
    """CM-2 (b): sell `drinks` (own, matching Stock card `card`) at the card's price each."""

    kind = "sell"
    card: str
    drinks: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class BuyCrate(Action):
    """CM-2 (c): pay for another crate from beside the vending machine."""

    kind = "crate"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """CM-2 RULING: a seat that can do none of the three passes."""

    kind = "pass"


CODEC = ActionCodec([Buy, Sell, BuyCrate, Pass])
