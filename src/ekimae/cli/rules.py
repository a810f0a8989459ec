"""`ekimae rules [ID] [--game NAME] [--lang LANG]`: the rules references (docs/rules) in the
terminal.

With a rule ID (``TM-7.2``, any case), that rule's section; without one, the whole
reference of `--game` (default: the first title). `--lang` is en, fr, it or ja (issue 20);
without it the language is the locale's (LC_ALL, then LC_MESSAGES, then LANG:
``fr_FR.UTF-8`` gives French; a language Ekimae does not speak gives English). The same
lookup answers `rules TM-7.2` typed at a person's turn (`cli/play.py`)."""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.markdown import Markdown

from ekimae import i18n
from ekimae.cli.common import UsageError, console, default_game
from ekimae.games import reference
from ekimae.games.glossary import LANGUAGES, language_of
from ekimae.i18n import _

LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")  # the first one set decides (POSIX)


def locale_language(environ: Mapping[str, str] | None = None) -> str:
    """The language of the locale (en, fr, it, ja); English when none is set or known."""
    env = os.environ if environ is None else environ
    for name in LOCALE_VARIABLES:
        if env.get(name):
            return language_of(env[name])
    return "en"


def add_parser(commands: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = commands.add_parser(
        "rules", help="the rules reference of a game, or one rule (e.g. 'rules TM-7.2')"
    )
    parser.add_argument("rule", nargs="?", metavar="ID", help="a rule ID, e.g. TM-7.2")
    parser.add_argument(
        "--game", metavar="NAME", help=f"the game whose whole reference to show (default: "
        f"{default_game()})",
    )  # fmt: skip
    parser.add_argument(
        "--lang", choices=LANGUAGES, help="the language of the reference (default: the "
        "locale's, from LC_ALL or LANG; English if Ekimae does not speak it)",
    )  # fmt: skip
    parser.set_defaults(run=run)
    return parser


def show(out: Console, text: str) -> None:
    """Markdown drawn by rich (headings, bold, lists), wrapped to the console's width."""
    out.print(Markdown(text))


def rule_markdown(rule_id: str, lang: str | None = None) -> str:
    """A rule's section in `lang` (None: the locale's), or `UsageError` naming close IDs."""
    try:
        return reference.rule_text(rule_id, i18n.language() if lang is None else lang)
    except reference.UnknownRuleError as exc:
        raise UsageError(_("rules: {error}").format(error=exc)) from None


def run(args: argparse.Namespace) -> int:
    out = console()
    # `ekimae --lang ja rules …` (or the locale, which `ekimae` reads into i18n).
    lang = args.lang or i18n.language()
    if args.rule is not None:
        found = rule_markdown(args.rule, lang)
        game = reference.find_rule(args.rule).game
        if args.game is not None and args.game != game:
            raise UsageError(
                _("rules: {rule} is a rule of {game}, not of {other}").format(
                    rule=args.rule, game=game, other=args.game
                )
            )
        show(out, found)
        return 0
    try:
        text = reference.reference(args.game or default_game(), lang)
    except reference.UnknownRuleError as exc:
        raise UsageError(_("rules --game: {error}").format(error=exc)) from None
    show(out, text)
    return 0
