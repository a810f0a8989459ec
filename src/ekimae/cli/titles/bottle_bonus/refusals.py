"""BOTTLE BONUS's refusals as templates (cli/refusals.py): games/bottle_bonus/state.py's
sentences about the drinks (BB-1, BB-2) and TOKYO JUTAKU's, in the terminal's language."""

from __future__ import annotations

from ekimae.cli.titles.tokyo_jutaku.refusals import CLOCK, HANDS, JUTAKU, KINDS, names
from ekimae.core.logtext import LogForms
from ekimae.i18n import _N

DRINKS = (
    _N("'{kind}' is no BOTTLE BONUS action"),
    _N("no {kind} now ({phase})"),
    _N("after a mint drink, take another element than {element}"),
    _N("the drinks are dropping: catch one or let them fall"),
    _N("no drinks are in the machine now"),
    _N("the drinks were there until {at}"),
    _N("{seat} dropped these drinks: the others catch them"),
    _N("{seat} caught {drink}: one drink at most"),
    _N("{seat} caught {drink} first"),
    _N("{drink} is not in the machine"),
    _N("{seat} holds no {drink}"),
    _N("a {colour} drink is spent before a round starts"),
    _N("a purple drink is spent in the movement step, once a move"),
    _N("a {colour} drink is spent while building"),
    _N("a black drink flips the card before building on it"),
    _N("a red drink is already spent this round"),
    _N("{seat} is not to act before this round"),
    _N("no {kind} before the round"),
    _N("only a white drink places an element before the round"),
    _N("before the round only the element in hand goes back"),
)

FORMS = LogForms(
    (*DRINKS, *HANDS, *CLOCK, *JUTAKU), {**KINDS, "drink": "drink", "colour": "colour"}
)

__all__ = ["FORMS", "names"]
