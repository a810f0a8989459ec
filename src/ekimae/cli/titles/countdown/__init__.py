"""COUNTDOWN in the terminal: played on the full screen in real time by a person at a
keyboard (live.py), printed as a table everywhere else (front.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Console

from ekimae.cli.common import HUMAN
from ekimae.cli.terminal import Front, GenericTerminal
from ekimae.cli.titles.countdown.front import CountdownFront
from ekimae.core.game import Game, Seat

if TYPE_CHECKING:
    from ekimae.cli.live import LiveTable
    from ekimae.cli.live_app import LiveApp


class CountdownTerminal(GenericTerminal):
    score_word = "elements"
    live = True

    def default_seats(self, game: Game[Any], command: str) -> tuple[tuple[str, ...], int]:
        """Alone against the clock by default (the seed's solo game); bots: `builder`."""
        if command == "play":
            return (HUMAN,), 1
        if command == "tournament":
            return ("builder", "random"), 2
        return ("builder",), 2

    def front(self, game: Game[Any], out: Console, names: Sequence[str], humans: bool) -> Front:
        return CountdownFront(game, out, names, humans, self)

    def live_app(self, table: LiveTable, seat: Seat) -> LiveApp | None:
        from ekimae.cli.titles.countdown.live import CountdownApp

        return CountdownApp(table, seat)


TITLE = CountdownTerminal()
