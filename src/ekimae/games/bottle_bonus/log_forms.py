"""BOTTLE BONUS's log sentences (issue 20): TOKYO JUTAKU's (its state is JUTAKU's) and the
drinks' own, one named template each; recorded as events and said in every language as
JUTAKU's are (`games/tokyo_jutaku/log_forms.py`)."""

from __future__ import annotations

from collections.abc import Iterable

from ekimae.core.log import Event
from ekimae.core.logtext import _N, Kind, LogForms, Parts
from ekimae.games.tokyo_jutaku import log_forms as jutaku

PLACES_EARLY = _N("{at} {seat} places {element} before the round")
CATCHES = _N("{at} {seat} catches {drink}")
SPENDS = _N("{at} {seat} spends {drink} ({colour})")
RETURNS = _N("{at} {seat} returns {element} (mint)")
DROP = _N("{at} drop: {drinks}")
BOX_EMPTY = _N("{at} drop: the box is empty")
BACK_IN_BOX = _N("{at} back in the box: {drinks}")
BEFORE_ROUND = _N("{at} before round {round}: white and blue")
DRINK = "{drink}"  # an item of a list of drinks
COMMA = _N(", ")  # between a list's items

KINDS: dict[str, Kind] = {
    **jutaku.KINDS,
    "drink": "drink",
    "colour": "colour",
    "drinks": Parts((DRINK,), COMMA),
}

FORMS = LogForms(
    (
        *jutaku.JUTAKU_FORMS,
        PLACES_EARLY,
        CATCHES,
        SPENDS,
        RETURNS,
        BOX_EMPTY,
        DROP,
        BACK_IN_BOX,
        BEFORE_ROUND,
    ),
    KINDS,
    {"time": jutaku.ms},
)


def drinks(ids: Iterable[str]) -> list[Event]:
    """A list of drinks as `DROP` and `BACK_IN_BOX` name them."""
    return [Event(DRINK, {"drink": d}) for d in ids]
