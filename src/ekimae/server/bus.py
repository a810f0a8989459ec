"""Cross-process events over PostgreSQL's LISTEN/NOTIFY (issue 21).

Every write that other processes' sockets must hear of sends `pg_notify` in its own
transaction (`Store._event`): an action (with the game's new action count and revision),
an undo, a chat message, a seat change, a rematch. Each server process holds one psycopg
connection that LISTENs on the store's channel and hands each event to the hub, which
skips its own and brings the game to the table's: an action's event that is the held
game's next revision is applied from the action it carries (`server.carried`: the
engine checks it like any other), anything else is re-read from the table, so events
that come late, twice or out of order still leave every process at the table's order of
actions.

A notification can be lost while the listening connection is down. So on every
(re)connect the hub is told to catch up (`on_connect`: every game it serves is compared
with the table), and the hub also compares the revisions of its games periodically.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("ekimae.server")

OnEvent = Callable[[dict[str, Any]], None]
OnConnect = Callable[[], Awaitable[None]]


def libpq_url(url: str) -> str:
    """A SQLAlchemy URL (`postgresql+psycopg://...`) as libpq takes it."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url).set(drivername="postgresql")
    return parsed.render_as_string(hide_password=False)


class Bus:
    """LISTENs on `channel` with a connection of its own, reconnecting after a failure."""

    def __init__(
        self,
        url: str,
        channel: str,
        on_event: OnEvent,
        on_connect: OnConnect,
        *,
        health_seconds: float = 5.0,
        retry_seconds: float = 1.0,
    ) -> None:
        self.url = libpq_url(url)
        self.channel = channel
        self.on_event = on_event
        self.on_connect = on_connect
        self.health_seconds = health_seconds
        self.retry_seconds = retry_seconds
        self.connected = asyncio.Event()
        self.connects = 0  # (re)connections so far: tests and logs
        self._task: asyncio.Task[None] | None = None
        self._closing = False

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def wait_connected(self, timeout: float = 5.0) -> None:
        await asyncio.wait_for(self.connected.wait(), timeout)

    async def _run(self) -> None:
        import psycopg

        while not self._closing:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True, connect_timeout=5
                ) as conn:
                    await conn.execute(f'LISTEN "{self.channel}"')
                    self.connects += 1
                    self.connected.set()
                    if self.connects > 1:
                        log.warning("event listener reconnected; catching up from the table")
                    await self.on_connect()
                    while not self._closing:
                        async for note in conn.notifies(timeout=self.health_seconds):
                            self._deliver(note.payload)
                        await conn.execute("SELECT 1")  # a dead connection fails here
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database restarted, the network dropped, ...
                self.connected.clear()
                if self._closing:
                    return
                log.error("event listener lost its connection (%s); retrying", type(exc).__name__)
                await asyncio.sleep(self.retry_seconds)

    def _deliver(self, payload: str) -> None:
        try:
            event = json.loads(payload)
        except ValueError:
            return
        if isinstance(event, dict) and isinstance(event.get("g"), str):
            self.on_event(event)

    async def close(self) -> None:
        self._closing = True
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
