"""TOKYO METRO at the terminal table: its board, its menu, its rounds, its final payouts,
and the `map` and `hint` commands (the loop itself is every game's: `cli/play.py`)."""

from __future__ import annotations

import tempfile
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console, RenderableType
from rich.rule import Rule
from rich.text import Text

from ekimae.bots.tokyo_metro.search_bots import hint
from ekimae.cli.menu import Menu
from ekimae.cli.terminal import Command, GenericFront, TerminalTitle
from ekimae.cli.titles.tokyo_metro import display, screen
from ekimae.cli.titles.tokyo_metro.menu import build_menu
from ekimae.cli.titles.tokyo_metro.render import write_picture
from ekimae.core.actions import Action
from ekimae.core.game import Game, Seat, State
from ekimae.games.tokyo_metro.game import TokyoMetroState
from ekimae.games.tokyo_metro.render import overlay_from_view
from ekimae.games.tokyo_metro.view import MetroView, metro_view
from ekimae.i18n import _N, _, language

HELP = _N(
    """\
Type the number of an action, or its text form (e.g. 'station HT2b shinjuku',
'turn-bid 300', 'speculation ZN1a G 400'). Other commands:
  help    this text              list    the legal actions again
  show    the whole table        log     the whole game log
  map     draw the position to an SVG file
  hint    the move the strong bot would make, with its win chance
  rules   the rule IDs           rules ID  one rule (e.g. 'rules TM-7.2')
  quit    stop the game (you may save the record)"""
)


def metro(state: State) -> TokyoMetroState:
    assert isinstance(state, TokyoMetroState)
    return state


class MetroFront(GenericFront):
    def __init__(
        self,
        game: Game[Any],
        out: Console,
        names: Sequence[str],
        humans: bool,
        title: TerminalTitle,
    ) -> None:
        super().__init__(game, out, names, humans, title)
        self.round_seen = 0

    def help(self, state: State, seat: Seat) -> str:
        return _(HELP)

    def commands(self) -> Mapping[str, Command]:
        return {"map": self.show_map, "hint": self.show_hint}

    # -------------------------------------------------------------- after each action

    def started(self, state: State) -> None:
        self.new_round(metro_view(state.view(None)))

    def acted(self, state: State, seat: Seat, action: Action) -> None:
        view = metro_view(state.view(None))
        if not self.one_screen():  # on one screen the log has its own area
            for line in display.log_lines(view)[self.log_seen :]:
                self.out.print(f"  {line}", markup=False)
        self.log_seen = len(view["log"])
        if view["round"] != self.round_seen and not state.is_terminal():
            self.new_round(view)

    def new_round(self, view: MetroView) -> None:
        self.round_seen = view["round"]
        if self.one_screen():
            return
        self.out.print(
            Rule(_("Round {n} of {rounds}").format(n=view["round"], rounds=view["rounds"]))
        )
        if not self.humans:  # people see the table at each of their turns instead
            self.out.print(display.position(view, self.names, log=False))

    def one_screen(self) -> bool:
        """A person plays on a terminal of 160×50 or more: one screen a turn."""
        return self.humans and screen.fits(self.out)

    # -------------------------------------------------------------- a person's turn

    def turn(self, state: State, seat: Seat, menu: Menu) -> None:
        view = metro_view(state.view(seat))
        choices = menu.render()
        if self.one_screen():
            self.draw_screen(view, seat, choices)
            return
        if view["phase"] == "trains":
            self.out.print(display.header(view, self.names))
        else:
            self.out.print(display.position(view, self.names, log=False))
        self.out.print(choices)

    def draw_screen(self, view: MetroView, seat: Seat, choices: RenderableType) -> None:
        """The whole table on one screen; a menu too long for its area follows below it."""
        fits = screen.choices_fit(self.out, view, self.names, choices)
        title = _("Choices of seat {n} ({name})").format(n=seat + 1, name=self.names[seat])
        shown = choices if fits else Text(_("The choices are listed below the screen."))
        self.out.clear()
        self.out.print(screen.screen(view, self.names, shown, title), height=screen.HEIGHT)
        if not fits:
            self.out.print(choices)

    def menu(self, state: State, seat: Seat, legal: Sequence[Action]) -> Menu:
        return build_menu(legal)

    def table(self, state: State, seat: Seat | None) -> None:
        if seat is not None and self.one_screen():
            text = Text(_("Type 'list' for the choices."))
            self.draw_screen(metro_view(state.view(seat)), seat, text)
            return
        self.out.print(display.position(metro_view(state.view(seat)), self.names))

    def log(self, state: State, seat: Seat) -> None:
        for line in display.log_lines(metro_view(state.view(seat))):
            self.out.print(f"  {line}", markup=False)

    def show_hint(self, state: State, seat: Seat) -> None:
        """The move the `strong` bot would make here, from this seat's view only."""
        self.out.print(_("thinking…"), style="dim")
        action, chance = hint(state.view(seat), state.legal_actions(seat))
        said = _("hint: {action}  (estimated win chance {percent})")
        self.out.print(said.format(action=action, percent=f"{chance:.0%}"), markup=False)

    def show_map(self, state: State, seat: Seat) -> None:
        view = metro_view(state.view(seat))
        board = display.board_of(view)
        with tempfile.NamedTemporaryFile("w", suffix=".svg", delete=False) as file:
            path = file.name
        write_picture(path, board, overlay_from_view(board, view), language())
        self.out.print(_("map written to {path}").format(path=path))

    # -------------------------------------------------------------- the end

    def final(self, state: State) -> None:
        """TM-9: the payout of each line, loans, then the ranking (ties by turn order)."""
        final = metro(state).final
        assert final is not None
        table = metro_view(state.view(None))
        board = display.board_of(table)
        order = table["order"]
        self.out.print(display.final_result(final, state.scores(), order, self.names, board))
