"""TOKYO METRO's refusals as templates (cli/refusals.py): games/tokyo_metro/explain.py's
sentences, said in the terminal's language (amounts as the engine writes them there)."""

from __future__ import annotations

from ekimae.core.logtext import LogForms
from ekimae.i18n import _N

FORMS = LogForms(
    (
        _N("the game is over"),
        _N("{seat} is not to act now"),
        _N("no {kind} action is possible now ({phase} phase)"),
        _N("this {kind} is not allowed now"),
        _N("a bid of {amount} is more than {seat}'s {money}"),
        _N("bids are whole ¥100 amounts from ¥0"),
        _N("a pair's vehicles are boarded one by one: board-vehicle 1 or 2"),
        _N("the train was removed: its riders must alight"),
        _N("a Speed token was assigned this turn, so it cannot be a pass"),
        _N("the {cards} cards print no {kind} action"),
        _N("{kind} is an Osaka card action; these are the Tokyo cards"),
        _N("there is no action spot '{spot}' (card id + a/b, e.g. {example})"),
        _N("{spot} is a {printed} action, not {kind}"),
        _N("card {card} is {seat}'s personal card"),
        _N("card {card} is not on the table"),
        _N("{spot} is already taken this round: its slots hold discs"),
        _N("a {kind} action cannot be copied (project ruling)"),
        _N("{spot} needs {count} discs; {seat} has {front}"),
        _N("{station} is a small circle, not a station: no pyramid"),
        _N("Invest by disc needs one more disc in front, besides those placed"),
        _N("line {line} has no stock card left (all {count} are held)"),
        _N("{seat} already holds a stock of line {line}"),
        _N("{seat} holds no stock of line {line} to sell"),
    ),
    {"seat": "seat", "kind": "action", "printed": "action", "count": "int", "front": "int"},
)
