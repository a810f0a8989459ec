"""`ekimae rules [ID] [--game NAME]`: the rules references (docs/rules) in the terminal.

With a rule ID (``TM-7.2``, any case), that rule's section; without one, the whole
reference of `--game` (default: the first title). The same lookup answers `rules TM-7.2`
typed at a person's turn (`cli/play.py`)."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console
from rich.markdown import Markdown

from ekimae.cli.common import UsageError, console, default_game
from ekimae.games import reference


def add_parser(commands: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = commands.add_parser(
        "rules", help="the rules reference of a game, or one rule (e.g. 'rules TM-7.2')"
    )
    parser.add_argument("rule", nargs="?", metavar="ID", help="a rule ID, e.g. TM-7.2")
    parser.add_argument(
        "--game", metavar="NAME", help=f"the game whose whole reference to show (default: "
        f"{default_game()})",
    )  # fmt: skip
    parser.set_defaults(run=run)
    return parser


def show(out: Console, text: str) -> None:
    """Markdown drawn by rich (headings, bold, lists), wrapped to the console's width."""
    out.print(Markdown(text))


def rule_markdown(rule_id: str) -> str:
    """A rule's section, or `UsageError` naming close IDs."""
    try:
        return reference.rule_text(rule_id)
    except reference.UnknownRuleError as exc:
        raise UsageError(f"rules: {exc}") from None


def run(args: argparse.Namespace) -> int:
    out = console()
    if args.rule is not None:
        found = rule_markdown(args.rule)
        game = reference.find_rule(args.rule).game
        if args.game is not None and args.game != game:
            raise UsageError(f"rules: {args.rule} is a rule of {game}, not of {args.game}")
        show(out, found)
        return 0
    try:
        text = reference.reference(args.game or default_game())
    except reference.UnknownRuleError as exc:
        raise UsageError(f"rules --game: {exc}") from None
    show(out, text)
    return 0
