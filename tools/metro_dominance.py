"""Does one action type win by itself? (issues 14 and 15: "no action type … winning by itself")

    .venv/bin/python tools/metro_dominance.py --map osaka --cards osaka --games 200
    .venv/bin/python tools/metro_dominance.py --drinks on --games 200 --out  # docs/reports/

For every action type printed on the card set (and MD-4's builds with METRO DRINKS on), one
`normal` seat is made keen on that type — whenever an action of the type is legal it takes
one (the one `normal` likes best among them), otherwise it plays as `normal` — against three
plain `normal` seats, seats rotating game by game, the same seeds for every type. A type
that wins by itself shows as a keen seat winning clearly above par (1 in 4); a type that is
only worth taking now and then shows below par. The balance report's own table
("Does one action type win by itself?") is the correlation over ordinary games; this is the
experiment. Prints Markdown (Wilson 95 % intervals; margins with ±1.96 standard errors).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ekimae.bots import make_bot
from ekimae.bots.base import Bot, play_game
from ekimae.cli.common import REPORTS, write_report
from ekimae.cli.runners import run_all
from ekimae.cli.titles.tokyo_metro.balance import report_name
from ekimae.cli.tournament_stats import wilson
from ekimae.core.actions import Action
from ekimae.games.tokyo_metro.context import load_ctx
from ekimae.games.tokyo_metro.game import GAME

BASE = "normal"

# (the kind the keen seat prefers, its seat, the seed, the options)
Task = tuple[str, int, int, dict[str, str]]


@dataclass(frozen=True)
class Outcome:
    kind: str
    won: bool
    margin: int  # the keen seat's yen minus the best other seat's
    taken: int  # actions of the kind the keen seat took
    taken_by_others: float  # the same, per plain seat


class Keen:
    """`normal`, except that an action of one kind is taken whenever one is legal."""

    def __init__(self, inner: Bot, kind: str) -> None:
        self.inner, self.kind = inner, kind
        self.name = f"{BASE}+{kind}"

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        keen = [a for a in legal if getattr(a, "kind", None) == self.kind]
        return self.inner.choose(view, keen or legal, rng)


def play_one(task: Task) -> Outcome:
    kind, keen_seat, seed, options = task
    seats: list[Bot | None] = [make_bot(GAME.name, BASE, seed + i) for i in range(4)]
    inner = seats[keen_seat]
    assert inner is not None
    seats[keen_seat] = Keen(inner, kind)
    state, record = play_game(GAME, seats, seed, options=options)
    taken = [0] * len(seats)
    for seat, action in record.actions:
        if getattr(action, "kind", None) == kind and seat >= 0:
            taken[seat] += 1
    scores = state.scores()
    best_other = max(s for seat, s in enumerate(scores) if seat != keen_seat)
    others = (sum(taken) - taken[keen_seat]) / (len(seats) - 1)
    return Outcome(
        kind,
        state.winner() == keen_seat,
        scores[keen_seat] - best_other,
        taken[keen_seat],
        others,
    )


def kinds_printed(options: dict[str, str]) -> list[str]:
    drinks = options.get("drinks") == "on"
    cards = load_ctx(options["map"], options["cards"], drinks).cards
    kinds = {a.kind.value for a in cards.spots.values()} | ({"build"} if drinks else set())
    return sorted(kinds)


def report(options: dict[str, str], games: int, outcomes: list[Outcome]) -> str:
    title = f"map {options['map']}, cards {options['cards']}"
    if options.get("drinks") == "on":
        title += ", drinks on"
    out = [
        f"# One keen `{BASE}` seat against three `{BASE}` — {title}, {games} games a type",
        "",
        "| type | keen seat wins (par 25 %) | margin vs best other (¥) | taken per game: keen "
        "| plain seats | above par |",
        "| --- | ---: | ---: | ---: | ---: | --- |",
    ]
    by_kind: dict[str, list[Outcome]] = {}
    for o in outcomes:
        by_kind.setdefault(o.kind, []).append(o)
    for kind, rows in sorted(by_kind.items()):
        wins = sum(o.won for o in rows)
        low, high = wilson(wins, len(rows))
        margins = [o.margin for o in rows]
        half = 1.96 * statistics.stdev(margins) / math.sqrt(len(margins)) if len(rows) > 1 else 0
        verdict = "yes" if low > 0.25 else "no"
        out.append(
            f"| {kind} | {100 * wins / len(rows):.1f}% [{100 * low:.1f}–{100 * high:.1f}] "
            f"| {statistics.mean(margins):+.0f} ± {half:.0f} "
            f"| {statistics.mean(o.taken for o in rows):.2f} "
            f"| {statistics.mean(o.taken_by_others for o in rows):.2f} | {verdict} |"
        )
    out += [
        "",
        "Above par: the interval's low end above 25 % — taking the type whenever possible "
        "beats three players who take it when it looks best. A type that won by itself would "
        "do that by far, with the margin positive.",
    ]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--map", default="tokyo", choices=["tokyo", "osaka"])
    parser.add_argument("--cards", default="tokyo", choices=["tokyo", "osaka"])
    parser.add_argument("--drinks", default="off", choices=["on", "off"])
    parser.add_argument("--games", type=int, default=200, help="games per action type")
    parser.add_argument("--types", help="comma-separated action types (default: all printed)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--ray-address", help="run on a Ray cluster instead of local processes")
    parser.add_argument(
        "--out", nargs="?", const="",
        help=f"write the Markdown here (alone: {REPORTS}/action-dominance-….md; a bare "
        f"file name: under {REPORTS}/)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    options = {"map": args.map, "cards": args.cards}
    if args.drinks == "on":
        options["drinks"] = "on"
    kinds = args.types.split(",") if args.types else kinds_printed(options)
    unknown = set(kinds) - set(kinds_printed(options))
    if unknown or args.games < 1:
        parser.error(
            f"--types: not on these cards: {', '.join(sorted(unknown))}"
            if unknown
            else "--games must be positive"
        )
    tasks: list[Task] = [
        (kind, i % 4, args.seed + i, options) for kind in kinds for i in range(args.games)
    ]
    chunk = max(1, min(8, args.games // 16))
    outcomes = run_all(play_one, tasks, args.workers, args.ray_address, chunk)
    text = report(options, args.games, outcomes)
    if args.out is not None:
        path = write_report(args.out, report_name("action-dominance", options), text)
        print(f"wrote {path}", file=sys.stderr)
    else:
        print(text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
