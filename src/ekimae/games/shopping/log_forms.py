"""THE SHOPPING GAME's log sentences, one named template each (issue 20).

The engine records each line as one of these templates with its typed values (a seat's
number, yen as an int; `core.log`), and `FORMS.english` writes it in English when it is
read (`view["log"]`, the goldens); a page or terminal in French, Italian or Japanese
writes it from the translated template and the event (`ekimae.i18n.log`), and reads a
line back through `FORMS` (`ekimae.core.logtext`) only when it is text alone (a saved
position's).
Items, piles and fish are `name` fields: their English names are catalogue messages
(the page's `NAMES`, the drinks' `DRINKS`).
"""

from __future__ import annotations

from ekimae.core.log import Event
from ekimae.core.logtext import _N, Kind, LogForms, Parts
from ekimae.games.shopping.market import Line


def yen(amount: int) -> str:
    """An amount as the log writes it: ``¥1,500``."""
    return f"¥{amount:,}"


TAKES_NOTHING = _N("{seat} takes nothing")
WALKS = _N("{seat} walks to {point}")
PAYS_TUNA = _N("{seat} pays {price} for a tuna")
DRAWS = _N("{seat} draws {fish} {face} from the bag")
TAKES = _N("{seat} takes a {item} from {shop}")
MACHINE = _N("{seat} uses the vending machine: {out} out, {stuck} stuck")
LEAVES = _N("{seat} leaves the shop: {total}{paid} and a mackerel barrel")
PAID = _N(" ({lines})")
PAID_DRINKS = _N("{count} {colour} drink {amount}")
PAID_FISH = _N("{count} {fish} {face} {amount}")
PAID_LINE = _N("{count} {item} {amount}")
ENDS = _N("the game ends{inside}")
STILL_INSIDE = _N("; {seat} is still inside: the crate pays nothing")
COMMA = _N(", ")  # between a list's items

KINDS: dict[str, Kind] = {
    "seat": "seat",
    "price": "yen",
    "total": "yen",
    "amount": "yen",
    "fish": "name",
    "item": "name",
    "colour": "colour",
    "face": "int",
    "count": "int",
    "out": "int",
    "stuck": "int",
    "paid": Parts(("", PAID)),
    "lines": Parts((PAID_DRINKS, PAID_FISH, PAID_LINE), COMMA),
    "inside": Parts(("", STILL_INSIDE)),
}

FORMS = LogForms(
    (TAKES_NOTHING, WALKS, PAYS_TUNA, DRAWS, TAKES, MACHINE, LEAVES, ENDS),
    KINDS,
    {"yen": yen},
)


def paid_line(line: Line) -> Event:
    """One paid line of an exit (`market.Line`) as its part of `LEAVES`: drinks by their
    colour, a fish token by its fish and face, anything else by its name."""
    if line.colour is not None:
        return Event(PAID_DRINKS, {"count": line.count, "colour": line.colour, "amount": line.yen})
    if line.fish is not None:
        fish, face = line.fish
        return Event(
            PAID_FISH, {"count": line.count, "fish": fish, "face": face, "amount": line.yen}
        )
    return Event(PAID_LINE, {"count": line.count, "item": line.what, "amount": line.yen})
