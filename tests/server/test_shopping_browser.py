"""THE SHOPPING GAME in the browser (issue 19): a person plays a `normal` bot to the end by
clicking the labelled buttons; the mall is drawn from the data; a phone-sized page does not
scroll sideways.

Needs `EKIMAE_BROWSER=1 tools/services.sh` (chromium + playwright), like test_browser.py.
Screenshots go to out/screenshots/shopping/.
"""

from __future__ import annotations

import time
from pathlib import Path

import httpx
from playwright.sync_api import Browser, Page, expect

from ekimae.games.shopping.game import GAME

SHOTS = Path("out/screenshots/shopping")
DATA = GAME.data


def _shot(page: Page, name: str) -> None:
    page.screenshot(path=str(SHOTS / name), full_page=True)


def _play_one(page: Page) -> bool:
    """Leave when the button is there (SH-3), else take the first item (SH-2), else walk
    to the last point offered (the listing runs row by row: the last is nearest the exit)."""
    buttons = page.locator("#actions button.act")
    if not buttons.count():
        return False
    leave = buttons.filter(has_text="Leave the shop")
    take = page.locator('#actions button.act[data-kind="take"]')
    if leave.count():
        choice = leave.first
    elif take.count():
        choice = take.first
    elif page.locator('#actions button.act[data-kind="move"]').count():
        choice = page.locator('#actions button.act[data-kind="move"]').last
    else:
        choice = buttons.first
    choice.click(timeout=2_000, no_wait_after=True)
    return True


def _no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    wide = page.evaluate(
        "[...document.querySelectorAll('body *')]"
        ".filter(e => e.getBoundingClientRect().right > 390)"
        ".slice(0, 5).map(e => e.tagName + '.' + e.className + '#' + e.id)"
    )
    assert width <= 390, f"the page is {width} px wide on a 390 px phone: {wide}"


def test_a_person_shops_against_a_bot_to_the_end(server: str, browser: Browser) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    res = httpx.post(
        server + "/api/games",
        json={"game": "shopping", "seats": [{"name": "Ann"}, {"bot": "normal"}], "seed": 5},
    )
    assert res.status_code == 201, res.text
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.goto(server + res.json()["me"]["url"])

    # SH-1: the mall from the data — every shop, every blue point, the machine, both
    # players outside; the buttons say where a move goes and what is in front there.
    expect(page.locator("#mall .shop")).to_have_count(len(DATA.shops), timeout=15_000)
    expect(page.locator("#mall .point")).to_have_count(len(DATA.mall.points))
    expect(page.locator("#mall .machine")).to_have_count(1)
    expect(page.locator("#mall .player")).to_have_count(2)
    expect(page.locator("#status")).to_contain_text("Walk in through the central double aisles")
    enter = page.locator('#actions button.act[data-kind="move"]')
    expect(enter.first).to_contain_text("Enter at")
    expect(page.locator("#market")).to_contain_text("¥500")
    _shot(page, "01-start.png")

    deadline = time.monotonic() + 150
    moves = 0
    while not page.locator("#ranking").is_visible():
        assert time.monotonic() < deadline, "the game did not end"
        if page.locator("#status.yours").count() and _play_one(page):
            moves += 1
            if moves == 3:
                _shot(page, "02-shopping.png")
        page.wait_for_timeout(120)
    expect(page.locator("#status")).to_contain_text("Game over")
    expect(page.locator("#ranking li")).not_to_have_count(0)
    expect(page.locator("#log li", has_text="leaves the shop")).not_to_have_count(0)
    _shot(page, "03-end.png")
    page.set_viewport_size({"width": 390, "height": 844})
    _shot(page, "04-phone-end.png")
    _no_sideways_scroll(page)
