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
from ekimae.cli.titles.shopping.board import mall_lines, name
from ekimae.core.game import Game, Seat, State
from ekimae.games.shopping.components import load_data
from ekimae.games.shopping.view import ShoppingView, shopping_view
from ekimae.i18n import DEFAULT, _, language, yen
from ekimae.i18n.log import game_log
from ekimae.server.titles.shopping.board import mall_svg


class ShoppingFront(GenericFront):
    def turn(self, state: State, seat: Seat, menu: Menu) -> None:
        self.out.print(
            Rule(_("{seat} to act").format(seat=seat_label(self.names, seat)), style="dim")
        )
        self._board(shopping_view(state.view(seat)))
        self.out.print(menu.render())

    def table(self, state: State, seat: Seat | None) -> None:
        self._board(shopping_view(state.open_view() if seat is None else state.view(seat)))

    def _board(self, view: ShoppingView) -> None:
        data = load_data()
        out = self.out
        for line in mall_lines(data, view):
            out.print(line, markup=False)
        piles = " · ".join(f"{name(data.piles[p].name)} {yen(v)}" for p, v in view["piles"].items())
        colours = " ".join(f"{name(c)} {yen(v)}" for c, v in view["colours"].items())
        out.print(_("market: {piles}").format(piles=piles), markup=False)
        out.print(
            _(
                "drinks: {colours} · tuna {tuna} · salmon {salmon} · bag {n_tuna} tuna "
                "{n_crab} crabs"
            ).format(
                colours=colours,
                tuna=yen(view["tuna_price"]),
                salmon=yen(view["salmon_price"]),
                n_tuna=view["bag"]["tuna"],
                n_crab=view["bag"]["crab"],
            ),
            markup=False,
        )
        for p in view["players"]:
            # The crate's tokens as the engine names them, in English; words elsewhere.
            crate = ", ".join(p["crate"]) or _("empty")
            at = p["at"] if language() == DEFAULT or p["at"] != "out" else _("outside")
            line = _(
                "seat {n}: {money} · barrels {barrels} · at {at} · crate (pays {pays}): {crate}"
            ).format(
                n=p["seat"] + 1,
                money=yen(p["money"]),
                barrels=p["barrels"],
                at=at,
                pays=yen(p["crate_pays"]),
                crate=crate,
            )
            out.print(f"  {line}", markup=False)
        for line in game_log("shopping", view["log"][-4:], language()):
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
        drawn = mall_svg(load_data(), shopping_view(shown.view(None)))
        Path(path).write_text(drawn, encoding="utf-8")


TITLE = ShoppingTerminal()
