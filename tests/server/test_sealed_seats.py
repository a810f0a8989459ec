"""Issue 26: a seat that changes hands during a sealed phase loses its sealed choice.

Before, a host could withdraw a seat that had bid, claim the new invitation and read the
bid (`[None, 700]`) before the reveal. Now withdrawing a seat, or handing it to a bot,
discards its pending sealed choice: whoever takes the seat chooses afresh, and nobody but
the seat that made it ever reads it before the reveal. One test per sealed title.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ekimae.games import games
from tests.server.conftest import MakeClient, act, state

SEALED = sorted(name for name, game in games().items() if game.type.sealed)


def test_every_sealed_title_is_here() -> None:
    assert {"tokyo-metro", "izakaya", "sealed-auction"} <= set(SEALED)


def table(client: TestClient, game: str, seats: int = 3) -> tuple[str, str, list[str]]:
    """A practice game of people, every invitation claimed: (id, host token, tokens)."""
    body = {
        "game": game,
        "seats": [{"name": f"P{i + 1}"} for i in range(seats)],
        "seed": 11,
        "practice": True,
    }
    res = client.post("/api/games", json=body)
    assert res.status_code == 201, res.text
    data = res.json()
    tokens = [data["me"]["token"]]
    for seat in data["seats"][1:]:
        claimed = client.post(seat["invite_url"].replace("/join/", "/api/join/"), json={})
        tokens.append(claimed.json()["token"])
    return data["id"], data["host_token"], tokens


def sealed_choice(client: TestClient, gid: str, token: str, sealed: set[str]) -> dict[str, Any]:
    """The seat's highest sealed choice on offer (a bid the others must not learn)."""
    offered = [x["action"] for x in state(client, gid, token)["legal"]]
    choices = [a for a in offered if a["type"] in sealed]
    assert choices, offered
    chosen: dict[str, Any] = choices[-1]
    return chosen


def views(client: TestClient, gid: str, tokens: list[str | None]) -> list[Any]:
    return [state(client, gid, t)["view"] for t in tokens]


@pytest.mark.parametrize("name", SEALED)
def test_a_withdrawn_seats_sealed_choice_is_discarded(client: TestClient, name: str) -> None:
    sealed = set(games()[name].type.sealed)
    gid, host, toks = table(client, name)
    before = views(client, gid, [None])
    choice = sealed_choice(client, gid, toks[1], sealed)
    assert act(client, gid, toks[1], choice).status_code == 200
    res = client.post(f"/api/games/{gid}/seats/1/revoke", json={"host_token": host})
    assert res.status_code == 200, res.text
    # The host claims the new invitation: the seat is to choose again, with nothing sealed.
    claimed = client.post(res.json()["invite_url"].replace("/join/", "/api/join/"), json={})
    taken = state(client, gid, claimed.json()["token"])
    assert 1 in taken["view"]["to_act"] and taken["actions"] == 0
    assert str(choice.get("amount", "-")) not in str(taken["view"].get("bids", ""))
    assert any(x["action"] == choice for x in taken["legal"])
    assert views(client, gid, [None]) == before  # as if seat 2 had not chosen
    record = client.app.state.store.record(gid)[0]  # type: ignore[attr-defined]
    assert record.actions == []


@pytest.mark.parametrize("name", SEALED)
def test_a_seat_handed_to_a_bot_chooses_afresh(make_client: MakeClient, name: str) -> None:
    client = make_client()
    sealed = set(games()[name].type.sealed)
    gid, host, toks = table(client, name)
    first = sealed_choice(client, gid, toks[1], sealed)
    assert act(client, gid, toks[1], first).status_code == 200
    second = sealed_choice(client, gid, toks[2], sealed)
    assert act(client, gid, toks[2], second).status_code == 200
    res = client.post(f"/api/games/{gid}/seats/1/bot", json={"host_token": host, "bot": "random"})
    assert res.status_code == 200, res.text
    # Seat 2's choice is out of the record; seat 3's moved up; the bot chose after it.
    store = client.app.state.store  # type: ignore[attr-defined]
    for _ in range(200):
        record = store.record(gid)[0]
        if len(record.actions) == 2:
            break
        time.sleep(0.02)  # the bot plays in the app's thread
    assert [seat for seat, _ in record.actions] == [2, 1]
    assert record.actions[0][1].to_dict() == second
    assert 0 in state(client, gid, toks[0])["view"]["to_act"]  # no reveal yet: seat 1 owes
    # A restarted server reads the same record.
    again = make_client()
    assert state(again, gid)["actions"] == 2


@pytest.mark.parametrize("name", SEALED)
def test_a_revealed_choice_stays(client: TestClient, name: str) -> None:
    """Once every choice is revealed there is nothing to discard: the record stays."""
    sealed = set(games()[name].type.sealed)
    gid, host, toks = table(client, name, seats=2)
    for seat in (0, 1):
        choice = sealed_choice(client, gid, toks[seat], sealed)
        assert act(client, gid, toks[seat], choice).status_code == 200
    count = state(client, gid)["actions"]
    assert count == 2
    res = client.post(f"/api/games/{gid}/seats/1/revoke", json={"host_token": host})
    assert res.status_code == 200
    assert state(client, gid)["actions"] == count
