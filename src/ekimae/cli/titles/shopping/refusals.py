"""THE SHOPPING GAME's refusals as templates (cli/refusals.py): games/shopping/state.py's
sentences, said in the terminal's language."""

from __future__ import annotations

from ekimae.core.logtext import LogForms
from ekimae.i18n import _N

FORMS = LogForms(
    (
        _N("the game is over"),
        _N("it is {seat}'s turn"),
        _N("you have moved: take one item or pass"),
        _N(
            "the vending machine is used from the two points touching it, while drinks "
            "are in its crate"
        ),
        _N("'{kind}' is not played now"),
        _N("a turn starts by moving 1 to 3 steps"),
        _N("you cannot end your move where you started"),
        _N("you leave only through the central double aisles ({exits})"),
        _N("you re-enter through the central double aisles ({exits})"),
        _N("{point} is not 1 to 3 steps along the aisles from {start}"),
        _N("the card '{shop}' is not directly in front of you"),
        _N("no {fish} is left"),
        _N("a tuna costs {price}, paid first; you have {money}"),
        _N("no '{item}' lies on {shop}"),
    ),
    {"seat": "seat", "kind": "action", "price": "yen", "money": "yen"},
)
