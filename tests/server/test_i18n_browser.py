"""The lobby and a generic game page (SEALED AUCTION) in the four languages, in Debian's
Chromium (issue 20). Screenshots go to out/screenshots/i18n/ to be looked at: the Japanese
ones must show real glyphs (fonts-noto-cjk, installed by `EKIMAE_BROWSER=1
tools/services.sh`), not boxes. Fails, not skips, without the browser."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from ekimae.games import find_game
from ekimae.i18n import translator

SHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots" / "i18n"
# Each language's words for "Create game", "The table" and the game page's status; and
# the glossary's word for SEALED AUCTION's lot (sa.lot), a key of the view.
WORDS = {
    "en": ("Create game", "The table", "You are seat 1 Ann"),
    "fr": ("Créer la partie", "La table", "Vous occupez la place 1 Ann"),
    "it": ("Crea partita", "Il tavolo", "Sei il posto 1 Ann"),
    "ja": ("ゲームを作成", "卓", "あなたは1番席 Ann"),
}


def _page(browser: Browser) -> Page:
    return browser.new_page(viewport={"width": 1280, "height": 900})


@pytest.mark.parametrize("lang", list(WORDS))
def test_the_lobby_and_a_game_page_in_each_language(
    server: str, browser: Browser, lang: str
) -> None:
    create, table, status = WORDS[lang]
    lot = {"en": "lot", "fr": "lot", "it": "lotto", "ja": "出品物"}[lang]
    page = _page(browser)
    page.goto(f"{server}/?lang={lang}")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    page.select_option("#game", "sealed-auction")
    page.select_option("#count", "2")
    page.fill("input[name=name0]", "Ann")
    expect(page.locator("#create-btn")).to_have_text(create)
    # The game's own description (its GameType, English) in the page's language.
    kind = find_game("sealed-auction", examples=True).type
    summary = translator(lang).gettext(kind.summary)
    expect(page.locator("#game-summary")).to_have_text(summary)
    assert lang == "en" or summary != kind.summary
    label = translator(lang).gettext(kind.options[0].label)
    expect(page.locator("#options label").first).to_contain_text(label)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"lobby-{lang}.png"), full_page=True)
    page.click("#create-btn")
    link = page.locator("a.seat-link").first
    expect(link).to_be_visible(timeout=10_000)
    url = link.get_attribute("href")
    assert url is not None
    page.goto(f"{server}{url}&lang={lang}")
    expect(page.locator(".table-view h2")).to_have_text(table)
    expect(page.locator("#status")).to_contain_text(status, timeout=10_000)
    expect(page.locator("#actions button.act").first).to_be_visible(timeout=10_000)
    expect(page.locator("#table dt").get_by_text(lot, exact=True).first).to_be_visible()
    page.screenshot(path=str(SHOTS / f"game-{lang}.png"), full_page=True)


def test_the_picker_remembers_the_language_in_this_browser(server: str, browser: Browser) -> None:
    page = _page(browser)
    page.goto(server + "/")
    expect(page.locator("#create-btn")).to_have_text("Create game")
    page.select_option("#lang-pick", "ja")  # sets the cookie, reloads
    expect(page.locator("#create-btn")).to_have_text("ゲームを作成")
    page.goto(server + "/")  # no ?lang=: the cookie speaks
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("h1#new-game")).to_have_text("新しいゲーム")
    other = _page(browser)  # a page of its own context (another profile): not remembered
    other.goto(server + "/")
    expect(other.locator("#create-btn")).to_have_text("Create game")
