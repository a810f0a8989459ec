"""THE SHOPPING GAME in the browser (issues 19, 31): a person plays a `normal` bot to the
end on the drawn mall — clicking the reachable blue points, the cards in front and the
machine, each move said in a sentence before Confirm —; the side log, the bot's moves
marked on the mall, the end screen's breakdown (exits, magazines, the crate of whoever is
still inside) and the drawn replay; a phone: the mall zoomed where the move is, Confirm in
view after a tap, no sideways scrolling.

Needs `EKIMAE_BROWSER=1 tools/services.sh` (chromium + playwright), like test_browser.py.
Screenshots go to out/screenshots/shopping/.
"""

from __future__ import annotations

import time

import httpx
from playwright.sync_api import Browser, Page, expect

from ekimae.games.shopping.game import GAME
from tests.server.following import (
    check_end,
    check_marked,
    check_replay,
    check_side_log,
    confirm_in_view,
    no_sideways_scroll,
    shot,
)

DATA = GAME.data
TITLE = "shopping"


def _play_one(page: Page) -> bool:
    """Leave when the button is there (SH-3), else take from the first card offered
    (SH-2), else walk to the last point offered (the nearest the exit); then Confirm."""
    choice = page.locator("#choice")
    leave = choice.locator('button.big[data-kind="move"]')
    cards = page.locator("#mall .sh-card-target")
    points = page.locator("#mall .sh-point-target")
    if leave.count():
        leave.first.click(timeout=2_000)
    elif cards.count():
        cards.first.click(timeout=2_000)
        if choice.locator(".chip").count():
            choice.locator(".chip").first.click(timeout=2_000)
    elif points.count():
        points.last.click(timeout=2_000)
    elif choice.locator("button.big").count():
        choice.locator("button.big").first.click(timeout=2_000)
    else:
        return False
    expect(page.locator("#confirm-text")).not_to_be_empty()
    page.locator("#confirm-btn").click(timeout=2_000, no_wait_after=True)
    return True


def test_a_person_shops_against_a_bot_to_the_end(server: str, browser: Browser) -> None:
    res = httpx.post(
        server + "/api/games",
        json={
            "game": "shopping",
            "seats": [{"name": "Ann"}, {"name": "Bob", "bot": "normal"}],
            "seed": 5,
        },
    )
    assert res.status_code == 201, res.text
    gid = res.json()["id"]
    url = server + res.json()["me"]["url"]

    # A phone first: the mall zoomed on the move's targets, Confirm in view after a tap.
    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.goto(url)
    target = phone.locator("#mall .sh-point-target").first
    expect(target).to_be_visible(timeout=15_000)
    no_sideways_scroll(phone)
    target.click()
    confirm_in_view(phone)
    expect(phone.locator("#confirm-text")).to_contain_text("Enter at")
    shot(phone, TITLE, "01-phone-start.png")
    phone.close()

    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.goto(url)
    # SH-1: the mall from the data — every shop, every blue point, the machine, both
    # players outside; the targets say where a move goes and what is in front there.
    expect(page.locator("#mall .shop")).to_have_count(len(DATA.shops), timeout=15_000)
    expect(page.locator("#mall .point")).to_have_count(len(DATA.mall.points))
    expect(page.locator("#mall .machine")).to_have_count(1)
    expect(page.locator("#mall .player")).to_have_count(2)
    expect(page.locator("#status")).to_contain_text("Walk in through the central double aisles")
    first = page.locator("#mall .sh-point-target").first
    assert "Enter at" in (first.get_attribute("aria-label") or "")
    expect(page.locator("#market")).to_contain_text("¥500")
    shot(page, TITLE, "02-start.png")

    deadline = time.monotonic() + 240
    moves = 0
    checked = False
    while not page.locator("#ranking").is_visible():
        assert time.monotonic() < deadline, "the game did not end"
        if page.locator("#status.yours").count() and page.locator("#choice").count():
            if moves >= 2 and not checked:
                # The bot moved since Ann's last action: its moves are marked and logged.
                check_marked(page)
                check_side_log(page, ("Ann", "Bob"))
                shot(page, TITLE, "03-bot-moved.png")
                checked = True
            if _play_one(page):
                moves += 1
        page.wait_for_timeout(100)
    assert checked
    expect(page.locator("#status")).to_contain_text("Game over")
    check_end(page, ("Exit 1", "Exit 2", "Magazines", "Crate at the end"), 2)
    expect(page.locator("#sidelog-list li", has_text="leaves the shop")).not_to_have_count(0)
    shot(page, TITLE, "04-end.png")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, TITLE, "05-phone-end.png")
    no_sideways_scroll(page)

    replay = check_replay(browser, f"{server}/replay/{gid}", "#mall .shop", TITLE)
    replay.set_viewport_size({"width": 390, "height": 844})
    no_sideways_scroll(replay)
