"""CHOCOLATE MILK's refusals as templates (cli/refusals.py): games/chocolate_milk/state.py's
sentences, said in the terminal's language."""

from __future__ import annotations

from ekimae.core.logtext import LogForms
from ekimae.i18n import _N, language

FORMS = LogForms(
    (
        _N("the game is over"),
        _N("it is {turn}'s turn, not {seat}'s"),
        _N("a seat passes only when it can do none of the three actions"),
        _N("no such action here: '{kind}'"),
        _N("there is no card '{cell}'"),
        _N("{cell} is not one step away"),
        _N("'{drink}' is not on {cell}"),
        _N("{seat} has no crate {crate} with room"),
        _N("no Stock card '{card}'"),
        _N("{seat} has {money}; a drink costs {price}"),
        _N("a crate costs {price}; {seat} has {money}"),
        _N("{seat} can sell on the {card} card only its own drinks of that colour or shape"),
        _N("a sale sells at least one drink"),
        _N("name each drink once, in the drinks' order"),
        _N("no crate is left beside the vending machine"),
    ),
    {
        "turn": "seat",
        "seat": "seat",
        "kind": "action",
        "drink": "drink",
        "crate": "int",
        "money": "yen",
        "price": "yen",
        "card": "card",
    },
)


def names(kind: str, value: str) -> str | None:
    """A Stock card by its word (a colour, a shape)."""
    if kind != "card":
        return None
    from ekimae.server.titles.chocolate_milk.board import card_word

    return card_word(value, language())
