"""`ekimae play --game NAME`: a whole game in the terminal, people and bots at the table.

The loop is every game's: the game's front end (`terminal.Front`, the title's own or the
generic one) shows the table and the menu; a person types a number, an action's text
form, or a command (help, list, show, log, quit, and any the title adds).

A real-time game is taken in turns here (`bots.play_game`): at each step every seat acts
once, people included, each at the earliest game time the rules allow (the listed action
carries its time); the game's own timers run out when no seat can act before them. A
person may type an action with a later time to wait.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from ekimae.bots import play_game
from ekimae.cli.common import (
    HUMAN,
    UsageError,
    chosen_game,
    console,
    make_seats,
    parse_seats,
    seat_label,
    write_record,
)
from ekimae.cli.menu import Menu
from ekimae.cli.refusals import error_text
from ekimae.cli.rules import show
from ekimae.cli.terminal import Front, terminal_title
from ekimae.core.actions import Action
from ekimae.core.errors import EkimaeError
from ekimae.core.game import Dynamics, Game, Seat, State
from ekimae.core.record import GameRecord
from ekimae.games import reference
from ekimae.i18n import _, language
from ekimae.seeding import secret_seed


def add_parser(commands: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = commands.add_parser(
        "play", help="play a game in the terminal"
    )
    parser.add_argument("--players", type=int, metavar="N", help="number of seats")
    parser.add_argument(
        "--seats", metavar="LIST", help="comma-separated seat types ('human' for a person)"
    )
    parser.add_argument("--seed", type=int, metavar="S", help="game seed (default: random)")
    parser.add_argument("--save", metavar="FILE", help="write the game record here at the end")
    parser.set_defaults(run=run)
    return parser


class Input:
    """Lines typed by a person; echoed when stdin is a pipe so a transcript reads well."""

    def __init__(self, out: Console) -> None:
        self.out = out
        self.echo = not sys.stdin.isatty()

    def read(self, prompt: str) -> str | None:
        """One stripped line, or None at the end of input."""
        self.out.print(prompt, end="", markup=False, soft_wrap=True)
        self.out.file.flush()
        line = sys.stdin.readline()
        if not line:
            self.out.print()
            return None
        if self.echo:
            self.out.print(line.rstrip("\n"), markup=False, highlight=False)
        return line.strip()


class Session:
    """The CLI's side of a game: asks the people; the front end shows the game."""

    def __init__(self, out: Console, game: Game[Any], names: list[str], front: Front) -> None:
        self.out = out
        self.game = game
        self.names = names
        self.front = front
        self.input = Input(out)
        self.quit = False  # a person asked to stop (not the end of input)

    def on_action(self, state: State, seat: Seat, action: Action) -> None:
        self.front.acted(state, seat, action)

    def ask(self, state: State, seat: Seat, legal: Sequence[Action]) -> Action | None:
        menu = self.front.menu(state, seat, legal)
        self.front.turn(state, seat, menu)
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

    def answer(self, state: State, seat: Seat, text: str, menu: Menu) -> Action | None:
        """The action a line of input names, or None after handling a command or an error."""
        if not text:
            return None
        if self.command(state, seat, text, menu):
            return None
        if text.isdigit():
            picked = menu.pick(int(text))
            if picked is None:
                message = _("No action {text}: choose 1 to {count}.")
                self.out.print(Text(message.format(text=text, count=len(menu.choices)), "red"))
            return picked
        try:
            action = self.game.parse_action(text)
            state.clone().apply(seat, action)  # a trial run, for the rules' own refusal
        except EkimaeError as exc:
            self.out.print(Text(error_text(self.game.name, exc), style="red"))
            rule = getattr(exc, "rule", None)
            if rule:
                hint = _("(type 'rules {rule}' to read the rule)").format(rule=rule)
                self.out.print(hint, style="dim", markup=False)
            return None
        return action

    def command(self, state: State, seat: Seat, text: str, menu: Menu) -> bool:
        """Run a typed command; False if `text` is none."""
        if text in ("help", "?"):
            self.out.print(self.front.help(state, seat), markup=False)
        elif text == "list":
            self.out.print(menu.render())
        elif text == "show":
            self.front.table(state, seat)
        elif text == "log":
            self.front.log(state, seat)
        elif text == "rules" or text.startswith("rules "):
            self.rules(text.removeprefix("rules").strip())
        elif text in self.front.commands():
            self.front.commands()[text](state, seat)
        else:
            return False
        return True

    def rules(self, rule_id: str) -> None:
        """`rules TM-7.2`: that rule; `rules` alone: the IDs of this game's reference."""
        if rule_id:
            try:
                show(self.out, reference.rule_text(rule_id, language()))
            except reference.UnknownRuleError as exc:
                self.out.print(Text(str(exc), style="red"))
            return
        try:
            found = reference.rules(self.game.name).values()
        except reference.UnknownRuleError as exc:
            self.out.print(Text(str(exc), style="red"))
            return
        self.out.print(Text("  ".join(f"{r.id} {r.title}" for r in found), style="dim"))
        self.out.print(_("Type 'rules <ID>' to read one of them."), markup=False)


