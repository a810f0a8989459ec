"""COUNTDOWN's refusals as templates (cli/refusals.py): games/countdown/state.py's
sentences and TOKYO JUTAKU's hands, said in the terminal's language."""

from __future__ import annotations

from ekimae.cli.titles.tokyo_jutaku.refusals import CLOCK, HANDS, KINDS, names
from ekimae.core.logtext import LogForms, Parts
from ekimae.i18n import _N

COUNTDOWN = (
    _N("the game is over: everyone is out"),
    _N("'{kind}' is no COUNTDOWN action"),
    _N("only the game itself calls time"),
    _N("the timer runs out at {at}"),
    _N("{seat} is out ({phase})"),
    _N("each player first picks a card"),
    _N("{card} is no card left to pick"),
    _N("{element} would reach off the card there"),
    _N("floor {floor} is built now: {where}"),
)
WHERE = Parts(
    (
        _N("not flat, over nothing, or touching no element of its floor (JU-5)"),
        _N("it would rest on floor {z}"),
    )
)

FORMS = LogForms((*COUNTDOWN, *HANDS, *CLOCK), {**KINDS, "where": WHERE})

__all__ = ["FORMS", "names"]
