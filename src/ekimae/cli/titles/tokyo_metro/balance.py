"""TOKYO METRO's `balance`: check the designed cards with many bot games (TM-1.4 DATA).

Plays games on all cores, then reports how often each action type and each card is taken,
the values lines reach and how often each pays, how games end (winner's yen, seat
advantage), as Markdown — the reports kept in docs/reports/ are made with this command. With
different bots at the table (``--seats strong,normal,normal,normal``) the seats rotate game
by game, and the action types and wins are also given for each bot: a strong player's mix
tells more about the cards than a heuristic's. ``--option map=osaka --option cards=osaka``
(MOD-1) plays and reports the chosen map and card set; with METRO DRINKS on
(``--drinks on``) the JIDOHANBAIKI column's Colour and Shape cards are in the tables,
builds (MD-4, no card spot) are an action type, and a section counts crates, builds
(with a disc or free, MD-5) and the drinks on the map at the end.

Shares of the actions taken come with 95 % intervals that treat each game as one
sample (the actions of one game are not independent): the ratio estimator's
standard error over games.
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ekimae.bots import play_game
from ekimae.cli.common import (
    UsageError,
    chosen_game,
    console,
    err_console,
    make_seats,
    parse_seats,
    rotated,
    write_report,
)
from ekimae.cli.runners import run_all
from ekimae.cli.tournament_stats import wilson
from ekimae.core.game import Game
from ekimae.games.tokyo_metro import actions as act
from ekimae.games.tokyo_metro.components import CardSet
from ekimae.games.tokyo_metro.context import load_ctx
from ekimae.games.tokyo_metro.game import GAME, check_options

Task = tuple[list[str], int, dict[str, str]]  # the seats' bots, the seed, the options


@dataclass
class GameStats:
    names: list[str] = field(default_factory=list)  # the bot at each seat in this game
    kinds: Counter[str] = field(default_factory=Counter)
    kinds_by_bot: dict[str, Counter[str]] = field(default_factory=dict)
    kinds_by_seat: list[Counter[str]] = field(default_factory=list)
    spots: Counter[str] = field(default_factory=Counter)
    values: dict[str, int] = field(default_factory=dict)
    paying: list[str] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    winner: int = 0
    rounds: int = 0
    free_builds: int = 0  # MD-5: builds with a Shape card on (also counted in kinds)
    drinks_on_map: int = 0  # MD-4: drinks in stations at the end


def play_one(task: Task) -> GameStats:
    names, seed, options = task
    seats = make_seats(GAME, names, seed)
    state, record = play_game(GAME, seats, seed, options=options, names=names)
    stats = GameStats(names=list(names), kinds_by_seat=[Counter() for _ in names])
    for seat, action in record.actions:
        spot = getattr(action, "spot", None)
        build = isinstance(action, act.Build)  # MD-4: an action with no card spot
        if spot is not None or build:
            stats.kinds[action.kind] += 1
            stats.kinds_by_bot.setdefault(names[seat], Counter())[action.kind] += 1
            stats.kinds_by_seat[seat][action.kind] += 1
        if spot is not None:
            stats.spots[spot] += 1
        if build and getattr(action, "free", False):
            stats.free_builds += 1
    stats.drinks_on_map = sum(1 for drink in state.s.drink_at if drink)
    final = state.final or {}
    for line in final.get("lines", []):
        stats.values[line["line"]] = line["value"]
        if line["stocks"]:
            stats.paying.append(line["line"])
    stats.scores = state.scores()
    stats.winner = state.winner() or 0
    stats.rounds = state.round
    return stats


def report_name(kind: str, options: dict[str, str]) -> str:
    """The file name of a report on these options: `card-balance-tokyo-osaka.md`,
    `action-dominance-drinks-osaka-osaka.md` (the names in docs/reports/)."""
    drinks = "drinks-" if options.get("drinks") == "on" else ""
    return f"{kind}-{drinks}{options.get('map', 'tokyo')}-{options.get('cards', 'tokyo')}.md"


def run(game: Game[Any], args: argparse.Namespace) -> int:
    """The report (the command's arguments are every game's: `cli/balance.py`)."""
    players = args.players
    if players is None and "," not in (args.seats or ""):
        players = 4  # one bot name (or none) fills 4 seats; a list of seats sets the table
    low, high = GAME.min_seats, GAME.max_seats
    if args.games < 1 or (players is not None and not low <= players <= high):
        raise UsageError(f"--games must be positive and --players {low}-{high}")
    names = parse_seats(GAME, args.seats, players, ("greedy",), humans=False)
    _, options = chosen_game(args)
    tasks = [(rotated(names, i), args.seed + i, options) for i in range(args.games)]
    # Big chunks for fast bots; single games when few (search bots) keep both cores busy.
    chunk = max(1, min(8, args.games // (8 * max(1, args.workers))))
    results = run_all(play_one, tasks, args.workers, args.ray_address, chunk)
    report = format_report(names, results, options)
    if args.out is not None:
        path = write_report(args.out, report_name("card-balance", options), report)
        err_console().print(f"wrote {path}")
    else:
        console().print(report, markup=False, highlight=False)
    return 0


def _pct(part: float, whole: float) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def format_report(
    names: list[str], results: list[GameStats], options: dict[str, str] | None = None
) -> str:
    games = len(results)
    kinds: Counter[str] = Counter()
    spots: Counter[str] = Counter()
    for r in results:
        kinds.update(r.kinds)
        spots.update(r.spots)
    total = sum(kinds.values())
    bots = sorted(set(names))
    by_bot = {b: sum((r.kinds_by_bot.get(b, Counter()) for r in results), Counter()) for b in bots}
    mixed = len(bots) > 1
    rotation = " (rotating game by game)" if mixed else ""
    chosen = check_options(options)
    heading = f"# Card balance: {games} games, seats {', '.join(names)}{rotation}"
    if options:  # MOD-1: the map and card set played (the base game's report stays as it was)
        heading += f" — map {chosen['map']}, cards {chosen['cards']}"
    drinks = chosen.get("drinks") == "on"
    if drinks:  # METRO DRINKS, and MD-7's count when it is not the RULING's
        heading += ", drinks on"
        if chosen.get("drinks_bonus", "all") != "all":
            heading += f" (bonus: {chosen['drinks_bonus']})"
    out = [
        heading,
        "",
        "## Action types taken",
        "",
        "| type | taken | per game | share |" + "".join(f" {b} share |" for b in bots if mixed),
        "| --- | ---: | ---: | ---: |" + " ---: |" * (len(bots) if mixed else 0),
    ]
    cards = _cards(chosen)
    printed = {a.kind.value for a in cards.spots.values()} | ({"build"} if drinks else set())
    all_kinds = sorted(printed, key=lambda k: -kinds[k])
    for kind in all_kinds:
        share = f"{_pct(kinds[kind], total)} {_interval(results, kind)}"
        row = f"| {kind} | {kinds[kind]} | {kinds[kind] / games:.2f} | {share} |"
        if mixed:
            row += "".join(f" {_pct(by_bot[b][kind], sum(by_bot[b].values()))} |" for b in bots)
        out.append(row)
    out += [
        "",
        "Share: of all actions taken (card spots"
        + (" and builds" if drinks else "")
        + "), with its 95 % interval over games.",
    ]
    out += ["", "## Cards: times each action was taken per game", ""]
    out += ["| card | dots | actions (taken per game) |", "| --- | ---: | --- |"]
    for card in cards.cards.values():
        if not card.actions:
            continue  # MD-2: the hole left by a Colour card
        parts = [
            f"{a.spot} {a.kind.value} {a.value or ''} [{a.slots}] {spots[a.spot] / games:.2f}"
            for a in card.actions
        ]
        out.append(f"| {card.id} | {card.dots} | {'; '.join(parts)} |")
    out += _seed_types_section(all_kinds, results)
    out += _winning_section(all_kinds, results)
    if drinks:
        out += _drinks_section(results)
    out += _line_section(results) + _end_section(names, results)
    return "\n".join(out) + "\n"


def _cards(chosen: dict[str, str]) -> CardSet:
    """The card set played, with the JIDOHANBAIKI column when METRO DRINKS is on (MD-1)."""
    drinks = chosen.get("drinks") == "on"
    return load_ctx(chosen["map"], chosen["cards"], drinks).cards


def _interval(results: list[GameStats], kind: str | tuple[str, ...]) -> str:
    """95 % interval of a kind's (or kinds') share of the actions, each game one sample (the
    ratio estimator's standard error: the actions of one game are not independent)."""
    games = len(results)
    group = (kind,) if isinstance(kind, str) else kind
    taken = [sum(r.kinds[k] for k in group) for r in results]
    sizes = [sum(r.kinds.values()) for r in results]
    whole = sum(sizes)
    if games < 2 or not whole:
        return ""
    share = sum(taken) / whole
    mean_size = whole / games
    spread = sum((k - share * n) ** 2 for k, n in zip(taken, sizes, strict=True)) / (games - 1)
    half = 1.96 * math.sqrt(spread / games) / mean_size
    low, high = max(0.0, share - half), min(1.0, share + half)
    return f"[{100 * low:.1f}–{100 * high:.1f}]"


# TM-7.10: the seeds print one Loan action with two symbols, ↓¥ (take a loan) and ¥↑ (repay
# one), and the Osaka chapter names "Emprunt" / "Prestito" once among the action types it
# keeps. Repay can only follow a loan, so the 2 % check counts the action as the seeds name
# it; the table above still gives each side on its own.
SEED_TYPES = {"loan": "loan (↓¥ and ¥↑)", "repay": "loan (↓¥ and ¥↑)"}
LEAST_SHARE = 0.02  # issue 14/15's balance criterion: no action type under 2 % of actions


def _seed_types_section(kinds: list[str], results: list[GameStats]) -> list[str]:
    """Each action type as the seeds name it, with its share and whether it is under 2 %."""
    groups: dict[str, list[str]] = {}
    for kind in kinds:
        groups.setdefault(SEED_TYPES.get(kind, kind), []).append(kind)
    total = sum(sum(r.kinds.values()) for r in results)
    out = [
        "",
        "## The 2 % check: action types as the seeds name them",
        "",
        "| type | share | under 2 % |",
        "| --- | ---: | --- |",
    ]
    under = []
    for name, group in groups.items():
        taken = sum(r.kinds[k] for r in results for k in group)
        low = total > 0 and taken / total < LEAST_SHARE
        if low:
            under.append(name)
        share = f"{_pct(taken, total)} {_interval(results, tuple(group))}"
        out.append(f"| {name} | {share} | {'yes' if low else 'no'} |")
    verdict = ", ".join(under) if under else "none"
    return [*out, "", f"Under 2 %: {verdict}. Loan's two sides are one action (TM-7.10)."]


def _winning_section(kinds: list[str], results: list[GameStats]) -> list[str]:
    """Does one action type win by itself? For each type, how often the seat that took it
    most in a game won (ties share the game), against the 1-in-seats a type with no pull
    would give, and how many of it the winners took against the other seats."""
    seats = len(results[0].names) if results else 0
    out = [
        "",
        "## Does one action type win by itself?",
        "",
        f"| type | games taken | seat taking it most wins (par {_pct(1, seats)}) "
        "| per game: winner | per game: other seats |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for kind in kinds:
        wins, played, by_winner, by_others = 0.0, 0, 0, 0
        for r in results:
            counts = [c[kind] for c in r.kinds_by_seat]
            by_winner += counts[r.winner]
            by_others += sum(counts) - counts[r.winner]
            most = max(counts)
            if most == 0:
                continue
            leaders = [seat for seat, n in enumerate(counts) if n == most]
            played += 1
            wins += (r.winner in leaders) / len(leaders)
        games, others = len(results), len(results) * max(1, seats - 1)
        rate = "-"
        if played:
            low, high = wilson(wins, played)
            rate = f"{100 * wins / played:.1f}% [{100 * low:.1f}–{100 * high:.1f}]"
        out.append(
            f"| {kind} | {played} | {rate} | {by_winner / games:.2f} | {by_others / others:.2f} |"
        )
    return [
        *out,
        "",
        "A type that won by itself would make its keenest taker win far above par; a high rate "
        "also follows a type that good positions afford (correlation, not cause). The direct "
        "test, a seat that takes one type whenever it can: `tools/metro_dominance.py`.",
    ]


def _drinks_section(results: list[GameStats]) -> list[str]:
    """METRO DRINKS: crates (MD-3), builds with a disc (MD-4) or free (MD-5), Shape cards,
    the drinks on the map at the end, per game."""
    games = len(results)

    def per_game(values: list[int]) -> str:
        return f"{sum(values) / games:.2f}"

    builds = [r.kinds["build"] for r in results]
    free = [r.free_builds for r in results]
    with_disc = [r.kinds["build"] - r.free_builds for r in results]
    return [
        "",
        "## METRO DRINKS",
        "",
        "| per game | mean |",
        "| --- | ---: |",
        f"| Colour cards taken (MD-3) | {per_game([r.kinds['colour'] for r in results])} |",
        f"| Shape cards taken (MD-5) | {per_game([r.kinds['shape'] for r in results])} |",
        f"| builds with a disc (MD-4) | {per_game(with_disc)} |",
        f"| free builds (MD-5) | {per_game(free)} |",
        f"| drinks on the map at the end | {per_game([r.drinks_on_map for r in results])} |",
        f"| games with a drink built | {_pct(sum(b > 0 for b in builds), games)} |",
    ]


def _line_section(results: list[GameStats]) -> list[str]:
    games = len(results)
    letters = list(results[0].values) if results else []
    out = [
        "",
        "## Lines at the end",
        "",
        "| line | mean value | max | pays (has stock) |",
        "| --- | ---: | ---: | ---: |",
    ]
    for letter in letters:
        values = [r.values[letter] for r in results]
        paying = sum(letter in r.paying for r in results)
        out.append(
            f"| {letter} | {statistics.mean(values):.0f} | {max(values)} | {_pct(paying, games)} |"
        )
    return out


def _end_section(names: list[str], results: list[GameStats]) -> list[str]:
    games = len(results)
    best = [max(r.scores) for r in results]
    quart = statistics.quantiles(best, n=4) if len(best) > 1 else [best[0]] * 3
    wins = Counter(r.winner for r in results)
    out = [
        "",
        "## How games end",
        "",
        f"- rounds: {statistics.mean(r.rounds for r in results):.1f}",
        f"- winner's yen: mean {statistics.mean(best):.0f}, quartiles "
        f"{quart[0]:.0f} / {quart[1]:.0f} / {quart[2]:.0f}, min {min(best)}, max {max(best)}",
        f"- mean yen of all seats: {statistics.mean(s for r in results for s in r.scores):.0f}",
        "",
    ]
    if len(set(names)) == 1:
        out += ["| seat | bot | wins |", "| --- | --- | ---: |"]
        for seat, name in enumerate(names):
            out.append(f"| {seat + 1} | {name} | {_pct(wins[seat], games)} |")
        return out
    # Seats rotate: wins by seat are the seat-order advantage, wins by bot its strength.
    out += ["| seat | wins |", "| --- | ---: |"]
    out += [f"| {seat + 1} | {_pct(wins[seat], games)} |" for seat in range(len(names))]
    bot_wins = Counter(r.names[r.winner] for r in results)
    seats_of = Counter(name for r in results for name in r.names)
    out += [
        "",
        "| bot | seats played | wins | wins per seat played |",
        "| --- | ---: | ---: | ---: |",
    ]
    for bot in sorted(seats_of):
        out.append(
            f"| {bot} | {seats_of[bot]} | {bot_wins[bot]} | {_pct(bot_wins[bot], seats_of[bot])} |"
        )
    return out
