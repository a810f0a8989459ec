"""What the CLI commands share: the game and its options, seat lists, record files and the
console. Everything about a game comes from the registry, its `GameType` and the bots
registry; nothing here names a title."""

from __future__ import annotations

import itertools
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console

from ekimae.bots import GENERIC, Bot, bot_names, make_bot
from ekimae.core.errors import DataError
from ekimae.core.game import SYSTEM, Game
from ekimae.core.record import GameRecord, record_from_json
from ekimae.games import find_game, games
from ekimae.i18n import _

HUMAN = "human"
PIPE_WIDTH = 120  # rich would wrap the tables at 80 columns when output is not a terminal


class UsageError(Exception):
    """A bad command line: printed as one line, exit code 2."""


def console(file: TextIO | None = None) -> Console:
    """A console on stdout (or `file`), wide enough for the tables when piped."""
    out = Console(file=file, highlight=False)
    if not out.is_terminal:
        out = Console(file=file, highlight=False, width=PIPE_WIDTH)
    return out


def err_console() -> Console:
    return Console(file=sys.stderr, highlight=False)


# ------------------------------------------------------------------------------ the game


def default_game() -> str:
    """The game of a command without --game (and of `bench`): the first registered title."""
    return next(iter(games()))


def game_named(name: str | None) -> Game[Any]:
    """The registered game `name` (None: the default one); `UsageError` if unknown."""
    known = games()
    wanted = name if name is not None else default_game()
    if wanted not in known:
        message = _("--game: unknown game {name} (known: {known})")
        raise UsageError(message.format(name=repr(wanted), known=", ".join(sorted(known))))
    return find_game(wanted)


def parse_options(game: Game[Any], items: Sequence[str] | None) -> dict[str, str]:
    """`--option KEY=VALUE` (repeatable), checked against the game's `GameType`. Only the
    options given are returned (a record keeps them as given, defaults filled in at play)."""
    chosen: dict[str, str] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise UsageError(_("--option: expected KEY=VALUE, got {item}").format(item=repr(item)))
        chosen[key.strip()] = value.strip()
    specs = {spec.name: spec for spec in game.type.options}
    for key, value in chosen.items():
        spec = specs.get(key)
        if spec is None:
            message = _("--option {key}: unknown option (known: {known})")
            raise UsageError(message.format(key=key[:40], known=", ".join(specs) or "—"))
        if value not in spec.choices:
            message = _("--option {key}: unknown value {value} (known: {known})")
            known = ", ".join(spec.choices)
            raise UsageError(message.format(key=key, value=repr(value[:40]), known=known))
    try:
        game.type.check_options(chosen)
    except DataError as exc:  # a combination the game refuses: the engine's reason
        message = str(exc).removeprefix(f"{exc.source}: {exc.field}: ")
        raise UsageError(f"--option {exc.field}: {message}") from None
    return chosen


# ------------------------------------------------------------------------------ seats


def bot_list(game: Game[Any]) -> list[str]:
    """The game's bots as the CLI lists them: `random`, the title's own ladder (weakest
    first), then the generic searches."""
    names = bot_names(game.name)
    own = [name for name in names if name not in GENERIC or name == "random"]
    return own + [name for name in names if name not in own]


def parse_seats(
    game: Game[Any],
    text: str | None,
    players: int | None,
    default: Sequence[str],
    humans: bool,
) -> list[str]:
    """The seat list: `text` names each seat (one name fills every seat), else `default`.

    Without a list, `players` seats are taken from `default`, cycling its bots after its
    first entry (so ``human,greedy,random`` for 5 players gives
    ``human,greedy,random,greedy,random``).
    """
    if text is None:
        names = list(default)
        if players is not None:
            rest = itertools.cycle(default[1:] or default)
            names = [default[0], *itertools.islice(rest, max(0, players - 1))][:players]
    else:
        names = [name.strip() for name in text.split(",")]
        if len(names) == 1 and players is not None:
            names *= players
    known = [*bot_list(game), HUMAN] if humans else bot_list(game)
    for name in names:
        if name not in known:
            raise UsageError(
                _("--seats: unknown seat type {name} (known: {known})").format(
                    name=repr(name), known=", ".join(known)
                )
            )
    if players is not None and len(names) != players:
        raise UsageError(
            _("--seats names {count} seats but --players is {players}").format(
                count=len(names), players=players
            )
        )
    low, high = game.type.min_seats, game.type.max_seats
    if not low <= len(names) <= high:
        raise UsageError(
            _("--seats: {count} seats (allowed {low}–{high})").format(
                count=len(names), low=low, high=high
            )
        )
    return names


def make_seats(game: Game[Any], names: list[str], seed: int) -> list[Bot | None]:
    """A bot for each named seat (None for a person), each with its own seed."""
    return [
        None if name == HUMAN else make_bot(game.name, name, seed + i)
        for i, name in enumerate(names)
    ]


def seat_label(names: list[str], seat: int) -> str:
    label = names[seat] if seat < len(names) else "?"
    # seat_name's words ("seat 2", "the game") in the terminal's language.
    name = _("the game") if seat == SYSTEM else _("seat {n}").format(n=seat + 1)
    return f"{name} ({label})"


# ------------------------------------------------------------------------------ records


def read_record(path: str, game: str | None = None) -> tuple[GameRecord, Game[Any]]:
    """A record file and its game (`game`, or the one the record names); `DataError`
    naming the file (and the field) when it is not one."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(path, "-", _("file not found")) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(path, "-", _("cannot be read ({error})").format(error=exc)) from None
    if game is None:
        game = _named_game(text, path)
    found = game_named(game)
    return record_from_json(text, found, source=path), found


def _named_game(text: str, path: str) -> str | None:
    """The game a record names (None if it is no JSON object: reading it says why)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return None
    if not isinstance(data, dict):
        return None
    name = data.get("game")
    known = games()
    if not isinstance(name, str) or name not in known:
        raise DataError(path, "game", f"unknown game {name!r} (known: {', '.join(sorted(known))})")
    return name


def write_record(path: str, record: GameRecord) -> None:
    try:
        Path(path).write_text(record.to_json() + "\n", encoding="utf-8")
    except OSError as exc:
        raise DataError(path, "-", _("cannot be written ({error})").format(error=exc)) from None


def rotated(names: list[str], shift: int) -> list[str]:
    """Game `shift`'s seats: every bot takes every seat in turn."""
    k = shift % len(names)
    return names[k:] + names[:k]


def chosen_game(args: Any) -> tuple[Game[Any], dict[str, str]]:
    """The game of a command line (`--game`, or the default) and its `--option`s."""
    game = game_named(getattr(args, "game", None))
    return game, parse_options(game, getattr(args, "option", None))


# Where a checkout keeps its generated reports (balance reports and the like): `--out`
# alone writes a report there under its own name, a bare file name goes there too, any
# other path is used as given.
REPORTS = Path("docs", "reports")


def report_path(out: str, name: str) -> Path:
    """The file a report goes to: `out` as given on the command line ("" for `--out`
    alone), `name` the report's own file name."""
    path = Path(out or name)
    if path.parent == Path():
        path = REPORTS / path
    return path


def write_report(out: str, name: str, text: str) -> Path:
    """Write `text` to `report_path(out, name)` (its folder made if missing)."""
    path = report_path(out, name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
