"""The rules pages (`ekimae.server.rules_pages`), mounted on a bare FastAPI app."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from ekimae.games import reference
from ekimae.server import rules_pages


@pytest.fixture(scope="module")
def client() -> TestClient:
    app = FastAPI()
    app.include_router(rules_pages.router)
    return TestClient(app)


def test_the_index_links_every_reference(client: TestClient) -> None:
    page = client.get("/rules")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    for name in reference.titles():
        assert f'href="/rules/{name}"' in page.text
    assert "TOKYO METRO" in page.text


def test_every_rule_has_its_anchor(client: TestClient) -> None:
    """/rules/tokyo-metro#TM-7.2 lands on the Station rule (TM-7.2)."""
    page = client.get("/rules/tokyo-metro")
    assert page.status_code == 200
    for rule_id in reference.rules("tokyo-metro"):
        assert f'id="{rule_id}"' in page.text
    assert '<h3 id="TM-7.2">TM-7.2 Station' in page.text
    assert 'href="#TM-7.2"' in page.text


def test_an_unknown_game_is_404_naming_the_known_ones(client: TestClient) -> None:
    page = client.get("/rules/no-such-game")
    assert page.status_code == 404 and "tokyo-metro" in page.json()["detail"]


def test_markup_in_a_reference_is_escaped() -> None:
    html = rules_pages.render_reference("## XX-1 <script>alert(1)</script>\n\n<b>x</b> & y\n")
    assert "<script>" not in html and "<b>" not in html
    assert "&lt;script&gt;" in html and "&amp; y" in html
    assert 'id="XX-1"' in html