def run(args: argparse.Namespace) -> int:
    out = console()
    game, options = chosen_game(args)
    title = terminal_title(game.name)
    default, count = title.default_seats(game, "play")
    players = args.players if args.players is not None or args.seats else count
    names = parse_seats(game, args.seats, players, default, humans=True)
    # Without --seed the decks come from 256 secret bits (ekimae.seeding): a seed shown at
    # the start, or a small one, would let a player work out every card still to come.
    # It is printed at the end and saved in the record, so the game still replays.
    chosen = args.seed is not None
    seed = args.seed if chosen else secret_seed()
    given = "".join(f" · {k}={v}" for k, v in options.items())
    shown_seed = str(seed) if chosen else _("secret until the end")
    seats = ", ".join(seat_label(names, s) for s in range(len(names)))
    out.print(
        f"{game.title}{given} · "
        + _("seed {seed} · seats: {seats}").format(seed=shown_seed, seats=seats)
    )
    front = title.front(game, out, names, humans=HUMAN in names)
    if live_screen(game, names):
        return play_live(out, args, game, options, names, seed, chosen)
    session = Session(out, game, names, front)
    front.started(game.new_state(len(names), seed, options))
    state, record = play_game(
        game,
        make_seats(game, names, seed),
        seed,
        options=options,
        names=names,
        ask=session.ask,
        on_action=session.on_action,
    )
    if state.is_terminal():
        front.final(state)
        if not chosen:
            out.print(_("The seed was {seed}.").format(seed=seed))
        if args.save:
            write_record(args.save, record)
            out.print(_("record saved to {path}").format(path=args.save))
        return 0
    out.print(_("Game stopped after {count} actions.").format(count=len(record.actions)))
    if session.quit:
        offer_save(session.input, record, args.save)
    return 0


def live_screen(game: Game[Any], names: Sequence[str]) -> bool:
    """Whether a person plays this game on the full screen, in real time: a real-time game
    whose title has a live front end, a person at a terminal (a pipe takes it in turns)."""
    if game.type.dynamics is not Dynamics.REAL_TIME or HUMAN not in names:
        return False
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    return terminal_title(game.name).live


def play_live(
    out: Console,
    args: argparse.Namespace,
    game: Game[Any],
    options: dict[str, str],
    names: list[str],
    seed: int,
    chosen: bool,
) -> int:
    """The game on the full screen (cli/live_app.py), then its end, its seed and its record
    as in a game taken in turns."""
    from ekimae.cli.live import LiveTable, WallClock

    if names.count(HUMAN) > 1:
        raise UsageError(_("--seats: a real-time game at one keyboard has one person"))
    seat = names.index(HUMAN)
    table = LiveTable(game, names, make_seats(game, names, seed), seed, options, WallClock())
    title = terminal_title(game.name)
    app = title.live_app(table, seat)
    assert app is not None
    app.run()
    front = title.front(game, out, names, humans=True)
    record = table.record
    if table.is_over():
        front.final(table.state)
        if not chosen:
            out.print(_("The seed was {seed}.").format(seed=seed))
        if args.save:
            write_record(args.save, record)
            out.print(_("record saved to {path}").format(path=args.save))
        return 0
    out.print(_("Game stopped after {count} actions.").format(count=len(record.actions)))
    offer_save(Input(out), record, args.save)
    return 0


def offer_save(reader: Input, record: GameRecord, default: str | None) -> None:
    """Ask whether to save an unfinished game's record. With --save, Enter saves it there
    (another path saves it there instead); without, Enter saves nothing. `no`, and the
    end of input, save nothing."""
    if default:
        question = _("Save the record to {path}? (Enter: yes; another path; or 'no') ")
        answer = reader.read(question.format(path=default))
    else:
        answer = reader.read(_("Save the record to a file? (a path, or Enter for no) "))
    if answer is None or answer.lower() in {"no", "n", _("no").lower()}:
        return
    path = answer or default
    if not path:
        return
    write_record(path, record)
    reader.out.print(_("record saved to {path}").format(path=path))
