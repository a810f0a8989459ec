"""Issue 13: a seat is told it is its turn by e-mail or webhook, if it asked.

Against real servers on loopback: aiosmtpd for e-mail, a small HTTP server for webhooks.
A notice goes out when someone else's action makes the seat one to act (never for its own
action, once per turn), asynchronously: the action's answer never waits for it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from email import message_from_bytes
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient

from ekimae.core.rng import counting_draws
from ekimae.server.app import create_app
from ekimae.server.config import Settings
from ekimae.server.notify import NotifyError, check_resolves_public
from tests.server.live import free_port
from tests.server.test_chat import two_people

FROM = "ekimae@example.org"
PUBLIC = "http://ekimae.test:8000"
SERVE = [sys.executable, "-m", "ekimae.cli.main", "serve", "--host", "127.0.0.1"]


class Inbox:
    """aiosmtpd's handler: keeps every message it is sent."""

    def __init__(self) -> None:
        self.messages: list[Any] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        message = message_from_bytes(envelope.content)
        self.messages.append((list(envelope.rcpt_tos), message))
        return "250 OK"


@pytest.fixture
def smtp() -> Iterator[tuple[int, Inbox]]:
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    yield port, inbox
    controller.stop()


class Hooks:
    """A loopback HTTP server: records POSTs; /slow hangs until `release` is set (or for
    30 s); /moved redirects to /target."""

    def __init__(self) -> None:
        self.hits: list[tuple[str, Any]] = []
        self.release = threading.Event()
        hooks = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length") or 0))
                hooks.hits.append((self.path, json.loads(body or b"null")))
                if self.path.startswith("/slow"):
                    hooks.release.wait(30)
                if self.path.startswith("/moved"):
                    self.send_response(307)
                    self.send_header("Location", "/target")
                else:
                    self.send_response(204)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


@pytest.fixture
def hooks() -> Iterator[Hooks]:
    h = Hooks()
    yield h
    h.release.set()
    h.server.shutdown()


AppOf = Callable[..., TestClient]


@pytest.fixture
def app_of(db_url: str, smtp: tuple[int, Inbox]) -> Iterator[AppOf]:
    """Apps on the test's database with e-mail through the loopback SMTP server and
    webhooks to loopback allowed (keyword arguments override the settings)."""
    clients: list[TestClient] = []

    def make(**overrides: Any) -> TestClient:
        settings: dict[str, Any] = {
            "database_url": db_url,
            "smtp_url": f"smtp://127.0.0.1:{smtp[0]}",
            "smtp_from": FROM,
            "public_url": PUBLIC,
            "webhook_private": True,
            "notify_timeout": 1.0,
            **overrides,
        }
        client = TestClient(create_app(Settings(**settings)))
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for c in clients:
        c.__exit__(None, None, None)


def notify(client: TestClient, gid: str, token: str, **fields: Any) -> Any:
    return client.post(f"/api/games/{gid}/notify", json={"token": token, **fields})


def bid(client: TestClient, gid: str, token: str) -> None:
    """The seat's first legal bid."""
    mine = client.get(f"/api/games/{gid}", params={"token": token}).json()
    assert mine["legal"], "not this seat's turn"
    res = client.post(
        f"/api/games/{gid}/actions",
        json={"token": token, "action": mine["legal"][0]["action"], "seq": mine["seq"]},
    )
    assert res.status_code == 200, res.text


def settle(client: TestClient, until: Callable[[], bool] = lambda: False) -> None:
    """Wait until `until()` or, failing that, until no notice is being sent any more."""
    notifier = client.app.state.hub.notifier  # type: ignore[attr-defined]
    deadline = time.monotonic() + 60  # a bound on a hang only: it returns as soon as it may
    while time.monotonic() < deadline:
        if until():
            return
        if notifier.pending == 0:
            time.sleep(0.1)
            if notifier.pending == 0 and not until():
                return
        time.sleep(0.02)


