"""`strong`'s playouts per CPU second, this checkout against an older commit, side by side.

    .venv/bin/python -m tools.playout_rate --old c863ca3 --players 2 --rounds 3

Issue 33 asks `strong` and `expert` to run at least twice the playouts per second they ran
before it. What is timed is `strong`'s own search (`SearchBot`, `--samples` samples a
decision, untimed so that the work depends on the seed alone) at every `--every`-th
decision of `--games` games of `normal` (the games are `normal`'s, the same for both: the
search's choice is not played). Each version runs in a child process with its own `src`
first on `PYTHONPATH` (the old one unpacked from the commit by `git archive`), timed in
the child's CPU seconds (`time.process_time` around each search): playouts (every
candidate played out from a sample counts one) over those seconds. The versions alternate
round by round, so a change of the machine's load falls on both; the ratio of each round
is printed, then the median.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Sequence
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


class Probe:
    """Plays `normal`; every `every`-th decision with a choice, times a `strong` search."""

    name = "normal"

    def __init__(self, seed: int, samples: int, every: int) -> None:
        from ekimae.bots.tokyo_metro.heuristic import NormalBot
        from ekimae.bots.tokyo_metro.search_bots import SearchBot

        self.normal = NormalBot(seed)
        self.strong = SearchBot(seed, samples=samples)
        self.strong.untimed()
        self.every = every
        self.decisions = 0
        self.cpu = 0.0
        self.playouts = 0
        self.searches = 0

    def choose(self, view: dict[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) > 1:
            self.decisions += 1
            if self.decisions % self.every == 0:
                search = self.strong.search
                start = time.process_time()
                search.search(view, legal, random.Random(self.decisions))
                self.cpu += time.process_time() - start
                self.playouts += search.playouts  # type: ignore[union-attr]
                self.searches += 1
        return self.normal.choose(view, legal, rng)


def child(players: int, games: int, seed: int, samples: int, every: int) -> dict[str, Any]:
    """One version's figures (run with that version's `src` first on the path)."""
    import ekimae
    from ekimae.bots.base import play_game
    from ekimae.games.tokyo_metro.game import GAME

    cpu, playouts, searches, scores = 0.0, 0, 0, []
    for g in range(games):
        probes = [Probe(seed + g, samples, every) for _ in range(players)]
        state, _ = play_game(GAME, probes, seed + g)
        scores.append(state.scores())
        cpu += sum(p.cpu for p in probes)
        playouts += sum(p.playouts for p in probes)
        searches += sum(p.searches for p in probes)
    return {
        "source": str(Path(ekimae.__file__).parent),
        "cpu": cpu,
        "playouts": playouts,
        "searches": searches,
        "scores": scores,
    }


def unpack(commit: str, into: Path) -> Path:
    """The commit's `src` in `into` (git archive: no worktree, no checkout)."""
    tar = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit, "src"], check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(tar)) as archive:
        archive.extractall(into, filter="data")
    return into / "src"


def run_child(src: Path, args: argparse.Namespace) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=f"{src}{os.pathsep}{ROOT}", EKIMAE_PURE_PYTHON="1")
    if args.compiled:
        env.pop("EKIMAE_PURE_PYTHON")
    command = [sys.executable, "-m", "tools.playout_rate", "--child"]
    command += ["--players", str(args.players), "--games", str(args.games)]
    command += ["--seed", str(args.seed), "--samples", str(args.samples)]
    command += ["--every", str(args.every)]
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout
    result: dict[str, Any] = json.loads(out)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", default="c863ca3", help="the commit to compare with")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=33100)
    parser.add_argument("--samples", type=int, default=4)
    parser.add_argument("--every", type=int, default=9)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--compiled", action="store_true", help="let the new side compile")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(args.players, args.games, args.seed, args.samples, args.every)))
        return 0
    ratios = []
    with tempfile.TemporaryDirectory() as tmp:
        sides = {"old": unpack(args.old, Path(tmp)), "new": ROOT / "src"}
        for r in range(args.rounds):
            rates = {}
            order = list(sides) if r % 2 == 0 else list(reversed(sides))
            for name in order:
                got = run_child(sides[name], args)
                rates[name] = got["playouts"] / got["cpu"]
                print(
                    f"round {r + 1} {name}: {got['playouts']} playouts in {got['searches']} "
                    f"searches, {got['cpu']:.2f} CPU s = {rates[name]:.1f}/s "
                    f"(from {got['source']}; scores {got['scores']})",
                    flush=True,
                )
            ratios.append(rates["new"] / rates["old"])
            print(f"round {r + 1}: new / old = {ratios[-1]:.2f}×", flush=True)
    print(
        f"{args.players} players, new / old playouts per CPU second: median "
        f"{statistics.median(ratios):.2f}× (rounds {', '.join(f'{x:.2f}' for x in ratios)})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
