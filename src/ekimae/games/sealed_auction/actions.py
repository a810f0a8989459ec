"""SEALED AUCTION's one action, a sealed bid (SA-2, SA-3), and its codec."""

from __future__ import annotations

from dataclasses import dataclass

from ekimae.core.actions import Action, ActionCodec


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """SA-2: a seat's sealed bid, in yen, for the lot up for auction."""

    kind = "bid"
    amount: int


CODEC = ActionCodec([Bid])
