"""Tournament results: one record per game, and the figures drawn from them.

Kept apart from the command so the figures can be tested and reused (docs, balance).
A seat sharing first place counts as that share of a win (two seats tied first: half a win
each); Elo reads the scores.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field
from typing import Any, NamedTuple

from ekimae.bots import make_bot, play_game
from ekimae.cli.terminal import terminal_title
from ekimae.games import find_game

Z95 = 1.959964  # two-sided 95% normal quantile
ELO_BASE = 1500.0


@dataclass
class GameResult:
    seed: int
    seats: list[str]  # seat type of each seat, in seat order
    scores: list[int]
    # The winner; where seats share first place, the first of them (`winners` names all:
    # the figures here count each a share of the win).
    winner: int
    # The title's end figures by name (TOKYO METRO: each line's final value); {} if it has
    # none. The name is kept for the logs already written.
    line_values: dict[str, int]
    actions: list[dict[str, int]] = field(default_factory=list)  # per seat: kind -> count
    winners: list[int] = field(default_factory=list)  # first place; [winner] if not shared

    def __post_init__(self) -> None:
        if not self.winners:
            self.winners = [self.winner]

    def to_dict(self) -> dict[str, Any]:
        """`winners` only where first place is shared (a log line is as it always was)."""
        data = asdict(self)
        if self.winners == [self.winner]:
            del data["winners"]
        return data

    def won(self, seat: int) -> float:
        """`seat`'s share of the win."""
        return 1 / len(self.winners) if seat in self.winners else 0.0

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameResult:
        """The inverse of `to_dict`; ValueError naming the first field that is wrong."""
        checks: dict[str, Any] = {
            "seed": lambda v: isinstance(v, int),
            "seats": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
            "scores": lambda v: isinstance(v, list) and all(isinstance(x, int) for x in v),
            "winner": lambda v: isinstance(v, int),
            "line_values": lambda v: (
                isinstance(v, dict) and all(isinstance(x, int) for x in v.values())
            ),
            "actions": lambda v: (
                isinstance(v, list)
                and all(
                    isinstance(c, dict) and all(isinstance(x, int) for x in c.values()) for c in v
                )
            ),
        }
        for name, ok in checks.items():
            if name not in data or not ok(data[name]):
                raise ValueError(f"not a game record ({name!r} missing or of the wrong type)")
        winners = data.get("winners", [])
        if not isinstance(winners, list) or not all(isinstance(x, int) for x in winners):
            raise ValueError("not a game record ('winners' of the wrong type)")
        extra = set(data) - set(checks) - {"winners"}
        if extra:
            raise ValueError(f"not a game record (unknown fields: {', '.join(sorted(extra))})")
        seats = len(data["seats"])
        first = winners or [data["winner"]]
        if (
            len(data["scores"]) != seats
            or not all(0 <= s < seats for s in first)
            or first[0] != data["winner"]
        ):
            raise ValueError("not a game record (seats, scores and winner disagree)")
        return cls(**data)


class Task(NamedTuple):
    """One game of a tournament (picklable, for worker processes)."""

    names: list[str]  # the seat types, in seat order
    seed: int
    untimed: bool
    game: str
    options: dict[str, str]  # as given (defaults filled in by the game)


def play_one(task: Task) -> GameResult:
    """Play one game (picklable, for worker processes)."""
    names, seed, untimed, name, options = task
    game = find_game(name)
    bots = [make_bot(name, bot, seed * 31 + i, untimed=untimed) for i, bot in enumerate(names)]
    state, record = play_game(game, bots, seed, options=options, names=names)
    places = state.ranking()
    assert places, "a bot game always ends"
    per_seat: list[Counter[str]] = [Counter() for _ in names]
    for seat, action in record.actions:
        per_seat[seat][action.kind] += 1
    return GameResult(
        seed=seed,
        seats=list(names),
        scores=state.scores(),
        winner=places[0][0],
        line_values=terminal_title(name).figures(state),
        actions=[dict(c) for c in per_seat],
        winners=list(places[0]),
    )


