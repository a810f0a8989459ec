"""IZAKAYA's log sentences, one named template each (issue 20).

The engine records each line as one of these templates with its typed values (a seat's
number, yen as an int; `core.log`), and `FORMS.english` writes it in English when it is
read (`view["log"]`, the goldens); a page or terminal in French, Italian or Japanese
writes it from the translated template and the event (`ekimae.i18n.log`), and reads a
line back through `FORMS` (`ekimae.core.logtext`) only when it is text alone (a saved
position's).
"""

from __future__ import annotations

from ekimae.core.logtext import _N, Kind, LogForms, Parts


def yen(amount: int) -> str:
    """An amount as the log writes it: ``¥1,500``."""
    return f"¥{amount:,}"


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
SEAT = "{seat}"  # an item of the turn order
COMMA = _N(", ")  # between a list's items

KINDS: dict[str, Kind] = {
    "seat": "seat",
    "order": Parts((SEAT,), COMMA),
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
    {"yen": yen},
)
