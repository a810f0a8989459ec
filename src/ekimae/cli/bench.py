"""`ekimae bench --game NAME`: how fast the engine is, on one core, with random play (and
any figures the title adds, such as the playouts its search bots run).

Each figure is the median of `--repeat` runs, per wall-clock second and per CPU second of
this process (`time.process_time`): on a machine shared with other work the wall time
stretches, the CPU time much less, so the CPU column is the one to compare between runs;
the run's own wall and CPU seconds close the table. `--every-game` plays each registered
title in turn and prints one line each. Legal-action listing and apply are timed on
fresh clones of positions collected from real games, since a state caches its listing
and timing the same state again would only measure the cache. A random game picks, at each
step, a seat that may act and one of its legal actions; when no seat can, the game's own
action due at `deadline()` (real-time games).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.table import Table

from ekimae.cli.common import UsageError, chosen_game, console
from ekimae.cli.terminal import clamp, terminal_title
from ekimae.core.actions import Action
from ekimae.core.game import SYSTEM, Game, Seat, State
from ekimae.games import titles
from ekimae.i18n import _

SAMPLE_GAMES = 20  # games whose positions are kept for the per-call timings
PLAYERS = 4  # seats without --players (within the game's range)


def add_parser(commands: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = commands.add_parser(
        "bench", help="measure the engine's speed (one core)"
    )
    parser.add_argument(
        "--games", type=int, default=200, metavar="N", help="games per run (default 200)"
    )
    parser.add_argument(
        "--players", type=int, metavar="P", help=f"seats (default {PLAYERS}, or the game's)"
    )
    parser.add_argument("--repeat", type=int, default=5, metavar="R", help="runs (default 5)")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="first seed")
    parser.add_argument(
        "--every-game",
        action="store_true",
        help="random play of every title, one line each (their default seats and options)",
    )
    parser.set_defaults(run=run)
    return parser


Position = tuple[State, Seat, Action]  # a state, the seat to act, its chosen action


def random_game(
    game: Game[Any],
    players: int,
    seed: int,
    options: dict[str, str],
    keep: list[Position] | None = None,
) -> int:
    """Play one game with uniform random choices; return its number of actions."""
    state: State = game.new_state(players, seed, options)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal():
        seat = next((s for s in state.current_players() if state.legal_actions(s)), SYSTEM)
        legal = state.legal_actions(seat)
        if not legal:
            raise RuntimeError(f"game with seed {seed}: nobody can act, yet it is not over")
        action = legal[rng.randrange(len(legal))]
        if keep is not None:
            keep.append((state.clone(), seat, action))
        state.apply(seat, action)
        steps += 1
    return steps


@dataclass(frozen=True)
class Rate:
    """What a timed piece of work did, per wall-clock second and per CPU second."""

    count: int
    wall: float
    cpu: float

    @property
    def per_wall(self) -> float:
        return self.count / max(self.wall, 1e-9)

    @property
    def per_cpu(self) -> float:
        return self.count / max(self.cpu, 1e-9)


def timed(work: Callable[[], int]) -> Rate:
    """How fast `work` ran; it returns how many operations it did."""
    wall, cpu = time.perf_counter(), time.process_time()
    count = work()
    return Rate(count, time.perf_counter() - wall, time.process_time() - cpu)


def one_run(
    game: Game[Any], players: int, games: int, seed: int, options: dict[str, str]
) -> dict[str, Rate]:
    steps: list[int] = []

    def play() -> int:
        steps.extend(random_game(game, players, seed + g, options) for g in range(games))
        return games

    positions: list[Position] = []
    for g in range(min(games, SAMPLE_GAMES)):
        random_game(game, players, seed + g, options, positions)
    fresh = [state.clone() for state, _, _ in positions]

    def listing() -> int:
        for state, (_state, seat, _action) in zip(fresh, positions, strict=True):
            state.legal_actions(seat)
        return len(fresh)

    fresh_apply = [state.clone() for state, _, _ in positions]

    def applying() -> int:
        for state, (_state, seat, action) in zip(fresh_apply, positions, strict=True):
            state.apply(seat, action)
        return len(fresh_apply)

    def cloning() -> int:
        for state, _seat, _action in positions:
            state.clone()
        return len(positions)

    extras = title_extras(game, players, games, seed, options)
    games_rate = timed(play)
    return {
        "games/s": games_rate,
        # Every applied action of those games, a seat's or the system's (one decision).
        "decisions/s": Rate(sum(steps), games_rate.wall, games_rate.cpu),
        **{label: timed(work) for label, work in extras.items()},
        "legal listings/s": timed(listing),
        "applies/s (legality check included)": timed(applying),
        "clones/s": timed(cloning),
    }


def title_extras(
    game: Game[Any], players: int, games: int, seed: int, options: dict[str, str]
) -> dict[str, Callable[[], int]]:
    """The title's own timings for a game with these `--option`s. A title whose extras
    depend on the options says so with `bench_options` (TOKYO METRO: its map and card set,
    MOD-1); the others' `bench` has no options, and none are given to it."""
    title = terminal_title(game.name)
    with_options = getattr(title, "bench_options", None)
    if callable(with_options):
        found: dict[str, Callable[[], int]] = with_options(game, players, games, seed, options)
        return found
    return title.bench(game, players, games, seed)


