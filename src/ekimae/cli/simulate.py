"""`ekimae simulate --game NAME`: many bot games in a row, a summary, and optionally JSON
lines (one per game: seed, rounds if the game has them, scores, winner, seats, the title's
end figures if it has any, action counts, and the ranking where places may be shared).

A seat sharing first place counts as that share of a win (two seats tied first: half a
win each). Real-time games play as `bots.play_game` drives them: each bot at the earliest
game time its action allows, the game's timers when no seat can act before them.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.table import Table

from ekimae.bots import play_game
from ekimae.cli.common import UsageError, chosen_game, console, err_console, make_seats, parse_seats
from ekimae.cli.progress import progress
from ekimae.cli.terminal import TerminalTitle, terminal_title
from ekimae.core.game import Game, Ties
from ekimae.i18n import _


def add_parser(commands: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = commands.add_parser(
        "simulate", help="run many bot games and summarise them"
    )
    parser.add_argument("--players", type=int, metavar="N", help="seats per game")
    parser.add_argument("--games", type=int, default=100, metavar="G", help="default 100")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="first seed (default 1)")
    parser.add_argument("--seats", metavar="LIST", help="comma-separated bots")
    parser.add_argument("--json", action="store_true", help="one JSON object per game on stdout")
    parser.set_defaults(run=run)
    return parser


@dataclass(frozen=True)
class Result:
    seed: int
    seats: list[str]
    scores: list[int]
    winners: list[int]  # the seats sharing first place (one where ties are broken)
    rounds: int | None
    figures: dict[str, int]
    actions: dict[str, int]
    line: dict[str, Any]  # the JSON line

    def to_json(self) -> str:
        return json.dumps(self.line, ensure_ascii=False)

    def won(self, seat: int) -> float:
        """`seat`'s share of the win."""
        return 1 / len(self.winners) if seat in self.winners else 0.0


def play_one(
    game: Game[Any], title: TerminalTitle, names: list[str], seed: int, options: dict[str, str]
) -> Result:
    state, record = play_game(
        game, make_seats(game, names, seed), seed, options=options, names=names
    )
    places = state.ranking()
    assert places, "a bot game always ends"
    rounds = title.rounds(state)
    figures = title.figures(state)
    actions = dict(Counter(action.kind for _, action in record.actions).most_common())
    line: dict[str, Any] = {"seed": seed}
    if rounds is not None:
        line["rounds"] = rounds
    line |= {"scores": state.scores(), "winner": state.winner(), "seats": names}
    if title.figures_key is not None:
        line[title.figures_key] = figures
    line["actions"] = actions
    if game.type.ties is Ties.SHARED:
        line["ranking"] = places
    return Result(seed, names, state.scores(), places[0], rounds, figures, actions, line)


def run(args: argparse.Namespace) -> int:
    game, options = chosen_game(args)
    title = terminal_title(game.name)
    default, count = title.default_seats(game, "simulate")
    players = args.players if args.players is not None or args.seats else count
    names = parse_seats(game, args.seats, players, default, humans=False)
    if args.games < 1:
        raise UsageError(_("--games: expected at least 1, got {n}").format(n=args.games))
    results: list[Result] = []
    with progress(err_console(), "games", args.games) as advance:
        for seed in range(args.seed, args.seed + args.games):
            result = play_one(game, title, names, seed, options)
            results.append(result)
            if args.json:
                sys.stdout.write(result.to_json() + "\n")
                sys.stdout.flush()
            advance()
    summary(err_console() if args.json else console(), title, results)
    return 0


def count(value: float) -> str:
    """A number of wins: whole unless some were shared."""
    whole = abs(value - round(value)) < 1e-9  # shares of a third add up to 0.999…
    return f"{round(value)}" if whole else f"{value:.1f}"


def summary(out: Console, title: TerminalTitle, results: list[Result]) -> None:
    names = results[0].seats
    games = len(results)
    seats = Table(title=f"{games} games", title_justify="left")
    for column in ("seat", "bot", "wins", "win rate", f"average {title.score_word}"):
        seats.add_column(column, justify="left" if column in ("seat", "bot") else "right")
    for seat, name in enumerate(names):
        wins = sum(r.won(seat) for r in results)
        mean = statistics.fmean(r.scores[seat] for r in results)
        seats.add_row(str(seat + 1), name, count(wins), f"{wins / games:.1%}", title.score(mean))
    out.print(seats)
    out.print(_by_bot(title, results))
    steps = statistics.fmean(sum(r.actions.values()) for r in results)
    rounds = [r.rounds for r in results if r.rounds is not None]
    per_game = f"actions per game {steps:.0f}"
    if rounds:
        per_game = f"rounds per game {statistics.fmean(rounds):.1f} · {per_game}"
    out.print(per_game)
    if title.figures_key is not None:
        keys = results[0].figures
        out.print(
            title.figures_text({k: statistics.fmean(r.figures[k] for r in results) for k in keys})
        )


def _by_bot(title: TerminalTitle, results: list[Result]) -> Table:
    """Win share per bot type: games won over games played by seats of that type."""
    names = results[0].seats
    table = Table(title="by bot", title_justify="left")
    for column in ("bot", "seats", "wins", "win share", f"average {title.score_word}"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for name in dict.fromkeys(names):
        mine = [seat for seat, n in enumerate(names) if n == name]
        wins = sum(r.won(s) for r in results for s in mine)
        played = len(results) * len(mine)
        mean = statistics.fmean(r.scores[s] for r in results for s in mine)
        table.add_row(name, str(len(mine)), count(wins), f"{wins / played:.1%}", title.score(mean))
    return table
