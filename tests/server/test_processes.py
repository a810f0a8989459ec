"""Several server processes on one PostgreSQL database (issue 21), in one test process.

Two apps on the same schema stand for two `ekimae serve` processes: each has its own
cache, locks, sockets and event listener, and they share only the database. (The real
thing, with `kill -9`, is tests/server/test_processes_kill9.py.)
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ekimae.core.actions import Action
from ekimae.games import find_game
from ekimae.server.store import StaleWriteError, Store
from tests.server.conftest import MakeClient, create, state

PEOPLE = [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cy"}]
postgres_only = pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)


def receive_until(ws: Any, want: Callable[[dict[str, Any]], bool], timeout: float = 5) -> Any:
    """The first message `want` accepts, within `timeout` seconds (else the test fails)."""
    found: queue.Queue[Any] = queue.Queue()

    def read() -> None:
        try:
            while True:
                message = ws.receive_json()
                if want(message):
                    found.put(message)
                    return
        except Exception as exc:  # the socket closed: hand it to the test
            found.put(exc)

    threading.Thread(target=read, daemon=True).start()
    try:
        got = found.get(timeout=timeout)
    except queue.Empty:
        raise AssertionError(f"no such message within {timeout}s") from None
    return got


def has_actions(n: int) -> Callable[[dict[str, Any]], bool]:
    return lambda message: message.get("actions") == n


def turn_bid(amount: int) -> dict[str, Any]:
    return {"type": "turn-bid", "amount": amount}


def post_act(client: TestClient, gid: str, token: str, action: Any, expected: int) -> Any:
    return client.post(
        f"/api/games/{gid}/actions", json={"token": token, "action": action, "expected": expected}
    )


@postgres_only
def test_a_socket_on_one_process_sees_what_another_accepted(make_client: MakeClient) -> None:
    a, b = make_client(), make_client()
    game = create(a, PEOPLE, seed=3)
    gid, toks = game["id"], [s["token"] for s in game["seats"]]
    with (
        a.websocket_connect(f"/ws/{gid}?token={toks[0]}") as on_a,
        b.websocket_connect(f"/ws/{gid}") as spectator_on_b,
    ):
        assert on_a.receive_json()["actions"] == 0
        assert spectator_on_b.receive_json()["actions"] == 0
        # Accepted by B: A's socket is pushed it (the action insert's NOTIFY), in order.
        for i in range(3):
            res = post_act(b if i % 2 == 0 else a, gid, toks[i], turn_bid(100 * i), i)
            assert res.json() == {"ok": True, "index": i}, res.text
            for ws in (on_a, spectator_on_b):
                got = receive_until(ws, has_actions(i + 1))
                assert got["type"] == "state"
        # Seat 1's own view on A shows its bid; the spectator on B sees only `has_bid`.
        assert state(a, gid, toks[0])["view"] == state(b, gid, toks[0])["view"]
        # A chat message posted on B reaches A's socket once.
        res = b.post(f"/api/games/{gid}/chat", json={"token": toks[1], "text": "hi from B"})
        assert res.status_code == 200, res.text
        got = receive_until(on_a, lambda m: m.get("type") == "chat")
        assert got["message"]["text"] == "hi from B"


def first_legal(client: TestClient, gid: str, toks: list[str]) -> tuple[int, Any]:
    """A seat that may act, and its first legal action's wire form."""
    for seat, token in enumerate(toks):
        legal = state(client, gid, token)["legal"]
        if legal:
            return seat, legal[0]["action"]
    raise AssertionError("nobody may act")


