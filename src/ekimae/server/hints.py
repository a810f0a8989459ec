"""A hint in words (issue 30): the move as the Confirm says it, why in one line where the
bot can say it, and a chance of winning only as far as it was measured.

`GET /api/games/{id}/hint` answers `payload(...)`:

- `label`: the title's own sentence for the move (`WebTitle.label`, what its Confirm
  shows: "Invest in Ginza for ¥600: …"), in the reader's language; the engine's notation
  stays in `text` for the terminal and tests;
- `why`: what the title's heuristic reckons the move adds to the seat's final score, in a
  sentence (None where it has no reckoning, or reckons nothing);
- `chance`: the hint bot's playouts through the move — how many it won out of how many,
  a 95 % Wilson interval, and words for it — or None when too few were played to mean
  something (fewer than `MIN_SAMPLES`, or an interval wider than `MAX_WIDTH`). A dozen
  playouts cannot tell 0.67 from 0.8; the interval says so. `win_chance` keeps the raw
  share for older clients.

This module names no title.
"""

from __future__ import annotations

import math
from typing import Any

from ekimae.i18n import _N, Words, format_yen
from ekimae.server.table import Table
from ekimae.server.workers import Hint

MIN_SAMPLES = 8
MAX_WIDTH = 0.6  # an interval wider than this says nothing worth showing
MIN_WORTH = 50  # yen: a smaller reckoning is noise, not a reason


def wilson(wins: float, samples: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share `wins / samples`."""
    if samples <= 0:
        return 0.0, 1.0
    p = wins / samples
    d = 1 + z * z / samples
    centre = p + z * z / (2 * samples)
    half = z * math.sqrt(p * (1 - p) / samples + z * z / (4 * samples * samples))
    return max(0.0, (centre - half) / d), min(1.0, (centre + half) / d)


def chance_words(low: float, high: float) -> str:
    """The interval in words (an English message; translated by the caller)."""
    if high <= 0.2:
        return _N("you are well behind")
    if high <= 0.45:
        return _N("you are behind")
    if low >= 0.8:
        return _N("you are well ahead")
    if low >= 0.55:
        return _N("you are ahead")
    return _N("the game is open")


def chance(hint: Hint, lang: str) -> dict[str, Any] | None:
    """What the playouts measured, or None when too little to mean something."""
    if hint.samples < MIN_SAMPLES:
        return None
    wins = round(hint.win_chance * hint.samples)
    low, high = wilson(wins, hint.samples)
    if high - low > MAX_WIDTH:
        return None
    say = Words(lang)
    said = say(chance_words(low, high))
    words = said[:1].upper() + said[1:]
    text = say(
        _N(
            "{words}: the strong bot won {wins} of {samples} games it played out from here"
            " (a {low}–{high} % chance)"
        ),
        words=words,
        wins=wins,
        samples=hint.samples,
        low=round(low * 100),
        high=round(high * 100),
    )
    return {"wins": wins, "samples": hint.samples, "low": low, "high": high, "text": text}


def why(hint: Hint, lang: str) -> str | None:
    """The heuristic's reckoning in a sentence, if it reckons the move worth something."""
    if hint.worth is None or hint.worth < MIN_WORTH:
        return None
    amount = format_yen(int(round(hint.worth / 50) * 50), lang)
    return Words(lang)(
        _N("Why: the bot reckons this move adds about {amount} to your final score."),
        amount=amount,
    )


def payload(table: Table, seat: int, hint: Hint, lang: str) -> dict[str, Any]:
    """The hint's answer for `seat` of `table`, its sentences in `lang`."""
    wire = hint.action.to_dict()
    view = table.state.view(seat)
    label = table.web.label(view, seat, wire, table.info.options, lang=lang)
    return {
        "action": wire,
        "text": table.game.format_action(hint.action),
        "label": label or table.game.format_action(hint.action),
        "why": why(hint, lang),
        "chance": chance(hint, lang),
        "win_chance": hint.win_chance,
        # The hint is for this position only: a page drops it once the count moves on.
        "actions": len(table.record.actions),
    }
