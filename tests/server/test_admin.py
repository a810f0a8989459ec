"""Issue 35: the admin page, at the HTTP level on SQLite and PostgreSQL — no secret, no
page; a wrong secret refused; a session cookie (HttpOnly, SameSite=Strict) whose writes
need the page's CSRF token; a bearer header for scripts; each action (close, delete, hide
a chat message, hand a seat to a bot) done and logged; migration 0008 up and down."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect, text

from ekimae.server.admin_auth import COOKIE, read_secret
from ekimae.server.app import create_app
from ekimae.server.config import Limits, Settings
from ekimae.server.store import Store, make_engine, migrate
from tests.server.conftest import act, state
from tests.server.test_chat import next_of, post, two_people

SECRET = "correct horse battery staple"
BEARER = {"authorization": f"Bearer {SECRET}", "x-admin-name": "ops-script"}


def admin_app(db_url: str, **limits: int) -> TestClient:
    settings = Settings(database_url=db_url, admin_secret=SECRET, limits=Limits(**limits))
    return TestClient(create_app(settings))


@pytest.fixture
def admin(db_url: str) -> Iterator[TestClient]:
    with admin_app(db_url) as client:
        yield client


def login(client: TestClient, name: str = "Mia") -> str:
    """Log in as the page does; the page's CSRF token."""
    res = client.post("/admin/login", json={"secret": SECRET, "name": name})
    assert res.status_code == 200, res.text
    page = client.get("/admin")
    assert page.status_code == 200 and 'id="admin-games"' in page.text
    found = re.search(r'"initAdmin", "args": \["([0-9a-f]+)"\]', page.text)
    assert found, page.text
    return found.group(1)


def log_entries(client: TestClient) -> list[dict[str, str]]:
    res = client.get("/admin/api/log", headers=BEARER)
    assert res.status_code == 200, res.text
    entries: list[dict[str, str]] = res.json()["entries"]
    return entries


def test_no_secret_no_admin_page(client: TestClient) -> None:
    for path in ("/admin", "/admin/api/games", "/admin/api/log"):
        assert client.get(path, headers=BEARER).status_code == 404, path
    assert client.post("/admin/login", json={"secret": SECRET}).status_code == 404
    gid, _ = two_people(client)
    assert client.post(f"/admin/api/games/{gid}/close", headers=BEARER).status_code == 404


