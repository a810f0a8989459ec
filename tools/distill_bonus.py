"""Learn what `normal`'s yen estimates miss from the search's choices: a bonus per action kind.

`strong` plays out every candidate and picks by the outcomes; where it prefers a move the
estimates rank lower, the estimates are missing something. This records `strong`'s
decisions in self-play (untimed, so the records depend on the seeds only), fits one yen
bonus per action kind so that "estimate + bonus" ranks each decision's candidates as the
search's mean outcomes do (a conditional logit on the search's best candidate, ridge
penalty on the bonuses), and then scales the bonuses: the fit's scale is set by noisy
16-sample means, so the factor that plays best against `NORMAL` is picked on
`--tune-games` games and checked on fresh ones.

    .venv/bin/python -m tools.distill_bonus --workers 2 --records /tmp/strong.jsonl

Records are JSON lines, one decision each: {"round": r, "rows": [[kind, normal estimate,
tuned estimate, search mean, samples, chosen], ...]}; an existing --records file is read,
not recorded again.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from rich.progress import Progress

from ekimae.bots import play_game
from ekimae.bots.tokyo_metro.greedy import NORMAL, Judge, Weights
from ekimae.bots.tokyo_metro.heuristic import normal_score
from ekimae.bots.tokyo_metro.search_bots import TUNED, SearchBot
from ekimae.core.actions import Action
from ekimae.games.tokyo_metro import actions as act
from ekimae.games.tokyo_metro.game import GAME
from ekimae.games.tokyo_metro.view import metro_view
from tools.tune_weights import win_rate

SCALES = (0.15, 0.2, 0.25, 0.3, 0.4)
RIDGE = 0.5  # penalty on the bonuses (in logit units): few samples of a kind stay near 0
STEPS = 400  # gradient steps of the fit
Decision = list[tuple[str, float, float]]  # (kind, estimate, search mean) per candidate


class Recorder(SearchBot):
    """`strong`, untimed, writing down every searched decision."""

    name = "strong"

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.untimed()
        self.rows: list[dict[str, Any]] = []

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        action = super().choose(view, legal, rng)
        last = self.last
        if len(legal) > 1 and not isinstance(legal[0], act.TurnBid) and last and last.stats:
            shown = metro_view(view)
            final = shown["round"] >= shown["rounds"]
            normal, tuned = Judge(view, NORMAL), Judge(view, TUNED)
            rows = [
                [a.kind, normal_score(normal, a, final), normal_score(tuned, a, final), mean, n,
                 a == action]
                for a, (n, mean) in last.stats.items()
            ]  # fmt: skip
            self.rows.append({"round": shown["round"], "rows": rows})
        return action


def record_game(seed: int) -> list[dict[str, Any]]:
    """`strong` against `strong`, 2 players: every searched decision of both seats."""
    bots = [Recorder(seed * 31 + i) for i in range(2)]
    play_game(GAME, bots, seed)
    return [row for bot in bots for row in bot.rows]


def decisions(records: list[dict[str, Any]], base: str) -> list[Decision]:
    column = {"normal": 1, "tuned": 2}[base]
    return [[(r[0], float(r[column]), float(r[3])) for r in rec["rows"]] for rec in records]


def fit(data: list[Decision], ridge: float = RIDGE, steps: int = STEPS) -> dict[str, float]:
    """Yen bonus per kind: P(candidate is the search's best) ∝ exp(β·estimate + b[kind])."""
    kinds = sorted({kind for d in data for kind, _, _ in d})
    index = {k: i for i, k in enumerate(kinds)}
    beta, bias = 1.0, [0.0] * len(kinds)
    rows = [([e / 1000 for _, e, _ in d], [index[k] for k, _, _ in d], _best(d)) for d in data]
    for _ in range(steps):
        g_beta, g_bias = 0.0, [2 * ridge * b for b in bias]
        for est, ks, best in rows:
            utils = [beta * e + bias[k] for e, k in zip(est, ks, strict=True)]
            top = max(utils)
            weights = [math.exp(u - top) for u in utils]
            total = sum(weights)
            probs = [w / total for w in weights]
            g_beta -= est[best] - sum(p * e for p, e in zip(probs, est, strict=True))
            for p, k in zip(probs, ks, strict=True):
                g_bias[k] += p
            g_bias[ks[best]] -= 1
        beta -= 0.5 * g_beta / len(rows)
        bias = [b - 0.5 * g / len(rows) for b, g in zip(bias, g_bias, strict=True)]
    return {k: round(bias[i] / beta * 1000, 1) for k, i in index.items()}


def _best(decision: Decision) -> int:
    means = [m for _, _, m in decision]
    return means.index(max(means))


def with_bonus(base: Weights, bonus: dict[str, float], scale: float) -> Weights:
    pairs = tuple(sorted((k, round(v * scale, 1)) for k, v in bonus.items() if v))
    return dataclasses.replace(base, kind_bonus=pairs)


def seed_ranges(spec: str) -> list[int]:
    """'1-3,7' -> [1, 2, 3, 7]."""
    seeds: list[int] = []
    try:
        for part in spec.split(","):
            first, _, last = part.partition("-")
            seeds.extend(range(int(first), int(last or first) + 1))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seeds like 1-40,50, got {spec!r}") from None
    return seeds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seeds", type=seed_ranges, default="90001-90027,90041-90050",
        help="strong self-play games to record (default: those DISTILLED was fitted on)",
    )  # fmt: skip
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--records", type=Path, required=True, help="JSON lines, read or written")
    parser.add_argument("--base", choices=("normal", "tuned"), default="tuned")
    parser.add_argument("--tune-games", type=int, default=600, help="games a scale, vs NORMAL")
    parser.add_argument("--tune-seed", type=int, default=7000)
    parser.add_argument("--check", type=int, default=2000, help="fresh games for the result")
    args = parser.parse_args()
    with ProcessPoolExecutor(args.workers) as pool, Progress() as progress:
        if not args.records.exists():
            bar = progress.add_task("strong self-play", total=len(args.seeds))
            with args.records.open("w", encoding="utf-8") as out:
                for rows in pool.map(record_game, args.seeds):
                    out.writelines(json.dumps(row) + "\n" for row in rows)
                    progress.advance(bar)
        lines = args.records.read_text(encoding="utf-8").splitlines()
        data = decisions([json.loads(line) for line in lines], args.base)
        bonus = fit(data)
        progress.console.print(f"{len(data)} decisions; bonus (yen, before scaling): {bonus}")
        base = TUNED if args.base == "tuned" else NORMAL
        seeds = range(args.tune_seed, args.tune_seed + args.tune_games)
        rates = {s: win_rate(pool, with_bonus(base, bonus, s), seeds) for s in SCALES}
        for scale, rate in rates.items():
            progress.console.print(f"scale {scale}: {rate:.3f} vs NORMAL")
        best = with_bonus(base, bonus, max(rates, key=lambda s: rates[s]))
        fresh = range(10**6 + args.tune_seed, 10**6 + args.tune_seed + args.check)
        checks = {"NORMAL": win_rate(pool, best, fresh)}
        if base != NORMAL:
            checks[args.base.upper()] = win_rate(pool, best, fresh, base)
    for name, rate in checks.items():
        half = 1.96 * math.sqrt(rate * (1 - rate) / args.check)
        print(f"vs {name} on {args.check} fresh games: {rate:.3f} ± {half:.3f}")
    print(repr(best))


if __name__ == "__main__":
    main()
