"""Issue 11, staying up: bounded searches, limits, no 500s, nothing applied twice.

Each test fails on the server as it was before the issue (searches in the web process's
threads, no limits, a 5 MB action echoed back, `assert`s and unchecked input answered with
500, a WebSocket frame that is not JSON dropping the connection without a close code, an
action without `expected` applicable twice).
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ekimae.bots.tokyo_metro.search_bots import SearchBot
from ekimae.server.app import create_app
from ekimae.server.config import Limits, Settings, sqlite_url
from tests.server.conftest import act, create, state, wait_finished

PEOPLE = [{"name": "Ann"}, {"name": "Ben"}]


def _app(tmp_path: Path, **limits: Any) -> TestClient:
    settings = Settings(database_url=sqlite_url(tmp_path / "data"), limits=Limits(**limits))
    return TestClient(create_app(settings))


def test_searches_never_run_in_the_web_process(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A search in a thread of the web process holds the interpreter lock and stalls every
    game. Searching here is made impossible; the bot and the hint still answer, so they
    were searched in a worker process."""

    def refuse(*_: Any, **__: Any) -> Any:
        raise AssertionError("a search ran in the web process")

    monkeypatch.setattr(SearchBot, "choose", refuse)
    monkeypatch.setattr("ekimae.bots.tokyo_metro.search_bots.hint", refuse)
    game = create(client, [{"name": "Ann"}, {"bot": "strong"}])
    gid, token = game["id"], game["me"]["token"]
    hint = client.get(f"/api/games/{gid}/hint", params={"token": token})
    assert hint.status_code == 200 and hint.json()["text"].startswith("turn-bid")
    assert act(client, gid, token, {"type": "turn-bid", "amount": 0}).status_code == 200
    start = time.monotonic()
    while state(client, gid)["actions"] < 2:
        assert time.monotonic() - start < 60, "the strong bot never bid"
        time.sleep(0.05)


def test_hints_are_limited_per_seat(tmp_path: Path) -> None:
    with _app(tmp_path, hints_per_window=2) as client:
        game = create(client, [{"name": "Ann"}, {"bot": "random"}])
        gid, token = game["id"], game["me"]["token"]
        codes = [
            client.get(f"/api/games/{gid}/hint", params={"token": token}).status_code
            for _ in range(3)
        ]
        assert codes == [200, 200, 429]
        res = client.get(f"/api/games/{gid}/hint", params={"token": token})
        assert res.status_code == 429 and int(res.headers["retry-after"]) >= 1


