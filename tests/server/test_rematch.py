"""Issue 13: a finished game's rematch with the same seats.

`POST /api/games/{id}/rematch {"token"}` -> `{"id", "url"}`: the first call creates the
new game (same title, options, names, bots; a new secret seed, so never practice), every
later call from any seat returns that seat's own link in the same new game.
"""

from __future__ import annotations

import threading
from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import state
from tests.server.test_chat import next_of, play_out

SEATS = [{"name": "Ann"}, {}, {"bot": "random"}]


def finished_game(client: TestClient, **extra: Any) -> tuple[str, list[str]]:
    """A finished 3-seat auction: Ann (creator), Ben (invitation), a random bot."""
    body = {"game": "sealed-auction", "seats": SEATS, "options": {"lots": "short"}, **extra}
    res = client.post("/api/games", json=body)
    assert res.status_code == 201, res.text
    data = res.json()
    claim = data["seats"][1]["invite_url"].replace("/join/", "/api/join/")
    ben = client.post(claim, json={"name": "Ben"}).json()["token"]
    tokens = [data["me"]["token"], ben]
    play_out(client, data["id"], tokens)
    return data["id"], tokens


def rematch(client: TestClient, gid: str, token: str) -> Any:
    return client.post(f"/api/games/{gid}/rematch", json={"token": token})


def token_of(url: str) -> str:
    return url.split("?t=", 1)[1]


def test_every_seat_gets_its_own_link_in_one_new_game(client: TestClient) -> None:
    gid, (ann, ben) = finished_game(client)
    assert state(client, gid)["rematch"] is None
    first = rematch(client, gid, ann)
    assert first.status_code == 200, first.text
    new = first.json()["id"]
    assert new != gid and first.json()["url"].startswith(f"/g/{new}?t=")
    again = rematch(client, gid, ann).json()
    assert again == first.json()  # idempotent: the same game, the same link
    bens = rematch(client, gid, ben).json()
    assert bens["id"] == new and bens["url"] != first.json()["url"]
    # Each link opens its own seat; neither is the old game's token.
    assert state(client, new, token_of(first.json()["url"]))["seat"] == 0
    assert state(client, new, token_of(bens["url"]))["seat"] == 1
    assert token_of(bens["url"]) != ben and token_of(first.json()["url"]) != ann
    old, made = state(client, gid), state(client, new)
    assert old["rematch"] == new and made["rematch"] is None
    assert (made["game"], made["names"], made["bots"]) == (
        "sealed-auction",
        old["names"],
        old["bots"],
    )
    assert made["names"] == ["Ann", "Ben", "random"] and not made["finished"]


def test_the_rematch_has_a_new_secret_seed_and_is_not_practice(client: TestClient) -> None:
    gid, (ann, _) = finished_game(client, seed=12345, practice=True)
    assert state(client, gid)["practice"]
    new = rematch(client, gid, ann).json()["id"]
    store = client.app.state.store  # type: ignore[attr-defined]
    old_info, new_info = store.info(gid), store.info(new)
    assert old_info.seed == 12345 and new_info.seed != 12345
    assert new_info.seed.bit_length() > 64  # drawn from the OS (`ekimae.seeding`)
    assert new_info.options == old_info.options and new_info.listed == old_info.listed
    assert not state(client, new)["practice"]
    # The new game's seed stays secret until it is over.
    assert client.get(f"/api/games/{new}/record").status_code == 403


def test_refusals(client: TestClient) -> None:
    res = client.post(
        "/api/games", json={"game": "sealed-auction", "seats": [{"name": "A"}, {"bot": "random"}]}
    )
    gid, token = res.json()["id"], res.json()["me"]["token"]
    res = rematch(client, gid, token)
    assert res.status_code == 409 and res.json()["error"]["kind"] == "not-finished"
    done, _ = finished_game(client)
    assert rematch(client, done, "not-a-seat-token").status_code == 403
    assert rematch(client, done, "").status_code == 403  # spectators cannot ask
    assert rematch(client, done, token).status_code == 403  # another game's seat
    assert state(client, done)["rematch"] is None


def test_the_old_games_sockets_are_told(client: TestClient) -> None:
    gid, (ann, ben) = finished_game(client)
    with (
        client.websocket_connect(f"/ws/{gid}?token={ben}") as ben_ws,
        client.websocket_connect(f"/ws/{gid}") as watcher,
    ):
        assert next_of(ben_ws, "state")["rematch"] is None
        next_of(watcher, "state")
        new = rematch(client, gid, ann).json()["id"]
        assert next_of(ben_ws, "state")["rematch"] == new
        assert next_of(watcher, "state")["rematch"] == new


def test_seats_asking_at_once_get_one_game(client: TestClient) -> None:
    gid, tokens = finished_game(client)
    answers: list[Any] = []

    def ask(token: str) -> None:
        answers.append(rematch(client, gid, token).json())

    threads = [threading.Thread(target=ask, args=(t,)) for t in tokens * 3]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len({a["id"] for a in answers}) == 1
    assert len({a["url"] for a in answers}) == 2  # one link per seat
    rows = client.get("/api/games").json()
    assert sum(1 for g in rows if g["id"] != gid) == 1


def test_a_seat_handed_to_a_bot_stays_a_bot(client: TestClient) -> None:
    res = client.post(
        "/api/games", json={"game": "sealed-auction", "seats": [{"name": "Ann"}, {"name": "Cy"}]}
    )
    data = res.json()
    gid, ann, host = data["id"], data["me"]["token"], data["host_token"]
    # Cy never came: the host hands the seat to a bot (the game's default level).
    res = client.post(f"/api/games/{gid}/seats/1/bot", json={"host_token": host})
    assert res.status_code == 200 and res.json()["bot"] == "flat-mc"  # the ladder's middle
    play_out(client, gid, [ann])
    new = rematch(client, gid, ann).json()["id"]
    assert state(client, new)["bots"] == [None, "flat-mc"]
