"""Issue 13: a chat per game, stored with it, for its seats and spectators.

Seats post under their seat's name (HTTP or WebSocket); spectators read only; every socket
of the game gets each message; the history comes on connect and from `GET .../chat`, and
stays readable once the game is over (the replay page shows it).
"""

from __future__ import annotations

import secrets
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import text

from ekimae.games import find_game
from ekimae.server.app import create_app
from ekimae.server.config import Limits, Settings, sqlite_url
from ekimae.server.store import Store, make_engine, migrate
from tests.server.conftest import MakeClient, state


def two_people(client: TestClient, game: str = "sealed-auction") -> tuple[str, list[str]]:
    """A game of Ann and Ben, both seats claimed: (id, [Ann's token, Ben's token])."""
    res = client.post("/api/games", json={"game": game, "seats": [{"name": "Ann"}, {}]})
    assert res.status_code == 201, res.text
    data = res.json()
    ben = client.post(
        data["seats"][1]["invite_url"].replace("/join/", "/api/join/"), json={"name": "Ben"}
    )
    assert ben.status_code == 200, ben.text
    return data["id"], [data["me"]["token"], ben.json()["token"]]


def play_out(client: TestClient, gid: str, tokens: list[str]) -> dict[str, Any]:
    """Every seat takes its first legal action until the game is over (bounded in time:
    a bot seat's search runs on its own task, so some rounds only wait for it)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        data = state(client, gid)
        if data["finished"]:
            return data
        time.sleep(0.02)
        for tok in tokens:
            mine = state(client, gid, tok)
            if mine["legal"]:
                res = client.post(
                    f"/api/games/{gid}/actions",
                    json={"token": tok, "action": mine["legal"][0]["action"], "seq": mine["seq"]},
                )
                assert res.status_code in (200, 409), res.text
    raise AssertionError("the game did not end")


def post(client: TestClient, gid: str, token: str, text: Any) -> Any:
    return client.post(f"/api/games/{gid}/chat", json={"token": token, "text": text})


def next_of(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of type `kind` (state pushes may come in between)."""
    for _ in range(20):
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == kind:
            return msg
    raise AssertionError(f"no {kind} message")


def test_a_seats_message_reaches_every_socket_and_is_stored(client: TestClient) -> None:
    gid, (ann, ben) = two_people(client)
    with (
        client.websocket_connect(f"/ws/{gid}?token={ben}") as ben_ws,
        client.websocket_connect(f"/ws/{gid}") as watcher,
    ):
        assert next_of(ben_ws, "state")["chat"] == []
        assert next_of(watcher, "state")["chat"] == []
        res = post(client, gid, ann, "good luck <b>all</b>")
        assert res.status_code == 200, res.text
        sent = res.json()["message"]
        # Stored as typed: the page shows it as text, never as HTML.
        assert (sent["seat"], sent["name"]) == (0, "Ann")
        assert sent["text"] == "good luck <b>all</b>"
        for ws in (ben_ws, watcher):
            assert next_of(ws, "chat")["message"] == sent
        ben_ws.send_json({"type": "chat", "text": "  thanks\nAnn  "})
        got = next_of(watcher, "chat")["message"]
        assert (got["seat"], got["name"], got["text"]) == (1, "Ben", "thanks Ann")
    listed = client.get(f"/api/games/{gid}/chat").json()["messages"]
    assert [m["text"] for m in listed] == ["good luck <b>all</b>", "thanks Ann"]
    assert listed[0]["id"] < listed[1]["id"] and listed[0]["at"]
    # A socket opened later gets the history in its first push (later pushes do not
    # repeat it).
    with client.websocket_connect(f"/ws/{gid}") as late:
        assert late.receive_json()["chat"] == listed
    assert "chat" not in state(client, gid)


def test_spectators_read_only(client: TestClient) -> None:
    gid, (ann, _) = two_people(client)
    res = post(client, gid, "", "hello")
    assert res.status_code == 403 and "spectators read only" in res.json()["detail"]
    res = post(client, gid, "not-a-token", "hello")
    assert res.status_code == 403
    with client.websocket_connect(f"/ws/{gid}") as watcher:
        next_of(watcher, "state")
        watcher.send_json({"type": "chat", "text": "hello"})
        refused = next_of(watcher, "error")
        assert refused["about"] == "chat" and refused["error"]["kind"] == "forbidden"
        assert "posting needs a seat" in refused["error"]["message"]
    assert client.get(f"/api/games/{gid}/chat").json()["messages"] == []
    assert post(client, gid, ann, "hi").status_code == 200


