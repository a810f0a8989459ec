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

The old side is always pure Python (`EKIMAE_PURE_PYTHON=1`). With `--compiled` the new
side runs the compiled build (`make compiled`, `tools/compile_engine.py`: the engine's
hottest modules and the bots' playout policy), which is built first if the venv has none
matching this checkout's sources; each child reports how many modules it was served
compiled, and the run stops if the new side got none. `--old HEAD --compiled` times the
build against the same code in pure Python.

Each child also prints a digest of its searches' results (the action chosen, the samples
and every candidate's mean reward): equal digests mean the same searches, move for move
(pure against compiled, or a change that must not alter the choices). `--expert` plays
out with `expert`'s weights (`DISTILLED`) instead of `strong`'s; `--options` sets the
game's options (e.g. `map=osaka,drinks=on`).
"""

from __future__ import annotations

import argparse
import hashlib
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

    def __init__(self, seed: int, samples: int, every: int, expert: bool = False) -> None:
        from ekimae.bots.tokyo_metro.greedy import NORMAL
        from ekimae.bots.tokyo_metro.heuristic import NormalBot
        from ekimae.bots.tokyo_metro.search_bots import DISTILLED, SearchBot

        self.normal = NormalBot(seed)
        self.strong = SearchBot(seed, samples=samples, weights=DISTILLED if expert else NORMAL)
        self.strong.untimed()
        self.every = every
        self.decisions = 0
        self.cpu = 0.0
        self.playouts = 0
        self.searches = 0
        self.digest = hashlib.sha256()

    def choose(self, view: dict[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) > 1:
            self.decisions += 1
            if self.decisions % self.every == 0:
                search = self.strong.search
                start = time.process_time()
                result = search.search(view, legal, random.Random(self.decisions))
                self.cpu += time.process_time() - start
                stats = sorted((repr(a), n, mean) for a, (n, mean) in result.stats.items())
                chosen = (repr(result.action), result.iterations, result.win_chance, stats)
                self.digest.update(repr(chosen).encode())
                self.playouts += search.playouts  # type: ignore[union-attr]
                self.searches += 1
        return self.normal.choose(view, legal, rng)


def child(args: argparse.Namespace) -> dict[str, Any]:
    """One version's figures (run with that version's `src` first on the path)."""
    import ekimae
    from ekimae.bots.base import play_game
    from ekimae.games.tokyo_metro.game import GAME

    try:
        from ekimae.compiled import served
    except ImportError:  # a commit from before the compiled build
        compiled = 0
    else:
        compiled = len(served())
    options = dict(pair.split("=", 1) for pair in args.options.split(",") if pair)
    cpu, playouts, searches, scores = 0.0, 0, 0, []
    digest = hashlib.sha256()
    for g in range(args.games):
        seed = args.seed + g
        probes = [Probe(seed, args.samples, args.every, args.expert) for _ in range(args.players)]
        state, _ = play_game(GAME, probes, seed, options=options or None)
        scores.append(state.scores())
        cpu += sum(p.cpu for p in probes)
        playouts += sum(p.playouts for p in probes)
        searches += sum(p.searches for p in probes)
        for p in probes:
            digest.update(p.digest.digest())
    return {
        "source": str(Path(ekimae.__file__).parent),
        "compiled": compiled,
        "cpu": cpu,
        "playouts": playouts,
        "searches": searches,
        "scores": scores,
        "digest": digest.hexdigest()[:16],
    }


def unpack(commit: str, into: Path) -> Path:
    """The commit's `src` in `into` (git archive: no worktree, no checkout)."""
    tar = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit, "src"], check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(tar)) as archive:
        archive.extractall(into, filter="data")
    return into / "src"


def run_child(src: Path, args: argparse.Namespace, compiled: bool) -> dict[str, Any]:
    """One side in a child process: compiled only if asked (the old side never)."""
    env = dict(os.environ, PYTHONPATH=f"{src}{os.pathsep}{ROOT}", EKIMAE_PURE_PYTHON="1")
    if compiled:
        env.pop("EKIMAE_PURE_PYTHON")
    command = [sys.executable, "-m", "tools.playout_rate", "--child"]
    command += ["--players", str(args.players), "--games", str(args.games)]
    command += ["--seed", str(args.seed), "--samples", str(args.samples)]
    command += ["--every", str(args.every), "--options", args.options]
    command += ["--expert"] if args.expert else []
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout
    result: dict[str, Any] = json.loads(out)
    if compiled and not result["compiled"]:
        raise SystemExit("--compiled: the new side was served no compiled module")
    if not compiled and result["compiled"]:
        raise SystemExit(f"{src}: served compiled modules although pure Python was asked")
    return result


def ensure_build() -> None:
    """Build the compiled modules unless the venv has a build of every one, matching."""
    from ekimae.compiled import matching_build
    from tools.compile_engine import MODULES

    if not set(MODULES) <= set(matching_build()):
        subprocess.run([sys.executable, "-m", "tools.compile_engine"], cwd=ROOT, check=True)
        if not set(MODULES) <= set(matching_build()):
            raise SystemExit("the compiled build does not match the sources after building")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", default="c863ca3", help="the commit to compare with")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=33100)
    parser.add_argument("--samples", type=int, default=4)
    parser.add_argument("--every", type=int, default=9)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--compiled", action="store_true", help="the new side compiled (built first if need be)"
    )
    parser.add_argument("--expert", action="store_true", help="expert's playout weights")
    parser.add_argument("--options", default="", help="game options, e.g. map=osaka,drinks=on")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(args)))
        return 0
    if args.compiled:
        ensure_build()
    ratios = []
    with tempfile.TemporaryDirectory() as tmp:
        sides = {"old": unpack(args.old, Path(tmp)), "new": ROOT / "src"}
        for r in range(args.rounds):
            rates = {}
            order = list(sides) if r % 2 == 0 else list(reversed(sides))
            for name in order:
                got = run_child(sides[name], args, compiled=args.compiled and name == "new")
                rates[name] = got["playouts"] / got["cpu"]
                how = f"{got['compiled']} modules compiled" if got["compiled"] else "pure"
                print(
                    f"round {r + 1} {name}: {got['playouts']} playouts in {got['searches']} "
                    f"searches, {got['cpu']:.2f} CPU s = {rates[name]:.1f}/s "
                    f"(from {got['source']}, {how}; scores {got['scores']}; "
                    f"searches' digest {got['digest']})",
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
