"""`ekimae balance --game NAME`: a balance report from many bot games — a title's extra
(TOKYO METRO's is its card statistics); a game without one says so, exit 2."""

from __future__ import annotations

import argparse
import os
from typing import Any

from ekimae.cli.common import REPORTS, UsageError, chosen_game
from ekimae.cli.terminal import terminal_title, with_extra
from ekimae.games import games
from ekimae.i18n import _

EXTRA = "balance"


def add_parser(commands: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = commands.add_parser(
        "balance", help="a balance report from many bot games (if the game has one)"
    )
    parser.add_argument(
        "--players",
        type=int,
        metavar="N",
        help="default: as many as --seats lists, else the title's",
    )
    parser.add_argument("--games", type=int, default=1000, metavar="G", help="default 1000")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="first seed")
    parser.add_argument(
        "--seats", metavar="LIST", help="bots, comma-separated (default: the title's)"
    )
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, metavar="K",
        help="worker processes (default: all cores)",
    )  # fmt: skip
    parser.add_argument(
        "--ray-address", metavar="ADDR",
        help="run the games on Ray at ADDR ('local': a local Ray in this process)",
    )  # fmt: skip
    parser.add_argument(
        "--out", nargs="?", const="", metavar="FILE.md",
        help=f"write the report here (alone: under {REPORTS}/ with the report's own name; "
        f"a bare file name: under {REPORTS}/)",
    )  # fmt: skip
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    game, _options = chosen_game(args)
    title = terminal_title(game.name)
    if EXTRA not in title.extras:
        having = ", ".join(with_extra(EXTRA, games())) or "none"
        raise UsageError(
            _(
                "balance: {game} has no balance report (a title's extra; games with one: {having})"
            ).format(game=game.name, having=having)
        )
    return title.balance(game, args)
