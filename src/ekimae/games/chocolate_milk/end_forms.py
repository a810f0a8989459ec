"""CHOCOLATE MILK's end sentences (issue 20). The game keeps no log (so no `log_forms`),
but says why it ended (CM-3) in one of these; a page in French, Italian or Japanese reads
the sentence back through `FORMS` (`ekimae.core.logtext`) and writes it from the
translated template."""

from __future__ import annotations

from ekimae.core.logtext import _N, Kind, LogForms

ENDED_MONEY = _N("{seat} has {money}")
ENDED_CRATE = _N("{seat} has {count} {card} in a crate")
ENDED_STUCK = _N("nobody can act")

KINDS: dict[str, Kind] = {"seat": "seat", "money": "yen", "count": "int", "card": "card"}

FORMS = LogForms((ENDED_MONEY, ENDED_CRATE, ENDED_STUCK), KINDS)
