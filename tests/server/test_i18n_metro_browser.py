"""TOKYO METRO's page in French, Italian and Japanese, in Debian's Chromium (issue 20): the
page's words from the catalogue, the game's terms from the glossary, yen as each language
writes it, and on the Japanese page the map's stations and lines in Japanese script.
Screenshots go to out/screenshots/i18n/metro-*.png to be looked at (the Japanese ones need
fonts-noto-cjk: real glyphs, not boxes). Fails, not skips, without the browser."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.server.live import live_server

SHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots" / "i18n"
# Per language: the lines panel's heading, the bid form's label, the turn-order phase as
# the booklet names it (tm.phase.turn-order), yen, and a line's name on the map.
WORDS = {
    "fr": ("Lignes", "Votre enchère secrète", "phase d’ordre du tour", "0\u00a0¥", "Ginza"),
    "it": ("Linee", "La vostra offerta segreta", "Fase dell’Ordine di Gioco", "0\u00a0¥", "Ginza"),
    "ja": ("路線", "手番順の秘密の入札", "手番順決めフェイズ", "0円", "銀座線"),
}


@pytest.fixture
def live(tmp_path: Path) -> Iterator[str]:
    with live_server(tmp_path, bot_delay=0.02) as running:
        yield running.url


def _create(server: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
    made = httpx.post(f"{server}/api/games", json={"game": "tokyo-metro", "seats": seats})
    assert made.status_code == 201, made.text
    found: dict[str, Any] = made.json()
    return found


def _wide(page: Page) -> bool:
    """Whether the page scrolls sideways (a phone must not)."""
    return bool(page.evaluate("document.documentElement.scrollWidth > innerWidth + 1"))


@pytest.mark.parametrize("lang", list(WORDS))
def test_the_metro_page_in_each_language(live: str, browser: Browser, lang: str) -> None:
    lines, bid, phase, zero, line_name = WORDS[lang]
    made = _create(live, [{"name": "Ann"}, {"bot": "random"}])
    url = made["me"]["url"]  # seat 1, the creator's: /g/<id>?t=<token>
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{live}{url}&lang={lang}")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator(".lines-panel h2")).to_have_text(lines)
    expect(page.locator("#status")).to_contain_text(phase, timeout=10_000)
    expect(page.locator(".bid label")).to_contain_text(bid)
    expect(page.locator("#bid-amount option").first).to_have_text(zero)
    expect(page.locator("#lines-table th").first).to_be_visible()
    assert line_name in (page.locator("#board svg #legend").text_content() or "")
    page.screenshot(path=str(SHOTS / f"metro-{lang}.png"), full_page=True)
    phone = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True)
    phone.goto(f"{live}{url}&lang={lang}")
    expect(phone.locator("#status")).to_contain_text(phase, timeout=10_000)
    assert not _wide(phone)
    phone.screenshot(path=str(SHOTS / f"metro-{lang}-phone.png"))


def test_a_game_under_way_in_japanese(live: str, browser: Browser) -> None:
    """Two bots play; a spectator's Japanese page shows stations with pyramids, stocks and
    the card grid in Japanese words, and the end (or a state well into the game)."""
    made = _create(live, [{"bot": "random"}, {"bot": "greedy"}])
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        state = httpx.get(f"{live}/api/games/{made['id']}").json()
        if state["finished"] or state["actions"] >= 60:
            break
        time.sleep(0.5)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{live}{made['spectator_url']}?lang=ja")
    expect(page.locator("#status")).to_contain_text("観戦中", timeout=10_000)
    expect(page.locator("#cards .col-head").first).to_contain_text("山札")
    expect(page.locator("#players .money").first).to_contain_text("円")
    labels = page.locator("#board svg #labels").text_content() or ""
    assert "池袋" in labels and "Ikebukuro" not in labels
    page.screenshot(path=str(SHOTS / "metro-ja-under-way.png"), full_page=True)