@postgres_only
def test_another_process_applies_a_carried_action_without_a_read(
    make_client: MakeClient,
) -> None:
    """Issue 29: an action's event carries the action, unless it is a sealed choice; the
    process holding the game one revision behind applies it from the event (no read) and
    is where the table is. The sealed turn bids (TM-3) are not carried: re-read."""
    a, b = make_client(), make_client()
    game = create(a, PEOPLE, seed=3)
    gid, toks = game["id"], [s["token"] for s in game["seats"]]
    with a.websocket_connect(f"/ws/{gid}") as spectator_on_a:
        assert spectator_on_a.receive_json()["actions"] == 0
        table_a = a.app.state.hub._games[gid]  # type: ignore[attr-defined]
        for i in range(3):
            assert post_act(b, gid, toks[i], turn_bid(100 * i), i).status_code == 200
            receive_until(spectator_on_a, has_actions(i + 1))
        assert table_a.carried == 0  # sealed: never on the wire between processes
        for i in range(3, 7):
            seat, action = first_legal(b, gid, toks)
            res = post_act(b, gid, toks[seat], action, i)
            assert res.json() == {"ok": True, "index": i}, res.text
            got = receive_until(spectator_on_a, has_actions(i + 1))
            assert got["type"] == "state"
        assert table_a.carried == 4
        # What A applied is what the table holds: every seat's view, the record.
        for token in (None, *toks):
            assert state(a, gid, token)["view"] == state(b, gid, token)["view"]
        table_b = b.app.state.hub._games[gid]  # type: ignore[attr-defined]
        assert table_a.record.actions == table_b.record.actions
        assert table_a.revision == table_b.revision == table_a.info.revision
        stored = a.app.state.hub.store.info(gid)  # type: ignore[attr-defined]
        assert table_a.info == stored  # the game's row, as a re-read would give it
        # A's next action is checked against that revision: accepted, no stale retry.
        seat, action = first_legal(a, gid, toks)
        assert post_act(a, gid, toks[seat], action, 7).json() == {"ok": True, "index": 7}


@postgres_only
def test_an_undo_on_one_process_is_pushed_by_the_other(make_client: MakeClient) -> None:
    a, b = make_client(), make_client()
    game = create(a, PEOPLE, seed=3)
    gid, toks = game["id"], [s["token"] for s in game["seats"]]
    assert post_act(a, gid, toks[0], turn_bid(100), 0).status_code == 200
    with a.websocket_connect(f"/ws/{gid}?token={toks[0]}") as on_a:
        assert on_a.receive_json()["actions"] == 1
        res = b.post(f"/api/games/{gid}/undo", json={"token": toks[0], "expected": 1})
        assert res.status_code == 200, res.text
        got = receive_until(on_a, has_actions(0))
        assert got["can_undo"] is False
    assert state(a, gid)["actions"] == 0


@postgres_only
def test_a_process_that_missed_events_rereads_the_table(make_client: MakeClient) -> None:
    """B's listener is stopped, so its cache goes stale: its next write fails on the
    game's revision (nothing written), it rereads the record and checks the request
    again; a GET on B compares with the table first."""
    a, b = make_client(), make_client()
    game = create(a, PEOPLE, seed=3)
    gid, toks = game["id"], [s["token"] for s in game["seats"]]
    assert state(b, gid)["actions"] == 0  # B has the game cached
    bus_b = b.app.state.bus  # type: ignore[attr-defined]
    assert b.portal is not None
    b.portal.call(bus_b.close)
    assert post_act(a, gid, toks[0], turn_bid(100), 0).status_code == 200
    hub_b = b.app.state.hub  # type: ignore[attr-defined]
    assert len(hub_b._games[gid].record.actions) == 0  # stale, and B does not know
    # Expecting 1 is right (A stored action 0): B rereads and accepts it as action 1.
    res = post_act(b, gid, toks[1], turn_bid(200), 1)
    assert res.json() == {"ok": True, "index": 1}, res.text
    # Expecting 1 again is now stale for everyone.
    res = post_act(a, gid, toks[2], turn_bid(300), 1)
    assert res.status_code == 409 and res.json()["error"]["kind"] == "stale"
    assert state(a, gid)["actions"] == state(b, gid)["actions"] == 2


