"""Fixtures: an app per storage backend (SQLite file, PostgreSQL from tools/services.sh)."""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, Locator, Page
from sqlalchemy import create_engine, text

from ekimae.server.app import create_app
from ekimae.server.config import Settings, normalise_url, sqlite_url
from tests.server.live import chromium, live_server

POSTGRES_ENV = "EKIMAE_TEST_POSTGRES_URL"

# The browser tests save screenshots for people to look at (out/screenshots/), never to
# compare: a full-page one costs Chromium about a third of a second of CPU, and `make
# test` took some 400 of them. `make test` sets EKIMAE_SHOTS=0 and they are not taken
# (the pages are drawn and checked all the same); a test run by hand, or `make shots`,
# takes them.
if os.environ.get("EKIMAE_SHOTS", "1") == "0":

    def _no_screenshot(self: object, *args: object, **kwargs: object) -> bytes:
        return b""

    Page.screenshot = _no_screenshot  # type: ignore[method-assign]
    Locator.screenshot = _no_screenshot  # type: ignore[method-assign]


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield sqlite_url(tmp_path / "data")
        return
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        # A skip would hide that PostgreSQL was never tested: fail instead.
        pytest.fail(f"{POSTGRES_ENV} is not set: run `make services && . .venv/services.env`")
    # A fresh schema per test: games left by earlier runs (possibly recorded by an older
    # engine) must not be resumed at start, and xdist workers must not see each other.
    schema = f"t_{secrets.token_hex(6)}"
    admin = create_engine(normalise_url(url))
    with admin.begin() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    try:
        yield f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


MakeClient = Callable[[], TestClient]


@pytest.fixture
def make_client(db_url: str) -> Iterator[MakeClient]:
    """Start apps on the same database (a second call is a restart of the server)."""
    clients: list[TestClient] = []

    def make() -> TestClient:
        client = TestClient(create_app(Settings(database_url=db_url)))
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client: MakeClient) -> TestClient:
    return make_client()


def create(client: httpx.Client, seats: list[dict[str, Any]], seed: int = 7) -> dict[str, Any]:
    """A game whose every person's seat has been claimed: the creator's own seat, then each
    invitation claimed in turn (as each friend would). A chosen seed makes it a practice
    game when more than one person plays. Each seat gets its `token` and `url`."""
    people = sum(1 for s in seats if not s.get("bot"))
    body = {"seats": seats, "seed": seed, "practice": people > 1}
    res = client.post("/api/games", json=body)
    assert res.status_code == 201, res.text
    data: dict[str, Any] = res.json()
    for seat in data["seats"]:
        seat["token"] = seat["url"] = None
        if data["me"] is not None and seat["seat"] == data["me"]["seat"]:
            seat["token"], seat["url"] = data["me"]["token"], data["me"]["url"]
        elif seat["invite_url"]:
            claimed = client.post(seat["invite_url"].replace("/join/", "/api/join/"), json={})
            assert claimed.status_code == 200, claimed.text
            seat["token"], seat["url"] = claimed.json()["token"], claimed.json()["url"]
    return data


def state(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    params = {"token": token} if token else {}
    res = client.get(f"/api/games/{game_id}", params=params)
    assert res.status_code == 200, res.text
    data: dict[str, Any] = res.json()
    return data


def act(client: TestClient, game_id: str, token: str, action: Any, **extra: Any) -> Any:
    """POST an action; with a fresh idempotency key unless `expected` or `key` is given
    (the server refuses an action with neither)."""
    if "expected" not in extra and "key" not in extra:
        extra["key"] = secrets.token_hex(8)
    return client.post(
        f"/api/games/{game_id}/actions", json={"token": token, "action": action, **extra}
    )


def wait_finished(client: TestClient, game_id: str, timeout: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        data = state(client, game_id)
        if data["finished"]:
            return data
        time.sleep(0.05)
    raise AssertionError(f"game {game_id} did not finish in {timeout}s")


def game_part(payload: dict[str, Any]) -> dict[str, Any]:
    """A state payload without `accepted_at`, the server's clock reading (not game state)."""
    return {k: v for k, v in payload.items() if k != "accepted_at"}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """A live app on loopback (SQLite) for the browser tests: its base URL."""
    with live_server(tmp_path) as live:
        yield live.url


@pytest.fixture(scope="module")
def module_chromium() -> Iterator[Browser]:
    with chromium() as opened:
        yield opened


@pytest.fixture
def browser(module_chromium: Browser) -> Iterator[Browser]:
    """Chromium, started once for the browser tests of a module (a start costs about a
    second of CPU; issue 28). What a test opened is closed after it, so no test sees
    another's pages, cookies or storage. Per module, not per session: Playwright's
    synchronous API marks its event loop as running on the thread while it is open,
    which would refuse a later test's `asyncio.run` (no browser module has one)."""
    try:
        yield module_chromium
    finally:
        for context in module_chromium.contexts:
            context.close()
