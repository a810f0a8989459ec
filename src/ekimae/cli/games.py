"""`ekimae games`: the registered games, with what every command needs to know of them
(seats, dynamics, ties, sealed kinds, options, bots, the title's terminal extras)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rich.table import Table

from ekimae.cli.common import bot_list, console, default_game
from ekimae.cli.terminal import terminal_title
from ekimae.games import games


def add_parser(commands: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = commands.add_parser(
        "games", help="the games to play: seats, options, bots"
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per game")
    parser.set_defaults(run=run)
    return parser


def describe(name: str) -> dict[str, Any]:
    game = games()[name]
    title = terminal_title(name)
    return {
        **game.type.to_dict(),
        "bots": bot_list(game),
        "terminal": {"alias": title.alias, "extras": sorted(title.extras)},
    }


def run(args: argparse.Namespace) -> int:
    found = [describe(name) for name in games()]
    if args.json:
        for item in found:
            sys.stdout.write(json.dumps(item, ensure_ascii=False) + "\n")
        return 0
    table = Table(title="Games (--game NAME)", title_justify="left", padding=(0, 1))
    # The columns share 120 (issue 32: nothing cut off); a word longer than its column
    # folds onto the next line instead of losing its end.
    widths = {"name": 14, "title": 12, "seats": 5, "play": 13, "options": 28, "bots": 15,
              "extras": 10}  # fmt: skip
    for column, width in widths.items():
        table.add_column(column, overflow="fold", width=width)
    for item in found:
        options = "\n".join(
            f"{o['name']}={' | '.join(o['choices'])} (default {o['default']})"
            for o in item["options"]
        )
        play = item["dynamics"] + (
            f", sealed: {', '.join(item['sealed'])}" if item["sealed"] else ""
        )
        extras = [*item["terminal"]["extras"]]
        if item["terminal"]["alias"]:
            extras.append(f"`ekimae {item['terminal']['alias']} …`")
        table.add_row(
            item["name"],
            item["title"],
            f"{item['min_seats']}–{item['max_seats']}",
            play,
            options or "—",
            ", ".join(item["bots"]),
            ", ".join(extras) or "—",
        )
    out = console()
    out.print(table)
    out.print(f"Without --game, a command plays {default_game()}.", markup=False)
    return 0
