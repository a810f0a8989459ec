"""IZAKAYA's refusals as templates (cli/refusals.py): games/izakaya/explain.py's
sentences, said in the terminal's language."""

from __future__ import annotations

from ekimae.core.logtext import LogForms
from ekimae.i18n import _N

FORMS = LogForms(
    (
        _N("the game is over: nobody acts after scoring"),
        _N("{seat} is not at this table"),
        _N("bids are sealed before the action phase, not during it"),
        _N("it is {seat}'s turn to place a disc"),
        _N("a free element comes only with a line of claims"),
        _N("choose an element first (build), then place it"),
        _N("{seat} can still put a disc somewhere"),
        _N("'{kind}' is no IZAKAYA action"),
        _N("first every player seals a turn-order bid"),
        _N("{seat} has already sealed a bid; wait for the others"),
        _N("{seat} cannot bid {amount}"),
        _N("{amount} is not made of {step} coins"),
        _N("first take the free element of the line of claims"),
        _N("{element} was chosen: place it now (no trying first)"),
        _N("{space} is not one of {seat}'s parcel cards"),
        _N("the card on {space} has {count} border(s)"),
        _N("that building has its {count} elements (the card's {numeral})"),
        _N("{element} has {count} orientation(s)"),
        _N(
            "{element} cannot go there (JU-5): outside the border, over a hole, off the level "
            "below, touching no element of its floor, or above the card's {count} floor(s)"
        ),
        _N("there is no '{colour}' Colour card"),
        _N("{seat} already has a disc on {colour} this phase"),
        _N("the {colour} crate is empty"),
        _N("{corner} is no corner where cards meet"),
        _N("{corner} already holds {drink}"),
        _N("every four-card corner is filled before a two-card one"),
        _N("{seat} already moved a price this phase"),
        _N("a coin moves between two Colour cards"),
        _N("a coin moves to another Colour card"),
        _N("the {colour} card has no coin left"),
        _N("{seat} has no claim disc left"),
        _N("{seat} has no pyramid left"),
        _N("{edge} is no edge between two parcel cards in play"),
        _N("{edge} already holds {seat}'s disc"),
        _N("{space} does not share the edge {edge}"),
        _N("{space} is {seat}'s already: one player a card"),
        _N("there is no element '{element}'"),
        _N("{element} is no longer above the grid"),
        _N("{seat} has no parcel card to build on (claim one first)"),
        _N("{element} fits nowhere on {seat}'s cards"),
    ),
    {
        "seat": "seat",
        "kind": "action",
        "amount": "yen",
        "step": "yen",
        "count": "int",
        "colour": "colour",
        "drink": "drink",
    },
)
