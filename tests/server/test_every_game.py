"""Issue 12: the server plays every registered game, with no line of it naming one.

The examples (a sealed-bid auction, a real-time tapping race) are played here through
the same API as TOKYO METRO: created from their own description, seats acting at once
without refusing each other, the real-time one's timer applied and recorded by the server.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ekimae.core.game import SYSTEM
from ekimae.core.record import record_from_dict, replay
from ekimae.games import find_game, games
from tests.server.conftest import state, wait_finished


def test_the_lobby_lists_every_game_from_its_own_description(client: TestClient) -> None:
    titles = {t["name"]: t for t in client.get("/api/titles").json()}
    assert set(titles) == set(games())
    auction = titles["sealed-auction"]
    assert auction["dynamics"] == "simultaneous" and auction["sealed"] == ["bid"]
    assert auction["options"][0]["name"] == "lots" and "random" in auction["bots"]
    assert titles["quick-draw"]["dynamics"] == "real-time"
    assert titles["tokyo-metro"]["max_seats"] == 5
    page = client.get("/").text
    assert all(t["title"] in page for t in titles.values())


def test_options_are_checked_by_the_game(client: TestClient) -> None:
    body: dict[str, Any] = {"game": "sealed-auction", "seats": [{"name": "A"}, {"bot": "random"}]}
    res = client.post("/api/games", json={**body, "options": {"lots": "huge"}})
    assert res.status_code == 400 and "short" in res.json()["detail"]
    res = client.post("/api/games", json={**body, "seats": [{"name": "A"}]})
    assert res.status_code == 400 and "2–6" in res.json()["detail"]
    res = client.post("/api/games", json={**body, "seats": [{"name": "A"}, {"bot": "greedy"}]})
    assert res.status_code == 400 and "greedy" in res.json()["detail"]


def test_sealed_bids_at_once_do_not_refuse_each_other(client: TestClient) -> None:
    """Two people bid on one lot at the same moment, each guarding with its own `seq`;
    the game-wide `expected` would have refused the second as stale."""
    res = client.post(
        "/api/games",
        json={"game": "sealed-auction", "seats": [{"name": "Ann"}, {"name": "Ben"}]},
    )
    game = res.json()
    ben = client.post(game["seats"][1]["invite_url"].replace("/join/", "/api/join/"), json={})
    toks = [game["me"]["token"], ben.json()["token"]]
    gid = game["id"]
    first = [state(client, gid, t) for t in toks]
    assert all(p["simultaneous"] and p["seq"] == 0 for p in first)
    assert first[0]["sealed"] == ["bid"] and first[0]["overlay"] is None
    for tok, amount in zip(toks, (100, 250), strict=True):
        res = client.post(
            f"/api/games/{gid}/actions",
            json={"token": tok, "action": {"type": "bid", "amount": amount}, "seq": 0},
        )
        assert res.status_code == 200, res.text
    assert state(client, gid)["actions"] == 2
    # The same seq again is stale: it would be the same bid sent twice.
    res = client.post(
        f"/api/games/{gid}/actions",
        json={"token": toks[0], "action": {"type": "bid", "amount": 0}, "seq": 0},
    )
    assert res.status_code == 409 and res.json()["error"]["kind"] == "stale"
    # The generic page serves a game that has no page of its own.
    page = client.get(f"/g/{gid}", params={"t": toks[0]})
    assert page.status_code == 200 and "generic_game.js" in page.text


def test_a_game_of_bots_of_an_example_ends_and_replays(client: TestClient) -> None:
    res = client.post(
        "/api/games",
        json={"game": "sealed-auction", "seats": [{"bot": "random"}, {"bot": "flat-mc"}]},
    )
    assert res.status_code == 201, res.text
    done = wait_finished(client, res.json()["id"])
    assert done["ranking"] and sorted(s for p in done["ranking"] for s in p) == [0, 1]
    record = client.get(f"/api/games/{res.json()['id']}/record").json()
    game = find_game("sealed-auction")
    assert replay(record_from_dict(record, game), game).view(None) == done["view"]
    assert client.get(f"/replay/{res.json()['id']}").status_code == 200
    step = client.get(f"/api/games/{res.json()['id']}/replay", params={"step": 1, "seat": "0"})
    assert step.status_code == 200


def test_real_time_the_server_stamps_time_and_calls_time_up(client: TestClient) -> None:
    """QUICK DRAW's rounds end by the game's own `time-up`, applied by the server when
    due and recorded at exactly the deadline; people's taps get the server's time."""
    res = client.post(
        "/api/games", json={"game": "quick-draw", "seats": [{"name": "Ann"}, {"bot": "random"}]}
    )
    game = res.json()
    gid, tok = game["id"], game["me"]["token"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = client.portal.call(hub.get, gid)  # type: ignore[union-attr]
    tap = client.post(
        f"/api/games/{gid}/actions",
        json={"token": tok, "action": {"type": "tap", "at": 999_999}, "key": "t1"},
    )
    assert tap.status_code == 200, tap.text
    seen = state(client, gid, tok)
    assert seen["simultaneous"] and seen["can_undo"] is False
    mine = [a for s, a in live.record.actions if s == 0]
    assert mine and mine[0].at < 999_999  # the server's clock, not the client's
    # Jump the game's clock to the round's end: the timer applies time-up at the deadline.
    due = live.state.deadline()
    live.clock_origin -= (due - hub.game_time(live)) / 1000 + 0.01
    deadline = time.monotonic() + 120  # a hang bound only (docs/testing.md, rule 4)
    while not any(s == SYSTEM for s, _ in live.record.actions):
        assert time.monotonic() < deadline, "the timer never called time"
        time.sleep(0.02)
    system = next(a for s, a in live.record.actions if s == SYSTEM)
    assert system.kind == "time-up" and system.at == due
    assert state(client, gid)["view"]["round"] == 2


def test_legal_actions_by_part(client: TestClient) -> None:
    """A listing too large to push is asked for part by part (`legal_parts`)."""
    res = client.post(
        "/api/games", json={"game": "sealed-auction", "seats": [{"name": "A"}, {"bot": "random"}]}
    )
    gid, tok = res.json()["id"], res.json()["me"]["token"]
    parts = client.get(f"/api/games/{gid}/legal", params={"token": tok}).json()["parts"]
    assert parts == [{"part": "bid", "count": 21}]
    bids = client.get(f"/api/games/{gid}/legal", params={"token": tok, "part": "bid"}).json()
    everything = state(client, gid, tok)["legal"]
    assert bids["legal"] == everything and len(everything) == 21
    none = client.get(f"/api/games/{gid}/legal", params={"token": tok, "part": "nope"}).json()
    assert none["legal"] == []
    assert client.get(f"/api/games/{gid}/legal").status_code == 403


def test_a_paced_real_time_bot_acts_when_the_rules_allow_not_before(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    """COUNTDOWN lets one seat act only every 1.5 s of game time (its pace ruling): the
    server sends a bot's action at the time it was listed for, so it is never refused
    for acting early (stamped with the server's clock) and never retried in a loop."""
    caplog.set_level(logging.DEBUG, logger="ekimae.server")
    res = client.post(
        "/api/games", json={"game": "countdown", "seats": [{"bot": "builder"}, {"bot": "builder"}]}
    )
    assert res.status_code == 201, res.text
    gid = res.json()["id"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = client.portal.call(hub.get, gid)  # type: ignore[union-attr]
    deadline = time.monotonic() + 120  # a hang bound only (docs/testing.md, rule 4)
    while sum(1 for s, _ in live.record.actions if s != SYSTEM) < 8:
        assert time.monotonic() < deadline, "the bots did not play"
        time.sleep(0.05)
    early = [r.getMessage() for r in caplog.records if "refused" in r.getMessage()]
    assert not [m for m in early if "at a time" in m or "next at" in m], early
