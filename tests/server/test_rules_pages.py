"""The rules pages (`ekimae.server.rules_pages`), mounted on a bare FastAPI app."""

from __future__ import annotations

import html

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


# --- Issue 20: the pages in English, French, Italian and Japanese ----------------------------


def test_a_reference_in_japanese_says_so_and_keeps_its_anchors(client: TestClient) -> None:
    """/rules/tokyo-metro?lang=ja: <html lang="ja">, the Japanese TM-7.2 (駅) at its anchor,
    every rule's anchor as in English."""
    page = client.get("/rules/tokyo-metro?lang=ja")
    assert page.status_code == 200
    assert '<html lang="ja">' in page.text
    assert '<h3 id="TM-7.2">TM-7.2 駅' in page.text
    for rule_id in reference.rules("tokyo-metro"):
        assert f'id="{rule_id}"' in page.text
    assert '<html lang="en">' in client.get("/rules/tokyo-metro").text


@pytest.mark.parametrize("lang", ["en", "fr", "it", "ja"])
def test_each_page_links_to_itself_in_every_language(client: TestClient, lang: str) -> None:
    page = client.get(f"/rules/sealed-auction?lang={lang}").text
    assert f'<html lang="{lang}">' in page
    assert 'href="/rules/sealed-auction" hreflang="en"' in page
    for other in ("fr", "it", "ja"):
        assert f'href="/rules/sealed-auction?lang={other}" hreflang="{other}"' in page
    assert page.count('aria-current="page"') == 1
    assert f'hreflang="{lang}" lang="{lang}" aria-current="page"' in page


def test_the_index_in_italian_links_the_italian_references(client: TestClient) -> None:
    page = client.get("/rules?lang=it").text
    assert '<html lang="it">' in page and "Riferimenti delle regole" in page
    for name in reference.titles():
        assert f'href="/rules/{name}?lang=it"' in page
    assert "TOKYO METRO — riferimento delle regole" in page


def test_an_unknown_language_is_404_naming_the_known_ones(client: TestClient) -> None:
    page = client.get("/rules/tokyo-metro?lang=de")
    assert page.status_code == 404 and "en, fr, it, ja" in page.json()["detail"]


def test_every_language_has_every_message() -> None:
    """The pages' own words: no language lacks one (issue 20)."""
    english = set(rules_pages.MESSAGES["en"])
    assert set(rules_pages.MESSAGES) == set(rules_pages.LANGUAGE_NAMES)
    for lang, words in rules_pages.MESSAGES.items():
        assert set(words) == english, lang


@pytest.mark.parametrize("lang", ["en", "fr", "it", "ja"])
def test_every_title_opens_with_how_to_play_in_two_minutes(client: TestClient, lang: str) -> None:
    """Issue 30: each title's page opens with a short how-to with a picture drawn by the
    title's own board code, a link to its guided first game, then the full reference."""
    from ekimae.games import titles
    from ekimae.server import quickstart

    for name in titles():
        page = client.get(f"/rules/{name}", params={"lang": lang}).text
        assert quickstart.quick(name) is not None, name
        start = page.index('<section id="quick-start"')
        end = page.index("</section>", start)
        section = page[start:end]
        first_rule = next(iter(reference.rules(name)))
        assert start < page.index('id="reference"') < page.index(f'id="{first_rule}"'), name
        assert "<svg" in section or "data-quick=" in section, name
        assert f"#learn-{name}" in section and section.count("<li>") >= 3, name
        for text in quickstart.quick(name).steps[lang]:  # type: ignore[union-attr]
            assert html.escape(text) in section
