"""Issue 26: players' names are cleaned like chat messages (no bidi, no zero-width).

A name kept the bidi overrides and zero-width characters that chat strips, so a seat
could be named to read as another's (or as nothing at all) on every page and in the log.
"""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import state


def test_names_are_cleaned_at_creation_and_when_claimed(client: TestClient) -> None:
    seats = [
        {"name": "Ann\u202e\u200bnoS"},  # right-to-left override, zero-width space
        {"name": "Ben"},
        {"name": "\u200b\u2066\u00ad"},  # nothing visible at all
    ]
    made = client.post("/api/games", json={"seats": seats})
    assert made.status_code == 201, made.text
    game = made.json()
    assert [s["name"] for s in game["seats"]] == ["AnnnoS", "Ben", "Player 3"]
    invite = game["seats"][1]["invite_url"].replace("/join/", "/api/join/")
    claimed = client.post(invite, json={"name": " Be\u200dn\u2067 \n\t the\u200f  2nd "})
    assert claimed.status_code == 200, claimed.text
    names = state(client, game["id"])["names"]
    assert names == ["AnnnoS", "Ben the 2nd", "Player 3"]
    invite = game["seats"][2]["invite_url"].replace("/join/", "/api/join/")
    assert client.post(invite, json={"name": "\u202a\u202c"}).status_code == 200
    assert state(client, game["id"])["names"][2] == "Player 3"  # unchanged, not emptied
