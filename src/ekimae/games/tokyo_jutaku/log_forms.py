"""TOKYO JUTAKU's log sentences, one named template each (issue 20); BOTTLE BONUS, built
on JUTAKU's state, adds its own (`games/bottle_bonus/log_forms.py`).

The engine records each line as one of these templates with its typed values (the game
clock's time in ms, a seat's number; `core.log`), and `FORMS.english` writes it in
English when it is read, each after the clock's time (`{at}`); a page or terminal in
French, Italian or Japanese writes it from the translated template and the event
(`ekimae.i18n.log`), and reads a line back through `FORMS` (`ekimae.core.logtext`) only
when it is text alone (a saved position's).
The page's Stop! box reads the English lines of the view (they stay as they are).
"""

from __future__ import annotations

from ekimae.core.logtext import _N, Kind, LogForms, Parts


def ms(at: int) -> str:
    """The game clock's time as the log writes it: ``12.345 s``."""
    return f"{at / 1000:.3f} s"


GIVES_UP = _N("{at} {seat} gives up the round")
KEEPS = _N("{at} {seat} keeps {card}")
STARTS = _N("{at} {seat} starts on {space} ({card})")
ROUND = _N("{at} round {round}: build!")
STOP = _N("{at} {seat}: Stop!")
PASSES = _N("{at} {seat}'s building passes")
FAILS = _N("{at} {seat}'s building fails: {why}")
NO_CARD = _N("no card")
FLOORS_WRONG = _N("{floors} floor(s), the card asks exactly {asks}")
ELEMENTS_WRONG = _N("{count} element(s), the card asks exactly {asks} ({numeral})")
TIME_UP = _N("{at} time is up: nobody completes")
NO_CARD_LEFT = _N("{at} no card is left for {seat}")
MOVES = _N("{at} {seat} moves to {space} ({card})")
OVER = _N("{at} the game is over: {scores}")

KINDS: dict[str, Kind] = {
    "at": "time",
    "seat": "seat",
    "round": "int",
    "floors": "int",
    "count": "int",
    "asks": "int",
    "why": Parts((NO_CARD, FLOORS_WRONG, ELEMENTS_WRONG)),
    "card": "card",
    "element": "element",
}

JUTAKU_FORMS = (
    GIVES_UP,
    KEEPS,
    STARTS,
    ROUND,
    STOP,
    PASSES,
    FAILS,
    TIME_UP,
    NO_CARD_LEFT,
    MOVES,
    OVER,
)

FORMS = LogForms(JUTAKU_FORMS, KINDS, {"time": ms})
