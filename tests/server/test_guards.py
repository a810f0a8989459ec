"""Issue 26: what every response carries, and bodies over the limit however they come.

Pages sent no Content-Security-Policy, X-Content-Type-Options or frame-ancestors, error
responses lost Referrer-Policy, and the pages started with inline scripts (which a policy
worth having forbids). An oversized chunked body (no Content-Length) got 400, not 413.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ekimae.games import games
from ekimae.server.app import create_app
from ekimae.server.config import Limits, Settings, sqlite_url

MAX_BODY = 4096


@pytest.fixture
def guarded(tmp_path: Path) -> Iterator[TestClient]:
    limits = Limits(max_body=MAX_BODY)
    settings = Settings(database_url=sqlite_url(tmp_path / "data"), limits=limits)
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        yield client


def check_headers(res: object) -> None:
    headers = res.headers  # type: ignore[attr-defined]
    policy = headers["content-security-policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["script-src"] == "'self'"  # no inline script, no eval
    assert directives["frame-ancestors"] == "'none'"
    assert directives["object-src"] == "'none'"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["x-frame-options"] == "DENY"


def test_every_kind_of_response_carries_the_headers(
    guarded: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = guarded.post("/api/games", json={"seats": [{"name": "Ann"}, {"bot": "random"}]})
    gid, token = made.json()["id"], made.json()["me"]["token"]
    answers = {
        "page": guarded.get("/"),
        "game page": guarded.get(f"/g/{gid}?t={token}"),
        "json": guarded.get(f"/api/games/{gid}"),
        "created": made,
        "static": guarded.get("/static/boot.js"),
        "rules": guarded.get("/rules"),
        "404": guarded.get("/api/games/nope"),
        "403": guarded.get(f"/api/games/{gid}", params={"token": "wrong"}),
        "422": guarded.post("/api/games", json={"seats": "x"}),
        "400": guarded.post(
            f"/api/games/{gid}/actions", json={"token": token, "action": [], "key": "k"}
        ),
        "413": guarded.post("/api/games", content=b"{" + b" " * MAX_BODY + b"}"),
    }

    def broken() -> None:
        raise RuntimeError("a fault of the server's")

    monkeypatch.setattr(guarded.app.state.store, "list_games", broken)  # type: ignore[attr-defined]
    answers["500"] = guarded.get("/api/games")
    for what, res in answers.items():
        if what.isdigit():
            assert res.status_code == int(what), (what, res.text)
        check_headers(res)


def test_an_oversized_chunked_body_is_413_like_a_sized_one(guarded: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"seats": [{"name": "'
        for _ in range(10):
            yield b"x" * 1000
        yield b'"}]}'

    res = guarded.post("/api/games", content=chunks(), headers={"content-type": "application/json"})
    assert "content-length" not in res.request.headers
    assert res.status_code == 413 and "at most 4096 bytes" in res.text
    check_headers(res)
    assert guarded.get("/api/games").json() == []
    # A chunked body under the limit is read whole and served as usual.
    small = iter([b'{"seats": [{"name": "A"}, ', b'{"bot": "random"}]}'])
    res = guarded.post("/api/games", content=small, headers={"content-type": "application/json"})
    assert res.status_code == 201, res.text


SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.S)


def test_no_page_runs_an_inline_script(guarded: TestClient) -> None:
    """Every <script> is a file of this server or JSON data (a policy without
    'unsafe-inline' would refuse any other): the lobby, each title's page, host, join and
    replay pages."""
    pages = ["/", "/rules"]
    for name, game in games().items():
        people = [{"name": f"P{i}"} for i in range(game.type.min_seats)]
        made = guarded.post("/api/games", json={"game": name, "seats": people}).json()
        pages += [f"/g/{made['id']}?t={made['me']['token']}", f"/g/{made['id']}"]
        pages += [made["host_url"], made["seats"][-1]["invite_url"] or "/"]
    bots = [{"name": "Ann"}, {"bot": "random"}]
    done = guarded.post("/api/games", json={"game": "sealed-auction", "seats": bots}).json()
    pages.append(f"/replay/{done['id']}")
    for page in pages:
        res = guarded.get(page)
        assert res.status_code in (200, 403), (page, res.status_code)
        for attributes, body in SCRIPT.findall(res.text):
            if 'type="application/json"' in attributes:
                continue
            assert re.search(r'\bsrc="/static/', attributes) and not body.strip(), (page, body)
