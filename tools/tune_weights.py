"""Tune the heuristic's `Weights` by self-play: coordinate search against `normal`.

Each candidate plays `--games` 2-player games against `NORMAL` (seats alternate, the same
seeds for every candidate, both seats choosing on the raw state as the search playouts do);
a change is kept when its win rate beats the current best by two standard errors. The
result printed at the end is what `search_bots.TUNED` holds; `--check` plays fresh seeds.

    .venv/bin/python tools/tune_weights.py --games 600 --passes 2 --workers 2
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from rich.progress import Progress

from ekimae.bots.mcts import apply_fast
from ekimae.bots.tokyo_metro.greedy import NORMAL, Weights
from ekimae.bots.tokyo_metro.rollout_policy import weighted_policy
from ekimae.bots.tokyo_metro.search_bots import TUNED
from ekimae.games.tokyo_metro.game import GAME

STEPS = (0.6, 1.5)  # multiplicative tries per knob


def play(task: tuple[Weights, int] | tuple[Weights, int, Weights]) -> float:
    """1 if `weights` won game `seed` against the opponent's weights (NORMAL unless
    given; seat by seed parity), else 0."""
    weights, seed = task[0], task[1]
    opponent = task[2] if len(task) == 3 else NORMAL
    mine = seed % 2
    policies = [weighted_policy(opponent), weighted_policy(opponent)]
    policies[mine] = weighted_policy(weights)
    rng = random.Random(seed)
    state = GAME.new_state(2, seed)
    while not state.is_terminal():
        seat = state.current_players()[0]
        apply_fast(state, seat, policies[seat](state, seat, state.legal_actions(seat), rng))
    return 1.0 if state.winner() == mine else 0.0


def win_rate(
    pool: ProcessPoolExecutor, weights: Weights, seeds: range, opponent: Weights = NORMAL
) -> float:
    results = list(pool.map(play, [(weights, s, opponent) for s in seeds], chunksize=25))
    return sum(results) / len(results)


def neighbours(w: Weights) -> list[tuple[str, Weights]]:
    """Every knob (each share of `stock_share` apart) scaled by each of STEPS."""
    out: list[tuple[str, Weights]] = []
    for f in dataclasses.fields(w):
        value: Any = getattr(w, f.name)
        for step in STEPS:
            if f.name == "kind_bonus":
                for i, (kind, yen) in enumerate(value):
                    changed = list(value)
                    changed[i] = (kind, round(yen * step, 1))
                    out.append((f"{kind} bonus x{step}", _with(w, f.name, tuple(changed))))
                continue
            if isinstance(value, tuple):
                for i in range(len(value)):
                    changed = list(value)
                    changed[i] = round(changed[i] * step, 3)
                    out.append((f"{f.name}[{i}]x{step}", _with(w, f.name, tuple(changed))))
                continue
            scaled = int(value * step) if isinstance(value, int) else round(value * step, 3)
            out.append((f"{f.name}x{step}", _with(w, f.name, scaled)))
    return out


def _with(w: Weights, name: str, value: Any) -> Weights:
    changes: dict[str, Any] = {name: value}
    return dataclasses.replace(w, **changes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--passes", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--check", type=int, default=2000, help="fresh games for the result")
    parser.add_argument(
        "--start",
        choices=("normal", "tuned"),
        default="normal",
        help="the weights to search from: NORMAL or expert's current TUNED",
    )
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    best = NORMAL if args.start == "normal" else TUNED
    se = math.sqrt(0.25 / args.games)
    with ProcessPoolExecutor(args.workers) as pool, Progress() as progress:
        # Every candidate plays against NORMAL, so the starting point's own rate is the bar.
        best_rate = 0.5 if best == NORMAL else win_rate(pool, best, seeds)
        for p in range(args.passes):
            tries = neighbours(best)
            bar = progress.add_task(f"pass {p + 1}", total=len(tries))
            improved = False
            for label, cand in tries:
                rate = win_rate(pool, cand, seeds)
                progress.advance(bar)
                if rate > best_rate + 2 * se:
                    progress.console.print(f"keep {label}: {rate:.3f} (was {best_rate:.3f})")
                    best, best_rate, improved = cand, rate, True
            if not improved:
                break
        fresh = range(10**6 + args.seed, 10**6 + args.seed + args.check)
        check = win_rate(pool, best, fresh)
    half = 1.96 * math.sqrt(check * (1 - check) / args.check)
    print(f"tuned vs NORMAL on {args.check} fresh games: {check:.3f} ± {half:.3f}")
    print(repr(best))


if __name__ == "__main__":
    main()
