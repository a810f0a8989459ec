"""Which process runs a game's bots and timer, when several share one database.

A game's bots and its real-time timer run only in the process holding the game's lease
(`Store.take_lease`: `expires_at` on the database's clock), renewed while they run; once a
holder dies or stalls past it, another process takes over. One process alone (SQLite)
always holds every lease.
"""

from __future__ import annotations

import asyncio
import contextlib
import time

from ekimae.server.store import Store
from ekimae.server.table import Table


class Leases:
    def __init__(self, store: Store, origin: str, seconds: float, multi: bool) -> None:
        self.store = store
        self.origin = origin
        self.seconds = seconds
        self.multi = multi
        # When another process last held a game's lease against us (time.monotonic()): a
        # whole lease goes by before asking again (its holder renews it meanwhile), so
        # that the changes another process makes do not cost a refused write here every
        # few seconds per game; the periodic sweep adopts a game whose holder died or let
        # its lease go at once (`forget`).
        self._refused: dict[str, float] = {}

    async def hold(self, table: Table, renew: bool = False) -> bool:
        """Whether this process may run the game's bots and timer now: it holds the lease
        (renewed here when a third of it is left, or when `renew`; `renew` below renews
        every running game's lease in one write at each periodic check), or takes it now."""
        if not self.multi:
            return True
        now = time.monotonic()
        if not renew and table.lease_until - now > self.seconds / 3:
            return True
        game_id = table.info.id
        if not renew and self._backing_off(game_id, now):
            return False
        got = await asyncio.to_thread(self.store.take_lease, game_id, self.origin, self.seconds)
        # A margin under the lease's length: this process stops before another may start.
        table.lease_until = now + self.seconds * 0.8 if got else 0.0
        if got:
            self._refused.pop(game_id, None)
        else:
            self._refused[game_id] = now
        return got

    def _backing_off(self, game_id: str, now: float) -> bool:
        return now - self._refused.get(game_id, -self.seconds) < self.seconds

    def elsewhere(self, table: Table) -> bool:
        """Whether another process held the game's lease when last asked, not long ago:
        its bots and timer run there, so none is started here (no task, no write)."""
        now = time.monotonic()
        return self.multi and table.lease_until <= now and self._backing_off(table.info.id, now)

    def forget(self, game_id: str) -> None:
        """The game's lease is free (the sweep found it so): ask for it at once."""
        self._refused.pop(game_id, None)

    async def renew(self, tables: list[Table]) -> None:
        """Renew the leases of the games whose bots or timer run here, all in one write
        (one per game was a write a second per two games held)."""
        now = time.monotonic()
        running = [
            t
            for t in tables
            if t.lease_until > now
            and (
                any(not task.done() for task in t.bot_tasks.values())
                or (t.timer_task is not None and not t.timer_task.done())
            )
        ]
        if not self.multi or not running:
            return
        ids = [t.info.id for t in running]
        kept = await asyncio.to_thread(self.store.renew_leases, ids, self.origin, self.seconds)
        for table in running:
            table.lease_until = now + self.seconds * 0.8 if table.info.id in kept else 0.0

    async def release(self, tables: list[Table]) -> None:
        """Hand the games whose lease this process holds to the others at once (a clean
        shutdown), not at expiry."""
        if not self.multi:
            return
        for table in tables:
            if table.lease_until > time.monotonic():
                with contextlib.suppress(Exception):
                    await asyncio.to_thread(self.store.release_lease, table.info.id, self.origin)
