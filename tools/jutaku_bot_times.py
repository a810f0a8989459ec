"""How fast TOKYO JUTAKU's builder bots complete a card, per level (issue 16's figures).

    .venv/bin/python tools/jutaku_bot_times.py                  # 20 games per level and table size
    .venv/bin/python tools/jutaku_bot_times.py --games 100 --seats 1,4,8 --levels builder

Every level of the title's ladder plays whole games alone and at full tables of its own
level (the bots' pace is game time, so this runs as fast as the engine and the solver
allow, not in real time). For each card a bot completes it records the game time from the
start of that round's building to its passing "Stop!" (JU-6), and prints per level and
table size: cards completed, median / p90 / worst completion time in game seconds, and
the rounds a game lasted. The wall time per game says what the bot costs the server.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ekimae.bots import bot_names, make_bot
from ekimae.bots.base import play_game
from ekimae.core.actions import Action
from ekimae.games import find_game

GAME = "tokyo-jutaku"


@dataclass
class Times:
    """Completion times (game ms) and per-game counts for one level at one table size."""

    completions: list[int] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)


def _watch(times: Times) -> Any:
    """An `on_action` that notes each card completed and how long its round had run."""
    seen: dict[str, Any] = {"round": None, "start": 0, "done": None}

    def on_action(state: Any, seat: int, action: Action) -> None:
        view = state.view(None)
        if view["phase"] == "build" and view["round"] != seen["round"]:
            seen["round"], seen["start"] = view["round"], view["phase_start"]
        done = [len(cards) for cards in view["completed"]]
        if seen["done"] is not None:
            for before, after in zip(seen["done"], done, strict=True):
                times.completions.extend([view["now"] - seen["start"]] * (after - before))
        seen["done"] = done

    return on_action


def measure(level: str, seats: int, games: int, seed: int) -> Times:
    game = find_game(GAME)
    times = Times()
    for k in range(games):
        bots = [make_bot(GAME, level, seed + k * 10 + s) for s in range(seats)]
        began = time.perf_counter()
        state, _ = play_game(game, bots, seed + k, on_action=_watch(times))
        times.wall.append(time.perf_counter() - began)
        times.rounds.append(state.view(None)["round"])
    return times


def _seconds(ms: float) -> str:
    return f"{ms / 1000:.1f}"


def report(level: str, seats: int, times: Times) -> str:
    done = sorted(times.completions)
    if not done:
        return f"| {level} | {seats} | 0 | – | – | – | – | {statistics.median(times.wall):.2f} |"
    p90 = done[min(len(done) - 1, int(0.9 * len(done)))]
    return (
        f"| {level} | {seats} | {len(done)} | {_seconds(statistics.median(done))} | "
        f"{_seconds(p90)} | {_seconds(done[-1])} | {statistics.mean(times.rounds):.1f} | "
        f"{statistics.median(times.wall):.2f} |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per level and size")
    parser.add_argument("--seats", default="1,4", help="table sizes, e.g. 1,4,8")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="", help="levels to measure (default: every builder)")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.seats.split(",")]
    levels = [n for n in bot_names(GAME) if n.startswith("builder")]
    if args.levels:
        levels = [n for n in args.levels.split(",") if n in levels] or parser.error(
            f"--levels: none of {args.levels!r} is a builder level ({', '.join(levels)})"
        )
    print("| level | seats | cards completed | median s | p90 s | worst s | rounds | wall s/game |")
    print("|---|---|---|---|---|---|---|---|")
    for level in levels:
        for seats in sizes:
            times = measure(level, seats, args.games, args.seed)
            print(report(level, seats, times), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
