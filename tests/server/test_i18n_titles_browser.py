"""The newer titles' pages in Japanese, in Debian's Chromium (issue 20): each page drawn
by its scripts in the page's language, on a desktop and on a phone (390 × 844: no
sideways scrolling). Screenshots go to out/screenshots/i18n/<title>-ja*.png to be looked at
(they need fonts-noto-cjk). Fails, not skips, without the browser."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from ekimae.i18n import translator
from ekimae.i18n.extract import JS_CALL
from tests.server.live import live_server

SHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots" / "i18n"
STATIC = Path(__file__).resolve().parents[2] / "src" / "ekimae" / "server" / "titles"
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.fixture
def live(tmp_path: Path) -> Iterator[str]:
    with live_server(tmp_path, bot_delay=0.02) as running:
        yield running.url


def _build_on_jutaku(page: Page) -> None:
    """JU-2 then JU-4: start on a card of the plan's edge, take an element, point at the
    card (the ghost and its words)."""
    page.locator("#plan .ju-dest").first.click()
    _take_and_point(page)


def _take_and_point(page: Page) -> None:
    pool = page.locator("#pool .ju-el:not([disabled])").first
    expect(pool).to_be_visible(timeout=15_000)
    pool.click()
    expect(page.locator("#hand .ju-inhand")).to_be_visible(timeout=10_000)
    page.locator("#plots rect[data-x='3'][data-y='3']").first.hover()


def _pick_countdown(page: Page) -> None:
    """CD-1, then CD-2 as above."""
    card = page.locator("#cards button").first
    expect(card).to_be_visible(timeout=15_000)
    card.click()
    _take_and_point(page)


def _act(page: Page, button: str) -> None:
    """One move by the first listed action (the page then shows its outcome)."""
    first = page.locator(button).first
    expect(first).to_be_visible(timeout=15_000)
    first.click()
    page.wait_for_timeout(1000)


def _on_the_board(target: str) -> Callable[[Page], None]:
    """Issue 31: a move chosen on the board (a chip if asked), said, then confirmed."""

    def play(page: Page) -> None:
        first = page.locator(target).first
        expect(first).to_be_visible(timeout=15_000)
        first.click()
        if page.locator("#choice .chip").count():
            page.locator("#choice .chip").first.click()
        page.click("#confirm-btn")
        page.wait_for_timeout(1000)

    return play


# game -> (seats, its web folders whose scripts draw it, what to do before the screenshot)
TITLES: dict[str, tuple[int, tuple[str, ...], Callable[[Page], None]]] = {
    "tokyo-jutaku": (1, ("tokyo_jutaku",), _build_on_jutaku),
    "countdown": (1, ("countdown", "tokyo_jutaku"), _pick_countdown),
    "bottle-bonus": (1, ("bottle_bonus", "tokyo_jutaku"), _build_on_jutaku),
    "shopping": (2, ("shopping",), _on_the_board("#mall .sh-target")),
    "chocolate-milk": (1, ("chocolate_milk",), _on_the_board("#board .cm-target")),
    "izakaya": (2, ("izakaya", "tokyo_jutaku"), lambda page: _act(page, "#bid-send")),
}


def _script_messages(folders: tuple[str, ...]) -> set[str]:
    """The scripts' whole messages (no placeholders) that Japanese says otherwise."""
    gettext = translator("ja").gettext
    found = set()
    for folder in folders:
        for path in (STATIC / folder / "static").glob("*.js"):
            for match in JS_CALL.finditer(path.read_text(encoding="utf-8")):
                text = match.group(1) or match.group(2)
                if "{" not in text and len(text) > 3 and gettext(text) != text:
                    found.add(text)
    return found


def _wide(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth > innerWidth + 1"))


@pytest.mark.parametrize("game", list(TITLES))
def test_the_page_in_japanese(live: str, browser: Browser, game: str) -> None:
    seats, folders, play = TITLES[game]
    made = httpx.post(
        f"{live}/api/games",
        json={
            "game": game,
            "seats": [{"name": f"P{n}"} for n in range(seats)],
            "seed": 5,
            "practice": True,
        },
    )
    assert made.status_code == 201, made.text
    url = f"{live}{made.json()['me']['url']}&lang=ja"
    SHOTS.mkdir(parents=True, exist_ok=True)
    messages = _script_messages(folders)
    assert messages
    for name, viewport in (("", (1280, 900)), ("-phone", (390, 844))):
        page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
        page.goto(url)
        expect(page.locator("html")).to_have_attribute("lang", "ja")
        expect(page.locator("#status")).to_contain_text("席", timeout=15_000)
        if not name:
            play(page)
        page.wait_for_timeout(500)
        text = page.locator("main").inner_text()
        assert JAPANESE.search(text)
        left = sorted(m for m in messages if re.search(rf"(?<!\w){re.escape(m)}(?!\w)", text))
        assert not left, left
        page.screenshot(path=str(SHOTS / f"{game}-ja{name}.png"), full_page=True)
        assert not _wide(page), f"{game}{name} scrolls sideways"
        page.close()
