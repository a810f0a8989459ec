"""Random 4-player TOKYO METRO beside catanatron's random 4-player Catan, in one run.

    python3 -m venv /tmp/catan-venv && /tmp/catan-venv/bin/pip install catanatron
    .venv/bin/python -m tools.catan_side_by_side /tmp/catan-venv/bin/python [--rounds 5]

catanatron (the best-known Python engine of a comparable eurogame) is not a dependency of
the project: it lives in a throwaway venv whose python this tool is given, and runs in a
child process of that python. Both sides play whole games with uniformly random choices,
every action checked for legality (catanatron's `Game.play` checks each one against its
list; here `State.apply`), and count *decisions*: the actions applied (catanatron's
`state.actions`, one per `play_tick`). Each side runs in a child process and is timed in
CPU seconds of that process (`time.process_time`: the machine is shared, wall time is
noise), in `--rounds` rounds that alternate the sides so that a change of load falls on
all; the figures are the sums. TOKYO METRO plays twice when the compiled engine is built
(`make compiled`): pure Python (`EKIMAE_PURE_PYTHON=1`) and compiled.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
from dataclasses import dataclass
from typing import Any

from ekimae.compiled import PURE, matching_build

# Runs in catanatron's venv: `games` random 4-player games from `seed`; prints JSON.
CATAN = """
import json, random, sys, time
from catanatron import Color, Game, RandomPlayer
games, seed = int(sys.argv[1]), int(sys.argv[2])
colors = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
decisions = 0
start = time.process_time()
for g in range(games):
    game = Game([RandomPlayer(c) for c in colors], seed=seed + g)
    game.play()
    decisions += len(game.state.actions)
cpu = time.process_time() - start
print(json.dumps({"games": games, "decisions": decisions, "cpu": cpu}))
"""
# Runs in this python: `games` random 4-player TOKYO METRO games as `ekimae bench` plays
# them (`random_game`, every action through `State.apply`).
METRO = """
import json, sys, time
from ekimae.cli.bench import random_game
from ekimae.compiled import served
from ekimae.games.tokyo_metro.game import GAME
games, seed, options = int(sys.argv[1]), int(sys.argv[2]), json.loads(sys.argv[3])
start = time.process_time()
decisions = sum(random_game(GAME, 4, seed + g, options) for g in range(games))
cpu = time.process_time() - start
print(json.dumps({"games": games, "decisions": decisions, "cpu": cpu, "compiled": served()}))
"""


@dataclass
class Side:
    games: int = 0
    decisions: int = 0
    cpu: float = 0.0

    def add(self, games: int, decisions: int, cpu: float) -> None:
        self.games += games
        self.decisions += decisions
        self.cpu += cpu

    @property
    def rate(self) -> float:
        return self.decisions / self.cpu if self.cpu else 0.0


def child(command: list[str], env: dict[str, str] | None = None) -> tuple[int, int, float]:
    """Run one side's games in a child process: (games, decisions, CPU seconds)."""
    out = subprocess.run(command, check=True, capture_output=True, text=True, env=env).stdout
    found = json.loads(out.strip().splitlines()[-1])
    return int(found["games"]), int(found["decisions"]), float(found["cpu"])


def sides(python: str, args: argparse.Namespace, options: dict[str, str]) -> dict[str, Any]:
    """Each side's command for a seed: catanatron, TOKYO METRO pure, compiled if built."""
    catan = lambda seed: ([python, "-c", CATAN, str(args.catan_games), str(seed)], None)  # noqa: E731
    metro = [sys.executable, "-c", METRO, str(args.metro_games)]
    pure = {**os.environ, PURE: "1"}
    out: dict[str, Any] = {
        "catanatron": catan,
        "tokyo-metro": lambda seed: ([*metro, str(seed), json.dumps(options)], pure),
    }
    if matching_build():
        compiled = {k: v for k, v in os.environ.items() if k != PURE}
        out["tokyo-metro compiled"] = lambda seed: (
            [*metro, str(seed), json.dumps(options)],
            compiled,
        )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("python", help="the python of a venv where catanatron is installed")
    parser.add_argument("--rounds", type=int, default=5, help="alternations (default 5)")
    parser.add_argument("--catan-games", type=int, default=20, help="Catan games a round")
    parser.add_argument("--metro-games", type=int, default=40, help="TOKYO METRO games a round")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="TOKYO METRO option"
    )
    args = parser.parse_args(argv)
    options = dict(o.split("=", 1) for o in args.option)
    commands = sides(args.python, args, options)
    totals = {name: Side() for name in commands}
    rng = random.Random(args.seed)
    for r in range(args.rounds):
        seed = rng.randrange(1, 1 << 30)
        names = list(commands)
        order = names if r % 2 == 0 else names[::-1]
        for name in order:
            command, env = commands[name](seed)
            totals[name].add(*child(command, env))
        so_far = ", ".join(f"{name} {side.rate:,.0f}" for name, side in totals.items())
        print(f"round {r + 1}/{args.rounds}: {so_far} decisions per CPU-second", file=sys.stderr)
    print("| engine | games | decisions | CPU s | decisions per CPU-second |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, side in totals.items():
        print(f"| {name} | {side.games} | {side.decisions:,} | {side.cpu:.2f} | {side.rate:,.0f} |")
    print()
    for name, side in totals.items():
        if name != "catanatron":
            print(f"{name} / catanatron: {side.rate / totals['catanatron'].rate:.2f}×")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
