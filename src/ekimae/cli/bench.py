"""`ekimae bench`: how fast the engine is, on one core, with random play (and the
`normal`-policy playouts the search bots run).

Each figure is the median of `--repeat` runs. Legal-action listing and apply are timed on
fresh clones of positions collected from real games, since a state caches its listing
and timing the same state again would only measure the cache.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from rich.table import Table

from ekimae.bots.flat_search import playout
from ekimae.bots.tokyo_metro.rollout_policy import Policy, normal_policy, weighted_policy
from ekimae.bots.tokyo_metro.search_bots import DISTILLED
from ekimae.cli.common import UsageError, console
from ekimae.core.actions import Action
from ekimae.games.tokyo_metro.game import GAME, TokyoMetroState

SAMPLE_GAMES = 20  # games whose positions are kept for the per-call timings
NORMAL_SHARE = 10  # a `normal` playout costs some ten random ones: a tenth of the games


def add_parser(commands: Any) -> None:
    parser = commands.add_parser("bench", help="measure the engine's speed (one core)")
    parser.add_argument(
        "--games", type=int, default=200, metavar="N", help="games per run (default 200)"
    )
    parser.add_argument("--players", type=int, default=4, metavar="P", help="seats (default 4)")
    parser.add_argument("--repeat", type=int, default=5, metavar="R", help="runs (default 5)")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="first seed")
    parser.set_defaults(run=run)


Position = tuple[TokyoMetroState, int, Action]  # a state, the seat to act, its chosen action


def random_game(players: int, seed: int, keep: list[Position] | None = None) -> int:
    """Play one game with uniform random choices; return its number of actions."""
    state = GAME.new_state(players, seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal():
        seat = state.current_players()[0]
        legal = state.legal_actions(seat)
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


def one_run(players: int, games: int, seed: int) -> dict[str, float]:
    steps: list[int] = []

    def play() -> int:
        steps.extend(random_game(players, seed + g) for g in range(games))
        return games

    positions: list[Position] = []
    for g in range(min(games, SAMPLE_GAMES)):
        random_game(players, seed + g, positions)
    fresh = [state.clone() for state, _, _ in positions]

    def listing() -> int:
        for state, (_, seat, _) in zip(fresh, positions, strict=True):
            state.legal_actions(seat)
        return len(fresh)

    fresh_apply = [state.clone() for state, _, _ in positions]

    def applying() -> int:
        for state, (_, seat, action) in zip(fresh_apply, positions, strict=True):
            state.apply(seat, action)
        return len(fresh_apply)

    def cloning() -> int:
        for state, _, _ in positions:
            state.clone()
        return len(positions)

    def rollouts() -> int:
        # What a searching bot does per iteration: clone the root, play out to the end
        # with listed actions (no re-check, `apply_unchecked`).
        root = GAME.new_state(players, seed)
        rng = random.Random(seed)
        for _ in range(games):
            state = root.clone()
            while not state.is_terminal():
                seat = state.current_players()[0]
                legal = state.legal_actions(seat)
                state.apply_unchecked(seat, legal[rng.randrange(len(legal))])
        return games

    def policy_playouts(policy: Policy) -> Callable[[], int]:
        def run() -> int:
            root = GAME.new_state(players, seed)
            rng = random.Random(seed)
            count = max(1, games // NORMAL_SHARE)
            for _ in range(count):
                playout(root.clone(), policy, rng)
            return count

        return run

    return {
        "games/s": timed(play),
        "search playouts/s (clone + unchecked random play to the end)": timed(rollouts),
        # Every seat follows `normal`'s reckoning (strong) or the distilled one (expert).
        "normal-policy playouts/s (what strong plays out)": timed(policy_playouts(normal_policy)),
        "distilled playouts/s (what expert plays out)": timed(
            policy_playouts(weighted_policy(DISTILLED))
        ),
        "legal listings/s": timed(listing),
        "applies/s (legality check included)": timed(applying),
        "clones/s": timed(cloning),
        "steps per game": statistics.fmean(steps),
    }


def run(args: argparse.Namespace) -> int:
    if args.games < 1 or args.repeat < 1:
        raise UsageError("--games and --repeat must be at least 1")
    out = console()
    runs = []
    for r in range(args.repeat):
        runs.append(one_run(args.players, args.games, args.seed))
        out.print(f"run {r + 1}/{args.repeat}: {runs[-1]['games/s']:.1f} games/s", style="dim")
    table = Table(
        title=f"random play, {args.players} players: median of {args.repeat} runs",
        title_justify="left",
    )
    table.add_column(f"measure ({args.games} games a run)")
    table.add_column("value", justify="right")
    for key in runs[0]:
        table.add_row(key, f"{statistics.median(r[key] for r in runs):,.1f}")
    out.print(table)
    return 0
