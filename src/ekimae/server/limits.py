"""Per-client limits: how often one client may create games or ask for hints."""

from __future__ import annotations

import math
from collections import deque


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


def retry_after(seconds: float) -> str:
    """A Retry-After header value: whole seconds, at least 1."""
    return str(max(1, math.ceil(seconds)))
