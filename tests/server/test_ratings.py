"""Issue 20, ratings: OpenSkill per named player across games and per bot level per game,
from finished non-practice games, on both storages."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from ekimae.server.ratings import identity, places_of
from tests.server.conftest import wait_finished


def _bot_game(client: TestClient, seats: list[dict[str, Any]], **body: Any) -> str:
    res = client.post("/api/games", json={"seats": seats, **body})
    assert res.status_code == 201, res.text
    game_id: str = res.json()["id"]
    wait_finished(client, game_id)
    return game_id


def test_places_share_ties_and_identities_follow_names_and_levels() -> None:
    assert places_of([[2], [0, 3], [1]], 4) == [2, 3, 1, 2]
    assert identity("tokyo-metro", "Ann", None) == identity("other", " ann ", None)
    assert identity("tokyo-metro", "x", "normal") != identity("sealed-auction", "x", "normal")
    assert identity("tokyo-metro", "Seat 2", None) is None  # no name of their own


def test_finished_games_rate_bot_levels_and_practice_games_do_not(client: TestClient) -> None:
    seats = [{"bot": "greedy"}, {"bot": "random"}]
    for _ in range(3):
        _bot_game(client, seats)
    before = client.get("/api/ratings").json()
    levels = {(b["name"], b["game"]): b for b in before["bots"]}
    greedy, rand = levels[("greedy", "tokyo-metro")], levels[("random", "tokyo-metro")]
    assert greedy["games"] == rand["games"] == 3
    # Each rating moved from the start (μ = 25, σ ≈ 8.33) and σ fell with the games.
    assert greedy["sigma"] < 8.33 and rand["sigma"] < 8.33 and greedy["mu"] != rand["mu"]
    assert before["bots"] == sorted(before["bots"], key=lambda b: -b["ordinal"])
    # A practice game (the host chose the seed) is not rated.
    _bot_game(client, seats, seed=5)
    after = {(b["name"], b["game"]): b["games"] for b in client.get("/api/ratings").json()["bots"]}
    assert after[("greedy", "tokyo-metro")] == 3


def test_people_are_rated_by_name_across_games(client: TestClient) -> None:
    """Two games' results for Ann and Ben (as the ratings store them once read): Ann won
    both, under two spellings of her name; she leads and has two games."""
    store = client.app.state.store  # type: ignore[attr-defined]
    for names in (["Ann", "Ben"], ["ann ", "Ben"]):
        res = client.post("/api/games", json={"seats": [{"name": n} for n in names]})
        assert res.status_code == 201, res.text
        store.add_result(store.info(res.json()["id"]), [1, 2], rated=True)
    players = {p["name"]: p for p in client.get("/api/ratings").json()["players"]}
    assert set(players) == {"Ann", "Ben"}
    assert players["Ann"]["games"] == players["Ben"]["games"] == 2
    assert players["Ann"]["ordinal"] > players["Ben"]["ordinal"]
