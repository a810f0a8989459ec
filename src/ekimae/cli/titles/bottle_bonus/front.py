"""BOTTLE BONUS's table printed: TOKYO JUTAKU's, each player's drinks, the machine."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text

from ekimae.cli.titles.bottle_bonus.drinks import drink_text
from ekimae.cli.titles.tokyo_jutaku.front import JutakuFront
from ekimae.games.bottle_bonus.game import GAME
from ekimae.games.bottle_bonus.view import bottle_bonus_view
from ekimae.games.tokyo_jutaku.view import JutakuView
from ekimae.i18n import _N, _, yen

NOTATION = _N("""BOTTLE BONUS's actions are TOKYO JUTAKU's, and the drinks':
  catch 1200 white-pet-bottle   catch a drink from the machine (BB-1)
  spend 3000 red-short-can      spend a drink for its colour's power (BB-2)
  ready 3000                    before a round: ready (white and blue drinks)""")


class BottleFront(JutakuFront):
    def help(self, state: Any, seat: int) -> str:
        return _(NOTATION) + "\n\n" + super().help(state, seat)

    def extra(self, jutaku: JutakuView) -> list[RenderableType]:
        view = bottle_bonus_view(jutaku)
        parts: list[RenderableType] = []
        if view["machine"]:
            line = Text(_("In the machine: "))
            for drink in view["machine"]:
                line.append(drink_text(drink)).append("  ")
            parts.append(line)
        for seat, held in enumerate(view["drinks"]):
            kept = view["kept"][seat]
            if not held and not kept:
                continue
            line = Text(_("seat {n}").format(n=seat + 1) + ": ")
            for drink in held:
                line.append(drink_text(drink)).append("  ")
            if kept:
                blue = GAME.bonus.rules.blue_yen
                line.append(_("kept: {yen}").format(yen=yen(blue * len(kept))), "dim")
            parts.append(line)
        return parts
