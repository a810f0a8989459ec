"""Issue 13: the rules reference is reachable from the game page, served by the app."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_the_app_serves_the_rules_and_every_game_page_links_to_its_own(client: TestClient) -> None:
    """The rules reference is reachable from the page (issue 13): a link in the header to
    /rules/<game>, which the app serves."""
    res = client.post("/api/games", json={"seats": [{"name": "Ann"}, {"bot": "random"}]})
    assert res.status_code == 201, res.text
    page = client.get(res.json()["me"]["url"]).text
    assert 'href="/rules/tokyo-metro"' in page
    rules = client.get("/rules/tokyo-metro")
    assert rules.status_code == 200 and 'id="TM-7.2"' in rules.text
