"""Running `ekimae serve` once its options are checked (`server.cli`): uvicorn's settings,
one process or the supervisor of several."""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import socket
from typing import TYPE_CHECKING, Any

from ekimae.server.config import Limits, Settings

if TYPE_CHECKING:
    import uvicorn

STARTUP_FAILURE = 3  # uvicorn's code when the app itself fails to start
BACKLOG = 2048  # uvicorn's default


def mask_url(url: str) -> str:
    """`url` with its password (if any) shown as `***`; works on unparsable URLs too (up to
    the last `@`, in case the password has an unescaped `/` or `@`)."""
    return re.sub(r"(://[^:/?#@]*:).*@", r"\1***@", url)


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
    )


def serve(args: argparse.Namespace, url: str, where: str, sock: socket.socket) -> int:
    import uvicorn  # imported late: the rest of the CLI must not pay for the web stack

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
    )
    print(where)
    if settings.smtp_url:
        print(f"ekimae: turn e-mails via {mask_url(settings.smtp_url)} from {settings.smtp_from}")
    if args.ray_address:
        print(f"ekimae: bot moves and hints on Ray at {mask_url(args.ray_address)}")
    print(f"ekimae: open http://{host}:{args.port}/", flush=True)
    if args.workers > 1:
        return serve_processes(args, settings, sock)
    config = uvicorn_config(create_app(settings), args.host, args.port, settings)
    # After uvicorn.Config: it (re)configures the logging handlers.
    logs.install(json_lines=settings.log_json)
    tune_gc()  # after the app is made: its data is set aside for good
    server = uvicorn.Server(config)
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

    data = {f.name: getattr(settings, f.name) for f in dataclasses.fields(settings)}
    data["limits"] = dataclasses.asdict(settings.limits)  # the same in every process
    os.environ[SETTINGS_ENV] = json.dumps(data)
    config = uvicorn_config(
        "ekimae.server.app:app_from_env", args.host, args.port, settings, args.workers
    )
    logs.install(json_lines=settings.log_json)
    print(f"ekimae: {args.workers} server processes on one port", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        Multiprocess(config, sockets=[sock]).run()
    return 0
