"""Prometheus metrics of one server process (`GET /metrics`; docs/deploy.md "Metrics").

Everything is counted where it happens, through `prometheus_client` (the project's
reference client): accepted actions and the time from an action's arrival to its push
being queued to every socket (a table's `Committed`, heard like any listener), open
sockets (the live route), games in memory and the bot queue (sampled at every change and
at every scrape), each SQL statement's time (the engine's cursor events) and errors
(every ERROR record of the server's and uvicorn's loggers).

Metrics are per process: one systemd unit per process is scraped at its own port. Under
`serve --workers N` the processes share one port, so a scrape reaches any of them: there
`serve` sets `PROMETHEUS_MULTIPROC_DIR` before they start, each writes its values to that
folder, and `/metrics` adds them up (the gauges: the sum over live processes).
"""

from __future__ import annotations

import logging
import os
import time
from typing import TYPE_CHECKING, Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client import multiprocess as prom_multiprocess
from sqlalchemy import event

from ekimae.server.events import ACTION, Committed

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from ekimae.server.hub import Hub
    from ekimae.server.table import Table

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
CONTENT_TYPE = CONTENT_TYPE_LATEST

# A push is a few milliseconds when all is well; a write waiting on a busy database or a
# large table's payloads make it tens to hundreds.
PUSH_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
DB_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0)

ACTIONS = Counter(
    "ekimae_actions_accepted",
    "Actions stored and pushed by this process (people's, bots' and timers'), per title",
    ["title"],
)
PUSH = Histogram(
    "ekimae_push_seconds",
    "From an action's arrival at its game to its new position queued to every socket",
    buckets=PUSH_BUCKETS,
)
SOCKETS = Gauge(
    "ekimae_open_sockets",
    "Open game WebSockets (players and spectators)",
    multiprocess_mode="livesum",
)
GAMES = Gauge(
    "ekimae_games_in_memory", "Games held in this process's memory", multiprocess_mode="livesum"
)
BOT_QUEUE = Gauge(
    "ekimae_bot_queue",
    "Bot moves and hints waiting for or running in a search worker",
    multiprocess_mode="livesum",
)
DB = Histogram(
    "ekimae_database_seconds", "Time of each SQL statement, sent to answer", buckets=DB_BUCKETS
)
ERRORS = Counter(
    "ekimae_errors",
    "Errors logged (a failed request, socket message, listener, write or database call)",
    ["logger"],
)
READY = Gauge(
    "ekimae_ready",
    "1 while this process is ready (database reachable, schema current, not stopping)",
    multiprocess_mode="livemin",
)


class Sampler:
    """A hub's listener: counts accepted actions and push times, and samples the gauges."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    def on_committed(self, table: Table, event: Committed) -> None:
        if event.kind == ACTION and not event.remote:
            ACTIONS.labels(table.game.name).inc()
            if table.arrived_at:
                PUSH.observe(max(0.0, time.monotonic() - table.arrived_at))
        self.sample()

    def sample(self) -> None:
        GAMES.set(len(self.hub.tables.held))
        BOT_QUEUE.set(self.hub.pool.pending)


def time_statements(engine: Engine) -> None:
    """Observe each SQL statement's time on `engine` (once per engine)."""

    @event.listens_for(engine, "before_cursor_execute")
    def _before(
        conn: Any, cursor: Any, statement: Any, params: Any, context: Any, many: Any
    ) -> None:
        conn.info.setdefault("ekimae_started", []).append(time.perf_counter())

    @event.listens_for(engine, "after_cursor_execute")
    def _after(
        conn: Any, cursor: Any, statement: Any, params: Any, context: Any, many: Any
    ) -> None:
        started = conn.info.get("ekimae_started")
        if started:
            DB.observe(time.perf_counter() - started.pop())

    @event.listens_for(engine, "handle_error")
    def _failed(context: Any) -> None:
        conn = context.connection
        if conn is not None and conn.info.get("ekimae_started"):
            conn.info["ekimae_started"].pop()
        ERRORS.labels("database").inc()


class CountErrors(logging.Handler):
    """Counts every ERROR (or worse) record it is handed, by the logger's first two names."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)

    def emit(self, record: logging.LogRecord) -> None:
        ERRORS.labels(".".join(record.name.split(".")[:2])).inc()


def count_errors() -> None:
    """Hear the server's errors (propagated to the root logger) and uvicorn's (whose
    loggers do not propagate); once per process, after uvicorn configured its logging."""
    for name in ("", "uvicorn"):
        logger = logging.getLogger(name)
        if not any(isinstance(h, CountErrors) for h in logger.handlers):
            logger.addHandler(CountErrors())


def exposition() -> bytes:
    """The metrics in Prometheus's text format: this process's, or with several processes
    on one port (`serve --workers N`) all of theirs."""
    if os.environ.get(MULTIPROC_ENV):
        registry = CollectorRegistry()
        prom_multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return generate_latest(registry)
    return generate_latest(REGISTRY)
