"""Summarise `tournament --log` files as they grow: one bot's win rate against another.

    .venv/bin/python -m tools.measurement docs/measurements/expert-1e903ea-vs-strong.jsonl \
        --bot expert [--against docs/measurements/expert-aab81f9-vs-strong.jsonl]

Prints games, wins, the Wilson 95 % interval and the mean margin of `--bot` over the best
other seat; with `--against`, the same for a second log and, on the seeds both played
(the same deals), how often each won where the other did not. Reads the logs only, so it
can run while the tournament is still writing them.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ekimae.cli.tournament_log import parse_line
from ekimae.cli.tournament_stats import GameResult, wilson


def read(path: Path) -> dict[int, GameResult]:
    """Every whole line of a log (one still being written is left out)."""
    games: dict[int, GameResult] = {}
    for line in path.read_text(encoding="utf-8").splitlines(keepends=True):
        if line.endswith("\n") and line.strip():
            _, result, _ = parse_line(line)
            games[result.seed] = result
    return games


def won(result: GameResult, bot: str) -> bool:
    return result.seats[result.winner] == bot


def margin(result: GameResult, bot: str) -> int:
    seat = result.seats.index(bot)
    others = [s for i, s in enumerate(result.scores) if i != seat]
    return result.scores[seat] - max(others)


def summary(games: dict[int, GameResult], bot: str) -> str:
    n = len(games)
    if n == 0:
        return "no games yet"
    wins = sum(won(g, bot) for g in games.values())
    lo, hi = wilson(wins, n)
    mean = sum(margin(g, bot) for g in games.values()) / n
    return (
        f"{bot} won {wins}/{n} = {wins / n:.1%} (Wilson 95 % {lo:.1%}–{hi:.1%}, "
        f"±{(hi - lo) / 2:.1%}); mean margin ¥{mean:,.0f}"
    )


def paired(a: dict[int, GameResult], b: dict[int, GameResult], bot: str) -> str:
    common = sorted(set(a) & set(b))
    only_a = sum(won(a[s], bot) and not won(b[s], bot) for s in common)
    only_b = sum(won(b[s], bot) and not won(a[s], bot) for s in common)
    return (
        f"on the same {len(common)} deals: won only in the first log {only_a}, "
        f"only in the second {only_b}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log", type=Path)
    parser.add_argument("--bot", required=True, help="the seat type whose wins are counted")
    parser.add_argument("--against", type=Path, help="a second log, compared on shared seeds")
    args = parser.parse_args()
    first = read(args.log)
    print(f"{args.log}: {summary(first, args.bot)}")
    if args.against:
        second = read(args.against)
        print(f"{args.against}: {summary(second, args.bot)}")
        print(paired(first, second, args.bot))


if __name__ == "__main__":
    main()
