"""A person at the browser: Debian's Chromium headless via Playwright against a live server.

Needs `EKIMAE_BROWSER=1 tools/services.sh` (chromium + playwright); fails, not skips,
without them. Screenshots go to out/screenshots/ for people to look at.
"""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

SHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots"


@pytest.fixture
def page(browser: Browser) -> Page:
    return browser.new_page(viewport={"width": 1280, "height": 900})


def test_a_friend_takes_an_invitation_and_the_host_withdraws_it(
    server: str, page: Page, browser: Browser
) -> None:
    """Issue 11: the creator's browser holds an invitation, not the friend's seat; the
    friend's own browser takes it; the host page withdraws the link, and the friend's
    page says so instead of reconnecting for ever."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.goto(server + "/")
    page.select_option("#count", "2")
    page.fill("input[name=name0]", "Ann")
    page.select_option("select[name=bot1]", "")  # a person: a friend to invite
    page.click("#create-btn")
    invite = page.locator("a.invite-link")
    expect(invite).to_have_count(1)
    page.screenshot(path=str(SHOTS / "10-invitation.png"), full_page=True)
    invite_url = invite.get_attribute("href")
    assert invite_url and invite_url.startswith("/join/")
    mine = page.evaluate("localStorage.getItem('ekimae.mySeats')")
    assert 'seat":1' not in mine.replace(" ", ""), "the creator's browser kept the friend's seat"

    friend = browser.new_page(viewport={"width": 390, "height": 844})
    friend.goto(server + invite_url)
    expect(friend.locator("#invite")).to_contain_text("You take seat 2")
    friend.fill("#claim-name", "Ben")
    friend.screenshot(path=str(SHOTS / "11-join.png"), full_page=True)
    friend.click("#claim-btn")
    expect(friend.locator("#status")).to_contain_text("You are seat 2 Ben", timeout=10_000)
    # The same invitation cannot seat anyone else.
    page.goto(server + invite_url)
    expect(page.locator("#invite")).to_contain_text("cannot be used")

    page.go_back()
    page.locator("a.host-link").first.click()  # from the lobby's "My seats"
    rows = page.locator("#seat-table tbody tr")
    expect(rows.nth(1)).to_contain_text("taken")
    page.screenshot(path=str(SHOTS / "12-host.png"), full_page=True)
    rows.nth(1).locator("button.revoke").click()
    expect(rows.nth(1)).to_contain_text("invitation open")
    expect(friend.locator("#status")).to_contain_text("no longer opens a seat", timeout=10_000)
    friend.screenshot(path=str(SHOTS / "13-withdrawn.png"), full_page=True)
    # Handing the seat to a bot: the game goes on without Ben.
    rows.nth(1).locator("button.to-bot").click()
    expect(rows.nth(1)).to_contain_text("bot: beginner")  # the default: the learning level


def test_create_play_reconnect_and_replay(server: str, page: Page) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.goto(server + "/")
    page.select_option("#count", "2")
    page.fill("input[name=name0]", "Ann")
    page.screenshot(path=str(SHOTS / "01-lobby.png"), full_page=True)
    page.click("#create-btn")
    link = page.locator("a.seat-link").first
    expect(link).to_be_visible()
    # The creator's browser holds its own seat only; the other person's seat would be an
    # invitation (here seat 2 is a bot, so there is none to show).
    expect(page.locator("a.invite-link")).to_have_count(0)
    page.screenshot(path=str(SHOTS / "02-links.png"), full_page=True)
    link.click()
    expect(page.locator("#bid-submit")).to_be_visible(timeout=10_000)
    page.screenshot(path=str(SHOTS / "03-bid.png"), full_page=True)
    page.select_option("#bid-amount", "100")
    page.click("#bid-submit")
    # The bot (`beginner`, the lobby's default: the learning level) thinks in a worker
    # process started on first use.
    expect(page.locator("#sidelog-list")).to_contain_text("bids revealed", timeout=20_000)
    # Issue 13: the engine's notation is a collapsed list, for experts and keyboards.
    page.locator("#notation summary").click(timeout=10_000)
    for _ in range(3):  # a few moves by clicking the engine's legal actions
        button = page.locator("#actions button.act").first
        expect(button).to_be_visible(timeout=10_000)
        count = page.locator("#sidelog-list li").count()
        button.click()
        expect(page.locator("#sidelog-list li")).not_to_have_count(count, timeout=10_000)
    page.screenshot(path=str(SHOTS / "04-playing.png"), full_page=True)
    moves = page.locator("#sidelog-list li").count()
    page.reload()  # a dropped connection: the page comes back where the game is
    expect(page.locator("#status")).to_contain_text("You are seat 1")
    # Every move seen before the reload is still there (bots may have added more since).
    expect(page.locator(f"#sidelog-list li:nth-child({moves})")).to_be_attached()

    # An all-bot game to see the end screen and the replay.
    res = httpx.post(server + "/api/games", json={"seats": [{"bot": "random"}] * 3, "seed": 3})
    game = res.json()
    assert res.status_code == 201, res.text
    deadline = time.monotonic() + 60
    while not httpx.get(f"{server}/api/games/{game['id']}").json()["finished"]:
        assert time.monotonic() < deadline
        time.sleep(0.2)
    page.goto(server + game["spectator_url"])
    expect(page.locator("#ranking")).to_be_visible()
    page.screenshot(path=str(SHOTS / "05-end.png"), full_page=True)
    page.goto(f"{server}/replay/{game['id']}")
    expect(page.locator("#where")).to_contain_text("Step 0 of ")
    for _ in range(12):
        page.click("#next")
    expect(page.locator("#where")).to_contain_text("Step 12 of ")
    page.screenshot(path=str(SHOTS / "06-replay.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server + game["spectator_url"])
    expect(page.locator("#ranking")).to_be_visible()
    page.screenshot(path=str(SHOTS / "07-phone.png"))


def test_keyboard_only_play_undo_and_text_beside_every_colour(server: str, page: Page) -> None:
    """Tab and Enter alone place a bid and take it back; colours always have text."""
    res = httpx.post(server + "/api/games", json={"seats": [{"name": "Ann"}, {"name": "Ben"}]})
    game = res.json()
    page.goto(server + game["me"]["url"])
    expect(page.locator("#bid-submit")).to_be_visible(timeout=10_000)

    def tab_to(selector: str) -> None:
        for _ in range(60):  # the page's own Tab order, as a keyboard user would go
            page.keyboard.press("Tab")
            if page.evaluate(f"document.activeElement === document.querySelector('{selector}')"):
                return
        raise AssertionError(f"{selector} is not reachable with Tab")

    tab_to("#bid-amount")
    page.keyboard.press("ArrowDown")  # the second amount, without opening the list
    tab_to("#bid-submit")
    page.keyboard.press("Enter")
    expect(page.locator(".player.me")).to_contain_text("your bid")
    expect(page.locator("#undo")).to_be_visible()
    tab_to("#undo")
    page.keyboard.press("Enter")
    expect(page.locator("#bid-submit")).to_be_visible()
    expect(page.locator(".player.me")).not_to_contain_text("your bid")
    expect(page.locator("#undo")).to_be_hidden()
    page.screenshot(path=str(SHOTS / "08-keyboard-undo.png"), full_page=True)
    # Every button says what it does in text; the seat colour comes with the seat number.
    # (text content: the notation list's buttons are there, in a collapsed <details>)
    for text in page.locator("button").all_text_contents():
        assert text.strip(), "a button without text"
    players = page.locator(".player")
    for i in range(players.count()):
        expect(players.nth(i)).to_contain_text(f"Seat {i + 1} ")
    expect(page.locator(".player.me")).to_contain_text("(you)")
    assert page.locator("#bid-amount").get_attribute("aria-label")


def _click_if_still_there(target: Locator) -> bool:
    try:
        target.click(timeout=3_000)
    except PlaywrightTimeoutError:
        return False
    return True


@pytest.mark.slow
def test_a_whole_game_by_clicking_against_a_bot(server: str, page: Page) -> None:
    """One person plays a full 2-player game against a bot with the mouse alone: sealed
    bids from the form, everything else from the engine's legal-action buttons."""
    res = httpx.post(server + "/api/games", json={"seats": [{"name": "Ann"}, {"bot": "normal"}]})
    page.goto(server + res.json()["me"]["url"])
    expect(page.locator("#status")).to_contain_text("You are seat 1")
    page.click("#hint")  # issue 4: the strong bot's move for this seat
    # Issue 30: said in words, as the page's own sentences say a move.
    expect(page.locator("#hint-text")).to_contain_text("Hint: Bid ¥", timeout=15_000)
    page.click("#notation summary")  # issue 13: the notation list is collapsed; it stays open
    clicks = 0
    deadline = time.monotonic() + 240
    while not page.locator("#ranking").is_visible():
        assert time.monotonic() < deadline, f"game not over after {clicks} clicks"
        before = int(page.locator("body").get_attribute("data-actions") or 0)
        # Enabled buttons only: while an action is unanswered the page disables them. A push
        # may still replace the buttons between the look and the click; then look again.
        bid = page.locator("#bid-submit:enabled")  # the form's first amount: ¥0
        act = page.locator("#actions button.act:enabled").first
        target = bid if bid.is_visible() else act if act.is_visible() else None
        if target is None or not _click_if_still_there(target):
            page.wait_for_timeout(50)  # the bot is thinking, or our action is on its way
            continue
        clicks += 1
        page.wait_for_function(
            f"Number(document.body.dataset.actions) > {before}"
            " || document.querySelector('#ranking') !== null",
            timeout=15_000,
        )
    assert clicks >= 20
    expect(page.locator("#ranking")).to_contain_text("Ann")
    page.screenshot(path=str(SHOTS / "09-full-game-end.png"), full_page=True)


