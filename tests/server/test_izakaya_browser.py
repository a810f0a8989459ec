"""IZAKAYA in the browser (issue 18), on its own page: a person plays a whole game against
the `normal` bot by clicks — a sealed bid (IZ-2), a claim by clicking an edge then a card
(IZ-3.3), a bottle by picking a Colour card then a corner (IZ-3.1), a build by picking an
element and placing it on the card, with a turn and a refused spot first (IZ-3.4, JU-5) —
to the scores (IZ-5). Screenshots in out/screenshots/izakaya/; a phone-sized page does not
scroll sideways.

Needs `EKIMAE_BROWSER=1 tools/services.sh` (chromium + playwright), like test_browser.py.
"""

from __future__ import annotations

import time
from pathlib import Path

import httpx
from playwright.sync_api import Browser, Page, expect

from tests.server.following import (
    check_end,
    check_marked,
    check_replay,
    check_side_log,
    no_sideways_scroll,
)

SHOTS = Path("out/screenshots/izakaya")


def _shot(page: Page, name: str) -> None:
    page.screenshot(path=str(SHOTS / name), full_page=True)


def _actions(page: Page) -> str:
    return str(page.evaluate("document.body.dataset.actions || ''"))


def _wait_for_turn(page: Page) -> bool:
    """Until the page says it is this seat's move (True) or the game is over (False)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if page.locator("#end").is_visible():
            return False
        yours = page.evaluate(
            "document.getElementById('status').className === 'yours'"
            " && !document.body.dataset.pending"
        )
        if yours:
            return True
        page.wait_for_timeout(50)
    raise AssertionError("the page never gave this seat a move")


def _place(page: Page) -> None:
    """Turn the element (R) until the page hints a square for it, then click that one."""
    for _ in range(8):
        hinted = page.locator("#cards svg.iz-plan rect.fit")
        if hinted.count():
            hinted.first.click()
            return
        page.keyboard.press("r")
    raise AssertionError("no orientation of the element fits the person's cards")


def _one_move(page: Page, shots: set[str]) -> None:
    before = _actions(page)
    if page.locator("#bid-box").is_visible():
        page.select_option("#bid-amount", index=0)  # IZ-2: ¥0, sealed
        page.click("#bid-send")
    elif page.locator("#tools").is_visible():
        if "ghost" not in shots:
            page.keyboard.press("r")  # a turn (R), then back with three more
            for _ in range(3):
                page.keyboard.press("r")
            outside = page.locator('#cards svg.iz-plan rect[fill="#ddd"]').first
            outside.click()  # a square outside the border: refused, with the reason
            expect(page.locator("#why")).to_contain_text("JU-5")
            page.locator('#cards svg.iz-plan rect[data-x="3"][data-y="3"]').first.hover()
            _shot(page, "03-place.png")
            shots.add("ghost")
        _place(page)
    elif page.locator("#pool button:enabled").count():
        page.locator("#pool button:enabled").first.click()  # IZ-3.4: the element, untried
    elif page.locator("#board rect.edge").count():
        page.locator("#board rect.edge").first.click()  # IZ-3.3: an edge, then a card
        if _actions(page) == before and page.locator("#board rect.pick").count():
            page.locator("#board rect.pick").first.click()
    elif page.locator("#market button:enabled").count():
        page.locator("#market button:enabled").last.click()  # IZ-3.1: a colour, a corner
        page.locator("#board circle.hot").first.click()
    elif page.locator("#price-send").count():
        page.click("#price-send")
    else:
        page.get_by_role("button", name="Pass").click()
    if "board" not in shots and page.locator("#board polygon").count():
        _shot(page, "02-board.png")
        shots.add("board")


def test_a_person_plays_izakaya_to_the_end_against_normal(server: str, browser: Browser) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    res = httpx.post(
        server + "/api/games",
        json={"game": "izakaya", "seats": [{"name": "Ann"}, {"bot": "normal"}], "seed": 3},
    )
    assert res.status_code == 201, res.text
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.goto(server + res.json()["me"]["url"])
    expect(page.locator("#status")).to_contain_text("You are seat 1 Ann", timeout=10_000)
    expect(page.locator("#bid-box")).to_be_visible(timeout=10_000)
    _shot(page, "01-bid.png")
    shots: set[str] = set()
    moves = 0
    checked = False
    while _wait_for_turn(page):
        newest = page.locator("#sidelog-list li").first
        if not checked and moves >= 2 and newest.get_attribute("data-seat") == "1":
            # Issue 31: the bot's moves since Ann's last are marked and in the side log.
            checked = True
            check_marked(page)
            check_side_log(page, ("Ann", "normal"))
            _shot(page, "02-bot-moved.png")
        _one_move(page, shots)
        moves += 1
        assert moves < 200, "the game does not end"
    expect(page.locator("#ranking li")).to_have_count(2)
    assert "ghost" in shots and "board" in shots and checked
    check_end(page, ("Buildings (IZ-5)", "Buildings earn", "Yen kept"), 2)
    _shot(page, "04-end.png")
    check_replay(browser, f"{server}/replay/{res.json()['id']}", "#board svg", "izakaya")
    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.goto(server + res.json()["me"]["url"])
    expect(phone.locator("#end")).to_be_visible(timeout=10_000)
    expect(phone.locator("#board svg")).to_be_visible()
    expect(phone.locator("#ranking li")).to_have_count(2)
    phone.wait_for_timeout(300)  # the last layout (fonts, the pool) before measuring
    no_sideways_scroll(phone)
    _shot(phone, "05-phone.png")


def test_a_seat_asks_for_a_hint_like_on_tokyo_metro(server: str, browser: Browser) -> None:
    """Issue 18: hints like TOKYO METRO's — the move `strong` would make from the seat's
    view, said in words (issue 30), on the seat's own page only."""
    res = httpx.post(
        server + "/api/games",
        json={"game": "izakaya", "seats": [{"name": "Ann"}, {"bot": "normal"}]},
    )
    assert res.status_code == 201, res.text
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.goto(server + res.json()["me"]["url"])
    expect(page.locator("#bid-box")).to_be_visible(timeout=10_000)
    page.click("#hint")
    # Issue 30: in words (the move as the page says it), never the engine's notation.
    expect(page.locator("#hint-text")).to_contain_text("Hint: ", timeout=60_000)
    expect(page.locator("#hint-text")).not_to_contain_text("Hint: bid ")
    spectator = browser.new_page(viewport={"width": 1280, "height": 1000})
    spectator.goto(server + res.json()["spectator_url"])
    expect(spectator.locator("#status")).not_to_have_text("Connecting…", timeout=10_000)
    expect(spectator.locator("#hint")).to_be_hidden()


def test_the_replay_draws_the_grid_step_by_step(server: str, browser: Browser) -> None:
    """Issue 18: replays like TOKYO METRO's — the grid drawn at every step, all open or as
    one seat saw it (its sealed bids hidden from the other)."""
    res = httpx.post(
        server + "/api/games",
        json={"game": "izakaya", "seats": [{"bot": "random"}, {"bot": "random"}]},
    )
    assert res.status_code == 201, res.text
    game = res.json()["id"]
    deadline = time.monotonic() + 60
    while not httpx.get(f"{server}/api/games/{game}").json()["finished"]:
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.2)
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.goto(f"{server}/replay/{game}")
    expect(page.locator("#where")).to_contain_text("Step 0 of ", timeout=10_000)
    expect(page.locator("#board svg")).to_be_visible()
    page.click("#last")
    expect(page.locator("#where")).to_contain_text("(all open)")
    expect(page.locator("#sidelog-list li").first).to_be_visible()
    page.select_option("#seat-view", "1")
    expect(page.locator("#where")).to_contain_text("as seat 2 saw it")
    expect(page.locator("#status")).to_contain_text("Replay")
    _shot(page, "05-replay.png")