def test_an_email_when_someone_elses_action_makes_it_your_turn(
    app_of: AppOf, smtp: tuple[int, Inbox]
) -> None:
    inbox = smtp[1]
    client = app_of()
    gid, (ann, ben) = two_people(client)
    res = notify(client, gid, ann, email="ann@example.org")
    assert res.status_code == 200, res.text
    assert res.json()["email"] == "ann@example.org" and res.json()["email_available"]
    # Lot 1: Ben bids, then Ann: her own action reveals the lot and makes her one to act
    # again. Not a notice (her own action).
    bid(client, gid, ben)
    bid(client, gid, ann)
    settle(client)
    assert inbox.messages == []
    # Lot 2: Ann, then Ben: Ben's bid makes it Ann's turn.
    bid(client, gid, ann)
    bid(client, gid, ben)
    settle(client, lambda: len(inbox.messages) == 1)
    assert len(inbox.messages) == 1
    rcpt, message = inbox.messages[0]
    assert rcpt == ["ann@example.org"] and message["From"] == FROM
    assert "SEALED AUCTION" in message["Subject"] and gid in message["Subject"]
    text = message.get_payload(decode=True).decode()
    assert "seat 1 Ann" in text and "SEALED AUCTION" in text
    assert f"{PUBLIC}/g/{gid}?t={ann}" in text  # her own link
    # Ben's bid revealed the lot: it is final (issue 26), so no undo and no second notice.
    state = client.get(f"/api/games/{gid}").json()
    res = client.post(f"/api/games/{gid}/undo", json={"token": ben, "expected": state["actions"]})
    assert res.status_code == 409, res.text
    settle(client)
    assert len(inbox.messages) == 1


def test_one_notice_per_turn_even_after_an_undo_and_a_redo(
    app_of: AppOf, smtp: tuple[int, Inbox]
) -> None:
    """CHOCOLATE MILK, turn by turn: Ben's action (one that draws nothing, which an undo
    may take back) makes it Ann's turn; he takes it back and plays it again: Ann's turn at
    the same count is announced once."""
    inbox = smtp[1]
    client = app_of()
    seats = [{"name": "Ann"}, {"name": "Ben"}]
    body = {"game": "chocolate-milk", "seats": seats, "seed": 7, "practice": True}
    made = client.post("/api/games", json=body).json()
    gid, ann = made["id"], made["me"]["token"]
    invite = made["seats"][1]["invite_url"].replace("/join/", "/api/join/")
    ben = client.post(invite, json={}).json()["token"]
    assert notify(client, gid, ann, email="ann@example.org").status_code == 200
    play_quietly(client, gid, ann)
    settle(client)
    assert inbox.messages == []  # her own action
    action = play_quietly(client, gid, ben)
    settle(client, lambda: len(inbox.messages) == 1)
    assert len(inbox.messages) == 1
    count = client.get(f"/api/games/{gid}").json()["actions"]
    res = client.post(f"/api/games/{gid}/undo", json={"token": ben, "expected": count})
    assert res.status_code == 200, res.text
    play = {"token": ben, "action": action, "expected": count - 1}
    assert client.post(f"/api/games/{gid}/actions", json=play).status_code == 200
    settle(client)
    assert len(inbox.messages) == 1


def play_quietly(client: TestClient, gid: str, token: str) -> dict[str, Any]:
    """The seat's first legal action that draws nothing (tried on a copy); played."""
    live = client.portal.call(client.app.state.hub.get, gid)  # type: ignore[attr-defined,union-attr]
    seat = client.get(f"/api/games/{gid}", params={"token": token}).json()["seat"]
    for action in live.state.legal_actions(seat):
        trial = live.state.clone()
        with counting_draws() as draws:
            trial.apply(seat, action)
        if not draws.count:
            wire: dict[str, Any] = action.to_dict()
            count = len(live.record.actions)
            play = {"token": token, "action": wire, "expected": count}
            assert client.post(f"/api/games/{gid}/actions", json=play).status_code == 200
            return wire
    raise AssertionError("every legal action draws")


def test_a_webhook_gets_json_without_the_seats_token(app_of: AppOf, hooks: Hooks) -> None:
    client = app_of()
    gid, (ann, ben) = two_people(client)
    assert notify(client, gid, ann, webhook=f"{hooks.url}/hook?x=1").status_code == 200
    bid(client, gid, ann)
    bid(client, gid, ben)
    settle(client, lambda: len(hooks.hits) == 1)
    assert len(hooks.hits) == 1
    path, body = hooks.hits[0]
    assert path == "/hook?x=1"
    assert body["event"] == "your-turn" and body["game_id"] == gid and body["seat"] == 0
    assert body["name"] == "Ann" and body["title"] == "SEALED AUCTION"
    assert body["url"] == f"{PUBLIC}/g/{gid}" and ann not in json.dumps(body)


