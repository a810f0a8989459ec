"""THE SHOPPING GAME's actions (SH-2 … SH-4) and their codec."""

from __future__ import annotations

from dataclasses import dataclass

from ekimae.core.actions import Action, ActionCodec


@dataclass(frozen=True, slots=True)
class Move(Action):
    """SH-2: walk 1-3 steps to the blue point `to` ("out": leave the shop, SH-3)."""

    kind = "move"
    to: str


@dataclass(frozen=True, slots=True)
class Take(Action):
    """SH-2: take one `item` from the card `shop` in front of you ("tuna"/"crab": draw one
    from the bag, SH-4)."""

    kind = "take"
    shop: str
    item: str


@dataclass(frozen=True, slots=True)
class Machine(Action):
    """SH-4: use the vending machine you are touching."""

    kind = "machine"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """SH-2: take nothing this turn."""

    kind = "pass"


CODEC = ActionCodec([Move, Take, Machine, Pass])
