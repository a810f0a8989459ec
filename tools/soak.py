"""`make soak`: thousands of random games per title with the conformance checks (issue 28).

    .venv/bin/python -m tools.soak                        # 2,000 games a title, every core
    .venv/bin/python -m tools.soak --games 20000 --ray-address auto     # more, on Ray
    .venv/bin/python -m tools.soak --title bottle-bonus --deep 7         # one title, deeper

`make test` plays a budget of actions per title (tests/conformance/budget.py); this plays
the same way, much longer: for each title, games go round every seat count with every
option combination (budget.cells), game k with seed `--seed + k`, each checked as the
suite checks it (tests/conformance/test_games.py: the step checks at every step, all of
them every `--deep` steps, the end checks). A progress bar (a line a minute off a
terminal) shows how far it got; at the end, games and actions per title, and every failed
game with the command that plays it alone again. Exit status 1 if any game failed.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import traceback
from collections.abc import Sequence
from dataclasses import dataclass

from ekimae.cli.common import err_console
from ekimae.cli.progress import progress
from ekimae.cli.runners import Runner, make_runner
from ekimae.games import EXAMPLES, find_game, games
from tests.conformance import budget
from tests.conformance.test_games import _end_checks, playout

GAMES_PER_TITLE = 2_000
FIRST_SEED = 10_000
BATCH = 20  # games of one title per task: fewer, larger tasks for the pool and Ray


@dataclass(frozen=True)
class Game:
    title: str
    seats: int
    options: tuple[tuple[str, str], ...]
    seed: int

    def command(self, deep: int) -> str:
        """The command that plays this game alone again."""
        words = [f"--title {self.title}", f"--seats {self.seats}"]
        words += [f"--option {k}={v}" for k, v in self.options]
        words += [f"--seed {self.seed}", "--games 1"]
        words += [f"--deep {deep}"] if deep else []
        return ".venv/bin/python -m tools.soak " + " ".join(words)


@dataclass(frozen=True)
class Batch:
    games: tuple[Game, ...]
    deep: int


@dataclass(frozen=True)
class Failure:
    game: Game
    error: str


@dataclass(frozen=True)
class Played:
    title: str
    games: int
    actions: int
    failures: tuple[Failure, ...]


def play(batch: Batch) -> Played:
    """Every game of the batch with the suite's checks; a failure is reported, not raised."""
    actions, failures = 0, []
    for one in batch.games:
        game = find_game(one.title, examples=True)
        try:
            state, record = playout(game, one.seats, one.seed, batch.deep, dict(one.options))
            _end_checks(game, state, record)
            actions += len(record.actions)
        except Exception as exc:  # every kind of failure is a finding to report
            where = traceback.extract_tb(exc.__traceback__)[-1]
            what = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
            failures.append(Failure(one, f"{what} ({where.filename}:{where.lineno})"))
    title = batch.games[0].title
    return Played(title, len(batch.games), actions, tuple(failures))


def plan(args: argparse.Namespace) -> list[Batch]:
    """The batches: per title, `--games` games round its grid (as `--seats/--option` cut it)."""
    batches: list[Batch] = []
    for title in args.title or sorted(set(games()) | set(EXAMPLES)):
        game = find_game(title, examples=True)
        wanted = dict(args.option)
        grid = [
            cell
            for cell in budget.cells(game, args.seats)
            if all(cell.chosen.get(k) == v for k, v in wanted.items())
        ]
        if not grid:
            raise SystemExit(f"soak: {title} has no game with --seats/--option as given")
        pairs = itertools.islice(budget.round_robin(grid, args.seed), args.games)
        todo = [Game(title, cell.seats, cell.options, seed) for cell, seed in pairs]
        batches += [
            Batch(tuple(todo[i : i + BATCH]), args.deep) for i in range(0, len(todo), BATCH)
        ]
    return batches


def _option(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    return name, value


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m tools.soak", description=__doc__.split("\n\n")[0] if __doc__ else None
    )
    p.add_argument("--games", type=int, default=GAMES_PER_TITLE, help="games per title")
    p.add_argument("--title", action="append", help="this title only (repeatable)")
    p.add_argument("--seats", type=int, help="this seat count only")
    p.add_argument("--option", type=_option, action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--seed", type=int, default=FIRST_SEED, help="the first game's seed")
    p.add_argument("--deep", type=int, default=0, help="every check every N steps (0: never)")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--ray-address", help="run on Ray: 'local' here, or a cluster's address")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    batches = plan(args)
    out = err_console()
    runner: Runner[Batch, Played] = make_runner(args.workers, args.ray_address)
    totals: dict[str, list[int]] = {}
    failures: list[Failure] = []
    with progress(out, "games", sum(len(b.games) for b in batches)) as advance:
        for played in runner(play, batches):
            games, actions = totals.setdefault(played.title, [0, 0])
            totals[played.title] = [games + played.games, actions + played.actions]
            failures += played.failures
            for _ in range(played.games):
                advance()
    for title, (games_, actions_) in sorted(totals.items()):
        print(f"{title:16} {games_:7,} games {actions_:11,} actions")
    for failure in sorted(failures, key=lambda f: (f.game.title, f.game.seed)):
        g = failure.game
        cell = budget.Cell(g.seats, g.options).label()
        print(f"FAILED {g.title} {cell} seed {g.seed}: {failure.error}")
        print(f"    again: {g.command(args.deep)}")
    print(f"{sum(t[0] for t in totals.values()):,} games, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