def rotations(
    types: list[str],
    games: int,
    seed: int,
    untimed: bool = False,
    game: str = "",
    options: dict[str, str] | None = None,
) -> list[Task]:
    """Game g seats the types rotated by g, so every type plays every seat equally."""
    n = len(types)
    return [
        Task(types[g % n :] + types[: g % n], seed + g, untimed, game, dict(options or {}))
        for g in range(games)
    ]


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The Wilson score interval at 95% for `wins` successes out of `n`."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def elo(results: list[GameResult], rounds: int = 200) -> dict[str, float]:
    """Bradley–Terry strengths from every pair of seats in every game, on the Elo scale.

    A game is read as pairwise results: the higher score beats the lower (a tie is half
    each). Fitted by the MM algorithm (Hunter 2004), then 400·log10, mean 1500.
    """
    types = sorted({t for r in results for t in r.seats})
    wins: dict[tuple[str, str], float] = defaultdict(float)
    for r in results:
        for i, a in enumerate(r.seats):
            for j, b in enumerate(r.seats):
                if i < j and a != b:
                    si, sj = r.scores[i], r.scores[j]
                    wins[a, b] += 1.0 if si > sj else 0.5 if si == sj else 0.0
                    wins[b, a] += 1.0 if sj > si else 0.5 if si == sj else 0.0
    strength = dict.fromkeys(types, 1.0)
    for _ in range(rounds):
        new = {}
        for a in types:
            won = sum(wins[a, b] for b in types if b != a) + 0.5  # a small prior keeps 0 away
            games = sum(
                (wins[a, b] + wins[b, a] + 1.0) / (strength[a] + strength[b])
                for b in types
                if b != a
            )
            new[a] = won / games if games else 1.0
        mean_log = statistics.fmean(math.log(v) for v in new.values())
        strength = {a: v / math.exp(mean_log) for a, v in new.items()}
    return {a: ELO_BASE + 400 * math.log10(v) for a, v in strength.items()}


def summarize(results: list[GameResult], figures_key: str | None = "line_values") -> dict[str, Any]:
    """Every figure the tournament prints and writes, as JSON-ready data (the averaged end
    figures under `figures_key`, if the title has any)."""
    types = list(dict.fromkeys(t for r in results for t in r.seats))
    n_seats = len(results[0].seats)
    win_rate, interval, scores, actions = {}, {}, {}, {}
    for t in types:
        played = sum(r.seats.count(t) for r in results)
        won = sum(r.won(s) for r in results for s in r.winners if r.seats[s] == t)
        win_rate[t] = won / played if played else 0.0
        lo, hi = wilson(won, played)
        interval[t] = [lo, hi]
        mine = [r.scores[i] for r in results for i, s in enumerate(r.seats) if s == t]
        q = statistics.quantiles(mine, n=4) if len(mine) > 1 else [mine[0]] * 3
        scores[t] = {
            "mean": statistics.fmean(mine),
            "stdev": statistics.stdev(mine) if len(mine) > 1 else 0.0,
            "min": min(mine),
            "q1": q[0],
            "median": q[1],
            "q3": q[2],
            "max": max(mine),
        }
        usage: Counter[str] = Counter()
        for r in results:
            for i, s in enumerate(r.seats):
                if s == t:
                    usage.update(r.actions[i])
        actions[t] = {k: v / played for k, v in sorted(usage.items())}
    seat_wins = [sum(r.won(i) for r in results) / len(results) for i in range(n_seats)]
    summary: dict[str, Any] = {
        "games": len(results),
        "seats": types,
        "win_rate": win_rate,
        "win_rate_95": interval,
        "elo": elo(results),
        "scores": scores,
        "seat_win_rate": seat_wins,
    }
    if figures_key is not None:
        keys = list(results[0].line_values)
        summary[figures_key] = {
            k: statistics.fmean(r.line_values[k] for r in results) for k in keys
        }
    summary["actions_per_game"] = actions
    return summary
