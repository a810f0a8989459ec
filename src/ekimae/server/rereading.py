"""Bringing a game held in memory to what the database has: another process wrote it, or
a write of this one failed in a way that may or may not have landed.

The table is the one source of truth. When nothing was taken back since the held
revision (`Loaded.appends_only`: every append moves the revision and the count by one
together), only the actions past the held ones are read and applied to a copy of the
held state; otherwise (an undo, a discarded sealed choice) the record is read whole and
replayed. The held game is never changed here: the table installs what this returns.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, replace
from typing import Any, Protocol

from ekimae.core.game import Game, State
from ekimae.core.record import GameRecord
from ekimae.server import undoing
from ekimae.server.events import APPENDED, REPLACED
from ekimae.server.store import GameInfo, Store


class Held(Protocol):
    info: GameInfo
    record: GameRecord
    state: State
    game: Game[Any]
    verdict: undoing.Verdict
    keys: dict[str, int]
    revision: int


@dataclass(frozen=True)
class Reread:
    """What the database has. `kind` is `APPENDED`, `REPLACED`, or None when the game's
    revision is the held one (then only `info`, the row, is new)."""

    info: GameInfo
    kind: str | None = None
    record: GameRecord | None = None
    keys: dict[str, int] | None = None
    state: State | None = None
    verdict: undoing.Verdict | None = None
    last_at: int = 0  # the latest game time stamped on a new action (real-time games)


async def reread(store: Store, held: Held) -> Reread | None:
    """The game as the database has it now (None: it is gone)."""
    count = len(held.record.actions)
    loaded = await asyncio.to_thread(store.load_from, held.info.id, count)
    if loaded is None:
        return None
    if loaded.info.revision == held.revision:
        return Reread(loaded.info)
    if loaded.appends_only(held.revision, count):
        state, verdict = held.state.clone(), held.verdict
        last = loaded.info.action_count - 1
        for index, (seat, action) in enumerate(loaded.actions, start=count):
            if index < last:  # only the last one can be undone: judged (when asked)
                state.apply(seat, action)
            else:
                bots = loaded.info.bots
                verdict = undoing.apply_later(held.game, bots, state, seat, action, index)
        record = replace(held.record, actions=[*held.record.actions, *loaded.actions])
        keys = {**held.keys, **loaded.keys}
        kind = APPENDED
    else:
        whole = await asyncio.to_thread(store.load_from, held.info.id, 0)
        if whole is None:
            return None
        loaded, record, keys, kind = whole, whole.record(), whole.keys, REPLACED
        state, verdict = await asyncio.to_thread(
            undoing.replay_verdict, record, held.game, whole.info.bots
        )
    last_at = max((getattr(a, "at", 0) for _, a in loaded.actions), default=0)
    return Reread(loaded.info, kind, record, keys, state, verdict, last_at)
