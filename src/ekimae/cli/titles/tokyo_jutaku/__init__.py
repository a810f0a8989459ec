"""TOKYO JUTAKU in the terminal: played on the full screen in real time by a person at a
keyboard (live.py, Textual), printed as a table everywhere else (front.py: replays,
games of bots, a game into a pipe)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Console

from ekimae.cli.common import HUMAN
from ekimae.cli.terminal import Front, GenericTerminal
from ekimae.cli.titles.tokyo_jutaku.front import JutakuFront
from ekimae.core.game import Game, Seat
from ekimae.i18n import yen

if TYPE_CHECKING:
    from ekimae.cli.live import LiveTable
    from ekimae.cli.live_app import LiveApp


class JutakuTerminal(GenericTerminal):
    score_word = "yen"
    live = True

    def default_seats(self, game: Game[Any], command: str) -> tuple[tuple[str, ...], int]:
        """A person against `builder-slow` (5 s an element: a newcomer's pace); bots:
        `builder`, the strongest."""
        if command == "play":
            return (HUMAN, "builder-slow"), 2
        if command == "tournament":
            return ("builder", "builder-steady", "builder-slow"), 3
        return ("builder",), 2

    def front(self, game: Game[Any], out: Console, names: Sequence[str], humans: bool) -> Front:
        return JutakuFront(game, out, names, humans, self)

    def score(self, value: float) -> str:
        return yen(int(value))

    def live_app(self, table: LiveTable, seat: Seat) -> LiveApp | None:
        from ekimae.cli.titles.tokyo_jutaku.live import JutakuApp

        return JutakuApp(table, seat)


TITLE = JutakuTerminal()
