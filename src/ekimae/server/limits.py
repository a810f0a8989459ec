"""Per-client limits: how often one client may create games, ask for hints, chat, or be
sent turn notices.

One process counts in memory (`RateLimiter`). Several processes on one PostgreSQL
database count in the database (`StoredRateLimiter`, the `rate_events` table), since
each counting its own would let N processes allow N times as much (issue 26).
`rate_limiter` picks the one that fits the store; both answer `await ask(key)`.
"""

from __future__ import annotations

import asyncio
import itertools
import math
import time
from collections import deque
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ekimae.server.store import Store


class RateLimiter:
    """At most `limit` events per `window` seconds for each key (a sliding window).

    Times are passed in by the caller (`time.monotonic()` in the server), so tests need no
    clock. Keys with nothing in the window are forgotten, so memory stays bounded by the
    clients active in the last window.
    """

    def __init__(self, limit: int, window: float) -> None:
        self.limit = limit
        self.window = window
        self._events: dict[str, deque[float]] = {}

    def allow(self, key: str, now: float) -> float | None:
        """Record an event for `key` if allowed and return None; else the seconds until
        the next one would be allowed (nothing recorded)."""
        events = self._events.setdefault(key, deque())
        while events and events[0] <= now - self.window:
            events.popleft()
        if len(events) >= self.limit:
            return max(0.0, events[0] + self.window - now)
        events.append(now)
        if len(self._events) > 4 * max(1, self.limit) * 256:
            self._forget(now)
        return None

    def _forget(self, now: float) -> None:
        for key in [k for k, e in self._events.items() if not e or e[-1] <= now - self.window]:
            del self._events[key]

    async def ask(self, key: str) -> float | None:
        """`allow(key)` now (this process's monotonic clock)."""
        return self.allow(key, time.monotonic())


class StoredRateLimiter:
    """The same limit counted in the database, shared by every process that uses it:
    `scope` names the limit (keys are `scope:key`), times are the database's."""

    # Every this many events, the scope's stale events are dropped (clients gone quiet).
    FORGET_EVERY = 500

    def __init__(self, store: Store, scope: str, limit: int, window: float) -> None:
        self.store = store
        self.scope = scope
        self.limit = limit
        self.window = window
        self._asked = itertools.count(1)

    def allow_now(self, key: str) -> float | None:
        """`RateLimiter.allow` on the database (blocking: call it from a thread)."""
        if next(self._asked) % self.FORGET_EVERY == 0:
            self.store.rate_forget(f"{self.scope}:", self.window)
        return self.store.rate_allow(f"{self.scope}:{key}", self.limit, self.window)

    async def ask(self, key: str) -> float | None:
        return await asyncio.to_thread(self.allow_now, key)


Limiter = RateLimiter | StoredRateLimiter


def rate_limiter(store: Store | None, scope: str, limit: int, window: float) -> Limiter:
    """In the database when it is shared by several processes (PostgreSQL), else here."""
    if store is not None and store.postgres:
        return StoredRateLimiter(store, scope, limit, window)
    return RateLimiter(limit, window)


def retry_after(seconds: float) -> str:
    """A Retry-After header value: whole seconds, at least 1."""
    return str(max(1, math.ceil(seconds)))