def test_empty_long_and_odd_messages_are_refused_clearly(client: TestClient) -> None:
    gid, (ann, _) = two_people(client)
    for empty in ("", "   ", "\n\t", "\u202e\u200b"):
        res = post(client, gid, ann, empty)
        assert res.status_code == 400, empty
        assert res.json()["error"]["message"].startswith("an empty message is not sent")
    res = post(client, gid, ann, "x" * 501)
    assert res.status_code == 400
    assert "at most 500 characters (this one has 501)" in res.json()["error"]["message"]
    assert post(client, gid, ann, 12).status_code == 400
    assert post(client, gid, ann, "x" * 500).status_code == 200
    # Bidi overrides and zero-width characters (to fake a name or flip text) are dropped.
    res = post(client, gid, ann, "ab\u202ecd\u200b")
    assert res.json()["message"]["text"] == "abcd"
    with client.websocket_connect(f"/ws/{gid}?token={ann}") as ws:
        next_of(ws, "state")
        ws.send_json({"type": "chat", "text": ""})
        refused = next_of(ws, "error")
        assert refused["about"] == "chat" and refused["error"]["kind"] == "malformed"


def test_a_seat_posting_too_fast_is_held_back(tmp_path: Path) -> None:
    settings = Settings(
        database_url=sqlite_url(tmp_path / "data"), limits=Limits(chat_per_window=3)
    )
    with TestClient(create_app(settings)) as client:
        gid, (ann, ben) = two_people(client)
        for i in range(3):
            assert post(client, gid, ann, f"m{i}").status_code == 200
        res = post(client, gid, ann, "m3")
        assert res.status_code == 429 and res.json()["error"]["kind"] == "rate-limited"
        assert "next one in" in res.json()["error"]["message"]
        assert post(client, gid, ben, "mine is fine").status_code == 200  # per seat


def test_the_chat_outlives_the_game_and_the_server(make_client: MakeClient) -> None:
    client = make_client()
    gid, tokens = two_people(client)
    assert post(client, gid, tokens[0], "before").status_code == 200
    play_out(client, gid, tokens)
    assert post(client, gid, tokens[1], "gg").status_code == 200  # after the end too
    again = make_client()  # a restart on the same database
    texts = [m["text"] for m in again.get(f"/api/games/{gid}/chat").json()["messages"]]
    assert texts == ["before", "gg"]
    page = again.get(f"/replay/{gid}").text
    assert 'id="table-extras"' in page and 'data-readonly="1"' in page


def test_the_history_is_the_newest_messages_oldest_first(tmp_path: Path) -> None:
    settings = Settings(
        database_url=sqlite_url(tmp_path / "data"),
        limits=Limits(chat_per_window=100, chat_history=5),
    )
    with TestClient(create_app(settings)) as client:
        gid, (ann, _) = two_people(client)
        for i in range(8):
            assert post(client, gid, ann, f"m{i}").status_code == 200
        texts = [m["text"] for m in client.get(f"/api/games/{gid}/chat").json()["messages"]]
        assert texts == [f"m{i}" for i in range(3, 8)]


def test_an_unknown_game_has_no_chat(client: TestClient) -> None:
    assert client.get(f"/api/games/{secrets.token_hex(4)}/chat").status_code == 404


def test_games_of_0003_get_a_chat_notifications_and_no_rematch_under_0004(db_url: str) -> None:
    """Revision 0004 adds `chat`, `seat_notify` and `games.rematch`; an earlier game reads
    as having no rematch and takes messages and settings."""
    engine = make_engine(db_url)
    migrate(engine, "0003")
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO games (id, game, seats, seed, options, names, bots, action_count,"
                " to_act, finished, data_version, listed, practice) VALUES ('old', "
                " 'sealed-auction', 2, '77', '{}', '[\"A\", \"B\"]', '[null, null]', 0,"
                " '[0, 1]', false, '', true, false)"
            )
        )
        conn.execute(text("INSERT INTO seat_tokens (game_id, seat, token) VALUES ('old', 0, 't')"))
    engine.dispose()
    store = Store(db_url)
    try:
        info = store.info("old")
        assert info is not None and info.rematch is None and info.names == ["A", "B"]
        assert store.add_chat("old", 0, "A", "hello").text == "hello"
        assert [m.text for m in store.chat("old")] == ["hello"]
        store.set_notify("old", 0, {"webhook": "https://example.org/h"})
        assert store.notify_targets("old", [0, 1]) == {0: store.notify_settings("old", 0)}
        game = find_game("sealed-auction")
        new_id, made = store.create_rematch("old", game, 2**200, [0, 1])
        assert made and store.create_rematch("old", game, 3, [0, 1]) == (new_id, False)
        assert (
            store.seat_token(new_id, 0) not in (None, "t") and store.seat_token(new_id, 1) is None
        )
        assert [s.invite is not None for s in store.seats(new_id)] == [False, True]
    finally:
        store.close()
