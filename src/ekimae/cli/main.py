"""The `ekimae` command: subcommands, and one clear line (exit code 2) for any bad input.

Every command takes `--game NAME` (any registered game; `ekimae games` lists them) and
`--option KEY=VALUE`; a title's short command group (`ekimae metro play`, from its
terminal part's `alias`) stands for `--game <its name>`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from ekimae import i18n
from ekimae.cli import (
    balance,
    bench,
    games,
    play,
    render,
    replay,
    rules,
    simulate,
    tournament,
)
from ekimae.cli.common import UsageError, default_game
from ekimae.cli.terminal import terminal_title
from ekimae.core.errors import EkimaeError
from ekimae.games import games as registered
from ekimae.server.backup_cli import add_backup_commands
from ekimae.server.cli import add_serve_command, run_serve

USAGE_ERROR = 2
# The commands of every game, in the order help lists them.
COMMANDS = (play, simulate, replay, render, balance, tournament, bench)


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is raised (and printed once, by `main`), not exited on."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def add_option_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--option", action="append", metavar="KEY=VALUE",
        help="a game option (repeatable; `ekimae games` lists them)",
    )  # fmt: skip


class OptionShortcut(argparse.Action):
    """`--map osaka` in a title's short command group: `--option map=osaka`."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        items = list(getattr(namespace, "option", None) or [])
        items.append(f"{self.const}={values}")
        namespace.option = items


def add_option_shortcuts(parser: argparse.ArgumentParser, game: str) -> None:
    """Each option of the game as its own flag (`ekimae metro play --map osaka --cards
    osaka`), with its choices; a name a command already uses keeps its meaning there."""
    for spec in registered()[game].type.options:
        flag = f"--{spec.name.replace('_', '-')}"
        if flag in parser._option_string_actions:
            continue
        parser.add_argument(
            flag, action=OptionShortcut, const=spec.name, choices=spec.choices,
            dest=f"option_{spec.name}", default=argparse.SUPPRESS,
            help=f"{spec.help or spec.label} (short for --option {spec.name}=…)",
        )  # fmt: skip


def build_parser() -> Parser:
    parser = Parser(prog="ekimae", description="The Tokyo Series board games in the terminal.")
    # Not `lang`: a subcommand's own --lang (rules) would overwrite it with its default.
    parser.add_argument(
        "--lang", dest="ui_lang", choices=i18n.LANGUAGES,
        help="the language of the game texts (default: the locale's, LC_ALL/LC_MESSAGES/LANG)",
    )  # fmt: skip
    groups = parser.add_subparsers(dest="group", required=True, metavar="COMMAND")
    default = default_game()
    for module in COMMANDS:
        command: argparse.ArgumentParser = module.add_parser(groups)
        record = module in (replay, render)
        command.add_argument(
            "--game", metavar="NAME",
            help=f"the game (default: {'the one the record names, else ' if record else ''}"
            f"{default}; `ekimae games` lists them)",
        )  # fmt: skip
        add_option_argument(command)
    games.add_parser(groups)
    rules.add_parser(groups)
    for alias, name in aliases().items():
        title = registered()[name].title
        group = groups.add_parser(
            alias, help=f"{title}: play, simulate, replay, … (short for --game {name})"
        )
        commands = group.add_subparsers(dest="command", required=True, metavar="COMMAND")
        for module in COMMANDS:
            command = module.add_parser(commands)
            add_option_argument(command)
            add_option_shortcuts(command, name)
            command.set_defaults(game=name)
        rules.add_parser(commands).set_defaults(game=name)
    serve = add_serve_command(groups)
    serve.set_defaults(run=run_serve)
    add_backup_commands(groups)
    return parser


def aliases() -> dict[str, str]:
    """Each title's short command group -> its game's name."""
    found: dict[str, str] = {}
    for name in registered():
        alias = terminal_title(name).alias
        if alias is not None:
            found[alias] = name
    return found


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        i18n.set_language(args.ui_lang)  # None: the locale's
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
