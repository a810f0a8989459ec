"""`strong` with shortlist playouts against `strong` with full ones, at equal CPU time.

    .venv/bin/python -m tools.shortlist_duel --games 120 --old-samples 3 --new-samples 6 \\
        --workers 2 --log /tmp/duel.jsonl

Issue 33: `strong` and `expert` play out `normal`'s reckoning over a shortlist of the legal
actions (`rollout_policy.shortlist_policy`) instead of every one. Both bots here are
`SearchBot` as `strong` is (5 candidates plus passing, flat Monte Carlo), untimed so that
their moves depend on the seed alone (not on the machine's load): the old one plays out
over every legal action with `--old-samples` samples a decision, the new one over the
shortlist with `--new-samples`. Give the new one as many more samples as its playouts are
faster, and both spend about the same CPU time a decision: the tool measures it
(`time.process_time` around each search) and prints it beside the result. Two players;
each seed is played twice, the seats swapped. One JSON line a game in `--log` (appended;
games already there are not played again), then the new bot's wins with a Wilson 95 %
interval.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Sequence
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from ekimae.bots.base import play_game
from ekimae.bots.tokyo_metro.search_bots import SearchBot
from ekimae.cli.tournament_stats import wilson
from ekimae.core.actions import Action
from ekimae.games.tokyo_metro.game import GAME


class Clocked:
    """A bot whose searches are timed in CPU seconds of this process."""

    def __init__(self, bot: SearchBot, name: str) -> None:
        self.bot, self.name = bot, name
        self.cpu = 0.0
        self.searches = 0

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        start = time.process_time()
        action = self.bot.choose(view, legal, rng)
        if len(legal) > 1:
            self.cpu += time.process_time() - start
            self.searches += 1
        return action


def one_game(task: tuple[int, int, int, int]) -> dict[str, Any]:
    """Seed, the new bot's seat, the samples of the old and the new: one game's result."""
    seed, new_seat, old_samples, new_samples = task
    new = SearchBot(seed, samples=new_samples, shortlist=True)
    old = SearchBot(seed, samples=old_samples, shortlist=False)
    new.untimed()
    old.untimed()
    bots = [Clocked(old, "old"), Clocked(old, "old")]
    bots[new_seat] = Clocked(new, "new")
    state, _ = play_game(GAME, bots, seed)
    return {
        "seed": seed,
        "new_seat": new_seat,
        "winner": state.winner(),
        "scores": state.scores(),
        "cpu": {b.name: round(b.cpu, 3) for b in bots},
        "searches": {b.name: b.searches for b in bots},
        "samples": {"old": old_samples, "new": new_samples},
    }


def summary(games: list[dict[str, Any]]) -> str:
    if not games:
        return "no games yet"
    wins = sum(g["winner"] == g["new_seat"] for g in games)
    low, high = wilson(wins, len(games))
    cpu = {k: sum(g["cpu"][k] for g in games) for k in ("old", "new")}
    searches = {k: sum(g["searches"][k] for g in games) for k in ("old", "new")}
    margin = sum(g["scores"][g["new_seat"]] - g["scores"][1 - g["new_seat"]] for g in games) / len(
        games
    )
    per = {k: cpu[k] / max(1, searches[k]) for k in cpu}
    return (
        f"new (shortlist) won {wins}/{len(games)} = {wins / len(games):.1%} "
        f"(Wilson 95 % {low:.1%}–{high:.1%}); mean margin ¥{margin:,.0f}; "
        f"CPU s a search: old {per['old']:.3f}, new {per['new']:.3f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games (each seed twice)")
    parser.add_argument("--seed", type=int, default=33000)
    parser.add_argument("--old-samples", type=int, default=3)
    parser.add_argument("--new-samples", type=int, default=6)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--log", type=Path, required=True)
    args = parser.parse_args(argv)
    done = []
    if args.log.exists():
        done = [json.loads(line) for line in args.log.read_text().splitlines() if line.strip()]
    played = {(g["seed"], g["new_seat"]) for g in done}
    tasks = [
        (args.seed + k // 2, k % 2, args.old_samples, args.new_samples)
        for k in range(args.games)
        if (args.seed + k // 2, k % 2) not in played
    ]
    with args.log.open("a", encoding="utf-8") as log, Pool(args.workers) as pool:
        for result in pool.imap_unordered(one_game, tasks):
            log.write(json.dumps(result) + "\n")
            log.flush()
            done.append(result)
            print(summary(done), flush=True)
    print(summary(done))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
