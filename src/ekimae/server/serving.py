"""Running `ekimae serve` once its options are checked (`server.cli`): uvicorn's settings,
one process or the supervisor of several."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import shutil
import socket
import tempfile
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from ekimae.server.config import Limits, Settings
from ekimae.server.config import mask_url as mask_url  # its home before

if TYPE_CHECKING:
    import uvicorn

STARTUP_FAILURE = 3  # uvicorn's code when the app itself fails to start
BACKLOG = 2048  # uvicorn's default
WORKER_HEALTHCHECK = 60  # seconds
# A graceful stop waits this long for requests being answered, then cancels them (systemd
# waits TimeoutStopSec=30 before it kills: deploy/systemd/ekimae@.service).
STOP_SECONDS = 20


def uvicorn_config(
    app: Any, host: str, port: int, settings: Settings, workers: int = 1
) -> uvicorn.Config:
    """uvicorn's settings: a WebSocket message past the limit closes that connection (1009).

    (uvicorn has no cap on an HTTP body; the app enforces `limits.max_body` itself.)
    With `workers` > 1, `app` is the factory's import string (each process builds its own).
    """
    import uvicorn

    from ekimae.server.wire import Protocol

    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="info",
        ws_max_size=settings.limits.max_ws_message,
        backlog=BACKLOG,
        workers=workers,
        factory=workers > 1,
        # Never uvicorn's own X-Forwarded-For reading (it trusts 127.0.0.1 by default):
        # the app reads it from the proxies named by --trusted-proxy (server.forwarded).
        proxy_headers=False,
        ws=Protocol,  # per-message deflate at level 1 (server.wire)
        # With several processes uvicorn's supervisor restarts a child that has not started
        # or answered its ping within this many seconds: its default (5) killed children
        # still starting on a busy 2-core machine, over and over.
        timeout_worker_healthcheck=WORKER_HEALTHCHECK,
        timeout_graceful_shutdown=STOP_SECONDS,
    )


def graceful_server(config: uvicorn.Config, drain: Callable[[], Awaitable[None]]) -> Any:
    """uvicorn's server, whose stop (SIGTERM, SIGINT) first runs `drain` — the app takes
    no more actions and finishes its writes — and only then does what uvicorn does: stop
    listening, close every WebSocket with 1012 (service restart: pages reconnect, through
    the proxy to another process), wait for the requests being answered, shut the app."""
    import uvicorn

    class Server(uvicorn.Server):
        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            try:
                await asyncio.wait_for(drain(), STOP_SECONDS)
            except Exception:  # a failed drain must not keep the process from stopping
                logging.getLogger("ekimae.server").exception("stopping: the drain failed")
            await super().shutdown(sockets)

    return Server(config)


def serve(args: argparse.Namespace, url: str, where: str, sock: socket.socket) -> int:
    from ekimae.server import logs
    from ekimae.server.app import create_app
    from ekimae.server.tuning import tune_gc

    host = f"[{args.host}]" if ":" in args.host else args.host
    settings = Settings(
        database_url=url,
        bot_delay=args.bot_delay,
        bot_workers=args.bot_workers,
        smtp_url=args.smtp_url or None,
        smtp_from=args.smtp_from or None,
        public_url=args.public_url or f"http://{host}:{args.port}",
        webhook_private=args.webhook_allow_private,
        ray_address=args.ray_address or None,
        log_json=args.log_format == "json",
        limits=Limits(creates_per_window=args.create_limit),
        trusted_proxies=tuple(args.trusted_proxy),
        admin_secret=getattr(args, "admin_secret", None),
    )
    print(where)
    if settings.smtp_url:
        print(f"ekimae: turn e-mails via {mask_url(settings.smtp_url)} from {settings.smtp_from}")
    if args.ray_address:
        print(f"ekimae: bot moves and hints on Ray at {mask_url(args.ray_address)}")
    if settings.admin_secret:
        print(f"ekimae: admin page at http://{host}:{args.port}/admin")
    print(f"ekimae: open http://{host}:{args.port}/", flush=True)
    if args.workers > 1:
        return serve_processes(args, settings, sock)
    app = create_app(settings)
    config = uvicorn_config(app, args.host, args.port, settings)
    # After uvicorn.Config: it (re)configures the logging handlers.
    logs.install(json_lines=settings.log_json)
    tune_gc()  # after the app is made: its data is set aside for good
    server = graceful_server(config, lambda: app.state.services.drain())
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: uvicorn has shut down cleanly
        server.run(sockets=[sock])
    return 0 if server.started else STARTUP_FAILURE


def serve_processes(args: argparse.Namespace, settings: Settings, sock: socket.socket) -> int:
    """`--workers N`: uvicorn's supervisor starts N processes (spawned, each building the
    app from `app_from_env`) that accept on the one socket bound here, and restarts one
    that dies. They share nothing but PostgreSQL (see docs/server.md)."""
    import dataclasses
    import json

    from uvicorn.supervisors import Multiprocess

    from ekimae.server import logs
    from ekimae.server.app import SETTINGS_ENV
    from ekimae.server.metrics import MULTIPROC_ENV

    data = {f.name: getattr(settings, f.name) for f in dataclasses.fields(settings)}
    data["limits"] = dataclasses.asdict(settings.limits)  # the same in every process
    os.environ[SETTINGS_ENV] = json.dumps(data)
    config = uvicorn_config(
        "ekimae.server.app:app_from_env", args.host, args.port, settings, args.workers
    )
    logs.install(json_lines=settings.log_json)
    print(f"ekimae: {args.workers} server processes on one port", flush=True)
    # A scrape reaches any of the processes: each writes its metrics to one folder, which
    # `/metrics` sums (`server.metrics`); one left by a previous run is not read.
    made = None
    if not os.environ.get(MULTIPROC_ENV):
        made = os.environ[MULTIPROC_ENV] = tempfile.mkdtemp(prefix="ekimae-metrics-")
    try:
        with contextlib.suppress(KeyboardInterrupt):
            Multiprocess(config, sockets=[sock]).run()
    finally:
        if made is not None:
            shutil.rmtree(made, ignore_errors=True)
    return 0
