"""WebSocket pushes: each client its own view, secret bids never leak, serialised acts."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ekimae.games import find_game
from ekimae.server.hub import Hub, RefusedError
from ekimae.server.store import Store
from ekimae.server.workers import SearchPool
from tests.server.conftest import act, create, state

PEOPLE = [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cy"}]
SECRET = 1300  # an amount no other field of a fresh 3-seat game shows


def _public_part(message: dict[str, Any]) -> str:
    """The pushed JSON minus the SVG overlay (whose coordinates are numbers too)."""
    return json.dumps({k: v for k, v in message.items() if k != "overlay"})


def test_other_seats_and_spectators_never_receive_a_secret_bid(client: TestClient) -> None:
    game = create(client, PEOPLE)
    gid, toks = game["id"], [s["token"] for s in game["seats"]]
    with (
        client.websocket_connect(f"/ws/{gid}?token={toks[1]}") as seat1,
        client.websocket_connect(f"/ws/{gid}") as spectator,
        client.websocket_connect(f"/ws/{gid}?token={toks[0]}") as seat0,
    ):
        for ws in (seat1, spectator, seat0):
            assert ws.receive_json()["actions"] == 0
        res = act(client, gid, toks[0], {"type": "turn-bid", "amount": SECRET})
        assert res.status_code == 200
        own = seat0.receive_json()
        assert own["view"]["players"][0]["bid"] == SECRET
        for ws, seat in ((seat1, 1), (spectator, None)):
            pushed = ws.receive_json()
            assert pushed["seat"] == seat and pushed["actions"] == 1
            bidder = pushed["view"]["players"][0]
            assert bidder["has_bid"] is True and bidder["bid"] is None
            text = _public_part({**pushed, "legal": []})
            assert str(SECRET) not in text, text
            assert all(a["action"]["type"] == "turn-bid" for a in pushed["legal"])
        # Over HTTP too, with and without another seat's token.
        for token in (toks[1], None):
            body = state(client, gid, token)
            assert str(SECRET) not in _public_part({**body, "legal": []})


def test_acting_over_the_websocket_and_resuming(client: TestClient) -> None:
    game = create(client, PEOPLE)
    gid, toks = game["id"], [s["token"] for s in game["seats"]]
    with client.websocket_connect(f"/ws/{gid}?token={toks[2]}") as ws:
        ws.receive_json()
        ws.send_json({"type": "act", "action": {"type": "turn-bid", "amount": 100}, "key": "a"})
        pushed = ws.receive_json()
        assert pushed["actions"] == 1 and pushed["view"]["players"][2]["bid"] == 100
        assert ws.receive_json() == {"type": "ack", "index": 0}
        bid = {"type": "turn-bid", "amount": 100}
        ws.send_json({"type": "act", "action": bid, "expected": 1})
        error = ws.receive_json()
        assert error["type"] == "error" and error["error"]["kind"] == "illegal"
        ws.send_json({"type": "act", "action": {"type": "nope"}, "expected": 1})
        assert ws.receive_json()["error"]["kind"] == "malformed"
        ws.send_json(["not", "an", "object"])
        assert ws.receive_json()["error"]["kind"] == "malformed"
    act(client, gid, toks[0], {"type": "turn-bid", "amount": 0})
    # A dropped client reconnects and gets the current position straight away.
    with client.websocket_connect(f"/ws/{gid}?token={toks[2]}") as ws:
        again = ws.receive_json()
        assert again["actions"] == 2 and again["view"]["players"][2]["bid"] == 100


def test_spectators_cannot_act_and_bad_tokens_are_closed(client: TestClient) -> None:
    game = create(client, PEOPLE)
    gid = game["id"]
    with client.websocket_connect(f"/ws/{gid}") as ws:
        ws.receive_json()
        ws.send_json({"type": "act", "action": {"type": "turn-bid", "amount": 0}, "expected": 0})
        assert ws.receive_json()["error"]["kind"] == "forbidden"
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(f"/ws/{gid}?token=wrong"),
    ):
        pass
    assert closed.value.code == 4403
    assert state(client, gid)["actions"] == 0


def test_concurrent_acts_are_serialised_and_never_doubled(db_url: str) -> None:
    game = find_game("tokyo-metro")

    async def scenario() -> None:
        store = Store(db_url)
        hub = Hub(store, SearchPool(0, 8))
        try:
            gid = (await hub.create(game, ["a", "b"], [None, None], 5, {}, host_seat=0)).id
            bid = game.codec.from_dict({"type": "turn-bid", "amount": 0})
            # The same seat's bid sent twice at once: exactly one may land.
            results = await asyncio.gather(
                *(hub.act(gid, 0, bid, expected=0) for _ in range(5)), return_exceptions=True
            )
            ok = [r for r in results if isinstance(r, int)]
            refused = [r for r in results if isinstance(r, RefusedError)]
            assert ok == [0] and len(refused) == 4
            assert all(r.kind == "stale" for r in refused)
            # With one idempotency key instead, the retries are answered with the same index.
            results = await asyncio.gather(
                *(hub.act(gid, 1, bid, key="k1") for _ in range(5)), return_exceptions=True
            )
            assert results == [1] * 5
            # With neither, an action is refused before anything happens.
            with pytest.raises(RefusedError, match="expected"):
                await hub.act(gid, 0, bid)
            stored = store.record(gid)
            assert stored is not None and [s for s, _ in stored[0].actions] == [0, 1]
        finally:
            await hub.close()
            store.close()

    asyncio.run(scenario())
