"""Running beside other processes on one PostgreSQL database (issue 21).

Another process's writes arrive as events (`server.bus`): for a game held here, its
table applies the action an event carries when it is the held game's next change
(`server.carried`), else re-reads what changed, and pushes its sockets; chat
messages and seat changes are read and passed on; a game the admin deleted is forgotten,
a message it hid taken off the pages. A periodic check compares the
revisions of the held games with the table (events lost while the listener was down),
renews the leases of the games whose bots run here, and adopts the games whose bots'
process died (lease expired).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable
from typing import Any

from ekimae.core.errors import EkimaeError
from ekimae.server.leases import Leases
from ekimae.server.removals import forget, unshow
from ekimae.server.runners import Runner
from ekimae.server.table import Table
from ekimae.server.tables import Tables

log = logging.getLogger("ekimae.server")


class Peers:
    def __init__(
        self,
        tables: Tables,
        runner: Runner,
        leases: Leases,
        origin: str,
        check_seconds: float,
    ) -> None:
        self.tables = tables
        self.runner = runner
        self.leases = leases
        self.origin = origin
        self.check_seconds = check_seconds
        self.closing = False
        self.remote_events = 0  # events from other processes that changed a game here
        self._background: set[asyncio.Task[Any]] = set()

    def on_event(self, event: dict[str, Any]) -> None:
        """An event from the bus: another process changed a game. Ours and games this
        process does not hold are ignored; the rest are re-read from the table."""
        if event.get("o") == self.origin or self.closing:
            return
        table = self.tables.held.get(event["g"])
        if table is None:
            return
        kind = event.get("k")
        if kind in ("action", "undo"):
            rev = event.get("r")
            if isinstance(rev, int) and rev <= table.revision:
                return  # already read (a late or repeated event)
            if kind == "action":  # the next action: no re-read (`Table.apply_carried`)
                self._spawn(self._apply_carried(table, event))
            else:
                self._spawn(self._sync(table, rev if isinstance(rev, int) else None))
        elif kind == "chat" and isinstance(event.get("id"), int):
            self._spawn(self._remote_chat(table, event["id"]))
        elif kind in ("seats", "rematch"):
            drop = event.get("drop")
            self._spawn(self._remote_seats(table, drop if isinstance(drop, int) else None))
        elif kind == "deleted":  # by the admin, in another process
            forget(self.tables, self.runner, table.info.id)
        elif kind == "chat-hidden" and isinstance(event.get("id"), int):
            unshow(table, event["id"])

    async def _sync(self, table: Table, revision: int | None = None) -> None:
        if await table.sync(revision):
            self.remote_events += 1

    async def _apply_carried(self, table: Table, event: dict[str, Any]) -> None:
        if await table.apply_carried(event):
            self.remote_events += 1

    async def _remote_seats(self, table: Table, drop: int | None) -> None:
        await table.seats_changed(disconnect=drop)
        self.runner.kick(table)  # a seat handed to a bot

    async def _remote_chat(self, table: Table, message_id: int) -> None:
        store = self.tables.store
        message = await asyncio.to_thread(store.chat_message, table.info.id, message_id)
        if message is not None:
            async with table.lock:
                table.send_all({"type": "chat", "message": message.to_dict()})

    def _spawn(self, work: Awaitable[Any]) -> None:
        async def guarded() -> None:
            try:
                await work
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.error("handling another process's event failed: %s", exc)

        task = asyncio.create_task(guarded())
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def catch_up(self) -> None:
        """Compare every game held here with the table; re-read the ones another process
        moved on (after the event listener (re)connects, and periodically)."""
        held = dict(self.tables.held)
        if not held:
            return
        revs = await asyncio.to_thread(self.tables.store.revisions, list(held))
        for game_id, rev in revs.items():
            table = held[game_id]
            if rev != table.revision or table.dirty:
                await self._sync(table)
                self.runner.kick(table)

    async def watch(self) -> None:
        """The periodic part: catch up on lost events, renew leases, adopt orphans."""
        last_sweep = 0.0
        while not self.closing:
            await asyncio.sleep(self.check_seconds)
            try:
                await self.catch_up()
                await self.leases.renew(self.tables.all())
                if time.monotonic() - last_sweep >= self.leases.seconds / 2:
                    last_sweep = time.monotonic()
                    await self._adopt_orphans()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database is away: try again next time
                log.error("periodic check failed: %s", exc)

    async def _adopt_orphans(self) -> None:
        for game_id in await asyncio.to_thread(self.tables.store.unleased_bot_games):
            self.leases.forget(game_id)  # free now, whoever held it when last asked
            try:
                table = await self.tables.fresh(game_id)
            except EkimaeError as exc:
                log.error("game %s cannot be resumed: %s", game_id, exc)
                continue
            if table is not None:
                self.runner.kick(table)

    async def close(self) -> None:
        self.closing = True
        for task in list(self._background):
            task.cancel()
        await asyncio.gather(*self._background, return_exceptions=True)
