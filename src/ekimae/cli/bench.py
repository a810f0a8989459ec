"""`ekimae bench --game NAME`: how fast the engine is, on one core, with random play (and
any figures the title adds, such as the playouts its search bots run).

Each figure is the median of `--repeat` runs. Legal-action listing and apply are timed on
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
from typing import Any

from rich.table import Table

from ekimae.cli.common import UsageError, chosen_game, console
from ekimae.cli.terminal import clamp, terminal_title
from ekimae.core.actions import Action
from ekimae.core.game import SYSTEM, Game, Seat, State
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


def timed(work: Callable[[], int]) -> float:
    """Operations per second of `work`, which returns how many operations it did."""
    start = time.perf_counter()
    count = work()
    return count / max(time.perf_counter() - start, 1e-9)


def one_run(
    game: Game[Any], players: int, games: int, seed: int, options: dict[str, str]
) -> dict[str, float]:
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
    return {
        "games/s": timed(play),
        **{label: timed(work) for label, work in extras.items()},
        "legal listings/s": timed(listing),
        "applies/s (legality check included)": timed(applying),
        "clones/s": timed(cloning),
        "steps per game": statistics.fmean(steps),
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
    game, options = chosen_game(args)
    if args.games < 1 or args.repeat < 1:
        raise UsageError(_("--games and --repeat must be at least 1"))
    low, high = game.type.min_seats, game.type.max_seats
    players = args.players if args.players is not None else clamp(PLAYERS, low, high)
    if not low <= players <= high:
        raise UsageError(
            _("--players: {count} seats (allowed {low}–{high} in {game})").format(
                count=players, low=low, high=high, game=game.name
            )
        )
    out = console()
    runs = []
    for r in range(args.repeat):
        runs.append(one_run(game, players, args.games, args.seed, options))
        out.print(f"run {r + 1}/{args.repeat}: {runs[-1]['games/s']:.1f} games/s", style="dim")
    table = Table(
        title=f"random play, {players} players: median of {args.repeat} runs",
        title_justify="left",
    )
    table.add_column(f"measure ({args.games} games a run)")
    table.add_column("value", justify="right")
    for key in runs[0]:
        table.add_row(key, f"{statistics.median(r[key] for r in runs):,.1f}")
    out.print(table)
    return 0
