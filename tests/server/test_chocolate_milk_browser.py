"""CHOCOLATE MILK in the browser (issue 19): a person plays a `normal` bot to the end by
clicking the labelled buttons, then steps through the replay; a phone-sized page does
not scroll sideways.

Needs `EKIMAE_BROWSER=1 tools/services.sh` (chromium + playwright), like test_browser.py.
Screenshots go to out/screenshots/chocolate-milk/.
"""

from __future__ import annotations

import time
from pathlib import Path

import httpx
from playwright.sync_api import Browser, Page, expect

SHOTS = Path("out/screenshots/chocolate-milk")


def _shot(page: Page, name: str) -> None:
    page.screenshot(path=str(SHOTS / name), full_page=True)


def _play_one(page: Page) -> bool:
    """CM-2: the first labelled buy if any, else the first sale, else whatever is offered."""
    for kind in ("buy", "sell", "crate", "pass"):
        group = page.locator(f'#actions .group[data-kind="{kind}"]')
        if not group.count():
            continue
        menu = group.locator("select")
        if menu.count():
            menu.select_option(index=menu.locator("option").count() - 1)
        group.locator("button.act").first.click(timeout=2_000, no_wait_after=True)
        return True
    return False


def _no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px phone"


def test_a_person_plays_chocolate_milk_against_a_bot_to_the_end(
    server: str, browser: Browser
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    res = httpx.post(
        server + "/api/games",
        json={"game": "chocolate-milk", "seats": [{"name": "Ann"}, {"bot": "normal"}], "seed": 5},
    )
    assert res.status_code == 201, res.text
    gid = res.json()["id"]
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.goto(server + res.json()["me"]["url"])

    # CM-1: the grid drawn from data: 9 cards, 10 drinks as colour + glyph tiles, both
    # architects on the centre; 12 Stock cards at ¥0; one crate each.
    expect(page.locator("#board .cm-cell")).to_have_count(9, timeout=15_000)
    expect(page.locator("#board .cm-grid .cm-drink")).to_have_count(10)
    expect(page.locator('#board .cm-cell[data-cell="b2"] .cm-architect')).to_have_count(2)
    expect(page.locator("#board .cm-card")).to_have_count(12)
    expect(page.locator("#board .cm-crates")).to_have_count(2)
    expect(page.locator("#status")).to_contain_text("Your turn")
    buy = page.locator('#actions .group[data-kind="buy"] button.act').first
    expect(buy).to_contain_text("Step to")
    expect(buy).to_contain_text("for ¥100")
    _shot(page, "01-start.png")

    # CM-2: a buy raises two Stock cards by ¥100 each and says what the machine did.
    buy.click()
    expect(page.locator("#status")).to_contain_text("Seat 1 bought", timeout=10_000)
    _shot(page, "02-first-buy.png")
    yen = page.locator("#board .cm-card text").all_text_contents()
    assert sum(1 for t in yen if t == "¥100") >= 2, yen

    deadline = time.monotonic() + 120
    shots = 0
    while not page.locator("#ranking").is_visible():
        assert time.monotonic() < deadline, "the game did not end"
        if page.locator("#status.yours").count() and _play_one(page):
            shots += 1
            if shots == 8:
                _shot(page, "03-middle.png")
        page.wait_for_timeout(150)
    expect(page.locator("#status")).to_contain_text("Game over")
    expect(page.locator("#ranking li")).not_to_have_count(0)
    _shot(page, "04-end.png")
    page.set_viewport_size({"width": 390, "height": 844})
    _shot(page, "05-phone-end.png")
    _no_sideways_scroll(page)

    # The replay: the board at every step, as all or as one seat saw it.
    replay = browser.new_page(viewport={"width": 1280, "height": 1000})
    replay.goto(f"{server}/replay/{gid}")
    expect(replay.locator("#board .cm-cell")).to_have_count(9, timeout=15_000)
    replay.click("#next")
    expect(replay.locator("#where")).to_contain_text("Step 1 of ", timeout=5_000)
    expect(replay.locator("#board .cm-card text", has_text="¥100")).not_to_have_count(0)
    replay.click("#last")
    expect(replay.locator("#board .cm-grid")).to_be_visible()
    _shot(replay, "06-replay.png")
    replay.set_viewport_size({"width": 390, "height": 844})
    _shot(replay, "07-phone-replay.png")
    _no_sideways_scroll(replay)
