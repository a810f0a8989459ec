"""`ekimae metro play`: a whole game in the terminal, people and bots at the table."""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from ekimae.bots import play_game
from ekimae.bots.tokyo_metro.search_bots import hint
from ekimae.cli import display
from ekimae.cli.common import HUMAN, console, make_seats, parse_seats, seat_label, write_record
from ekimae.cli.menu import Menu, build_menu
from ekimae.cli.metro_render import write_picture
from ekimae.core.actions import Action
from ekimae.core.errors import EkimaeError
from ekimae.core.record import GameRecord
from ekimae.games.tokyo_metro.board import load_board
from ekimae.games.tokyo_metro.game import GAME, TokyoMetroState
from ekimae.games.tokyo_metro.render import overlay_from_view
from ekimae.seeding import secret_seed

DEFAULT_SEATS = (HUMAN, "greedy", "random")
HELP = """\
Type the number of an action, or its text form (e.g. 'station HT2b shinjuku',
'turn-bid 300', 'speculation ZN1a G 400'). Other commands:
  help    this text              list    the legal actions again
  show    the whole table        log     the whole game log
  map     draw the position to an SVG file
  hint    the move the strong bot would make, with its win chance
  quit    stop the game (you may save the record)"""


def add_parser(commands: Any) -> None:
    parser = commands.add_parser("play", help="play a game in the terminal")
    parser.add_argument("--players", type=int, metavar="N", help="number of seats (default 3)")
    parser.add_argument(
        "--seats", metavar="LIST", help="comma-separated seat types (default human,greedy,random)"
    )
    parser.add_argument("--seed", type=int, metavar="S", help="game seed (default: random)")
    parser.add_argument("--save", metavar="FILE", help="write the game record here at the end")
    parser.set_defaults(run=run)


class Input:
    """Lines typed by a person; echoed when stdin is a pipe so a transcript reads well."""

    def __init__(self, out: Console) -> None:
        self.out = out
        self.echo = not sys.stdin.isatty()

    def read(self, prompt: str) -> str | None:
        """One stripped line, or None at the end of input."""
        self.out.print(prompt, end="", markup=False)
        self.out.file.flush()
        line = sys.stdin.readline()
        if not line:
            self.out.print()
            return None
        if self.echo:
            self.out.print(line.rstrip("\n"), markup=False, highlight=False)
        return line.strip()


