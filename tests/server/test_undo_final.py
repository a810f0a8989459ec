"""Issue 26: an undo never re-opens a sealed choice or a draw, over HTTP and WebSocket.

The last bid of a round reveals every bid: its bidder sees no Undo and the server refuses
one. An action that drew (a refill, what the machine lets out) is final too, so a player
cannot look at the draw, take the action back and choose again. Any other action of a
seat's own is still taken back as before; a restarted server knows which is which.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from ekimae.core.rng import counting_draws
from ekimae.server.hub import LiveGame
from tests.server.conftest import MakeClient, act, state


def create_game(
    client: TestClient, game: str, people: int, seed: int = 7, **extra: Any
) -> tuple[str, list[str]]:
    """A practice game of `people` persons, every invitation claimed: (id, tokens)."""
    seats = [{"name": f"P{i + 1}"} for i in range(people)]
    body = {"game": game, "seats": seats, "seed": seed, "practice": True, **extra}
    res = client.post("/api/games", json=body)
    assert res.status_code == 201, res.text
    data = res.json()
    tokens = [data["me"]["token"]]
    for seat in data["seats"][1:]:
        claimed = client.post(seat["invite_url"].replace("/join/", "/api/join/"), json={})
        tokens.append(claimed.json()["token"])
    return data["id"], tokens


def undo(client: TestClient, gid: str, token: str) -> Any:
    count = state(client, gid)["actions"]
    return client.post(f"/api/games/{gid}/undo", json={"token": token, "expected": count})


def live(client: TestClient, gid: str) -> LiveGame:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    found: LiveGame = client.portal.call(hub.get, gid)  # type: ignore[union-attr]
    return found


def refused_final(res: Any) -> str:
    assert res.status_code == 409, res.text
    error = res.json()["error"]
    assert error["kind"] == "undo-refused" and "final" in error["message"], error
    message: str = error["message"]
    return message


def test_the_last_bidder_cannot_undo_after_the_reveal(make_client: MakeClient) -> None:
    """TOKYO METRO's turn-order bid (TM-3.3): bid ¥0, see the other bid at the reveal,
    undo and outbid it — refused, on the page (no Undo, a reason) and by the server."""
    client = make_client()
    gid, toks = create_game(client, "tokyo-metro", 2)
    assert act(client, gid, toks[0], {"type": "turn-bid", "amount": 300}).status_code == 200
    # The first bid reveals nothing: it is taken back as before, and bid again.
    assert state(client, gid, toks[0])["can_undo"] is True
    assert undo(client, gid, toks[0]).json() == {"ok": True, "actions": 0}
    assert act(client, gid, toks[0], {"type": "turn-bid", "amount": 300}).status_code == 200
    assert act(client, gid, toks[1], {"type": "turn-bid", "amount": 100}).status_code == 200
    mine = state(client, gid, toks[1])
    assert "¥300" in mine["view"]["log"][-1]  # "bids revealed: seat 1 ¥300, …" (TM-3.3)
    assert mine["can_undo"] is False and mine["undo_final"] == "hidden"
    before = [state(client, gid, t) for t in [*toks, None]]
    assert "showed you what was hidden" in refused_final(undo(client, gid, toks[1]))
    assert [state(client, gid, t) for t in [*toks, None]] == before
    # A restarted server (a replay from the table) knows the last action is final.
    again = make_client()
    assert state(again, gid, toks[1])["can_undo"] is False
    refused_final(undo(again, gid, toks[1]))


def test_the_last_bidder_cannot_undo_over_the_websocket(client: TestClient) -> None:
    """IZAKAYA's sealed bid (IZ-2), over the socket: the refusal is an error frame."""
    gid, toks = create_game(client, "izakaya", 2)
    with client.websocket_connect(f"/ws/{gid}?token={toks[1]}") as ws:
        assert ws.receive_json()["type"] == "state"
        assert act(client, gid, toks[0], {"type": "bid", "amount": 200}).status_code == 200
        assert ws.receive_json()["can_undo"] is False  # seat 1's bid is not seat 2's
        ws.send_json({"type": "act", "action": {"type": "bid", "amount": 0}, "seq": 0})
        pushed = ws.receive_json()
        assert pushed["type"] == "state" and pushed["can_undo"] is False
        assert pushed["undo_final"] == "hidden"
        assert ws.receive_json()["type"] == "ack"
        ws.send_json({"type": "undo", "expected": pushed["actions"]})
        error = ws.receive_json()
        assert error["type"] == "error" and error["error"]["kind"] == "undo-refused"
        assert "final" in error["error"]["message"]
        # The socket stays open and the game unchanged.
        ws.send_json({"type": "chat", "text": "still here"})
        assert ws.receive_json()["type"] == "chat"
    assert state(client, gid)["actions"] == pushed["actions"]


