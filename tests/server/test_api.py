"""HTTP: creating games, acting with a seat's token, refusals, restarts, bots."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import MakeClient, act, create, game_part, state, wait_finished

PEOPLE = [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cy"}]


def tokens(game: dict[str, Any]) -> list[str]:
    return [s["token"] for s in game["seats"]]


def bid_all(client: TestClient, game_id: str, toks: list[str], amount: int = 0) -> None:
    for tok in toks:
        res = act(client, game_id, tok, {"type": "turn-bid", "amount": amount})
        assert res.status_code == 200, res.text


def test_create_gives_private_links_and_lists_the_game(client: TestClient) -> None:
    game = create(client, [{"name": "Ann"}, {"bot": "random"}])
    human, bot = game["seats"]
    assert human["url"] == f"/g/{game['id']}?t={human['token']}"
    assert bot["url"] is None and bot["token"] is None
    assert game["spectator_url"] == f"/g/{game['id']}"
    listed = {g["id"]: g for g in client.get("/api/games").json()}
    assert listed[game["id"]]["names"] == ["Ann", "random"]
    assert client.get(human["url"]).status_code == 200
    assert client.get(game["spectator_url"]).status_code == 200
    assert client.get("/").status_code == 200


def test_bad_game_requests_are_refused(client: TestClient) -> None:
    assert client.post("/api/games", json={"seats": []}).status_code == 422
    assert client.post("/api/games", json={"seats": [{}] * 9}).status_code == 422
    # TOKYO METRO seats 1-5 (its own GameType), other games up to 8.
    res = client.post("/api/games", json={"seats": [{"bot": "random"}] * 6})
    assert res.status_code == 400 and "1–5" in res.json()["detail"]
    res = client.post("/api/games", json={"game": "chess", "seats": [{}]})
    assert res.status_code == 400 and "tokyo-metro" in res.json()["detail"]
    res = client.post("/api/games", json={"seats": [{"bot": "nonsense"}]})
    assert res.status_code == 400 and "nonsense" in res.json()["detail"]
    assert client.get("/api/games/nope").status_code == 404


def test_a_seat_acts_with_its_token(client: TestClient) -> None:
    game = create(client, PEOPLE)
    gid, toks = game["id"], tokens(game)
    res = act(client, gid, toks[1], {"type": "turn-bid", "amount": 100})
    assert res.json() == {"ok": True, "index": 0}
    mine = state(client, gid, toks[1])
    assert mine["view"]["players"][1]["bid"] == 100
    assert mine["legal"] == []  # seat 1 has bid; nothing more to do now
    assert state(client, gid, toks[0])["legal"], "seat 0 still has to bid"


def test_malformed_and_illegal_actions_leave_the_game_unchanged(client: TestClient) -> None:
    game = create(client, PEOPLE)
    gid, toks = game["id"], tokens(game)
    before = state(client, gid, toks[0])
    cases = [
        ({"type": "fly"}, "malformed"),
        ({"type": "turn-bid"}, "malformed"),
        ({"type": "turn-bid", "amount": "lots"}, "malformed"),
        ("turn-bid 100", "malformed"),
        ({"type": "turn-bid", "amount": 999_999}, "illegal"),
        ({"type": "walk", "cell": "a1"}, "illegal"),
    ]
    for action, kind in cases:
        res = act(client, gid, toks[0], action)
        assert res.status_code == 400, (action, res.text)
        error = res.json()["error"]
        assert error["kind"] == kind, (action, error)
        assert error["message"]
    illegal = act(client, gid, toks[0], {"type": "walk", "cell": "a1"}).json()["error"]
    assert illegal["rule"].startswith("TM-")
    assert state(client, gid, toks[0]) == before


def test_a_token_acts_only_for_its_own_seat(client: TestClient) -> None:
    game = create(client, PEOPLE)
    gid, toks = game["id"], tokens(game)
    bid_all(client, gid, toks)
    to_act = state(client, gid)["view"]["to_act"]
    assert len(to_act) == 1
    mover = to_act[0]
    place = state(client, gid, toks[mover])["legal"][0]["action"]
    before = state(client, gid)
    for other in (s for s in range(3) if s != mover):
        res = act(client, gid, toks[other], place)
        assert res.status_code == 400 and res.json()["error"]["kind"] == "illegal"
    res = act(client, gid, "not-a-token", place)
    assert res.status_code == 403
    other_game = create(client, PEOPLE)
    assert act(client, gid, tokens(other_game)[mover], place).status_code == 403
    assert state(client, gid) == before
    assert act(client, gid, toks[mover], place).status_code == 200


def test_stale_expected_index_is_refused(client: TestClient) -> None:
    game = create(client, PEOPLE)
    gid, toks = game["id"], tokens(game)
    res = act(client, gid, toks[0], {"type": "turn-bid", "amount": 0}, expected=3)
    assert res.status_code == 409 and res.json()["error"]["kind"] == "stale"
    assert state(client, gid)["actions"] == 0


def test_restart_keeps_every_accepted_action(make_client: MakeClient) -> None:
    first = make_client()
    game = create(first, PEOPLE)
    gid, toks = game["id"], tokens(game)
    bid_all(first, gid, toks, 200)
    for _ in range(3):
        mover = state(first, gid)["view"]["to_act"][0]
        legal = state(first, gid, toks[mover])["legal"]
        assert act(first, gid, toks[mover], legal[-1]["action"]).status_code == 200
    before = [game_part(state(first, gid, t)) for t in [*toks, None]]
    assert before[0]["actions"] == 6
    second = make_client()  # a new server process on the same database
    after = [game_part(state(second, gid, t)) for t in [*toks, None]]
    assert after == before


def test_bots_finish_an_all_bot_game(client: TestClient) -> None:
    game = create(client, [{"bot": "random"}] * 4, seed=11)
    done = wait_finished(client, game["id"])
    assert done["view"]["phase"] == "end"
    assert done["winner"] in range(4) and len(done["scores"]) == 4
    assert done["view"]["final"]["lines"]
    replay = client.get(f"/api/games/{game['id']}/replay", params={"step": 3}).json()
    assert replay["step"] == 3 and replay["last"]["text"]
    record = client.get(f"/api/games/{game['id']}/record").json()
    assert len(record["actions"]) == done["actions"]
    assert client.get(f"/replay/{game['id']}").status_code == 200


def test_replay_and_record_stay_closed_until_the_end(client: TestClient) -> None:
    game = create(client, PEOPLE)
    gid = game["id"]
    assert client.get(f"/api/games/{gid}/record").status_code == 403
    assert client.get(f"/api/games/{gid}/replay").status_code == 403
    assert client.get(f"/replay/{gid}").status_code == 403


def test_hint_gives_the_strong_move_for_the_seat_to_act(client: TestClient) -> None:
    """Issue 4's hint over HTTP: only for a seat's own token, only on its turn."""
    game = create(client, PEOPLE)
    gid, toks = game["id"], tokens(game)
    res = client.get(f"/api/games/{gid}/hint", params={"token": toks[0]})
    assert res.status_code == 200
    body = res.json()
    assert body["text"].startswith("turn-bid ") and 0.0 <= body["win_chance"] <= 1.0
    # Issue 30: in words — the title's own sentence for the move, for this position only.
    assert body["label"] and not body["label"].startswith("turn-bid")
    assert body["actions"] == 0
    assert client.get(f"/api/games/{gid}/hint").status_code == 403
    assert client.get(f"/api/games/{gid}/hint", params={"token": "wrong"}).status_code == 403
    act(client, gid, toks[0], {"type": "turn-bid", "amount": 0})
    assert client.get(f"/api/games/{gid}/hint", params={"token": toks[0]}).status_code == 409
