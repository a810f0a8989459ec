"""Replaying a record file with errors that name the file and the bad field."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ekimae.cli.common import UsageError
from ekimae.core.actions import Action
from ekimae.core.errors import DataError, EkimaeError
from ekimae.core.game import Game, State
from ekimae.core.record import GameRecord, replay_failure
from ekimae.i18n import _


def first_state(game: Game[Any], record: GameRecord, path: str) -> State:
    try:
        state: State = game.new_state(record.seats, record.seed, record.options)
    except DataError as exc:
        if exc.source != "options":  # a broken data file of the game, not of the record
            raise
        message = str(exc).removeprefix(f"{exc.source}: {exc.field}: ")
        field = "seats" if exc.field == "seats" else f"options.{exc.field}"
        raise DataError(path, field, message) from None
    return state


def replay_steps(
    game: Game[Any], record: GameRecord, path: str, state: State, upto: int | None = None
) -> Iterator[tuple[int, int, Action]]:
    """Apply the record's actions to `state` one by one, yielding (index, seat, action)
    after each; stops after `upto` actions."""
    if upto is not None and upto < 0:
        raise UsageError(_("--upto: expected a number of actions >= 0, got {n}").format(n=upto))
    actions = record.actions if upto is None else record.actions[:upto]
    for index, (seat, action) in enumerate(actions):
        try:
            state.apply(seat, action)
        except EkimaeError as exc:
            raise replay_failure(record, game, index, exc, path) from None
        yield index, seat, action


def replay_to(game: Game[Any], record: GameRecord, path: str, upto: int | None = None) -> State:
    state = first_state(game, record, path)
    for _step in replay_steps(game, record, path, state, upto):
        pass
    return state