def test_a_hanging_webhook_delays_no_action(
    app_of: AppOf, hooks: Hooks, caplog: pytest.LogCaptureFixture
) -> None:
    """Ann's webhook hangs until the test lets it answer, after Ben's action is answered.
    Had the action waited for it, it could only have been answered once the webhook's
    60 s timeout had failed it (no clock is read: issue 28)."""
    client = app_of(notify_timeout=60.0)
    gid, (ann, ben) = two_people(client)
    assert notify(client, gid, ann, webhook=f"{hooks.url}/slow").status_code == 200
    bid(client, gid, ann)
    with caplog.at_level(logging.ERROR, logger="ekimae.server"):
        bid(client, gid, ben)  # makes it Ann's turn: her webhook is called, and hangs
        assert "failed" not in caplog.text, "the action waited for the webhook"
        hooks.release.set()
        notifier = client.app.state.hub.notifier  # type: ignore[attr-defined]
        settle(client, lambda: bool(hooks.hits) and notifier.pending == 0)
    assert [p for p, _ in hooks.hits] == ["/slow"] and "failed" not in caplog.text


def test_a_slow_or_redirecting_webhook_is_a_log_line_and_is_not_followed(
    app_of: AppOf, hooks: Hooks, caplog: pytest.LogCaptureFixture
) -> None:
    client = app_of()
    gid, (ann, ben) = two_people(client)
    assert notify(client, gid, ann, webhook=f"{hooks.url}/slow/secret-path").status_code == 200
    assert notify(client, gid, ben, webhook=f"{hooks.url}/moved").status_code == 200
    bid(client, gid, ann)
    with caplog.at_level(logging.ERROR, logger="ekimae.server"):
        bid(client, gid, ben)  # Ann's webhook hangs; the timeout is 1 s
        settle(client, lambda: "failed" in caplog.text)
        bid(client, gid, ben)  # lot 2: Ben's bid ... then Ann's makes it Ben's turn
        bid(client, gid, ann)
        settle(client, lambda: "answered 307" in caplog.text)
    assert "ReadTimeout" in caplog.text and "secret-path" not in caplog.text
    assert "answered 307" in caplog.text
    assert [p for p, _ in hooks.hits if p == "/target"] == []  # never followed


def test_a_mail_server_that_is_down_is_a_log_line(
    app_of: AppOf, caplog: pytest.LogCaptureFixture
) -> None:
    client = app_of(smtp_url=f"smtp://127.0.0.1:{free_port()}")
    gid, (ann, ben) = two_people(client)
    assert notify(client, gid, ann, email="annabel@example.org").status_code == 200
    bid(client, gid, ann)
    with caplog.at_level(logging.ERROR, logger="ekimae.server"):
        bid(client, gid, ben)
        settle(client, lambda: "e-mail to" in caplog.text)
    assert "e-mail to a***@example.org" in caplog.text and "annabel" not in caplog.text
    assert client.get(f"/api/games/{gid}").json()["actions"] == 2  # the game goes on


def test_settings_are_checked_stored_and_shown_to_their_seat_only(app_of: AppOf) -> None:
    client = app_of()
    gid, (ann, ben) = two_people(client)
    for bad, needle in [
        ({"email": "not an address"}, "must look like"),
        ({"email": "a@b.org\r\nBcc: x@y.org"}, "must look like"),
        ({"webhook": "ftp://example.org/x"}, "http:// or https://"),
        ({"webhook": "javascript:alert(1)"}, "http:// or https://"),
        ({"webhook": "https://example.org/" + "x" * 600}, None),
    ]:
        res = notify(client, gid, ann, **bad)
        assert res.status_code in (400, 422), bad
        if needle:
            assert needle in res.json()["error"]["message"]
    assert notify(client, gid, "", email="a@example.org").status_code == 403
    res = notify(client, gid, ann, email="ann@example.org", webhook="https://example.org/h")
    assert res.status_code == 200
    # A field left out stays; null clears.
    assert notify(client, gid, ann, webhook=None).json()["email"] == "ann@example.org"
    mine = client.get(f"/api/games/{gid}/notify", params={"token": ann}).json()
    assert (mine["email"], mine["webhook"]) == ("ann@example.org", None)
    assert client.get(f"/api/games/{gid}/notify", params={"token": ben}).json()["email"] is None
    assert client.get(f"/api/games/{gid}/notify").status_code == 403
    # Nobody else's payload carries it, nor her own pushes.
    for token in (ben, None, ann):
        params = {"token": token} if token else {}
        assert "ann@example.org" not in client.get(f"/api/games/{gid}", params=params).text
        with client.websocket_connect(f"/ws/{gid}" + (f"?token={token}" if token else "")) as ws:
            assert "ann@example.org" not in json.dumps(ws.receive_json())
    again = app_of()  # stored: a restart keeps it
    mine = again.get(f"/api/games/{gid}/notify", params={"token": ann}).json()
    assert mine["email"] == "ann@example.org"


