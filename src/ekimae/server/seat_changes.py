"""The part of a `Table` that changes who sits where: a seat withdrawn or handed to a bot
(its pending sealed choice taken out with it), the seats re-read, the rematch made.

A mixin of `Table` (`server.table`), kept apart for its size; what it uses of the table is
declared here for the type checker.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from ekimae.core.game import Game, State
from ekimae.core.record import GameRecord
from ekimae.server import undoing
from ekimae.server.clients import Audience
from ekimae.server.errors import STALE_RETRIES, RefusedError
from ekimae.server.events import DISCARD
from ekimae.server.store import Discard, GameInfo, SeatError, StaleWriteError, Store

T = TypeVar("T")


class SeatChanges:
    store: Store
    info: GameInfo
    record: GameRecord
    state: State
    game: Game[Any]
    verdict: undoing.Verdict
    keys: dict[str, int]
    claimed: list[bool]
    revision: int
    dirty: bool
    lock: asyncio.Lock
    audience: Audience

    async def sync_locked(self) -> bool:
        raise NotImplementedError

    def push(self) -> None:
        raise NotImplementedError

    def _announce(self, kind: str, seat: int | None, before: frozenset[int]) -> None:
        raise NotImplementedError

    async def change_seat(
        self, seat: int, write: Callable[[Discard | None], tuple[T, int | None]]
    ) -> T:
        """Under the lock: `write` the seat's change to the store, with the seat's pending
        sealed choice (`core.sealed`) to discard in the same transaction, and take that
        choice out of this game too. Issue 26: nobody but the seat that made a sealed
        choice reads it before the reveal, not even whoever takes the seat over."""
        async with self.lock:
            for attempt in range(STALE_RETRIES):
                if self.dirty:
                    await self.sync_locked()
                found = await asyncio.to_thread(
                    undoing.pending_discard, self, seat, self.info.bots, self.revision
                )
                discard = None if found is None else found.discard
                try:
                    result, revision = await asyncio.to_thread(write, discard)
                except SeatError as exc:
                    raise RefusedError("refused", str(exc), status=409) from None
                except StaleWriteError:
                    if attempt == STALE_RETRIES - 1:
                        self.dirty = True
                        raise RefusedError("stale", "the game moved on", status=409) from None
                    await self.sync_locked()
                    continue
                if found is not None and revision is not None:
                    before = frozenset(self.state.current_players())
                    index = found.discard.index
                    self.keys = {k: i - (i > index) for k, i in self.keys.items() if i != index}
                    self.record, self.state = found.record, found.state
                    self.verdict = found.verdict
                    self.revision = revision
                    # Pushed by `seats_changed`, which follows every seat change.
                    self._announce(DISCARD, None, before)
                return result
        raise AssertionError("unreachable")  # pragma: no cover

    async def seats_changed(self, disconnect: int | None = None) -> None:
        """Re-read names, bots and claims; close a withdrawn seat's sockets; push everyone."""
        async with self.lock:
            info = await asyncio.to_thread(self.store.info, self.info.id)
            seats = await asyncio.to_thread(self.store.seats, self.info.id)
            if info is not None:
                self.info = info
            self.claimed = [s.claimed for s in seats]
            if disconnect is not None:
                self.audience.drop_seat(disconnect, "this seat's link was withdrawn by the host")
            self.push()

    async def rematch(self, seed: int) -> str:
        """The rematch's game id: made now with `seed` if no seat asked before (pushed to
        every socket), else the one made then."""
        async with self.lock:
            if not self.state.is_terminal():
                raise RefusedError(
                    "not-finished", "a rematch can be asked for once the game is over", status=409
                )
            if self.info.rematch is None:
                fresh = self.game.new_state(len(self.info.names), seed, self.info.options)
                made, _ = await asyncio.to_thread(
                    self.store.create_rematch,
                    self.info.id,
                    self.game,
                    seed,
                    list(fresh.current_players()),
                )
                self.info = replace(self.info, rematch=made)
                self.push()
            assert self.info.rematch is not None
            return self.info.rematch
