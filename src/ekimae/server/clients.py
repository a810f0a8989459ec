"""A game's sockets as its table sees them: a seat, a language, and an outbox.

A table never awaits a socket. A push puts one text (encoded once for every client that
gets the same payload) in each client's outbox and returns; each socket's own writer task
sends what is in its outbox, in order. So a slow or stuck page delays nobody else, and an
action's path is as long for two watchers as for two thousand. Everything a socket is sent
goes through its outbox (pushes, acks, errors, chat, the close of a withdrawn link), so
messages keep the order they were queued in. A client whose outbox fills up (its page
stopped reading) is closed (1013): the page reconnects and is sent the game as it is then.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import orjson

Send = Callable[[str], Awaitable[None]]
Close = Callable[[int, str], Awaitable[None]]

# Messages waiting for one socket before it counts as stuck (a page reads each push in
# well under a millisecond; 256 is minutes of a busy game).
OUTBOX = 256
CLOSE_TIMEOUT = 5.0  # s: the close of a stuck socket is not waited for longer


def encode(data: Any) -> str:
    """JSON as Starlette's `send_json` writes it (compact, UTF-8), by orjson (five times
    as fast, the same text: `tests/server/test_payloads.py`); what orjson refuses (an
    integer past 64 bits) by the standard library, as before."""
    try:
        return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()
    except (orjson.JSONEncodeError, TypeError):
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True)
class _Closing:
    code: int
    reason: str


class Client:
    """One socket of a game: `seat` (None: a spectator), its page's language `lang`."""

    def __init__(
        self,
        seat: int | None,
        send: Send,
        close: Close | None = None,
        lang: str = "en",
        outbox: int = OUTBOX,
    ) -> None:
        self.seat = seat
        self.lang = lang
        self.open = True
        self._send = send
        self._close = close
        self._queue: asyncio.Queue[str | _Closing] = asyncio.Queue(outbox)
        self._writer: asyncio.Task[None] | None = None

    def put(self, text: str) -> bool:
        """Queue one message; False if the client is closed or was too far behind (then
        it is closed now, and its table drops it)."""
        if not self.open:
            return False
        self._start()
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            self._abandon(1013, "this page fell too far behind; reconnecting gets the game")
            return False
        return True

    def post(self, data: Any) -> bool:
        return self.put(encode(data))

    def shut(self, code: int, reason: str) -> None:
        """Close the socket once what is queued before has been sent."""
        if not self.open:
            return
        self.open = False
        self._start()
        try:
            self._queue.put_nowait(_Closing(code, reason))
        except asyncio.QueueFull:
            self._abandon(code, reason)

    async def stop(self) -> None:
        """The socket's handler ends: a close queued by `shut` is still sent (a withdrawn
        link's 4403), anything else still queued is dropped."""
        writer, self._writer = self._writer, None
        closing, self.open = not self.open, False
        if writer is None:
            return
        if closing and not writer.done():
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(writer), CLOSE_TIMEOUT)
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer

    def _start(self) -> None:
        if self._writer is None:
            self._writer = asyncio.create_task(self._write())

    async def _write(self) -> None:
        try:
            while True:
                item = await self._queue.get()
                if isinstance(item, _Closing):
                    await self._shut_now(item)
                    return
                await self._send(item)
        except asyncio.CancelledError:
            raise
        except Exception:  # the socket is gone: its handler ends on its own
            self.open = False

    def _abandon(self, code: int, reason: str) -> None:
        """Stop sending at once (the outbox is full) and close in the background."""
        self.open = False
        if self._writer is not None:
            self._writer.cancel()
        self._writer = asyncio.create_task(self._shut_now(_Closing(code, reason)))

    async def _shut_now(self, closing: _Closing) -> None:
        if self._close is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._close(closing.code, closing.reason), CLOSE_TIMEOUT)


class Audience:
    """A game's sockets: each is queued its own payload of a position (`text(seat, lang)`
    gives it, encoded once per seat and language), or one message for all."""

    def __init__(self) -> None:
        self.clients: set[Client] = set()

    def push(self, text: Callable[[int | None, str], str]) -> None:
        for client in list(self.clients):
            if not client.put(text(client.seat, client.lang)):
                self.clients.discard(client)

    def send_all(self, payload: dict[str, Any]) -> None:
        text = encode(payload)
        for client in list(self.clients):
            if not client.put(text):
                self.clients.discard(client)

    def drop_seat(self, seat: int, reason: str) -> None:
        """Close the sockets of `seat` (its link was withdrawn)."""
        for client in [c for c in self.clients if c.seat == seat]:
            self.clients.discard(client)
            client.shut(4403, reason)