def test_one_hint_at_a_time_per_seat(tmp_path: Path) -> None:
    with _app(tmp_path) as client:
        game = create(client, [{"name": "Ann"}, {"bot": "random"}])
        gid, token = game["id"], game["me"]["token"]
        codes: list[int] = []

        def ask() -> None:
            codes.append(client.get(f"/api/games/{gid}/hint", params={"token": token}).status_code)

        threads = [threading.Thread(target=ask) for _ in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert sorted(codes)[0] == 200 and 429 in codes


def test_games_created_per_client_are_limited(tmp_path: Path) -> None:
    with _app(tmp_path, creates_per_window=3) as client:
        body = {"seats": [{"name": "Ann"}, {"bot": "random"}]}
        codes = [client.post("/api/games", json=body).status_code for _ in range(4)]
        assert codes == [201, 201, 201, 429]
        # Refused requests did not count, and nothing was created for them.
        assert len(client.get("/api/games").json()) == 3


def test_a_huge_body_is_refused_unread_and_never_echoed(client: TestClient) -> None:
    game = create(client, PEOPLE)
    gid, token = game["id"], game["seats"][0]["token"]
    junk = "x" * 5_000_000
    res = act(client, gid, token, {"type": junk})
    assert res.status_code == 413 and len(res.content) < 200
    # A bad action under the limit: named, not echoed.
    res = act(client, gid, token, {"type": "turn-bid", "amount": "y" * 50_000})
    assert res.status_code == 400 and len(res.content) < 600
    res = client.post("/api/games", json={"seats": [{"name": "z" * 50_000}]})
    assert res.status_code == 422 and len(res.content) < 600
    assert state(client, gid)["actions"] == 0


def test_a_huge_websocket_message_closes_with_1009(client: TestClient) -> None:
    game = create(client, PEOPLE)
    gid, token = game["id"], game["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{gid}?token={token}") as ws:
        ws.receive_json()
        ws.send_text(json.dumps({"type": "act", "action": {"type": "x" * 200_000}}))
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1009
    assert state(client, gid)["actions"] == 0


def test_odd_websocket_frames_get_an_answer_or_a_close_code(client: TestClient) -> None:
    game = create(client, PEOPLE)
    gid, token = game["id"], game["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{gid}?token={token}") as ws:
        ws.receive_json()
        ws.send_text("this is not JSON {")
        error = ws.receive_json()
        assert error["type"] == "error" and error["error"]["kind"] == "malformed"
        ws.send_text('{"type": "act", "action": {"type": "turn-bid", "amount": 0}}')
        error = ws.receive_json()  # no expected, no key: refused, not applied
        assert error["error"]["kind"] == "malformed" and "expected" in error["error"]["message"]
        ws.send_bytes(b"\x00\x01binary")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1003
    assert state(client, gid)["actions"] == 0


@pytest.mark.parametrize(
    ("method", "path", "body", "status"),
    [
        ("post", "/api/games/{gid}/actions", {"token": "", "action": {}, "expected": 0}, 403),
        ("post", "/api/games/{gid}/actions", {"action": {}, "expected": 0}, 403),
        ("post", "/api/games/{gid}/actions", {"token": 5, "action": {}}, 422),
        ("post", "/api/games/{gid}/actions", {"token": "t" * 65, "action": {}}, 422),
        ("post", "/api/games/{gid}/actions", {"token": "{tok}", "action": {}, "expected": -1}, 422),
        ("post", "/api/games/{gid}/undo", {"token": ""}, 403),
        ("post", "/api/games/{gid}/undo", {"token": "{tok}"}, 400),
        ("post", "/api/games", {"seats": [{"name": "A"}], "seed": 2**64 + 1}, 201),
        ("post", "/api/games", {"seats": PEOPLE, "seed": 2**64 + 1}, 400),
        ("post", "/api/games", {"seats": [{"name": "A"}], "seed": 2**600}, 422),
        ("post", "/api/games", {"seats": [{"name": "A"}], "seed": -1}, 422),
        ("post", "/api/games", {"seats": [{"name": "A"}], "seed": "7"}, 201),
        ("post", "/api/games", {"seats": [{"name": "A"}], "host_seat": 3}, 400),
        ("post", "/api/games", {"seats": [{"name": "A"}], "options": {"map": "mars"}}, 400),
        ("post", "/api/games", [1, 2], 422),
        ("get", "/api/games/{gid}/replay?seat=²", None, 403),
        ("get", "/api/games/{gid}?token=", None, 200),
        ("get", "/api/games/{gid}?token=" + "t" * 300, None, 403),
        ("get", "/api/games/" + "g" * 300, None, 404),
        ("get", "/api/join/" + "c" * 300, None, 410),
        ("post", "/api/join/nope", {"name": "A"}, 410),
        ("get", "/api/games/{gid}/seats?h=", None, 403),
        ("get", "/g/{gid}/host", None, 403),
        ("post", "/api/games/{gid}/seats/9/revoke", {"host_token": "{host}"}, 409),
        ("post", "/api/games/{gid}/seats/-1/bot", {"host_token": "{host}"}, 409),
        ("get", "/api/games/{gid}/hint?token=", None, 403),
    ],
)
def test_bad_input_is_a_clear_4xx_never_a_500(
    client: TestClient, method: str, path: str, body: Any, status: int
) -> None:
    game = create(client, PEOPLE)
    gid, tok, host = game["id"], game["seats"][0]["token"], game["host_token"]
    path = path.format(gid=gid)
    if isinstance(body, dict):
        body = {
            k: v.format(tok=tok, host=host) if isinstance(v, str) else v for k, v in body.items()
        }
    res = client.request(method, path, json=body)
    assert res.status_code == status, res.text
    if status >= 400:  # the refusal names the problem in a few words, never the input
        assert len(res.content) < 1000 or res.headers["content-type"].startswith("text/html")
    assert state(client, gid)["actions"] == 0


def test_a_finished_games_replay_refuses_odd_seats(client: TestClient) -> None:
    game = create(client, [{"bot": "random"}] * 2, seed=4)
    wait_finished(client, game["id"])
    for seat in ("²", "٣", "1.0", "-1", "99", "9" * 40):
        res = client.get(f"/api/games/{game['id']}/replay", params={"seat": seat})
        assert res.status_code == 400, (seat, res.text)
    assert client.get(f"/api/games/{game['id']}/replay", params={"seat": "1"}).status_code == 200


def test_an_action_sent_twice_at_once_is_applied_once(client: TestClient) -> None:
    """Two copies of one request racing, 20 times over: every action needs `expected` or
    an idempotency key, so none is ever applied twice."""
    game = create(client, [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cy"}])
    gid, toks = game["id"], [s["token"] for s in game["seats"]]
    for seat in range(3):
        assert act(client, gid, toks[seat], {"type": "turn-bid", "amount": 0}).status_code == 200
    for _ in range(20):
        payload = state(client, gid)
        if payload["finished"]:
            break
        mover = payload["view"]["to_act"][0]
        choice = state(client, gid, toks[mover])["legal"][0]["action"]
        key = secrets.token_hex(8)
        answers: list[Any] = []

        def send(
            mover: int = mover, choice: Any = choice, key: str = key, answers: list[Any] = answers
        ) -> None:
            answers.append(act(client, gid, toks[mover], choice, key=key).json())

        threads = [threading.Thread(target=send) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        assert answers[0] == answers[1] == {"ok": True, "index": payload["actions"]}
        assert state(client, gid)["actions"] == payload["actions"] + 1
    # Without expected or key, nothing is applied at all.
    mover = state(client, gid)["view"]["to_act"][0]
    choice = state(client, gid, toks[mover])["legal"][0]["action"]
    res = client.post(f"/api/games/{gid}/actions", json={"token": toks[mover], "action": choice})
    assert res.status_code == 400 and "expected" in res.json()["error"]["message"]
