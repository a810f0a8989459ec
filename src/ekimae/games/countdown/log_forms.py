"""COUNTDOWN's log sentences, one named template each (issue 20).

The engine records each line as one of these templates with its typed values (the game
clock's time in ms, a seat's number; `core.log`), and `FORMS.english` writes it in
English when it is read, each after the clock's time (`{at}`, "12.345 s"); a page or
terminal in French, Italian or Japanese writes it from the translated template and the
event (`ekimae.i18n.log`), and reads a line back through `FORMS` (`ekimae.core.logtext`)
only when it is text alone (a saved position's).
"""

from __future__ import annotations

from ekimae.core.logtext import _N, Kind, LogForms


def ms(at: int) -> str:
    """The game clock's time as the log writes it: ``12.345 s``."""
    return f"{at / 1000:.3f} s"


PICKS = _N("{at} {seat} picks {card}")
GIVEN = _N("{at} {seat} is given {card}")
BUILD = _N("{at} floor {floor}: {seconds} s, build!")
DONE = _N("{at} {seat} is done with floor {floor} ({count} element(s))")
TIME_UP = _N("{at} time is up for floor {floor}")
OUT = _N("{at} {seat} added nothing: out with {count} element(s)")
OVER = _N("{at} everyone is out: {scores}")

KINDS: dict[str, Kind] = {
    "at": "time",
    "seat": "seat",
    "floor": "int",
    "seconds": "int",
    "count": "int",
    "card": "card",
}

FORMS = LogForms((PICKS, GIVEN, BUILD, DONE, TIME_UP, OUT, OVER), KINDS, {"time": ms})
