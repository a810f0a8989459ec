"""BOTTLE BONUS's drinks as text: a drink as its colour's dot, its shape's glyph and its
name in the terminal's language, with the power its colour gives (BB-2)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from ekimae.games.bottle_bonus.game import GAME
from ekimae.i18n import Words, language
from ekimae.i18n.log import drink_name
from ekimae.server.titles.bottle_bonus import COLOURS, POWERS

DRINKS = GAME.bonus.drinks


def ink(drink: str) -> str:
    """The drink's colour as the terminal shows it (black ink would vanish on black)."""
    colour = DRINKS.colour_of(drink)
    found = next(c.ink for c in DRINKS.colours if c.key == colour)
    return "grey62" if colour == "black" else found


def drink_text(drink: str, power: bool = False) -> Text:
    """ "● white Ramune" in its colour; with `power`, what spending it does."""
    w = Words(language())
    found = DRINKS.drinks[drink]
    glyph = DRINKS.shape(found.shape).glyph
    text = Text("● ", f"bold {ink(drink)}")
    text.append(f"{glyph} {w(COLOURS[found.colour])} {drink_name(drink, w)}")
    if power:
        text.append(f" ({w(POWERS[found.colour])})", "dim")
    return text


def numbered(drinks: Sequence[str], power: bool = False) -> Text:
    """Drinks numbered from 1, for the keys that catch or spend them."""
    out = Text()
    for n, drink in enumerate(drinks, start=1):
        if n > 1:
            out.append("  ")
        out.append(f"{n} ", "reverse bold").append(" ").append(drink_text(drink, power))
    return out


def dots(drinks: Sequence[str]) -> Text:
    """Drinks as their colours' dots (a player's line)."""
    out = Text()
    for drink in drinks:
        out.append("●", f"bold {ink(drink)}")
    return out
