"""`ekimae replay FILE`: a saved game again, action by action, with the game's log (the
game is the one the record names; `--game` checks it). A record holds every choice, so
sealed ones are shown too."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rich.console import Console

from ekimae.cli.common import console, err_console, read_record
from ekimae.cli.replaying import first_state, replay_steps
from ekimae.cli.terminal import terminal_title
from ekimae.core.game import seat_name
from ekimae.core.record import data_mismatch


def add_parser(commands: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = commands.add_parser(
        "replay", help="replay a saved game record"
    )
    parser.add_argument("file", metavar="FILE", help="a record saved by 'play --save'")
    parser.add_argument("--step", action="store_true", help="wait for Enter after each action")
    parser.add_argument("--upto", type=int, metavar="N", help="stop after N actions and show")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    out = console()
    record, game = read_record(args.file, args.game)
    names = record.names or [seat_name(s) for s in range(record.seats)]
    out.print(
        f"{args.file}: {record.seats} seats, seed {record.seed}, {len(record.actions)} actions"
    )
    state = first_state(game, record, args.file)
    front = terminal_title(game.name).front(game, out, names, humans=False)
    stepping = args.step
    for index, seat, action in replay_steps(game, record, args.file, state, args.upto):
        front.replayed(state, index, seat, action)
        if stepping:
            stepping = wait(out)
    if state.is_terminal() and args.upto is None:
        front.final(state)
    else:
        front.table(state, None)
    mismatch = data_mismatch(record, game)
    if mismatch is not None:  # it replayed, but maybe not as it was played (a failure says so)
        err_console().print(f"warning: {args.file}: {mismatch}", markup=False, soft_wrap=True)
    return 0


def wait(out: Console) -> bool:
    """Wait for Enter; False (stop stepping) on 'q' or at the end of input."""
    out.print("[dim]Enter: next · q: run to the end[/dim] ", end="")
    out.file.flush()
    line = sys.stdin.readline()
    if not sys.stdin.isatty():  # the typed newline is not on screen: end the prompt line
        out.print(line.rstrip("\n"), markup=False)
    return bool(line) and line.strip() != "q"
