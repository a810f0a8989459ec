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
from ekimae.cli.refusals import error_text
from ekimae.cli.terminal import terminal_title
from ekimae.core.errors import EkimaeError
from ekimae.core.logtext import LogForms
from ekimae.games import games as registered
from ekimae.i18n import _N, _
from ekimae.i18n.log import translate_line
from ekimae.server.backup_cli import add_backup_commands
from ekimae.server.cli import add_serve_command, run_serve

USAGE_ERROR = 2
# The commands of every game, in the order help lists them.
COMMANDS = (play, simulate, replay, render, balance, tournament, bench)


# argparse's own error sentences (Python's, in English), said in the terminal's
# language: read back through these templates as a game's log is (cli/refusals.py).
ARGPARSE = LogForms(
    (
        _N("unrecognized arguments: {args}"),
        _N("the following arguments are required: {args}"),
        _N("argument {name}: invalid choice: {value} (choose from {choices})"),
        _N("argument {name}: invalid {type} value: {value}"),
        _N("argument {name}: expected one argument"),
        _N("argument {name}: expected at most one argument"),
        _N("argument {name}: expected at least one argument"),
        _N("argument {name}: not allowed with argument {other}"),
        _N("ambiguous option: {option} could match {matches}"),
    ),
    {},
)


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is raised (and printed once, by `main`), not exited on."""

    def error(self, message: str) -> NoReturn:
        said = translate_line(message, ARGPARSE, i18n.language(), "")
        raise UsageError(_("{message} (see '{prog} --help')").format(message=said, prog=self.prog))


def early_language(argv: Sequence[str]) -> str | None:
    """`--lang` as given before the command, read before the rest: argparse's errors are
    then said in it too (None: absent or unknown, the locale's then)."""
    for i, word in enumerate(argv):
        if not word.startswith("-"):
            return None  # the command: its own --lang is the rules' language
        value = word.removeprefix("--lang=") if word.startswith("--lang=") else None
        if word == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        if value is not None:
            return value if value in i18n.LANGUAGES else None
    return None


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
    words = list(sys.argv[1:] if argv is None else argv)
    i18n.set_language(early_language(words))
    args = None
    try:
        args = build_parser().parse_args(words)
        i18n.set_language(args.ui_lang)  # None: the locale's
        code: int = args.run(args)
    except SystemExit as exc:  # --help: argparse has printed it and wants to stop
        return exc.code if isinstance(exc.code, int) else 0
    except UsageError as exc:
        print(_("ekimae: error: {message}").format(message=exc), file=sys.stderr)
        return USAGE_ERROR
    except EkimaeError as exc:
        message = error_text(getattr(args, "game", None), exc)
        print(_("ekimae: error: {message}").format(message=message), file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        print(_("ekimae: interrupted"), file=sys.stderr)
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
