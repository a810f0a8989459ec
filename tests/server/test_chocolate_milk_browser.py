"""CHOCOLATE MILK in the browser (issues 19, 31): a person plays a `normal` bot to the end
on the drawn board — a card of the grid to step to and buy, a Stock card to sell on, each
move said in a sentence before Confirm —; the side log (drinks by name, never by id), the
bot's moves marked on the board, the end screen's breakdown (yen kept, crates) and the
drawn replay; a phone: Confirm in view after a tap, no sideways scrolling.

Needs `EKIMAE_BROWSER=1 tools/services.sh` (chromium + playwright), like test_browser.py.
Screenshots go to out/screenshots/chocolate-milk/.
"""

from __future__ import annotations

import time

import httpx
from playwright.sync_api import Browser, Page, expect

from tests.server.following import (
    check_end,
    check_marked,
    check_replay,
    check_side_log,
    confirm_in_view,
    no_sideways_scroll,
    shot,
)

TITLE = "chocolate-milk"


def _play_one(page: Page, sell_first: bool) -> bool:
    """CM-2: sell on a Stock card when asked to and one is offered, else step and buy,
    else buy a crate or pass; the first option of any choice; then Confirm."""
    choice = page.locator("#choice")
    cells = page.locator("#board .cm-cell.cm-target")
    cards = page.locator("#board .cm-card.cm-target")
    if sell_first and cards.count():
        cards.last.click(timeout=2_000)
    elif cells.count():
        cells.first.click(timeout=2_000)
    elif cards.count():
        cards.last.click(timeout=2_000)
    elif choice.locator("button.big").count():
        choice.locator("button.big").first.click(timeout=2_000)
    else:
        return False
    menu = choice.locator("#option-pick")
    if menu.count():
        menu.select_option(index=menu.locator("option").count() - 1)
        choice.locator("button.chip").click(timeout=2_000)
    elif choice.locator(".chip").count():
        choice.locator(".chip").last.click(timeout=2_000)
    expect(page.locator("#confirm-text")).not_to_be_empty()
    page.locator("#confirm-btn").click(timeout=2_000, no_wait_after=True)
    return True


def test_a_person_plays_chocolate_milk_against_a_bot_to_the_end(
    server: str, browser: Browser
) -> None:
    res = httpx.post(
        server + "/api/games",
        json={
            "game": "chocolate-milk",
            "seats": [{"name": "Ann"}, {"name": "Bob", "bot": "normal"}],
            "seed": 5,
        },
    )
    assert res.status_code == 201, res.text
    gid = res.json()["id"]
    url = server + res.json()["me"]["url"]

    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.goto(url)
    cell = phone.locator("#board .cm-cell.cm-target").first
    expect(cell).to_be_visible(timeout=15_000)
    no_sideways_scroll(phone)
    cell.click()
    if phone.locator("#choice .chip").count():
        phone.locator("#choice .chip").first.click()
    confirm_in_view(phone)
    shot(phone, TITLE, "01-phone-start.png")
    phone.close()

    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.goto(url)
    # CM-1: the grid drawn from data: 9 cards, 10 drinks as colour + glyph tiles, both
    # architects on the centre; 12 Stock cards at ¥0; one crate each.
    expect(page.locator("#board .cm-cell")).to_have_count(9, timeout=15_000)
    expect(page.locator("#board .cm-grid .cm-drink")).to_have_count(10)
    expect(page.locator('#board .cm-cell[data-cell="b2"] .cm-architect')).to_have_count(2)
    expect(page.locator("#board .cm-card")).to_have_count(12)
    expect(page.locator("#board .cm-crates")).to_have_count(2)
    expect(page.locator("#status")).to_contain_text("Your turn")
    # The cards around the architect are the targets; a click says the buy in a sentence.
    expect(page.locator("#board .cm-cell.cm-target")).to_have_count(8)
    page.locator("#board .cm-cell.cm-target").first.click()
    if page.locator("#choice .chip").count():
        page.locator("#choice .chip").first.click()
    expect(page.locator("#confirm-text")).to_contain_text("for ¥100")
    shot(page, TITLE, "02-start.png")
    page.click("#confirm-btn")
    # CM-2: a buy raises two Stock cards by ¥100 each and says what the machine did.
    expect(page.locator("#status")).to_contain_text("Seat 1 bought", timeout=10_000)
    yen = page.locator("#board .cm-card text").all_text_contents()
    assert sum(1 for t in yen if t == "¥100") >= 2, yen

    deadline = time.monotonic() + 180
    turns = 0
    checked = False
    while not page.locator("#ranking").is_visible():
        assert time.monotonic() < deadline, "the game did not end"
        if page.locator("#status.yours").count() and page.locator("#choice").count():
            if not checked:
                check_marked(page)
                check_side_log(page, ("Ann", "Bob"))
                shot(page, TITLE, "03-bot-moved.png")
                checked = True
            if _play_one(page, sell_first=turns % 3 == 2):
                turns += 1
        page.wait_for_timeout(100)
    expect(page.locator("#status")).to_contain_text("Game over")
    check_end(page, ("Yen kept", "Crates (CM-4)"), 2)
    assert "¥" in page.locator("#ranking").inner_text()
    shot(page, TITLE, "04-end.png")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, TITLE, "05-phone-end.png")
    no_sideways_scroll(page)

    replay = check_replay(browser, f"{server}/replay/{gid}", "#board .cm-cell", TITLE)
    replay.click("#first")
    expect(replay.locator("#board .cm-card text", has_text="¥0")).not_to_have_count(0)
    replay.set_viewport_size({"width": 390, "height": 844})
    shot(replay, TITLE, "06-phone-replay.png")
    no_sideways_scroll(replay)
