"""Undo over HTTP and WebSocket: a seat takes back its own last action, nothing else."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from ekimae.core.record import replay
from ekimae.games import find_game
from ekimae.server.hub import RefusedError, state_payload, undo_refusal
from tests.server.conftest import MakeClient, act, create, game_part, state, wait_finished

PEOPLE = [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cy"}]


def tokens(game: dict[str, Any]) -> list[str]:
    return [s["token"] for s in game["seats"]]


def undo(client: TestClient, game_id: str, token: str, **extra: Any) -> Any:
    """POST an undo with the action count the seat sees now, unless `expected` is given."""
    if "expected" not in extra:
        extra["expected"] = state(client, game_id)["actions"]
    return client.post(f"/api/games/{game_id}/undo", json={"token": token, **extra})


def everyone(client: TestClient, game_id: str, toks: list[str]) -> list[dict[str, Any]]:
    return [game_part(state(client, game_id, t)) for t in [*toks, None]]


def refused(res: Any, kind: str = "undo-refused") -> str:
    assert res.status_code == 409, res.text
    error = res.json()["error"]
    assert error["kind"] == kind, error
    message: str = error["message"]
    return message


def test_a_seat_undoes_its_own_last_action(client: TestClient) -> None:
    game = create(client, PEOPLE)
    gid, toks = game["id"], tokens(game)
    fresh = everyone(client, gid, toks)
    assert not any(p["can_undo"] for p in fresh)
    assert act(client, gid, toks[0], {"type": "turn-bid", "amount": 300}).status_code == 200
    assert state(client, gid, toks[0])["can_undo"] is True
    assert state(client, gid, toks[1])["can_undo"] is False
    res = undo(client, gid, toks[0])
    assert res.json() == {"ok": True, "actions": 0}
    assert everyone(client, gid, toks) == fresh
    # The seat may now bid something else.
    assert act(client, gid, toks[0], {"type": "turn-bid", "amount": 100}).status_code == 200
    assert state(client, gid, toks[0])["view"]["players"][0]["bid"] == 100


def test_undo_is_refused_once_another_seat_has_acted(client: TestClient) -> None:
    game = create(client, PEOPLE)
    gid, toks = game["id"], tokens(game)
    act(client, gid, toks[0], {"type": "turn-bid", "amount": 300})
    act(client, gid, toks[1], {"type": "turn-bid", "amount": 0})
    before = everyone(client, gid, toks)
    assert "seat 2" in refused(undo(client, gid, toks[0]))
    assert everyone(client, gid, toks) == before


def test_undo_is_refused_for_another_seats_action(client: TestClient) -> None:
    game = create(client, PEOPLE)
    gid, toks = game["id"], tokens(game)
    act(client, gid, toks[0], {"type": "turn-bid", "amount": 300})
    before = everyone(client, gid, toks)
    refused(undo(client, gid, toks[1]))
    refused(undo(client, gid, toks[2]))
    assert undo(client, gid, "not-a-token").status_code == 403
    assert client.post(f"/api/games/{gid}/undo", json={}).status_code == 403  # no token
    assert everyone(client, gid, toks) == before
    # A stale expected count is refused; and at the start there is nothing to undo.
    refused(undo(client, gid, toks[0], expected=0), "stale")
    assert everyone(client, gid, toks) == before
    other = create(client, PEOPLE)
    assert "nothing" in refused(undo(client, other["id"], other["seats"][0]["token"]))


def test_the_revealing_bid_is_final_and_later_undos_equal_the_replayed_record(
    make_client: MakeClient,
) -> None:
    client = make_client()
    game = create(client, PEOPLE)
    gid, toks = game["id"], tokens(game)
    for seat, amount in ((0, 200), (1, 100)):
        act(client, gid, toks[seat], {"type": "turn-bid", "amount": amount})
    # The last bid reveals all bids (TM-3.3): it is final (issue 26), the reveal stays.
    act(client, gid, toks[2], {"type": "turn-bid", "amount": 0})
    revealed = everyone(client, gid, toks)
    assert not revealed[2]["can_undo"]
    assert "final" in refused(undo(client, gid, toks[2]))
    assert everyone(client, gid, toks) == revealed
    # Play on until the seat that acted last may take its action back, then undo it.
    for _ in range(30):
        mover = state(client, gid)["view"]["to_act"][0]
        legal = state(client, gid, toks[mover])["legal"]
        assert act(client, gid, toks[mover], legal[-1]["action"]).status_code == 200
        if state(client, gid, toks[mover])["can_undo"]:
            break
    record = client.app.state.store.record(gid)[0]  # type: ignore[attr-defined]
    count = len(record.actions)
    last_seat = record.actions[-1][0]
    assert undo(client, gid, toks[last_seat]).json() == {"ok": True, "actions": count - 1}
    undone = everyone(client, gid, toks)
    # The state equals a replay of the stored record's first actions ...
    stored = client.app.state.store.record(gid)[0]  # type: ignore[attr-defined]
    assert stored.actions == record.actions[: count - 1]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub._games[gid]
    replayed = replay(record, find_game("tokyo-metro"), count - 1)
    assert live.state.to_dict() == replayed.to_dict()
    assert game_part(state_payload(live, last_seat)) == undone[last_seat]
    # ... and a restarted server (which replays from the database) agrees.
    again = make_client()
    assert everyone(again, gid, toks) == undone


def test_clients_are_pushed_their_new_view_after_an_undo(client: TestClient) -> None:
    game = create(client, PEOPLE)
    gid, toks = game["id"], tokens(game)
    with (
        client.websocket_connect(f"/ws/{gid}?token={toks[0]}") as seat0,
        client.websocket_connect(f"/ws/{gid}?token={toks[1]}") as seat1,
        client.websocket_connect(f"/ws/{gid}") as spectator,
    ):
        for ws in (seat0, seat1, spectator):
            assert ws.receive_json()["actions"] == 0
        seat0.send_json(
            {"type": "act", "action": {"type": "turn-bid", "amount": 500}, "expected": 0}
        )
        pushed = seat0.receive_json()
        assert pushed["can_undo"] is True and pushed["view"]["players"][0]["bid"] == 500
        assert seat0.receive_json() == {"type": "ack", "index": 0}
        for ws in (seat1, spectator):
            assert ws.receive_json()["view"]["players"][0]["has_bid"] is True
        seat1.send_json({"type": "undo", "expected": 1})
        assert seat1.receive_json()["error"]["kind"] == "undo-refused"
        spectator.send_json({"type": "undo", "expected": 1})
        assert spectator.receive_json()["error"]["kind"] == "forbidden"
        seat0.send_json({"type": "undo", "expected": 1})
        own = seat0.receive_json()
        assert own["actions"] == 0 and own["can_undo"] is False
        assert own["view"]["players"][0]["bid"] is None
        assert seat0.receive_json() == {"type": "undone", "actions": 0}
        for ws in (seat1, spectator):
            other = ws.receive_json()
            assert other["actions"] == 0
            assert other["view"]["players"][0]["has_bid"] is False


def test_no_undo_after_the_end(client: TestClient) -> None:
    game = create(client, [{"bot": "random"}] * 2, seed=3)
    gid = game["id"]
    done = wait_finished(client, gid)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = client.portal.call(hub.get, gid)  # type: ignore[union-attr]
    last_seat = live.record.actions[-1][0]
    # Bot seats have no token; the hub's rule is what a person's undo would meet.
    assert undo_refusal(live, last_seat) == "the game is over"
    with pytest.raises(RefusedError, match="over"):
        client.portal.call(hub.undo, gid, last_seat, len(live.record.actions))  # type: ignore[union-attr]
    assert game_part(state(client, gid)) == game_part(done)
