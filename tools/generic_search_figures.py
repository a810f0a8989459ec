"""The generic searches on a title: samples within their budget, and games against random.

    .venv/bin/python -m tools.generic_search_figures --game tokyo-jutaku --games 40 \\
        [--bot flat-mc] [--playouts 300] [--depth game|none|N] [--workers 2] [--log FILE]

Issue 33: on the real-time titles `flat-mc` never finished a sample within its budget. Two
figures per title, two players:

- budget: positions from random games; at each, the bot as it plays (timed, its default
  budget) searches once; how many samples it completed and how much CPU it used
  (`time.process_time`; on a loaded machine its wall-clock budget buys less CPU, so the
  CPU a sample costs is printed too);
- strength: `--games` games against `random` (seats alternating; the bot untimed with at
  most `--playouts` playouts a decision, so its moves depend on the seed alone), its share
  of wins (a shared first place counts as a share) with a Wilson 95 % interval, printed
  after every game; with `--log`, one JSON line a game (a run stopped part-way resumes
  where it stopped, the games already logged counting).

`--depth none` plays out to the end as before issue 33 (for comparison).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from ekimae.bots import make_bot
from ekimae.bots.base import play_game
from ekimae.bots.generic import FlatMCBot, ISMCTSBot
from ekimae.bots.mcts import apply_fast, to_move
from ekimae.bots.reward import DEFAULT_SCALE
from ekimae.cli.tournament_stats import wilson
from ekimae.core.game import SYSTEM
from ekimae.games import find_game, title_part

POSITIONS = 12  # budget figure: searches, from 3 random games


def search_bot(game_name: str, bot: str, seed: int, playouts: int, depth: str) -> Any:
    game = find_game(game_name)
    module = title_part("ekimae.bots", game_name)
    scale = float(getattr(module, "MARGIN_SCALE", DEFAULT_SCALE))
    cls = FlatMCBot if bot == "flat-mc" else ISMCTSBot
    chosen: int | str | None = (
        "game" if depth == "game" else None if depth == "none" else int(depth)
    )
    return cls(game, seed, playouts=playouts, scale=scale, depth=chosen)


def budget(game_name: str, bot: str, depth: str) -> tuple[float, float, float]:
    """Mean samples a search completes in the default budget, mean CPU seconds a search,
    CPU seconds a sample."""
    game = find_game(game_name)
    samples, cpu, searches = 0, 0.0, 0
    for seed in range(3):
        state = game.new_state(2, seed)
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal() and searches < POSITIONS * (seed + 1) // 3:
            seat, legal = to_move(state)
            if seat != SYSTEM and len(legal) > 1 and steps % 7 == 3:
                searcher = search_bot(game_name, bot, seed, 1000, depth)
                start = time.process_time()
                searcher.choose(state.view(seat), legal, random.Random(steps))
                cpu += time.process_time() - start
                samples += searcher.last.iterations
                searches += 1
            action = legal[0] if seat == SYSTEM else legal[rng.randrange(len(legal))]
            apply_fast(state, seat, action)
            steps += 1
    return samples / searches, cpu / searches, cpu / max(1, samples)


def one_game(task: tuple[str, str, int, int, int, str]) -> tuple[float, float, int]:
    """(the bot's share of first place, its CPU seconds, its searches)."""
    game_name, bot, seed, seat, playouts, depth = task
    game = find_game(game_name)
    searcher = search_bot(game_name, bot, seed, playouts, depth)
    searcher.untimed()
    cpu = [0.0]
    searches = [0]

    class Timed:
        name = bot

        def choose(self, view: dict[str, Any], legal: Any, rng: random.Random) -> Any:
            start = time.process_time()
            action = searcher.choose(view, legal, rng)
            cpu[0] += time.process_time() - start
            searches[0] += len(legal) > 1
            return action

    seats: list[Any] = [make_bot(game_name, "random", seed + 1), make_bot(game_name, "random", 0)]
    seats[seat] = Timed()
    state, _ = play_game(game, seats, seed)
    first = state.winners()
    return (1.0 / len(first) if seat in first else 0.0), cpu[0], searches[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--bot", choices=("flat-mc", "ismcts"), default="flat-mc")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--playouts", type=int, default=300)
    parser.add_argument("--depth", default="game", help="game (the default), none, or N")
    parser.add_argument("--seed", type=int, default=3300)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--skip-budget", action="store_true")
    parser.add_argument(
        "--log", type=Path, help="one JSON line a game, appended; games already there are kept"
    )
    args = parser.parse_args(argv)
    if not args.skip_budget:
        mean, per_search, per_sample = budget(args.game, args.bot, args.depth)
        print(
            f"{args.game} {args.bot} depth={args.depth}: {mean:.1f} samples a search in the "
            f"default budget, {per_search:.2f} CPU s a search, {per_sample * 1000:.0f} CPU ms "
            "a sample",
            flush=True,
        )
    if args.games < 1:
        return 0
    tasks = [
        (args.game, args.bot, args.seed + g, g % 2, args.playouts, args.depth)
        for g in range(args.games)
    ]
    done: list[dict[str, Any]] = []
    if args.log is not None and args.log.exists():
        done = [json.loads(line) for line in args.log.read_text().splitlines() if line.strip()]
    tasks = pending(tasks, done)
    log = args.log.open("a", encoding="utf-8") if args.log is not None else None
    with Pool(args.workers) as pool:
        for seed, (share, used, count) in pool.imap_unordered(_seeded, tasks):
            done.append({"seed": seed, "share": share, "cpu": used, "searches": count})
            if log is not None:
                log.write(json.dumps(done[-1]) + "\n")
                log.flush()
            print(summary(args, done), flush=True)
    if log is not None:
        log.close()
    print(summary(args, done), flush=True)
    return 0


def pending(
    tasks: list[tuple[str, str, int, int, int, str]], done: list[dict[str, Any]]
) -> list[tuple[str, str, int, int, int, str]]:
    """The games not yet in the log (a game is its seed: the seat follows from it)."""
    played = {g["seed"] for g in done}
    return [task for task in tasks if task[2] not in played]


def _seeded(task: tuple[str, str, int, int, int, str]) -> tuple[int, tuple[float, float, int]]:
    return task[2], one_game(task)


def summary(args: argparse.Namespace, done: list[dict[str, Any]]) -> str:
    """The bot's wins against random so far, with a Wilson 95 % interval (a shared first
    place counts as a share, rounded for the interval)."""
    games = len(done)
    if not games:
        return "no games yet"
    won = sum(g["share"] for g in done)
    cpu = sum(g["cpu"] for g in done)
    searches = sum(g["searches"] for g in done)
    low, high = wilson(round(won), games)
    return (
        f"{args.game} {args.bot} (≤ {args.playouts} playouts, depth={args.depth}) vs random: "
        f"won {won:g}/{games} = {won / games:.0%} (Wilson 95 % {low:.0%}–{high:.0%}); "
        f"{cpu / max(1, searches):.2f} CPU s a search"
    )


if __name__ == "__main__":
    raise SystemExit(main())
