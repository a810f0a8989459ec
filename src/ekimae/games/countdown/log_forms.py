"""COUNTDOWN's log sentences, one named template each (issue 20).

The engine formats these in English, each after the game clock's time (`{at}`,
"12.345 s"); a page or terminal in French, Italian or Japanese reads each line back
through `FORMS` (`ekimae.core.logtext`) and writes it from the translated template
(`ekimae.i18n.log`).
"""

from __future__ import annotations

from ekimae.core.logtext import _N, Kind, LogForms

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

FORMS = LogForms((PICKS, GIVEN, BUILD, DONE, TIME_UP, OUT, OVER), KINDS)
