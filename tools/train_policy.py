"""Train the small REINFORCE policy (`ekimae.research.reinforce`) and measure it.

    .venv/bin/python tools/train_policy.py --game tokyo-metro --minutes 3
    .venv/bin/python tools/train_policy.py --game sealed-auction --examples --minutes 1

Trains one seat of a two-seat game against `--opponent` bots for `--minutes` of wall
time (a progress bar shows games and the recent win rate), then plays `--eval` games of
the greedy policy against each of `--against` and prints a Markdown table of win rates
with 95 % intervals, before and after training (what docs/research.md reports).
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

from ekimae.research.gym_env import EkimaeGym
from ekimae.research.reinforce import Episode, Policy, evaluate, train


def _args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="tokyo-metro")
    parser.add_argument("--examples", action="store_true", help="allow the example games")
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--opponent", default="random", help="the bot trained against")
    parser.add_argument("--against", default="random,normal", help="bots to measure against")
    parser.add_argument("--eval", type=int, default=200, help="games per measurement")
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=1)
    return parser.parse_args()


def _measure(
    game: str, examples: bool, policy: Policy, against: list[str], games: int
) -> dict[str, str]:
    out = {}
    for bot in against:
        env = EkimaeGym(game, 2, opponents=bot, examples=examples)
        rate, half = evaluate(env, policy, games)
        out[bot] = f"{rate:.1%} ± {half:.1%}"
    return out


def main() -> None:
    args = _args()
    console = Console(stderr=True)
    env = EkimaeGym(args.game, 2, opponents=args.opponent, examples=args.examples)
    policy = Policy(env.observation_size, env.action_count, seed=args.seed)
    against = [b for b in args.against.split(",") if b]
    before = _measure(args.game, args.examples, policy, against, args.eval)
    deadline = time.monotonic() + args.minutes * 60
    recent: list[bool] = []
    episodes = 0
    with Progress(
        TextColumn("[bold]training[/]"), BarColumn(), TextColumn("{task.fields[info]}"),
        TimeRemainingColumn(), console=console,
    ) as bar:  # fmt: skip
        task = bar.add_task("train", total=args.minutes * 60, info="")
        start = time.monotonic()
        while time.monotonic() < deadline:

            def seen(n: int, ep: Episode) -> None:
                recent.append(ep.won)
                del recent[:-200]

            train(env, policy, episodes=50, lr=args.lr, seed=args.seed + episodes, on_episode=seen)
            episodes += 50
            rate = float(np.mean(recent)) if recent else 0.0
            bar.update(
                task,
                completed=time.monotonic() - start,
                info=f"{episodes} games, last 200 won {rate:.0%}",
            )
    after = _measure(args.game, args.examples, policy, against, args.eval)
    trained = f"trained {args.minutes:g} min ({episodes} games) vs {args.opponent}"
    print(f"| {args.game}, 2 seats, {trained} | before | after |")
    print("| --- | --- | --- |")
    for bot in against:
        print(f"| greedy policy vs `{bot}` ({args.eval} games) | {before[bot]} | {after[bot]} |")


if __name__ == "__main__":
    main()
