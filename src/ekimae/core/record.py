"""Game records: (game, options, seed, seats, actions) as JSON, and exact replay.

A record is all a game is: replaying its actions from a new state gives the same state,
so the server stores records, undo is truncate-and-replay, and tests replay whole games.

It is exact only with the printed values it was played with: a record carries the game's
`data_version` (a hash of its data files), and a replay that fails on a record from other
data files says so, instead of blaming the action alone.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ekimae.core.actions import Action
from ekimae.core.errors import DataError, EkimaeError
from ekimae.core.game import Game, Seat, State, seat_name

FORMAT = "ekimae-record/1"


@dataclass
class GameRecord:
    """Everything needed to rebuild a game exactly."""

    game: str
    seats: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[tuple[Seat, Action]] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    data_version: str = ""  # `Game.data_version` when played; "" for records made before it

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "seats": self.seats,
            "seed": self.seed,
            "options": self.options,
            "names": self.names,
            "actions": [{"seat": s, **a.to_dict()} for s, a in self.actions],
        }
        if self.data_version:
            data["data_version"] = self.data_version
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    def truncated(self, n: int) -> GameRecord:
        """The record of the game after its first `n` actions (undo, "game after N")."""
        return GameRecord(
            self.game,
            self.seats,
            self.seed,
            dict(self.options),
            self.actions[:n],
            list(self.names),
            self.data_version,
        )


def record_from_dict(data: Any, game: Game[Any], source: str = "record") -> GameRecord:
    """Read a record's JSON data; `DataError` naming the field on anything off."""
    if not isinstance(data, dict):
        raise DataError(source, "-", "a record must be a JSON object")
    if data.get("game") != game.name:
        raise DataError(source, "game", f"expected {game.name!r}, got {data.get('game')!r}")
    for key in ("seats", "seed"):
        if not isinstance(data.get(key), int) or isinstance(data.get(key), bool):
            raise DataError(source, key, f"expected an integer, got {data.get(key)!r}")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise DataError(source, "options", "expected an object")
    names = data.get("names", [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise DataError(source, "names", "expected a list of strings")
    version = data.get("data_version", "")
    if not isinstance(version, str):
        raise DataError(source, "data_version", f"expected a string, got {version!r}")
    raw = data.get("actions", [])
    if not isinstance(raw, list):
        raise DataError(source, "actions", "expected a list")
    actions: list[tuple[Seat, Action]] = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict) or not isinstance(item.get("seat"), int):
            raise DataError(source, f"actions[{i}].seat", "expected an integer seat")
        body = {k: v for k, v in item.items() if k != "seat"}
        try:
            actions.append((item["seat"], game.codec.from_dict(body)))
        except EkimaeError as exc:
            raise DataError(source, f"actions[{i}]", str(exc)) from None
    return GameRecord(game.name, data["seats"], data["seed"], options, actions, names, version)


def record_from_json(text: str, game: Game[Any], source: str = "record") -> GameRecord:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(source, "-", f"not valid JSON ({exc})") from None
    return record_from_dict(data, game, source)


def data_mismatch(record: GameRecord, game: Game[Any]) -> str | None:
    """Why the record may not replay exactly here, if it was played with other data files."""
    current = game.data_version_for(record.options)
    if not record.data_version or record.data_version == current:
        return None
    return (
        f"recorded with data files {record.data_version}, these are {current}: "
        "the printed values (map, cards, track, rules) changed since"
    )


def replay_failure(
    record: GameRecord, game: Game[Any], index: int, exc: EkimaeError, source: str = "record"
) -> DataError:
    """The error for action `index` of `record` refused on replay: the action, the seat,
    the reason, and the data versions when they differ."""
    why = f"{seat_name(record.actions[index][0])}: {exc}"
    mismatch = data_mismatch(record, game)
    if mismatch is not None:
        why += f" ({mismatch})"
    return DataError(source, f"actions[{index}]", why)


def iter_replay(record: GameRecord, game: Game[Any]) -> Iterator[State]:
    """The new state, then the state after each action in turn (one object, mutated)."""
    state = game.new_state(record.seats, record.seed, record.options)
    yield state
    for index, (seat, action) in enumerate(record.actions):
        try:
            state.apply(seat, action)
        except EkimaeError as exc:
            raise replay_failure(record, game, index, exc) from None
        yield state


def replay(record: GameRecord, game: Game[Any], upto: int | None = None) -> State:
    """The state after the first `upto` actions (all of them by default)."""
    rec = record if upto is None else record.truncated(upto)
    states = iter_replay(rec, game)
    state = next(states)
    for state in states:  # noqa: B007 - the last state is the answer
        pass
    return state