def test_an_example_game_plays_on_the_generic_page(server: str, page: Page) -> None:
    """Issue 12: a game with no page of its own (the sealed auction) is created from the
    lobby's game menu and played to its end by clicking, against a bot."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.goto(server + "/")
    page.select_option("#game", "sealed-auction")
    expect(page.locator("#count option")).to_have_count(5)  # 2-6 seats, from its GameType
    page.select_option("#count", "2")
    page.select_option("select[name=bot1]", "random")
    page.fill("input[name=name0]", "Ann")
    page.click("#create-btn")
    page.locator("a.seat-link").click()
    expect(page.locator("#status")).to_contain_text("You are seat 1 Ann", timeout=10_000)
    page.screenshot(path=str(SHOTS / "14-generic-game.png"), full_page=True)
    deadline = time.monotonic() + 60
    while not page.locator("#ranking").is_visible():
        assert time.monotonic() - deadline < 0, "the auction did not end"
        send = page.locator("#actions button.act:enabled").first
        if send.is_visible():
            before = int(page.locator("body").get_attribute("data-actions") or 0)
            if _click_if_still_there(send):
                page.wait_for_function(
                    f"Number(document.body.dataset.actions) > {before}"
                    " || document.querySelector('#ranking') !== null",
                    timeout=10_000,
                )
        else:
            page.wait_for_timeout(50)
    expect(page.locator("#ranking")).to_contain_text("Ann")
    page.screenshot(path=str(SHOTS / "15-generic-end.png"), full_page=True)


def test_a_real_time_example_plays_on_the_generic_page(server: str, page: Page) -> None:
    """QUICK DRAW against a bot: taps and "Stop!" by clicking, rounds ended by the server's
    clock or a Stop!, to the final ranking."""
    res = httpx.post(
        server + "/api/games",
        json={"game": "quick-draw", "seats": [{"name": "Ann"}, {"bot": "random"}]},
    )
    assert res.status_code == 201, res.text
    page.goto(server + res.json()["me"]["url"])
    expect(page.locator("#status")).to_contain_text("You are seat 1 Ann", timeout=10_000)
    deadline = time.monotonic() + 120
    shot = False
    while not page.locator("#ranking").is_visible():
        assert time.monotonic() < deadline, "QUICK DRAW did not end"
        stop = page.locator("#actions button.act:enabled", has_text="stop")
        tap = page.locator("#actions button.act:enabled", has_text="tap")
        target = stop if stop.count() else tap
        if target.count() and _click_if_still_there(target.first) and not shot:
            page.screenshot(path=str(SHOTS / "16-real-time.png"), full_page=True)
            shot = True
        page.wait_for_timeout(20)
    expect(page.locator("#ranking")).to_contain_text("Ann")
    page.screenshot(path=str(SHOTS / "17-real-time-end.png"), full_page=True)