def run(args: argparse.Namespace) -> int:
    if args.games < 1 or args.repeat < 1:
        raise UsageError(_("--games and --repeat must be at least 1"))
    if args.every_game:
        return run_every_game(args)
    game, options = chosen_game(args)
    players = _players(game, args.players)
    out = console()
    runs = []
    wall, cpu = time.perf_counter(), time.process_time()
    for r in range(args.repeat):
        runs.append(one_run(game, players, args.games, args.seed, options))
        done = runs[-1]["games/s"]
        out.print(
            f"run {r + 1}/{args.repeat}: {done.per_wall:.1f} games/s, "
            f"{done.per_cpu:.1f} per CPU second",
            style="dim",
        )
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    table = Table(
        title=f"{game.title}, random play, {players} players: median of {args.repeat} runs",
        title_justify="left",
    )
    table.add_column(f"measure ({args.games} games a run)")
    table.add_column("per wall second", justify="right")
    table.add_column("per CPU second", justify="right")
    for key in runs[0]:
        wall_rate = statistics.median(r[key].per_wall for r in runs)
        cpu_rate = statistics.median(r[key].per_cpu for r in runs)
        table.add_row(key, f"{wall_rate:,.1f}", f"{cpu_rate:,.1f}")
    steps = statistics.median(r["decisions/s"].count / r["games/s"].count for r in runs)
    table.add_row("steps per game", f"{steps:,.1f}", "")
    table.add_row("this bench: seconds", f"{wall:,.1f}", f"{cpu:,.1f}")
    out.print(table)
    return 0


def _players(game: Game[Any], asked: int | None) -> int:
    low, high = game.type.min_seats, game.type.max_seats
    players = asked if asked is not None else clamp(PLAYERS, low, high)
    if not low <= players <= high:
        raise UsageError(
            _("--players: {count} seats (allowed {low}–{high} in {game})").format(
                count=players, low=low, high=high, game=game.name
            )
        )
    return players


def run_every_game(args: argparse.Namespace) -> int:
    """Random play of every title (its default options), one line each: games and
    decisions per wall and per CPU second, and the wall and CPU seconds it took."""
    out = console()
    table = Table(
        title=f"random play, every title: median of {args.repeat} runs of {args.games} games",
        title_justify="left",
    )
    for column in (
        "title",
        "seats",
        "games/s (wall)",
        "games/s (CPU)",
        "decisions/s (wall)",
        "decisions/s (CPU)",
        "wall s",
        "CPU s",
    ):
        table.add_column(column, justify="left" if column == "title" else "right")
    games: int = args.games
    for game in titles().values():
        players = clamp(args.players or PLAYERS, game.type.min_seats, game.type.max_seats)
        rates: list[Rate] = []
        decisions: list[Rate] = []
        for _run in range(args.repeat):
            steps: list[int] = []

            def play(
                game: Game[Any] = game, players: int = players, steps: list[int] = steps
            ) -> int:
                for g in range(games):
                    steps.append(random_game(game, players, args.seed + g, {}))
                return games

            rate = timed(play)
            rates.append(rate)
            decisions.append(Rate(sum(steps), rate.wall, rate.cpu))
        table.add_row(
            game.title,
            str(players),
            f"{statistics.median(r.per_wall for r in rates):,.1f}",
            f"{statistics.median(r.per_cpu for r in rates):,.1f}",
            f"{statistics.median(r.per_wall for r in decisions):,.0f}",
            f"{statistics.median(r.per_cpu for r in decisions):,.0f}",
            f"{sum(r.wall for r in rates):,.2f}",
            f"{sum(r.cpu for r in rates):,.2f}",
        )
        out.print(f"{game.title}: done", style="dim")
    out.print(table)
    return 0
