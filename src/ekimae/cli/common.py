"""What the CLI commands share: seat lists, record files and the console."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path
from typing import TextIO

from rich.console import Console

from ekimae.bots import Bot, bot_names, make_bot
from ekimae.core.errors import DataError
from ekimae.core.game import seat_name
from ekimae.core.record import GameRecord, record_from_json
from ekimae.games.tokyo_metro.game import GAME

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


def parse_seats(
    text: str | None, players: int | None, default: tuple[str, ...], humans: bool
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
    known = [*bot_names(), HUMAN] if humans else bot_names()
    for name in names:
        if name not in known:
            raise UsageError(f"--seats: unknown seat type {name!r} (known: {', '.join(known)})")
    if players is not None and len(names) != players:
        raise UsageError(f"--seats names {len(names)} seats but --players is {players}")
    if not GAME.min_seats <= len(names) <= GAME.max_seats:
        raise UsageError(f"--seats: {len(names)} seats (allowed {GAME.min_seats}–{GAME.max_seats})")
    return names


def make_seats(names: list[str], seed: int) -> list[Bot | None]:
    """A bot for each named seat (None for a person), each with its own seed."""
    return [None if name == HUMAN else make_bot(name, seed + i) for i, name in enumerate(names)]


def read_record(path: str) -> GameRecord:
    """A record file; `DataError` naming the file (and the field) when it is not one."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(path, "-", "file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(path, "-", f"cannot be read ({exc})") from None
    return record_from_json(text, GAME, source=path)


def write_record(path: str, record: GameRecord) -> None:
    try:
        Path(path).write_text(record.to_json() + "\n", encoding="utf-8")
    except OSError as exc:
        raise DataError(path, "-", f"cannot be written ({exc})") from None


def seat_label(names: list[str], seat: int) -> str:
    label = names[seat] if seat < len(names) else "?"
    return f"{seat_name(seat)} ({label})"
