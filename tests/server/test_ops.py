"""Issue 35: what an operator's tools ask a process — liveness, readiness (database
reachable, schema current, not stopping) and Prometheus metrics — on SQLite and
PostgreSQL, and the graceful stop's first step (no new action once it began)."""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from ekimae.server.store import make_engine, schema_head
from tests.server.conftest import state
from tests.server.test_chat import two_people
from tools.load_test import HOST, free_port, kill_hard, start_server, wait_ready


def metric(client: TestClient, name: str, labels: str = "") -> float:
    """One sample's value from `/metrics` (0 when the series has no sample yet)."""
    body = client.get("/metrics").text
    found = re.search(rf"^{re.escape(name)}{re.escape(labels)} (\S+)$", body, re.M)
    return float(found.group(1)) if found else 0.0


def first_legal(client: TestClient, gid: str, token: str) -> dict[str, Any]:
    mine = state(client, gid, token)
    return {"token": token, "action": mine["legal"][0]["action"], "seq": mine["seq"]}


def test_liveness_asks_nothing_of_the_database(client: TestClient) -> None:
    res = client.get("/healthz")
    assert res.status_code == 200 and res.json() == {"alive": True}
    assert res.headers["cache-control"] == "no-store"


def test_ready_when_the_database_answers_at_the_current_schema(client: TestClient) -> None:
    res = client.get("/readyz")
    assert res.status_code == 200, res.text
    assert res.json() == {"ready": True, "schema": schema_head()}


def test_not_ready_on_an_older_schema_with_the_reason(client: TestClient) -> None:
    store = client.app.state.store  # type: ignore[attr-defined]
    head = schema_head()
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '0006'"))
    try:
        res = client.get("/readyz")
        assert res.status_code == 503
        reason = res.json()["reason"]
        assert "0006" in reason and head in reason, reason
        assert client.get("/healthz").status_code == 200  # alive all the same
    finally:
        with store.engine.begin() as conn:
            conn.execute(text("UPDATE alembic_version SET version_num = :h"), {"h": head})
    assert client.get("/readyz").status_code == 200


def test_not_ready_when_the_database_is_unreachable(client: TestClient, db_url: str) -> None:
    store = client.app.state.store  # type: ignore[attr-defined]
    engine = store.engine
    # A database nobody listens at (PostgreSQL), or a file in a folder that does not exist.
    unreachable = (
        "postgresql://ekimae:s3cret-pw@127.0.0.1:1/nowhere"
        if db_url.startswith("postgresql")
        else "sqlite:////nonexistent-ekimae-folder/games.db"
    )
    store.engine = make_engine(unreachable)
    try:
        res = client.get("/readyz")
        assert res.status_code == 503
        reason = res.json()["reason"]
        assert reason.startswith("database unreachable"), reason
        assert "s3cret-pw" not in reason
    finally:
        store.engine.dispose()
        store.engine = engine
    assert client.get("/readyz").status_code == 200


def test_a_stopping_process_is_not_ready_and_takes_no_action(client: TestClient) -> None:
    gid, tokens = two_people(client)
    before = state(client, gid)["actions"]
    body = first_legal(client, gid, tokens[0])
    services = client.app.state.services  # type: ignore[attr-defined]
    client.portal.call(services.drain)  # type: ignore[union-attr]
    res = client.get("/readyz")
    assert res.status_code == 503 and res.json()["reason"].startswith("stopping")
    refused = client.post(f"/api/games/{gid}/actions", json=body)
    assert refused.status_code == 503, refused.text
    assert refused.json()["error"]["kind"] == "stopping"
    assert state(client, gid)["actions"] == before  # nothing stored
    with client.websocket_connect(f"/ws/{gid}?token={tokens[0]}") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "act", "action": body["action"], "seq": body["seq"]})
        answer = ws.receive_json()
        assert answer["type"] == "error" and answer["error"]["kind"] == "stopping"


def test_metrics_count_actions_pushes_sockets_games_and_database(client: TestClient) -> None:
    gid, tokens = two_people(client)
    title = state(client, gid)["game"]
    accepted = metric(client, "ekimae_actions_accepted_total", f'{{title="{title}"}}')
    pushes = metric(client, "ekimae_push_seconds_count")
    statements = metric(client, "ekimae_database_seconds_count")
    sockets = metric(client, "ekimae_open_sockets")
    with client.websocket_connect(f"/ws/{gid}") as ws:
        assert ws.receive_json()["type"] == "state"
        assert metric(client, "ekimae_open_sockets") == sockets + 1
        res = client.post(f"/api/games/{gid}/actions", json=first_legal(client, gid, tokens[0]))
        assert res.status_code == 200, res.text
        assert ws.receive_json()["type"] == "state"  # pushed to the spectator
    assert metric(client, "ekimae_open_sockets") == sockets
    assert metric(client, "ekimae_actions_accepted_total", f'{{title="{title}"}}') == accepted + 1
    assert metric(client, "ekimae_push_seconds_count") == pushes + 1
    assert metric(client, "ekimae_database_seconds_count") > statements
    assert metric(client, "ekimae_games_in_memory") >= 1
    assert "ekimae_bot_queue " in client.get("/metrics").text
    assert client.get("/metrics").headers["content-type"].startswith("text/plain")


def test_metrics_count_logged_errors(client: TestClient) -> None:
    before = metric(client, "ekimae_errors_total", '{logger="ekimae.server"}')
    logging.getLogger("ekimae.server.test").error("a fault the operator should hear of")
    after = metric(client, "ekimae_errors_total", '{logger="ekimae.server"}')
    assert after == before + 1


@pytest.mark.slow
@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_several_processes_on_one_port_sum_their_metrics(db_url: str, tmp_path: Path) -> None:
    """`serve --workers 2`: a scrape reaches either process and shows both's counts."""
    port = free_port()
    proc = start_server(tmp_path / "data", port, database_url=db_url, extra=["--workers", "2"])
    base = f"http://{HOST}:{port}"
    try:
        wait_ready(proc, base, timeout=60)
        for _ in range(6):  # a new connection each: the kernel hands them to either process
            with httpx.Client(base_url=base, timeout=30) as http:
                made = http.post("/api/games", json={"game": "chocolate-milk", "seats": [{}]})
                gid, token = made.json()["id"], made.json()["me"]["token"]
                mine = http.get(f"/api/games/{gid}", params={"token": token}).json()
                body = {"token": token, "action": mine["legal"][0]["action"], "expected": 0}
                assert http.post(f"/api/games/{gid}/actions", json=body).status_code == 200
        for _ in range(6):
            with httpx.Client(base_url=base, timeout=30) as http:
                text = http.get("/metrics").text
            series = r'^ekimae_actions_accepted_total\{title="chocolate-milk"\} (\S+)$'
            found = re.search(series, text, re.M)
            assert found and float(found.group(1)) == 6, text[:2000]
    finally:
        kill_hard(proc)