@postgres_only
def test_a_seat_withdrawn_on_one_process_is_closed_on_the_other(
    make_client: MakeClient,
) -> None:
    a, b = make_client(), make_client()
    game = create(a, PEOPLE, seed=3)
    gid, toks, host = game["id"], [s["token"] for s in game["seats"]], game["host_token"]
    with b.websocket_connect(f"/ws/{gid}?token={toks[1]}") as ben_on_b:
        assert ben_on_b.receive_json()["claimed"] == [True, True, True]
        res = a.post(f"/api/games/{gid}/seats/1/revoke", json={"host_token": host})
        assert res.status_code == 200, res.text
        closed = receive_until(ben_on_b, lambda m: False)
        assert getattr(closed, "code", None) == 4403


def test_writes_are_conditional_on_the_revision_read(db_url: str) -> None:
    """The store refuses a write made from a stale read, on both storages; a turn notice
    is claimed once, whoever asks."""
    store = Store(db_url)
    try:
        game = find_game("tokyo-metro")
        created = store.create(game, 5, {}, ["A", "B", "C"], [None] * 3, [0, 1, 2], host_seat=0)
        gid = created.id
        info = store.info(gid)
        assert info is not None and info.revision == 0
        bid: Action = game.codec.from_dict(turn_bid(0))
        assert store.append_action(gid, 0, 0, bid, [1, 2], False, None, revision=0) == 1
        with pytest.raises(StaleWriteError):  # read at revision 0: another wrote since
            store.append_action(gid, 1, 1, bid, [2], False, None, revision=0)
        assert store.undo_action(gid, 0, 0, [0, 1, 2], False, None, revision=1) == 2
        assert store.append_action(gid, 0, 0, bid, [1, 2], False, None, revision=2) == 3
        loaded = store.load(gid)
        assert loaded is not None and loaded[0].revision == 3 and len(loaded[1].actions) == 1
        store.set_notify(gid, 1, {"email": "ben@example.org"})
        assert list(store.claim_turn_notices(gid, [1], 4)) == [1]
        assert store.claim_turn_notices(gid, [1], 4) == {}  # the other process: nothing
        assert list(store.claim_turn_notices(gid, [1], 6)) == [1]  # the next turn
    finally:
        store.close()


def test_one_lease_holder_at_a_time_and_a_takeover_after_expiry(db_url: str) -> None:
    store = Store(db_url)
    try:
        game = find_game("tokyo-metro")
        gid = store.create(
            game, 5, {}, ["A", "B", "C"], ["random"] * 3, [0, 1, 2], host_seat=None
        ).id
        assert gid in store.unleased_bot_games()
        assert store.take_lease(gid, "p1", 0.5)
        assert store.take_lease(gid, "p1", 0.5)  # renewed by its holder
        assert not store.take_lease(gid, "p2", 0.5)  # held
        assert gid not in store.unleased_bot_games()
        time.sleep(0.6)  # p1 died: its lease runs out
        assert gid in store.unleased_bot_games()
        assert store.take_lease(gid, "p2", 5)
        assert not store.take_lease(gid, "p1", 5)  # p1 was only stalled: it lost the game
        store.release_lease(gid, "p2")
        assert store.take_lease(gid, "p1", 5)
    finally:
        store.close()


@postgres_only
def test_bots_of_a_game_open_on_two_processes_play_once(make_client: MakeClient) -> None:
    a, b = make_client(), make_client()
    res = a.post("/api/games", json={"seats": [{"bot": "random"}] * 3, "seed": 9})
    gid = res.json()["id"]
    state(b, gid)  # B serves the game too (its bots would start here without a lease)
    deadline = time.monotonic() + 60
    while not state(b, gid)["finished"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    record = a.get(f"/api/games/{gid}/record").json()
    assert len(record["actions"]) == state(a, gid)["actions"] == state(b, gid)["actions"]
    hubs = [c.app.state.hub for c in (a, b)]  # type: ignore[attr-defined]
    held = sorted(hub._games[gid].lease_until > 0 for hub in hubs)
    assert held == [False, True], "exactly one process ran the bots"
