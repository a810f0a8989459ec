"""What one server process runs while it is up, made at start and stopped at the end:
the store, the hub, the notifier, the ratings, the per-client limits and, with several
processes, the event bus and the periodic check. Routes reach them through
`server.deps`; nothing here knows a route.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field

from ekimae.server import metrics
from ekimae.server.bus import Bus
from ekimae.server.config import Settings
from ekimae.server.forwarded import ClientAddress
from ekimae.server.hub import Hub
from ekimae.server.limits import Limiter, rate_limiter
from ekimae.server.notify import Notifier
from ekimae.server.ratings import Ratings
from ekimae.server.store import Store
from ekimae.server.workers import make_pool

# A process's start and stop are told where uvicorn tells its own (shown at INFO).
lifecycle = logging.getLogger("uvicorn.error")


@dataclass
class Services:
    settings: Settings
    store: Store
    hub: Hub
    ratings: Ratings
    # Games per client address, hints per seat: counted in the database when several
    # processes share it (`server.limits`).
    creates: Limiter
    hints: Limiter
    addresses: ClientAddress
    hinting: set[tuple[str, int]] = field(default_factory=set)  # (game, seat) being searched
    ratings_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bus: Bus | None = None
    watch: asyncio.Task[None] | None = None
    sampler: metrics.Sampler | None = None
    stopping: bool = False  # a graceful stop began: not ready, no new actions
    # The admin page's writes and login attempts per client address (`routes.admin`).
    admin_writes: Limiter | None = None
    admin_logins: Limiter | None = None

    @classmethod
    async def start(cls, settings: Settings) -> Services:
        limits = settings.limits
        store = Store(settings.database_url)
        pool = make_pool(settings.bot_workers, limits.max_pending_searches, settings.ray_address)
        hub = Hub(
            store,
            pool,
            settings.bot_delay,
            limits=limits,
            notifier=Notifier(store, settings),
            lease_seconds=settings.lease_seconds,
            check_seconds=settings.check_seconds,
        )
        window = limits.window_seconds
        running = cls(
            settings,
            store,
            hub,
            Ratings(store),
            creates=rate_limiter(store, "create", limits.creates_per_window, window),
            hints=rate_limiter(store, "hint", limits.hints_per_window, window),
            addresses=ClientAddress(settings.trusted_proxies),
            admin_writes=rate_limiter(store, "admin", limits.admin_writes_per_window, window),
            admin_logins=rate_limiter(store, "login", limits.admin_logins_per_window, window),
        )
        metrics.time_statements(store.engine)
        running.sampler = metrics.Sampler(hub)
        hub.listen(running.sampler.on_committed)
        if hub.multi:
            # Other processes may serve the same games: hear their writes, check the
            # table periodically, adopt games whose bots' process died.
            running.bus = Bus(settings.database_url, store.channel, hub.on_event, hub.catch_up)
            running.bus.start()
            with contextlib.suppress(TimeoutError):
                await running.bus.wait_connected()
            running.watch = asyncio.create_task(hub.watch())
        await hub.resume_bots()
        return running

    async def drain(self) -> None:
        """SIGTERM's first step (`serving.Server`): the hub takes no more actions and its
        writes in flight finish; then uvicorn closes the sockets (1012, the page reconnects)
        and waits for the requests being answered."""
        if self.stopping:
            return
        self.stopping = True
        lifecycle.info("stopping: no new actions; finishing the writes in flight")
        await self.hub.drain()
        lifecycle.info("stopping: writes finished; closing sockets (1012: pages reconnect)")

    async def stop(self) -> None:
        if self.watch is not None:
            self.watch.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.watch
        if self.bus is not None:
            await self.bus.close()
        await self.hub.close()
        self.store.close()
