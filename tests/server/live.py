"""A live server on loopback and Debian's Chromium, for the browser tests (one copy).

`live_server` runs the app under uvicorn on its own event loop in a thread, so a test
can also reach the hub on that loop (`LiveServer.call`, e.g. to move a real-time game's
clock). The `server` and `browser` fixtures of `conftest.py` are built from these.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time
from collections.abc import Coroutine, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import uvicorn
from fastapi import FastAPI
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

from ekimae.server.app import create_app
from ekimae.server.config import Settings, sqlite_url

# Debian's headless shell of Chromium (the same engine, without the browser's windows and
# their user interface): a new page costs it about a quarter of the CPU the full
# /usr/bin/chromium spends (a window, its tab strip's renderer), and the browser tests open
# hundreds (docs/testing.md). tools/services.sh installs it (chromium-headless-shell).
CHROMIUM = "/usr/lib/chromium/chromium-headless-shell"
# Playwright's waits (30 s) and `expect` (5 s) are bounds on a hang, not what a test
# checks (docs/testing.md, rule 4): on a loaded machine a push or a page load took longer
# and tests failed that were right. A wait still ends as soon as its condition holds.
WAIT_MS = 90_000
EXPECT_MS = 30_000


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass(frozen=True)
class LiveServer:
    url: str
    app: FastAPI
    loop: asyncio.AbstractEventLoop

    def call(self, coro: Coroutine[Any, Any, Any], timeout: float = 10) -> Any:
        """Run `coro` on the server's own loop (the hub lives there) and wait for it."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)


@contextlib.contextmanager
def live_server(
    tmp_path: Path, bot_delay: float = 0.05, pace_ms: int = 0, admin_secret: str | None = None
) -> Iterator[LiveServer]:
    """The app with a fresh SQLite data folder, served until the block ends; pages show
    others' moves at once unless `pace_ms` (issue 31) says otherwise."""
    port = free_port()
    settings = Settings(
        database_url=sqlite_url(tmp_path / "data"),
        bot_delay=bot_delay,
        pace_ms=pace_ms,
        admin_secret=admin_secret,
    )
    app = create_app(settings)
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_until_complete, args=(srv.serve(),), daemon=True)
    thread.start()
    deadline = time.monotonic() + 120  # a hang bound only (docs/testing.md, rule 4)
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield LiveServer(f"http://127.0.0.1:{port}", app, loop)
    finally:
        srv.should_exit = True
        thread.join(10)


@contextlib.contextmanager
def chromium() -> Iterator[Browser]:
    """Headless Chromium; fails (never skips) without `EKIMAE_BROWSER=1 tools/services.sh`."""
    assert Path(CHROMIUM).exists(), "run `EKIMAE_BROWSER=1 tools/services.sh` first"
    expect.set_options(timeout=EXPECT_MS)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True)
        # The server's Content-Security-Policy forbids `eval`, which Playwright's string
        # predicates (`wait_for_function`) run on: pages and contexts ignore it unless a
        # test asks otherwise (test_csp_browser.py runs every page under the policy).
        # They also ask for reduced motion: the pages' endless animations (the lesson's
        # ring, a train's focus) otherwise have Chromium draw 60 frames a second for as
        # long as a test looks (with learn.js's change-driven ring, the four METRO and
        # IZAKAYA lessons went from 13 to 11 s of browser CPU; issue 28). What a test
        # checks never moves; the animations are the pages' own, kept for people.
        plain_page, plain_context = browser.new_page, browser.new_context

        def new_page(**kwargs: Any) -> Page:
            kwargs.setdefault("bypass_csp", True)
            kwargs.setdefault("reduced_motion", "reduce")
            page = plain_page(**kwargs)
            page.set_default_timeout(WAIT_MS)
            return page

        def new_context(**kwargs: Any) -> BrowserContext:
            kwargs.setdefault("bypass_csp", True)
            kwargs.setdefault("reduced_motion", "reduce")
            context = plain_context(**kwargs)
            context.set_default_timeout(WAIT_MS)
            return context

        browser.new_page = new_page  # type: ignore[method-assign]
        browser.new_context = new_context  # type: ignore[method-assign]
        try:
            yield browser
        finally:
            browser.close()
