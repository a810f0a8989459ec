"""IZAKAYA's log sentences, one named template each (issue 20).

The engine formats these in English (`view["log"]`, the goldens); a page or terminal in
French, Italian or Japanese reads each line back through `FORMS`
(`ekimae.core.logtext`) and writes it from the translated template (`ekimae.i18n.log`).
"""

from __future__ import annotations

from ekimae.core.logtext import _N, Kind, LogForms, Parts

FIRST_ORDER = _N("round {round}: turn order {order}")
BIDS_SECRET = _N("{seat} bids in secret")
REVEALED = _N("round {round}: bids {bids}; pile {pile}; turn order {order}")
BID = _N("{seat} {bid}")
LAST_PHASE = _N("the pile reached {pile}: last action phase (IZ-4)")
BUILDS = _N("{seat} builds: chooses {element} (IZ-3.4)")
FREE = _N("{seat} takes {element} for free (IZ-3.3)")
NOWHERE = _N("{seat} has nowhere to put a disc and passes")
PUTS = _N("{seat} puts {drink} on {corner}")
MOVES_PRICE = _N("{seat} moves {coin} from {source} to {target}")
CLAIMS = _N("{seat} claims {edge} and takes {space}")
LINE = _N("{seat} has {count} claims in a line (IZ-3.3)")
LINE_NO_FIT = _N("{seat} has a line of claims but no element fits")
PLACES = _N("{seat} places {element} on {space} border {plot}, floor {floor}")
OVER = _N("the game is over: scores {scores}")
COMMA = _N(", ")  # between a list's items

KINDS: dict[str, Kind] = {
    "seat": "seat",
    "order": Parts(("{seat}",), COMMA),
    "bids": Parts((BID,), COMMA),
    "bid": "yen",
    "pile": "yen",
    "coin": "yen",
    "source": "colour",
    "target": "colour",
    "drink": "drink",
    "round": "int",
    "count": "int",
    "plot": "int",
    "floor": "int",
}

FORMS = LogForms(
    (
        REVEALED,
        FIRST_ORDER,
        BIDS_SECRET,
        LAST_PHASE,
        BUILDS,
        FREE,
        NOWHERE,
        PUTS,
        MOVES_PRICE,
        CLAIMS,
        LINE,
        LINE_NO_FIT,
        PLACES,
        OVER,
    ),
    KINDS,
)
