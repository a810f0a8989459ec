"""`ekimae metro simulate`: many bot games in a row, a summary, and optionally JSON lines."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.table import Table

from ekimae.bots import play_game
from ekimae.cli.common import UsageError, console, err_console, make_seats, parse_seats
from ekimae.cli.progress import progress
from ekimae.games.tokyo_metro.game import GAME

DEFAULT_SEATS = ("greedy", "random")


def add_parser(commands: Any) -> None:
    parser = commands.add_parser("simulate", help="run many bot games and summarise them")
    parser.add_argument("--players", type=int, metavar="N", help="seats per game (default 2)")
    parser.add_argument("--games", type=int, default=100, metavar="G", help="default 100")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="first seed (default 1)")
    parser.add_argument(
        "--seats", metavar="LIST", help="comma-separated bots (default greedy,random)"
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per game on stdout")
    parser.set_defaults(run=run)


@dataclass(frozen=True)
class Result:
    seed: int
    rounds: int
    scores: list[int]
    winner: int
    seats: list[str]
    line_values: dict[str, int]
    actions: dict[str, int]

    def to_json(self) -> str:
        return json.dumps(self.__dict__, ensure_ascii=False)


def play_one(names: list[str], seed: int) -> Result:
    state, record = play_game(GAME, make_seats(names, seed), seed, names=names)
    view = state.view(None)
    winner = state.winner()
    assert winner is not None, "a bot game always ends"
    return Result(
        seed=seed,
        rounds=state.round,
        scores=state.scores(),
        winner=winner,
        seats=names,
        line_values={line["letter"]: line["value"] for line in view["lines"]},
        actions=dict(Counter(action.kind for _, action in record.actions).most_common()),
    )


def run(args: argparse.Namespace) -> int:
    players = args.players if args.players is not None or args.seats else 2
    names = parse_seats(args.seats, players, DEFAULT_SEATS, humans=False)
    if args.games < 1:
        raise UsageError(f"--games: expected at least 1, got {args.games}")
    results: list[Result] = []
    with progress(err_console(), "games", args.games) as advance:
        for seed in range(args.seed, args.seed + args.games):
            result = play_one(names, seed)
            results.append(result)
            if args.json:
                sys.stdout.write(result.to_json() + "\n")
                sys.stdout.flush()
            advance()
    summary(err_console() if args.json else console(), results)
    return 0


def summary(out: Console, results: list[Result]) -> None:
    names = results[0].seats
    games = len(results)
    seats = Table(title=f"{games} games", title_justify="left")
    for column in ("seat", "bot", "wins", "win rate", "average yen"):
        seats.add_column(column, justify="left" if column in ("seat", "bot") else "right")
    for seat, name in enumerate(names):
        wins = sum(r.winner == seat for r in results)
        mean = statistics.fmean(r.scores[seat] for r in results)
        seats.add_row(str(seat), name, str(wins), f"{wins / games:.1%}", f"¥{mean:,.0f}")
    out.print(seats)
    out.print(_by_bot(results))
    rounds = statistics.fmean(r.rounds for r in results)
    steps = statistics.fmean(sum(r.actions.values()) for r in results)
    out.print(f"rounds per game {rounds:.1f} · actions per game {steps:.0f}")
    values = {
        k: statistics.fmean(r.line_values[k] for r in results) for k in results[0].line_values
    }
    out.print(
        "average final line values: " + "  ".join(f"{k} ¥{v:,.0f}" for k, v in values.items())
    )


def _by_bot(results: list[Result]) -> Table:
    """Win share per bot type: games won over games played by seats of that type."""
    names = results[0].seats
    table = Table(title="by bot", title_justify="left")
    for column in ("bot", "seats", "wins", "win share", "average yen"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for name in dict.fromkeys(names):
        mine = [seat for seat, n in enumerate(names) if n == name]
        wins = sum(r.winner in mine for r in results)
        played = len(results) * len(mine)
        mean = statistics.fmean(r.scores[s] for r in results for s in mine)
        table.add_row(name, str(len(mine)), str(wins), f"{wins / played:.1%}", f"¥{mean:,.0f}")
    return table