def drawing_action(client: TestClient, gid: str, seat: int) -> dict[str, Any] | None:
    """One of `seat`'s legal actions that draws at random now (found on a copy)."""
    game = live(client, gid)
    for action in game.state.legal_actions(seat):
        trial = game.state.clone()
        with counting_draws() as draws:
            trial.apply(seat, action)
        if draws.count:
            return action.to_dict()
    return None


def quiet_action(client: TestClient, gid: str, seat: int, pick: int = 0) -> dict[str, Any]:
    """A legal action of `seat` that draws nothing (the `pick`-th, round the list)."""
    game = live(client, gid)
    quiet = []
    for action in game.state.legal_actions(seat):
        trial = game.state.clone()
        with counting_draws() as draws:
            trial.apply(seat, action)
        if not draws.count:
            quiet.append(action.to_dict())
    assert quiet, "every legal action draws"
    return quiet[pick % len(quiet)]


def _play_until_a_draw(client: TestClient, gid: str, toks: list[str]) -> int:
    """Play actions that draw nothing until the seat to act has one that draws; play it."""
    for step in range(200):
        seat: int = state(client, gid)["view"]["to_act"][0]
        drawing = drawing_action(client, gid, seat)
        if drawing is not None:
            assert act(client, gid, toks[seat], drawing).status_code == 200
            return seat
        quiet = quiet_action(client, gid, seat, pick=step * 7)
        assert act(client, gid, toks[seat], quiet).status_code == 200
    raise AssertionError("no action drew in 200 actions")


def test_undo_does_not_preview_chance_in_chocolate_milk(client: TestClient) -> None:
    """CHOCOLATE MILK: a buy refills the grid from the supply at random (CM-2): undoing
    it would show the refill, and redoing the same buy gives the same one."""
    gid, toks = create_game(client, "chocolate-milk", 2)
    seat = _play_until_a_draw(client, gid, toks)
    mine = state(client, gid, toks[seat])
    assert mine["can_undo"] is False and mine["undo_final"] == "chance"
    assert "drew by chance" in refused_final(undo(client, gid, toks[seat]))


def test_undo_does_not_preview_chance_in_the_shopping_game(client: TestClient) -> None:
    """THE SHOPPING GAME: what the vending machine lets out is drawn at random."""
    gid, toks = create_game(client, "shopping", 2)
    seat = _play_until_a_draw(client, gid, toks)
    assert state(client, gid, toks[seat])["can_undo"] is False
    refused_final(undo(client, gid, toks[seat]))


def test_an_action_that_draws_nothing_is_undone_as_before(client: TestClient) -> None:
    gid, toks = create_game(client, "chocolate-milk", 2)
    seat = state(client, gid)["view"]["to_act"][0]
    quiet = quiet_action(client, gid, seat)
    fresh = state(client, gid, toks[seat])
    assert act(client, gid, toks[seat], quiet).status_code == 200
    after = state(client, gid, toks[seat])
    assert after["can_undo"] is True and after["undo_final"] is None
    assert undo(client, gid, toks[seat]).json()["ok"] is True
    assert state(client, gid, toks[seat])["view"] == fresh["view"]
