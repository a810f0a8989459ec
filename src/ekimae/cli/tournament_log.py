"""`tournament --log FILE`: every finished game appended to a file, so a long run resumes.

A measurement of search bots runs for hours. With a log, each game is written (one JSON
object a line, flushed to disk) as soon as it ends; run the same command again after an
interruption and the games already in the file are read back instead of played. With
`--untimed`, a game depends on its seed and seats only, so a resumed run gives the very
figures an uninterrupted one would.

A log belongs to one run: a game in it that the run would not play (another game or other
options, seats, seeds or timing) is an error, not silently mixed in; so is a game played by
other code (each line carries the `code_version` of the engine, data and bots that played
it, and the game and options it was played with; lines written before these were recorded
are taken as they are). A last line cut short by a kill mid-write
is dropped (with a warning) and its game played again; any other bad line is an error.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, TextIO

from ekimae.cli.common import UsageError
from ekimae.cli.tournament_stats import GameResult, Task

# seed, seat types, untimed, game, options (as sorted pairs); game and options None for
# lines written before they were recorded (taken as the run's)
Key = tuple[int, tuple[str, ...], bool, str | None, tuple[tuple[str, str], ...] | None]


def task_key(task: Task) -> Key:
    return task.seed, tuple(task.names), task.untimed, task.game, _pairs(task.options)


def _pairs(options: dict[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(options.items()))


def read_log(path: Path, tasks: list[Task], code: str) -> tuple[dict[Key, GameResult], list[str]]:
    """The games of `tasks` already in the log, played by `code`, and warnings."""
    if not path.exists():
        return {}, []
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"--log {path}: cannot read it ({exc})") from None
    wanted = {task_key(t) for t in tasks}
    game, options = (tasks[0].game, _pairs(tasks[0].options)) if tasks else (None, None)
    done: dict[Key, GameResult] = {}
    warnings: list[str] = []
    lines = text.split("\n")
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            key, result, played_by = parse_line(line)
        except ValueError as exc:
            if number == len(lines):  # no newline after it: cut short mid-write
                _drop_last_line(path)
                warnings.append(f"--log {path}: line {number} was cut short; playing it again")
                break
            raise UsageError(f"--log {path}, line {number}: {exc}") from None
        seed, seats, untimed, played, with_options = key
        if played is not None and (played, with_options) != (game, options):
            given = "".join(f" {k}={v}" for k, v in with_options or ())
            raise UsageError(
                f"--log {path}, line {number}: a game of {played}{given}, not of this run; "
                "give the same --game and --option, or another file"
            )
        key = seed, seats, untimed, game, options
        if key not in wanted:
            raise UsageError(
                f"--log {path}, line {number}: seed {seed}, seats {','.join(seats)}"
                f"{' untimed' if untimed else ''} is not a game of this run; "
                "give the same --seats, --seed, --games and --untimed, or another file"
            )
        if played_by is not None and played_by != code:
            raise UsageError(
                f"--log {path}, line {number}: played by other code (version {played_by}; "
                f"this is {code}); resume it with that code, or start another file"
            )
        done[key] = result
    else:
        if not text.endswith("\n"):  # a whole last line without its newline: end it
            with path.open("a", encoding="utf-8") as f:
                f.write("\n")
    return done, warnings


def parse_line(line: str) -> tuple[Key, GameResult, str | None]:
    """A logged game: its key, its result and the code version that played it, if known."""
    try:
        data: Any = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON ({exc.msg})") from None
    if not isinstance(data, dict):
        raise ValueError("not a game record (expected a JSON object)")
    untimed = data.pop("untimed", None)
    if not isinstance(untimed, bool):
        raise ValueError("not a game record ('untimed' missing or not true/false)")
    code = data.pop("code", None)
    if code is not None and not isinstance(code, str):
        raise ValueError("not a game record ('code' is not a string)")
    game = data.pop("game", None)
    if game is not None and not isinstance(game, str):
        raise ValueError("not a game record ('game' is not a string)")
    options = data.pop("options", None)
    if game is not None and not (
        isinstance(options, dict) and all(isinstance(v, str) for v in options.values())
    ):
        raise ValueError("not a game record ('options' missing or not an object of strings)")
    result = GameResult.from_dict(data)
    pairs = None if game is None else _pairs(options)
    return (result.seed, tuple(result.seats), untimed, game, pairs), result, code


def _drop_last_line(path: Path) -> None:
    """Cut the file after its last newline, so the next append starts a clean line."""
    data = path.read_bytes()
    with path.open("r+b") as f:
        f.truncate(data.rfind(b"\n") + 1)


def append(log: TextIO, result: GameResult, task: Task, code: str) -> None:
    """One game, on disk before the next one is reported."""
    line = {
        **result.to_dict(),
        "untimed": task.untimed,
        "code": code,
        "game": task.game,
        "options": task.options,
    }
    log.write(json.dumps(line, ensure_ascii=False) + "\n")
    log.flush()
    os.fsync(log.fileno())