def test_a_wrong_secret_is_refused_and_logged(
    admin: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    page = admin.get("/admin")
    assert page.status_code == 200 and 'id="admin-login"' in page.text
    assert 'id="admin-games"' not in page.text
    with caplog.at_level(logging.WARNING, logger="ekimae.admin"):
        res = admin.post("/admin/login", json={"secret": SECRET + "x", "name": "Eve"})
    assert res.status_code == 403 and COOKIE not in res.cookies
    assert "wrong secret" in caplog.text and SECRET not in caplog.text
    assert admin.get("/admin/api/games").status_code == 401
    wrong = {"authorization": "Bearer not-the-secret-at-all"}
    assert admin.get("/admin/api/games", headers=wrong).status_code == 403
    # A forged cookie is no session.
    admin.cookies.set(COOKIE, "9999999999.TWlh.0123456789abcdef", path="/admin")
    assert admin.get("/admin/api/games").status_code == 401


def test_login_sets_a_strict_httponly_cookie_and_writes_need_the_csrf_token(
    admin: TestClient,
) -> None:
    res = admin.post("/admin/login", json={"secret": SECRET, "name": "Mia"})
    assert res.status_code == 200, res.text
    cookie = res.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie and "Path=/admin" in cookie
    assert admin.get("/admin/api/games").status_code == 200
    csrf = login(admin)
    gid, _ = two_people(admin)
    close = f"/admin/api/games/{gid}/close"
    assert admin.post(close).status_code == 403  # the cookie alone cannot write
    assert admin.post(close, headers={"x-csrf-token": "0" * 32}).status_code == 403
    evil = {"x-csrf-token": csrf, "origin": "https://evil.example"}
    assert admin.post(close, headers=evil).status_code == 403
    assert not state(admin, gid).get("closed")
    ok = admin.post(close, headers={"x-csrf-token": csrf, "origin": "http://testserver"})
    assert ok.status_code == 200, ok.text
    assert admin.post("/admin/logout", headers={"x-csrf-token": csrf}).status_code == 200
    assert admin.get("/admin/api/games").status_code == 401


def test_the_games_with_seats_connections_state_and_last_action(admin: TestClient) -> None:
    gid, (ann, _ben) = two_people(admin)
    with admin.websocket_connect(f"/ws/{gid}?token={ann}") as ws:
        next_of(ws, "state")
        with admin.websocket_connect(f"/ws/{gid}"):
            listed = admin.get("/admin/api/games", headers=BEARER).json()
    assert listed["total"] == 1 and listed["pages"] == 1
    game = listed["games"][0]
    assert (game["id"], game["state"], game["connections"], game["spectators"]) == (
        gid,
        "playing",
        2,
        1,
    )
    assert [(s["name"], s["connected"]) for s in game["seats"]] == [("Ann", 1), ("Ben", 0)]
    assert game["last_action_at"] is None
    mine = state(admin, gid, ann)
    assert act(admin, gid, ann, mine["legal"][0]["action"]).status_code == 200
    game = admin.get("/admin/api/games", headers=BEARER).json()["games"][0]
    assert game["last_action_at"] and game["actions"] == 1
    assert admin.get("/admin/api/games?which=finished", headers=BEARER).json()["total"] == 0
    assert admin.get("/admin/api/games?which=nonsense", headers=BEARER).status_code == 400


def test_the_games_come_in_pages(admin: TestClient) -> None:
    made = [two_people(admin)[0] for _ in range(27)]
    first = admin.get("/admin/api/games?page=1", headers=BEARER).json()
    second = admin.get("/admin/api/games?page=2", headers=BEARER).json()
    assert (first["total"], first["pages"], len(first["games"]), len(second["games"])) == (
        27,
        2,
        25,
        2,
    )
    assert {g["id"] for g in first["games"] + second["games"]} == set(made)


def test_closing_a_game_stops_it_and_is_logged(
    admin: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    gid, (ann, ben) = two_people(admin)
    legal = state(admin, gid, ann)["legal"][0]["action"]
    with admin.websocket_connect(f"/ws/{gid}?token={ben}") as ws:
        next_of(ws, "state")
        with caplog.at_level(logging.WARNING, logger="ekimae.admin"):
            res = admin.post(f"/admin/api/games/{gid}/close", headers=BEARER)
        assert res.status_code == 200, res.text
        pushed = next_of(ws, "state")
        assert pushed["closed"] is True
    mine = state(admin, gid, ann)
    assert mine["closed"] is True and mine["legal"] == []
    refused = act(admin, gid, ann, legal)
    assert refused.status_code == 409 and refused.json()["error"]["kind"] == "closed"
    assert state(admin, gid)["actions"] == 0
    again = admin.post(f"/admin/api/games/{gid}/close", headers=BEARER)
    assert again.status_code == 409
    listed = admin.get("/admin/api/games?which=closed", headers=BEARER).json()
    assert [g["id"] for g in listed["games"]] == [gid]
    assert "ops-script (bearer from testclient): close game " + gid in caplog.text
    entry = log_entries(admin)[0]
    assert (entry["action"], entry["game_id"]) == ("close", gid)
    assert entry["who"].startswith("ops-script") and entry["at"]


def test_a_closed_game_stays_closed_after_a_restart(db_url: str) -> None:
    with admin_app(db_url) as first:
        gid, (ann, _) = two_people(first)
        legal = state(first, gid, ann)["legal"][0]["action"]
        assert first.post(f"/admin/api/games/{gid}/close", headers=BEARER).status_code == 200
    with admin_app(db_url) as second:
        mine = state(second, gid, ann)
        assert mine["closed"] is True
        refused = act(second, gid, ann, legal)
        assert refused.status_code == 409 and refused.json()["error"]["kind"] == "closed"
        assert second.get("/api/ratings").status_code == 200  # no result read from it


def test_deleting_a_game_removes_its_record_and_chat(admin: TestClient, db_url: str) -> None:
    gid, (ann, _) = two_people(admin)
    assert post(admin, gid, ann, "hello").status_code == 200
    with admin.websocket_connect(f"/ws/{gid}") as ws:
        next_of(ws, "state")
        res = admin.delete(f"/admin/api/games/{gid}", headers=BEARER)
        assert res.status_code == 200, res.text
        closed = ws.receive()
        assert closed["type"] == "websocket.close" and closed["code"] == 4404
    assert admin.get(f"/api/games/{gid}").status_code == 404
    assert admin.get(f"/api/games/{gid}/chat").status_code == 404
    assert admin.delete(f"/admin/api/games/{gid}", headers=BEARER).status_code == 404
    engine = make_engine(db_url)
    with engine.connect() as conn:
        for table in ("games", "actions", "chat", "seat_tokens"):
            column = "id" if table == "games" else "game_id"
            found = conn.execute(
                text(f"SELECT count(*) FROM {table} WHERE {column} = :g"), {"g": gid}
            )
            assert found.scalar() == 0, table
    engine.dispose()
    entry = log_entries(admin)[0]
    assert (entry["action"], entry["game_id"]) == ("delete", gid)


def test_a_hidden_message_is_gone_from_pages_and_history_but_kept(
    admin: TestClient, db_url: str
) -> None:
    gid, (ann, ben) = two_people(admin)
    kept = post(admin, gid, ann, "good game").json()["message"]
    rude = post(admin, gid, ben, "something rude").json()["message"]
    with admin.websocket_connect(f"/ws/{gid}") as ws:
        assert [m["id"] for m in next_of(ws, "state")["chat"]] == [kept["id"], rude["id"]]
        res = admin.post(f"/admin/api/games/{gid}/chat/{rude['id']}/hide", headers=BEARER)
        assert res.status_code == 200, res.text
        assert next_of(ws, "chat-hidden")["id"] == rude["id"]
    history = admin.get(f"/api/games/{gid}/chat").json()["messages"]
    assert [m["id"] for m in history] == [kept["id"]]
    with admin.websocket_connect(f"/ws/{gid}?token={ben}") as ws:
        assert [m["id"] for m in next_of(ws, "state")["chat"]] == [kept["id"]]
    every = admin.get(f"/admin/api/games/{gid}/chat", headers=BEARER).json()["messages"]
    assert [(m["text"], m["hidden"]) for m in every] == [
        ("good game", False),
        ("something rude", True),
    ]
    missing = admin.post(f"/admin/api/games/{gid}/chat/999999/hide", headers=BEARER)
    assert missing.status_code == 404
    entry = log_entries(admin)[0]
    assert (entry["action"], entry["detail"]) == ("hide-chat", f"message {rude['id']}")
    store = Store(db_url)  # kept in the database
    try:
        assert store.chat_message(gid, rude["id"]) is None
        with store.engine.connect() as conn:
            row = conn.execute(
                text("SELECT text, hidden FROM chat WHERE id = :i"), {"i": rude["id"]}
            )
            assert tuple(row.one()) == ("something rude", True)
    finally:
        store.close()


def test_a_silent_seat_goes_to_a_bot(admin: TestClient) -> None:
    gid, (_ann, ben) = two_people(admin)
    res = admin.post(f"/admin/api/games/{gid}/seats/1/bot", headers=BEARER, json={})
    assert res.status_code == 200, res.text
    bot = res.json()["bot"]
    game = admin.get("/admin/api/games", headers=BEARER).json()["games"][0]
    assert game["seats"][1]["bot"] == bot
    assert admin.get(f"/api/games/{gid}", params={"token": ben}).status_code == 403
    bad = admin.post(f"/admin/api/games/{gid}/seats/1/bot", headers=BEARER, json={})
    assert bad.status_code == 409  # a bot's seat already
    entry = log_entries(admin)[0]
    assert (entry["action"], entry["detail"]) == ("to-bot", f"seat 2 to {bot}")


def test_admin_writes_and_logins_are_rate_limited(db_url: str) -> None:
    with admin_app(db_url, admin_writes_per_window=3, admin_logins_per_window=2) as client:
        codes = [client.get("/admin/api/log", headers=BEARER).status_code for _ in range(4)]
        assert codes == [200, 200, 200, 429]
        tries = [
            client.post("/admin/login", json={"secret": "guess"}).status_code for _ in range(3)
        ]
        assert tries == [403, 403, 429]
        late = client.post("/admin/login", json={"secret": SECRET})
        assert late.status_code == 429 and "retry-after" in late.headers


def test_the_secret_comes_from_a_file_or_the_environment(tmp_path: Path) -> None:
    given = tmp_path / "admin-secret"
    given.write_text(SECRET + "\n")
    assert read_secret(str(given), {}) == SECRET
    assert read_secret(None, {"EKIMAE_ADMIN_SECRET_FILE": str(given)}) == SECRET
    assert read_secret(None, {"EKIMAE_ADMIN_SECRET": SECRET}) == SECRET
    assert read_secret(None, {}) is None
    with pytest.raises(ValueError, match="at least 16"):
        read_secret(None, {"EKIMAE_ADMIN_SECRET": "short"})
    with pytest.raises(ValueError, match="cannot read"):
        read_secret(str(tmp_path / "missing"), {})


def test_migration_0008_up_and_down(db_url: str) -> None:
    engine = make_engine(db_url)
    migrate(engine, "0007")
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO games (id, game, seats, seed, options, names, bots, action_count,"
                " to_act, finished, data_version, listed, practice, revision) VALUES ('old',"
                " 'sealed-auction', 2, '77', '{}', '[\"A\", \"B\"]', '[null, null]', 0,"
                " '[0, 1]', false, '', true, false, 0)"
            )
        )
        conn.execute(
            text("INSERT INTO chat (game_id, seat, name, text) VALUES ('old', 0, 'A', 'hi')")
        )
    migrate(engine)
    columns = {c["name"] for c in inspect(engine).get_columns("chat")}
    assert "hidden" in columns and "admin_log" in inspect(engine).get_table_names()
    store = Store(db_url)
    try:
        info = store.info("old")
        assert info is not None and not info.closed
        assert [m.text for m in store.chat("old")] == ["hi"]  # not hidden
    finally:
        store.close()
    migrate_down(engine, "0007")
    inspector = inspect(engine)
    assert "hidden" not in {c["name"] for c in inspector.get_columns("chat")}
    assert "closed_at" not in {c["name"] for c in inspector.get_columns("games")}
    assert "admin_log" not in inspector.get_table_names()
    with engine.connect() as conn:
        assert conn.execute(text("SELECT text FROM chat")).scalar() == "hi"
    engine.dispose()


def migrate_down(engine: object, revision: str) -> None:
    from alembic import command
    from alembic.config import Config

    from ekimae.server.store import MIGRATIONS

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.connect() as conn:  # type: ignore[attr-defined]
        if conn.dialect.name == "sqlite":
            conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
            conn.commit()
        with conn.begin():
            config.attributes["connection"] = conn
            command.downgrade(config, revision)
