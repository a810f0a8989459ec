"""The `ekimae` command: subcommands, and one clear line (exit code 2) for any bad input."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from ekimae.cli import (
    bench,
    metro_balance,
    metro_play,
    metro_render,
    metro_replay,
    metro_simulate,
    metro_tournament,
)
from ekimae.cli.common import UsageError
from ekimae.core.errors import EkimaeError
from ekimae.server.cli import add_serve_command, run_serve

USAGE_ERROR = 2


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is raised (and printed once, by `main`), not exited on."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def build_parser() -> Parser:
    parser = Parser(prog="ekimae", description="The Tokyo Series board games in the terminal.")
    games = parser.add_subparsers(dest="group", required=True, metavar="COMMAND")
    metro = games.add_parser("metro", help="TOKYO METRO: play, simulate, replay, render")
    commands = metro.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in (
        metro_play,
        metro_simulate,
        metro_replay,
        metro_render,
        metro_balance,
        metro_tournament,
    ):
        module.add_parser(commands)
    bench.add_parser(games)
    serve = add_serve_command(games)
    serve.set_defaults(run=run_serve)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        code: int = args.run(args)
    except SystemExit as exc:  # --help: argparse has printed it and wants to stop
        return exc.code if isinstance(exc.code, int) else 0
    except (UsageError, EkimaeError) as exc:
        print(f"ekimae: error: {exc}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        print("ekimae: interrupted", file=sys.stderr)
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
