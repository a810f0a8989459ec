"""CHOCOLATE MILK in the terminal (issue 32): the generic table's place taken by the
game's own (board.py: the grid with its drinks and architects, the Stock cards' prices,
the players' crates and scores), a sentence saying what the last move did and what to
do now, the moves numbered with plain labels, and the notation in `help`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from ekimae.cli.common import HUMAN, seat_label
from ekimae.cli.menu import Menu
from ekimae.cli.terminal import Front, GenericFront, GenericTerminal
from ekimae.cli.titles.chocolate_milk import board
from ekimae.core.actions import Action
from ekimae.core.game import Game, Seat, State
from ekimae.games.chocolate_milk.view import MilkView, milk_view
from ekimae.i18n import _N, _, game_terms, language, yen
from ekimae.server.titles.chocolate_milk import milk_label, milk_prompt

NOTATION = _N("""CHOCOLATE MILK's actions as text:
  buy b1 red-pet-bottle 1     step to b1 and buy that drink for ¥100 into crate 1 (CM-2a)
  sell mint mint-pet-bottle   sell drinks matching one Stock card at its price (CM-2b)
  crate                       buy another crate for ¥200 (CM-2c) · pass (when nothing else)
Cells: a1 (top left) to c3; a drink is colour-shape (white, mint, black, blue, red,
purple; tall-bottle, pet-bottle, bottle-can, glass-bottle, squat-can, short-can).""")


class MilkFront(GenericFront):
    def help(self, state: State, seat: Seat) -> str:
        return _(NOTATION) + "\n\n" + super().help(state, seat)

    def turn(self, state: State, seat: Seat, menu: Menu) -> None:
        who = seat_label(self.names, seat)
        self.out.print(Rule(_("{seat} to act").format(seat=who), style="dim"))
        self._board(milk_view(state.view(seat)), seat)
        self.out.print(menu.render())

    def table(self, state: State, seat: Seat | None) -> None:
        self._board(milk_view(state.open_view() if seat is None else state.view(seat)), seat)

    def acted(self, state: State, seat: Seat, action: Action) -> None:
        super().acted(state, seat, action)
        seen = milk_view(state.view(None))
        said = milk_prompt(seen, None, language()).split(". ")[0]
        if said and seen["last"] is not None:
            self.out.print(f"    {said.rstrip('.')}.", style="dim", markup=False)

    def menu(self, state: State, seat: Seat, legal: Sequence[Action]) -> Menu:
        """The moves by kind, each with its plain label (what it costs and does)."""
        view = milk_view(state.view(seat))
        menu = Menu()
        terms = game_terms(self.game.name, language())
        groups: dict[str, list[Action]] = {}
        for action in legal:
            groups.setdefault(action.kind, []).append(action)
        for kind, actions in groups.items():
            menu.parts.append(Text(terms.get(kind, kind), style="bold underline"))
            for action in actions:
                label = milk_label(view, action.to_dict(), language()) or ""
                entry = menu.number(action, self.game.format_action(action))
                menu.parts.append(entry.append(f"  {label}", style="dim"))
        return menu

    def _board(self, view: MilkView, seat: Seat | None) -> None:
        out = self.out
        out.print(Text(milk_prompt(view, seat, language()), "bold"))
        out.print(board.grid(view))
        out.print(board.market(view))
        out.print(board.players(view, self.names))
        out.print(board.supply_line(view), style="dim", markup=False)


class MilkTerminal(GenericTerminal):
    score_word = "yen"

    def default_seats(self, game: Game[Any], command: str) -> tuple[tuple[str, ...], int]:
        if command == "play":
            return (HUMAN, "normal"), 2
        if command == "tournament":
            return ("strong", "normal"), 2
        return ("normal",), 2

    def front(self, game: Game[Any], out: Console, names: Sequence[str], humans: bool) -> Front:
        return MilkFront(game, out, names, humans, self)

    def score(self, value: float) -> str:
        return yen(int(value))


TITLE = MilkTerminal()
