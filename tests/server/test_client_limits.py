"""Issue 26: per-client limits that a client cannot dodge, an operator can set, and several
processes count together.

- `X-Forwarded-For` was trusted from 127.0.0.1 (uvicorn's default): behind the documented
  nginx every client could name any address and create games past the limit. Now only the
  proxies named by `serve --trusted-proxy` are believed (default: none).
- The game-creation limit is an option (`serve --create-limit`), so the load tool can
  create more than 30 games.
"""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn
from fastapi.testclient import TestClient

from ekimae.server.app import create_app
from ekimae.server.cli import uvicorn_config
from ekimae.server.config import Limits, Settings, sqlite_url
from ekimae.server.forwarded import ClientAddress
from ekimae.server.limits import RateLimiter, StoredRateLimiter, rate_limiter
from ekimae.server.store import Store
from tools.load_test import HOST, free_port, kill_hard, start_server, wait_ready

BODY = {"seats": [{"name": "Ann"}, {"bot": "random"}]}


@contextlib.contextmanager
def serving(tmp_path: Path, **settings: object) -> Iterator[str]:
    """The app under uvicorn with the configuration `ekimae serve` gives it, on loopback."""
    port = free_port()
    config = Settings(
        database_url=sqlite_url(tmp_path / "data"),
        bot_workers=0,
        **settings,  # type: ignore[arg-type]
    )
    server = uvicorn.Server(uvicorn_config(create_app(config), HOST, port, config))
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_until_complete, args=(server.serve(),), daemon=True)
    thread.start()
    deadline = time.monotonic() + 120  # a hang bound only (docs/testing.md, rule 4)
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://{HOST}:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def creations(base: str, *forwarded: str) -> list[int]:
    with httpx.Client(base_url=base, timeout=30) as http:
        return [
            http.post("/api/games", json=BODY, headers={"X-Forwarded-For": hop}).status_code
            for hop in forwarded
        ]


def test_a_client_cannot_name_its_own_address(tmp_path: Path) -> None:
    """No proxy trusted (the default): X-Forwarded-For is ignored, the peer is counted."""
    with serving(tmp_path, limits=Limits(creates_per_window=3)) as base:
        codes = creations(base, "1.1.1.1", "2.2.2.2", "3.3.3.3", "4.4.4.4")
    assert codes == [201, 201, 201, 429]


def test_behind_a_named_proxy_each_client_has_its_own_limit(tmp_path: Path) -> None:
    """127.0.0.1 named as the proxy: the address it appends (the right end) is the client;
    what a client wrote to the left of it does not count."""
    settings = {"limits": Limits(creates_per_window=2), "trusted_proxies": ("127.0.0.1",)}
    with serving(tmp_path, **settings) as base:
        first = creations(base, "1.1.1.1", "9.9.9.9, 1.1.1.1", "8.8.8.8, 1.1.1.1")
        second = creations(base, "2.2.2.2", "2.2.2.2")
    assert first == [201, 201, 429]
    assert second == [201, 201]


def test_the_client_address_reads_x_forwarded_for_from_trusted_proxies_only() -> None:
    nobody = ClientAddress()
    assert nobody.of("127.0.0.1", ["6.6.6.6"]) == "127.0.0.1"
    proxies = ClientAddress(["127.0.0.1", "10.0.0.0/8"])
    assert proxies.of("127.0.0.1", ["6.6.6.6, 1.2.3.4"]) == "1.2.3.4"
    assert proxies.of("127.0.0.1", ["6.6.6.6", "1.2.3.4, 10.0.0.9"]) == "1.2.3.4"  # two hops
    assert proxies.of("203.0.113.5", ["1.1.1.1"]) == "203.0.113.5"  # not a proxy
    assert proxies.of("127.0.0.1", []) == "127.0.0.1"
    assert proxies.of("127.0.0.1", ["[2001:db8::1]:443"]) == "2001:db8::1"
    assert proxies.of("127.0.0.1", ["not an address"]) == "-"
    with pytest.raises(ValueError, match="not an address or network"):
        ClientAddress(["localhost"])


def test_the_load_tool_creates_more_than_thirty_games(tmp_path: Path) -> None:
    """`serve --create-limit` (the load tool passes 0: no limit) and `--trusted-proxy`
    reach the real command; 31 games from one address are created."""
    port = free_port()
    proc = start_server(tmp_path / "data", port)
    try:
        base = f"http://{HOST}:{port}"
        wait_ready(proc, base)
        assert creations(base, *["5.5.5.5"] * 31) == [201] * 31
    finally:
        kill_hard(proc)


@pytest.mark.parametrize(
    ("option", "says"),
    [
        (["--trusted-proxy", "my-proxy"], "--trusted-proxy 'my-proxy' is not an address"),
        (["--create-limit", "-1"], "--create-limit -1 must be 0 (no limit) or more"),
    ],
)
def test_bad_client_options_are_one_line(option: list[str], says: str, tmp_path: Path) -> None:
    command = [sys.executable, "-m", "ekimae.cli.main", "serve", "--host", HOST]
    done = subprocess.run(
        [*command, "--data-dir", str(tmp_path), *option],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1
    assert lines[0].startswith(f"ekimae serve: {says}"), lines


# ---------------------------------------------------------------- several processes


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_two_processes_on_postgresql_share_every_limit(db_url: str) -> None:
    """Two servers on one database (as `serve --workers 2`): games created from one
    address and chat messages from one seat are counted once over both; before, each
    process counted its own, and N processes allowed N times as many."""
    limits = Limits(creates_per_window=3, chat_per_window=2)
    settings = Settings(database_url=db_url, bot_workers=0, limits=limits)
    with TestClient(create_app(settings)) as one, TestClient(create_app(settings)) as two:
        made = [c.post("/api/games", json=BODY) for c in (one, two, one, two)]
        assert [r.status_code for r in made] == [201, 201, 201, 429]
        gid, token = made[0].json()["id"], made[0].json()["me"]["token"]
        said = [
            c.post(f"/api/games/{gid}/chat", json={"token": token, "text": "hi"}).status_code
            for c in (one, two, one)
        ]
        assert said == [200, 200, 429]


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_hints_and_notices_are_counted_in_the_shared_database(db_url: str) -> None:
    """The limiter the hints and the turn notices use, from two stores (two processes)."""
    stores = [Store(db_url), Store(db_url)]
    try:
        assert all(isinstance(rate_limiter(s, "hint", 2, 600.0), StoredRateLimiter) for s in stores)
        limiters = [StoredRateLimiter(s, "hint", 2, 600.0) for s in stores]
        asked = [x.allow_now("game:0") for x in (*limiters, limiters[0])]
        assert asked[:2] == [None, None] and asked[2] is not None and 0 < asked[2] <= 600
        assert limiters[1].allow_now("game:1") is None  # another seat: its own count
        notices = [StoredRateLimiter(s, "notice", 1, 600.0) for s in stores]
        assert notices[0].allow_now("to:a@example.org") is None
        assert notices[1].allow_now("to:a@example.org") is not None
    finally:
        for store in stores:
            store.close()


def test_one_process_counts_in_memory(tmp_path: Path) -> None:
    store = Store(sqlite_url(tmp_path / "data"))
    try:
        assert isinstance(rate_limiter(store, "hint", 2, 600.0), RateLimiter)
    finally:
        store.close()
