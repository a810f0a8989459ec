"""Hints in words (issue 30): the move as its Confirm says it, why where the bot can say
it, and a chance of winning only when the playouts measured one, as a range in words."""

from __future__ import annotations

from fastapi.testclient import TestClient

from ekimae.games.tokyo_metro.actions import TurnBid
from ekimae.server.hints import chance, chance_words, why, wilson
from ekimae.server.workers import Hint
from tests.server.conftest import act


def test_a_chance_needs_enough_playouts_and_is_a_range() -> None:
    bid = TurnBid(0)
    assert chance(Hint(bid, 1.0, 3, None), "en") is None  # 3 of 3 says little
    measured = chance(Hint(bid, 0.75, 16, None), "en")
    assert measured is not None
    assert measured["wins"] == 12 and measured["samples"] == 16
    assert 0.4 < measured["low"] < 0.55 and 0.85 < measured["high"] < 0.95
    assert measured["text"].startswith("The game is open: the strong bot won 12 of 16")
    assert "(a 51–90 % chance)" in measured["text"]
    low, high = wilson(0, 64)
    assert low == 0.0 and high < 0.06
    assert chance_words(low, high) == "you are well behind"
    assert chance(Hint(bid, 0.0, 64, None), "fr")["text"].startswith("Vous êtes loin derrière")  # type: ignore[index]


def test_why_says_the_heuristics_reckoning_in_yen() -> None:
    bid = TurnBid(0)
    assert why(Hint(bid, 0.0, 0, None), "en") is None
    assert why(Hint(bid, 0.0, 0, 20.0), "en") is None  # noise, not a reason
    assert why(Hint(bid, 0.0, 0, 612.0), "en") == (
        "Why: the bot reckons this move adds about ¥600 to your final score."
    )
    assert "600円" in (why(Hint(bid, 0.0, 0, 612.0), "ja") or "")


def test_the_hint_of_a_chocolate_milk_turn_in_words(client: TestClient) -> None:
    res = client.post(
        "/api/games",
        json={"game": "chocolate-milk", "seats": [{"name": "A"}, {"bot": "random"}], "seed": 3},
    )
    game = res.json()
    token = game["me"]["token"]
    hint = client.get(f"/api/games/{game['id']}/hint", params={"token": token, "lang": "it"})
    assert hint.status_code == 200, hint.text
    body = hint.json()
    legal = client.get(f"/api/games/{game['id']}", params={"token": token, "lang": "it"}).json()
    labels = {str(a["action"]): a["label"] for a in legal["legal"]}
    assert body["label"] == labels[str(body["action"])]  # the very sentence the page shows
    assert body["chance"] is None or "%" in body["chance"]["text"]
    assert body["actions"] == 0
    act(client, game["id"], token, body["action"])