def test_without_smtp_or_to_private_addresses_it_is_refused(app_of: AppOf) -> None:
    client = app_of(smtp_url=None, webhook_private=False)
    gid, (ann, _) = two_people(client)
    res = notify(client, gid, ann, email="ann@example.org")
    assert res.status_code == 400 and "sends no e-mail" in res.json()["error"]["message"]
    assert client.get(f"/api/games/{gid}/notify", params={"token": ann}).json() == {
        "email": None,
        "webhook": None,
        "email_available": False,
    }
    for url in ("http://127.0.0.1:9/x", "http://localhost/x", "http://10.1.2.3/", "http://[::1]/"):
        res = notify(client, gid, ann, webhook=url)
        assert res.status_code == 400 and "public address" in res.json()["error"]["message"]
    assert notify(client, gid, ann, webhook="https://hooks.example.org/x").status_code == 200


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (["--smtp-url", "smtp://mail.example.org"], ["--smtp-from"]),
        (["--smtp-url", "ftp://u:hunter2@mail.example.org", "--smtp-from", FROM], ["smtps://"]),
        (["--smtp-url", "smtp://mail.example.org", "--smtp-from", "nobody"], ["From address"]),
        (["--smtp-from", FROM], ["needs --smtp-url"]),
        (["--public-url", "ekimae.example.org"], ["--public-url", "http(s)://"]),
    ],
)
def test_bad_email_options_are_one_line_without_the_password(
    options: list[str], words: list[str], tmp_path: Path
) -> None:
    argv = [*SERVE, "--data-dir", str(tmp_path), *options]
    result = subprocess.run(argv, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("ekimae serve: "), result.stderr
    assert all(w in lines[0] for w in words), lines[0]
    assert "hunter2" not in result.stderr


@pytest.mark.parametrize(
    ("host", "public"),
    [
        ("127.0.0.1", False),
        ("localhost", False),
        ("0x7f000001", False),
        ("10.0.0.8", False),
        ("169.254.169.254", False),
        ("::1", False),
        ("8.8.8.8", True),
    ],
)
def test_a_webhooks_host_is_checked_again_when_sending(host: str, public: bool) -> None:
    """A name is checked against what it resolves to at sending time (`0x7f000001` passes
    the check of literals when set, then resolves to loopback)."""
    if public:
        asyncio.run(check_resolves_public(host, 443))
    else:
        with pytest.raises(NotifyError, match="non-public"):
            asyncio.run(check_resolves_public(host, 443))


def test_a_withdrawn_seat_forgets_where_its_holder_was_told(app_of: AppOf) -> None:
    """The host withdraws Ben's link: the seat's next holder must not notify Ben."""
    client = app_of()
    res = client.post("/api/games", json={"game": "sealed-auction", "seats": [{"name": "A"}, {}]})
    data = res.json()
    gid, host = data["id"], data["host_token"]
    claim = data["seats"][1]["invite_url"].replace("/join/", "/api/join/")
    ben = client.post(claim, json={"name": "Ben"}).json()["token"]
    assert notify(client, gid, ben, email="ben@example.org").status_code == 200
    res = client.post(f"/api/games/{gid}/seats/1/revoke", json={"host_token": host})
    assert res.status_code == 200, res.text
    claim = res.json()["invite_url"].replace("/join/", "/api/join/")
    cy = client.post(claim, json={"name": "Cy"}).json()["token"]
    mine = client.get(f"/api/games/{gid}/notify", params={"token": cy}).json()
    assert (mine["email"], mine["webhook"]) == (None, None)
