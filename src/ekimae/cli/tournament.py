"""`ekimae tournament --game NAME`: bot types against each other over many games, on all
cores.

Seats rotate game by game so every type plays every seat. Games run in worker processes
(`--workers`, default all cores) or on a Ray cluster (`--ray-address`; ``local`` starts
Ray in this process). Prints win rates with Wilson 95% intervals, Elo ratings, score
distributions, seat-order advantage, the title's end figures (TOKYO METRO: line values)
and action usage; `--json` prints them as one JSON object instead; `--out DIR` writes them
as CSV files and PNG plots. A seat sharing first place counts as that share of a win.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from pathlib import Path
from typing import Any

from rich.table import Table

from ekimae.cli.code_version import code_version
from ekimae.cli.common import UsageError, chosen_game, console, err_console, parse_seats
from ekimae.cli.progress import progress
from ekimae.cli.runners import Runner, make_runner
from ekimae.cli.terminal import TerminalTitle, terminal_title
from ekimae.cli.tournament_log import Key, append, read_log, task_key
from ekimae.cli.tournament_output import write_outputs
from ekimae.cli.tournament_stats import GameResult, Task, play_one, rotations, summarize
from ekimae.i18n import _


def add_parser(commands: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = commands.add_parser(
        "tournament", help="bots against each other, with statistics"
    )
    parser.add_argument(
        "--seats", metavar="LIST",
        help="comma-separated seat types, one per seat (default: the title's, else every "
        "bot of the game, strongest first)",
    )  # fmt: skip
    parser.add_argument("--games", type=int, default=100, metavar="N", help="default 100")
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, metavar="K",
        help="worker processes (default: all cores)",
    )  # fmt: skip
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="first seed (default 1)")
    parser.add_argument(
        "--untimed", action="store_true",
        help="search bots stop at their sample caps, never at the clock: the results "
        "depend on the seeds only, not on the machine or its load",
    )  # fmt: skip
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--out", metavar="DIR", help="write CSV files and PNG plots here")
    parser.add_argument(
        "--log", metavar="FILE",
        help="append each finished game to FILE (JSON lines); run the same command again "
        "to resume: games already in FILE are read back, not played",
    )  # fmt: skip
    parser.add_argument(
        "--ray-address", metavar="ADDR",
        help="run the games on Ray at ADDR ('local': a local Ray in this process)",
    )  # fmt: skip
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    game, options = chosen_game(args)
    title = terminal_title(game.name)
    default, _count = title.default_seats(game, "tournament")
    types = parse_seats(game, args.seats or ",".join(default), None, (), humans=False)
    if args.games < 1:
        raise UsageError(_("--games: expected at least 1, got {n}").format(n=args.games))
    tasks = rotations(types, args.games, args.seed, args.untimed, game.name, options)
    results = play(tasks, args)
    results.sort(key=lambda r: r.seed)
    summary = summarize(results, title.figures_key)
    if args.out:
        notes = write_outputs(args.out, results, summary, title)
        for note in notes:
            err_console().print(note)
    if args.json:
        sys.stdout.write(json.dumps(summary, ensure_ascii=False) + "\n")
    else:
        print_summary(summary, title)
    return 0


def play(tasks: list[Task], args: argparse.Namespace) -> list[GameResult]:
    """Every game of `tasks`: those in `--log` read back, the others played (and logged)."""
    done: dict[Key, GameResult] = {}
    code = code_version()
    if args.log:
        done, warnings = read_log(Path(args.log), tasks, code)
        for warning in warnings:
            err_console().print(warning)
    todo = [t for t in tasks if task_key(t) not in done]
    by_seed = {t.seed: t for t in todo}
    # Games differ a lot in length; single-game chunks keep every core busy to the end.
    runner: Runner[Task, GameResult] = make_runner(args.workers, args.ray_address)
    results = list(done.values())
    with contextlib.ExitStack() as stack:
        log = stack.enter_context(open(args.log, "a", encoding="utf-8")) if args.log else None
        advance = stack.enter_context(progress(err_console(), "games", len(tasks), len(results)))
        if todo:
            for result in runner(play_one, todo):
                if log is not None:
                    append(log, result, by_seed[result.seed], code)
                results.append(result)
                advance()
    return results


def print_summary(summary: dict[str, Any], title: TerminalTitle) -> None:
    out = console()
    table = Table(title=f"{summary['games']} games", title_justify="left")
    mean = f"mean {title.score_word}"
    for column in ("bot", "win rate", "95% interval", "Elo", mean, "median", "stdev"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for t in summary["seats"]:
        lo, hi = summary["win_rate_95"][t]
        sc = summary["scores"][t]
        table.add_row(
            t,
            f"{summary['win_rate'][t]:.1%}",
            f"{lo:.1%}–{hi:.1%}",
            f"{summary['elo'][t]:.0f}",
            title.score(sc["mean"]),
            title.score(sc["median"]),
            title.score(sc["stdev"]),
        )
    out.print(table)
    seats = "  ".join(f"seat {i}: {w:.1%}" for i, w in enumerate(summary["seat_win_rate"], start=1))
    out.print(f"win rate by seat: {seats}")
    if title.figures_key is not None:
        out.print(title.figures_text(summary[title.figures_key]))
    usage = Table(title="actions per game, by bot", title_justify="left")
    kinds = sorted({k for t in summary["seats"] for k in summary["actions_per_game"][t]})
    usage.add_column("action")
    for t in summary["seats"]:
        usage.add_column(t, justify="right")
    for k in kinds:
        row = [summary["actions_per_game"][t].get(k, 0.0) for t in summary["seats"]]
        usage.add_row(k, *(f"{x:.1f}" for x in row))
    out.print(usage)