class Session:
    """The CLI's side of a game: shows it, asks the people, prints what happens."""

    def __init__(self, out: Console, names: list[str]) -> None:
        self.out = out
        self.names = names
        self.input = Input(out)
        self.humans = HUMAN in names
        self.log_seen = 0
        self.round_seen = 0
        self.quit = False  # a person asked to stop (not the end of input)

    # -------------------------------------------------------------- after each action

    def on_action(self, state: TokyoMetroState, seat: int, action: Action) -> None:
        view = state.view(None)
        for line in view["log"][self.log_seen :]:
            self.out.print(f"  {line}", markup=False)
        self.log_seen = len(view["log"])
        if view["round"] != self.round_seen and not state.is_terminal():
            self.new_round(view)

    def new_round(self, view: dict[str, Any]) -> None:
        self.round_seen = view["round"]
        self.out.print(Rule(f"Round {view['round']} of {view['rounds']}"))
        if not self.humans:  # people see the table at each of their turns instead
            self.out.print(display.position(view, self.names, log=False))

    # -------------------------------------------------------------- a person's turn

    def ask(self, state: TokyoMetroState, seat: int, legal: Sequence[Action]) -> Action | None:
        view = state.view(seat)
        if view["phase"] == "trains":
            self.out.print(display.header(view, self.names))
        else:
            self.out.print(display.position(view, self.names, log=False))
        menu = build_menu(legal)
        self.out.print(menu.render())
        while True:
            text = self.input.read(f"{seat_label(self.names, seat)} > ")
            if text is None:
                return None
            if text == "quit":
                self.quit = True
                return None
            chosen = self.answer(state, seat, text, menu)
            if chosen is not None:
                return chosen

    def answer(self, state: TokyoMetroState, seat: int, text: str, menu: Menu) -> Action | None:
        """The action a line of input names, or None after handling a command or an error."""
        if not text:
            return None
        command = COMMANDS.get(text)
        if command is not None:
            command(self, state, seat, menu)
            return None
        if text.isdigit():
            picked = menu.pick(int(text))
            if picked is None:
                self.out.print(f"[red]No action {text}: choose 1 to {len(menu.choices)}.[/red]")
            return picked
        try:
            action = GAME.parse_action(text)
            state.clone().apply(seat, action)  # a trial run, for the rules' own refusal
        except EkimaeError as exc:
            self.out.print(Text(str(exc), style="red"))
            return None
        return action

    def show_help(self, state: TokyoMetroState, seat: int, menu: Menu) -> None:
        self.out.print(HELP, markup=False)

    def show_list(self, state: TokyoMetroState, seat: int, menu: Menu) -> None:
        self.out.print(menu.render())

    def show_table(self, state: TokyoMetroState, seat: int, menu: Menu) -> None:
        self.out.print(display.position(state.view(seat), self.names))

    def show_log(self, state: TokyoMetroState, seat: int, menu: Menu) -> None:
        for line in state.view(seat)["log"]:
            self.out.print(f"  {line}", markup=False)

    def show_hint(self, state: TokyoMetroState, seat: int, menu: Menu) -> None:
        """The move the `strong` bot would make here, from this seat's view only."""
        self.out.print("thinking…", style="dim")
        action, chance = hint(state.view(seat), state.legal_actions(seat))
        self.out.print(f"hint: {action}  (estimated win chance {chance:.0%})", markup=False)

    def show_map(self, state: TokyoMetroState, seat: int, menu: Menu) -> None:
        board = load_board()
        with tempfile.NamedTemporaryFile("w", suffix=".svg", delete=False) as file:
            path = file.name
        write_picture(path, board, overlay_from_view(board, state.view(seat)))
        self.out.print(f"map written to {path}")


COMMANDS = {
    "help": Session.show_help,
    "?": Session.show_help,
    "list": Session.show_list,
    "show": Session.show_table,
    "log": Session.show_log,
    "map": Session.show_map,
    "hint": Session.show_hint,
}


def run(args: argparse.Namespace) -> int:
    out = console()
    names = parse_seats(args.seats, args.players, DEFAULT_SEATS, humans=True)
    # Without --seed the decks come from 256 secret bits (ekimae.seeding): a seed shown at
    # the start, or a small one, would let a player work out every card still to come.
    # It is printed at the end and saved in the record, so the game still replays.
    chosen = args.seed is not None
    seed = args.seed if chosen else secret_seed()
    out.print(
        f"TOKYO METRO · seed {seed if chosen else 'secret until the end'} · seats: "
        + ", ".join(seat_label(names, s) for s in range(len(names)))
    )
    session = Session(out, names)
    session.new_round(GAME.new_state(len(names), seed).view(None))
    state, record = play_game(
        GAME,
        make_seats(names, seed),
        seed,
        names=names,
        ask=session.ask,
        on_action=session.on_action,
    )
    if state.is_terminal():
        assert state.final is not None
        out.print(
            display.final_result(state.final, state.scores(), state.view(None)["order"], names)
        )
        if not chosen:
            out.print(f"The seed was {seed}.")
        if args.save:
            write_record(args.save, record)
            out.print(f"record saved to {args.save}")
        return 0
    out.print(f"Game stopped after {len(record.actions)} actions.")
    if session.quit:
        offer_save(session.input, record, args.save)
    return 0


def offer_save(reader: Input, record: GameRecord, default: str | None) -> None:
    """Ask where to save an unfinished game's record; no answer saves nothing (or to
    `default`, the --save file, if there is one)."""
    hint = f" [{default}]" if default else ""
    answer = reader.read(f"Save the record to a file?{hint} (path, or empty for no) ")
    if answer is None:  # end of input: leave without saving
        return
    path = answer or default
    if path:
        write_record(path, record)
        reader.out.print(f"record saved to {path}")
