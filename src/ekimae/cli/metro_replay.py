"""`ekimae metro replay`: a saved game again, action by action, with the game's log."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rich.console import Console

from ekimae.cli import display
from ekimae.cli.common import console, err_console, read_record, seat_label
from ekimae.cli.replaying import first_state, replay_steps
from ekimae.core.actions import Action
from ekimae.core.game import seat_name
from ekimae.core.record import data_mismatch
from ekimae.games.tokyo_metro.game import GAME, TokyoMetroState


def add_parser(commands: Any) -> None:
    parser = commands.add_parser("replay", help="replay a saved game record")
    parser.add_argument("file", metavar="FILE", help="a record saved by 'play --save'")
    parser.add_argument("--step", action="store_true", help="wait for Enter after each action")
    parser.add_argument("--upto", type=int, metavar="N", help="stop after N actions and show")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    out = console()
    record = read_record(args.file)
    names = record.names or [seat_name(s) for s in range(record.seats)]
    out.print(
        f"{args.file}: {record.seats} seats, seed {record.seed}, {len(record.actions)} actions"
    )
    state = first_state(record, args.file)
    stepping = args.step
    seen = 0
    for index, seat, action in replay_steps(record, args.file, state, args.upto):
        seen = print_step(out, state, index, seat, action, names, seen)
        if stepping:
            stepping = wait(out)
    if state.is_terminal() and args.upto is None:
        assert state.final is not None
        order = state.view(None)["order"]
        out.print(display.final_result(state.final, state.scores(), order, names))
    else:
        out.print(display.position(state.view(None), names))
    mismatch = data_mismatch(record, GAME)
    if mismatch is not None:  # it replayed, but maybe not as it was played (a failure says so)
        err_console().print(f"warning: {args.file}: {mismatch}", markup=False, soft_wrap=True)
    return 0


def print_step(
    out: Console,
    state: TokyoMetroState,
    index: int,
    seat: int,
    action: Action,
    names: list[str],
    seen: int,
) -> int:
    """The action, then the log lines it added (without the one that only repeats it)."""
    out.print(f"{index + 1:>5}  {seat_label(names, seat)}: {action}", markup=False)
    log = state.view(None)["log"]
    echo = f"{seat_name(seat)}: {action}"
    for line in log[seen:]:
        if line != echo:
            out.print(f"         {line}", style="dim", markup=False)
    return len(log)


def wait(out: Console) -> bool:
    """Wait for Enter; False (stop stepping) on 'q' or at the end of input."""
    out.print("[dim]Enter: next · q: run to the end[/dim] ", end="")
    out.file.flush()
    line = sys.stdin.readline()
    if not sys.stdin.isatty():  # the typed newline is not on screen: end the prompt line
        out.print(line.rstrip("\n"), markup=False)
    return bool(line) and line.strip() != "q"
