"""THE SHOPPING GAME's log sentences, one named template each (issue 20).

The engine formats these in English (`view["log"]`, the goldens); a page or terminal in
French, Italian or Japanese reads each line back through `FORMS`
(`ekimae.core.logtext`) and writes it from the translated template (`ekimae.i18n.log`).
Items, piles and fish are `name` fields: their English names are catalogue messages
(the page's `NAMES`, the drinks' `DRINKS`).
"""

from __future__ import annotations

from ekimae.core.logtext import _N, Kind, LogForms, Parts

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
)
