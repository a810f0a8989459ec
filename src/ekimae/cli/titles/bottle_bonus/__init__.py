"""BOTTLE BONUS in the terminal: TOKYO JUTAKU's screen with the drinks, played on the full
screen in real time (live.py), printed as a table everywhere else (front.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Console

from ekimae.cli.terminal import Front
from ekimae.cli.titles.bottle_bonus.front import BottleFront
from ekimae.cli.titles.tokyo_jutaku import JutakuTerminal
from ekimae.core.game import Game, Seat

if TYPE_CHECKING:
    from ekimae.cli.live import LiveTable
    from ekimae.cli.live_app import LiveApp


class BottleTerminal(JutakuTerminal):
    def front(self, game: Game[Any], out: Console, names: Sequence[str], humans: bool) -> Front:
        return BottleFront(game, out, names, humans, self)

    def live_app(self, table: LiveTable, seat: Seat) -> LiveApp | None:
        from ekimae.cli.titles.bottle_bonus.live import BottleApp

        return BottleApp(table, seat)


TITLE = BottleTerminal()
