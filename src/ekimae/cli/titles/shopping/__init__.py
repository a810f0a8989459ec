"""THE SHOPPING GAME in the terminal: the generic table plus the mall drawn as text (the
points with the players, each card's items, the vending machine), the market prices and
each player's crate; `render` writes the page's SVG picture of the mall."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.rule import Rule

from ekimae.cli.common import HUMAN, seat_label
from ekimae.cli.menu import Menu
from ekimae.cli.terminal import Front, GenericFront, GenericTerminal
from ekimae.cli.titles.shopping.board import mall_lines
from ekimae.core.game import Game, Seat, State
from ekimae.games.shopping.components import load_data
from ekimae.server.titles.shopping.board import mall_svg


class ShoppingFront(GenericFront):
    def turn(self, state: State, seat: Seat, menu: Menu) -> None:
        self.out.print(Rule(f"{seat_label(self.names, seat)} to act", style="dim"))
        self._board(state.view(seat))
        self.out.print(menu.render())

    def table(self, state: State, seat: Seat | None) -> None:
        self._board(state.open_view() if seat is None else state.view(seat))

    def _board(self, view: dict[str, Any]) -> None:
        data = load_data()
        out = self.out
        for line in mall_lines(data, view):
            out.print(line, markup=False)
        piles = " · ".join(f"{data.piles[p].name} ¥{v:,}" for p, v in view["piles"].items())
        colours = " ".join(f"{c} ¥{v:,}" for c, v in view["colours"].items())
        out.print(f"market: {piles}", markup=False)
        out.print(
            f"drinks: {colours} · tuna ¥{view['tuna_price']:,} · salmon "
            f"¥{view['salmon_price']:,} · bag {view['bag']['tuna']} tuna "
            f"{view['bag']['crab']} crabs",
            markup=False,
        )
        for p in view["players"]:
            crate = ", ".join(p["crate"]) or "empty"
            out.print(
                f"  seat {p['seat'] + 1}: ¥{p['money']:,} · barrels {p['barrels']} · at "
                f"{p['at']} · crate (pays ¥{p['crate_pays']:,}): {crate}",
                markup=False,
            )
        for line in view["log"][-4:]:
            out.print(f"  {line}", style="dim", markup=False)


class ShoppingTerminal(GenericTerminal):
    score_word = "yen"
    extras = frozenset({"render"})

    def default_seats(self, game: Game[Any], command: str) -> tuple[tuple[str, ...], int]:
        if command == "play":
            return (HUMAN, "normal"), 2
        if command == "tournament":
            return ("strong", "normal"), 2
        return ("normal",), 2

    def front(self, game: Game[Any], out: Console, names: Sequence[str], humans: bool) -> Front:
        return ShoppingFront(game, out, names, humans, self)

    def render(self, game: Game[Any], state: State | None, path: str) -> None:
        """The mall as the browser draws it (at the start, or the state given)."""
        shown = state if state is not None else game.new_state(game.min_seats, 0)
        Path(path).write_text(mall_svg(load_data(), shown.view(None)), encoding="utf-8")


TITLE = ShoppingTerminal()
