"""`ekimae render --game NAME`: a picture of the start, or of the position after a record
(a title's extra: a game without a picture says so, exit 2)."""

from __future__ import annotations

import argparse
from typing import Any

from ekimae.cli.common import UsageError, chosen_game, console, read_record
from ekimae.cli.replaying import replay_to
from ekimae.cli.terminal import terminal_title, with_extra
from ekimae.core.game import Game, State
from ekimae.games import games
from ekimae.i18n import _

EXTRA = "render"


def add_parser(commands: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = commands.add_parser(
        "render", help="draw the board, or a position, to SVG or PNG (if the game has one)"
    )
    parser.add_argument("--record", metavar="FILE", help="draw the position of this record")
    parser.add_argument("--upto", type=int, metavar="N", help="after the first N actions only")
    parser.add_argument("--out", required=True, metavar="FILE", help="FILE.svg or FILE.png")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    state: State | None = None
    if args.record is not None:
        record, game = read_record(args.record, args.game)
        check(game)
        state = replay_to(game, record, args.record, args.upto)
    else:
        if args.upto is not None:
            raise UsageError(_("--upto needs --record"))
        game, _options = chosen_game(args)
        check(game)
    terminal_title(game.name).render(game, state, args.out)
    console().print(_("wrote {path}").format(path=args.out), markup=False)
    return 0


def check(game: Game[Any]) -> None:
    """A clear refusal for a game without a picture, naming those that have one."""
    if EXTRA not in terminal_title(game.name).extras:
        having = ", ".join(with_extra(EXTRA, games())) or "none"
        raise UsageError(
            _(
                "render: {game} has no picture to draw (a title's extra; games with one: {having})"
            ).format(game=game.name, having=having)
        )
