"""Issue 13: TOKYO METRO played as a board game, by pointing, in a real browser.

A whole game against a `random` bot, clicking only the board: the bid form, the action
card spots, the highlighted map targets (cells, stations), the lines' slots, the choice
chips and the confirmation button -- never the notation list. Once on a desktop-sized
window, once on a phone (390×844, touch). Screenshots of each main screen go to
out/screenshots/board/ (the path is printed) for people to look at.

Needs `EKIMAE_BROWSER=1 tools/services.sh` (chromium + playwright), like test_browser.py.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.server.following import (
    check_end,
    check_marked,
    check_replay,
    check_side_log,
    confirm_in_view,
)
from tests.server.live import live_server

SHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots" / "board"


@pytest.fixture
def live(tmp_path: Path) -> Iterator[str]:
    with live_server(tmp_path, bot_delay=0.02) as running:  # bots answer quickly here
        yield running.url


@pytest.fixture
def chromium(browser: Browser) -> Browser:
    return browser


def _click(target: Locator) -> bool:
    """Click unless a push replaced the element meanwhile (then the caller looks again)."""
    try:
        target.click(timeout=2_000)
    except PlaywrightTimeoutError:
        return False
    return True


class Player:
    """One person at the page: looks at what the board offers and points at it."""

    def __init__(self, page: Page, name: str, seed: int) -> None:
        self.page = page
        self.name = name
        self.rng = random.Random(seed)
        self.shots: dict[str, Path] = {}
        self.clicks = 0
        self.kinds: set[str] = set()
        self.opened_notation = False
        self.url = ""
        self.phone = False  # a phone: Confirm must be in view after every tap (issue 31)
        self.followed = False  # the bot's moves seen marked and logged (issue 31)
        for old in SHOTS.glob(f"{name}-*.png"):
            old.unlink()

    def shot(self, what: str) -> None:
        if what not in self.shots:
            path = SHOTS / f"{self.name}-{len(self.shots) + 1:02d}-{what}.png"
            self.page.screenshot(path=str(path))
            self.shots[what] = path

    def visible(self, selector: str) -> list[Locator]:
        found = self.page.locator(selector)
        return [found.nth(i) for i in range(found.count()) if found.nth(i).is_visible()]

    def step(self) -> bool:
        """One click on the board; False when there was nothing to click."""
        page = self.page
        self.opened_notation |= page.evaluate("!!document.querySelector('#notation')?.open")
        if page.locator("body[data-pending='1']").count():
            return False
        status = page.locator("#status").inner_text()
        if page.locator("body[data-payouts]").count() and "payout" not in self.shots:
            try:  # the floating "+¥200" where the train stopped, once it shows
                page.wait_for_function(
                    "[...document.querySelectorAll('.payout-float')]"
                    ".some(t => Number(getComputedStyle(t).opacity) > 0.8)",
                    timeout=4_000,
                )
                self.shot("payout")
            except PlaywrightTimeoutError:
                pass  # already gone: the next payout will do
        # The trains phase: while the status names it (a seat deciding), or as soon as a
        # train has run on the board (the page counts the runs it animated, TM-8.2) —
        # with quick bots the phase may pass between two looks at the status.
        if "Trains" in status or page.locator("body[data-train-runs]").count():
            self.shot("trains")
        newest = page.locator("#sidelog-list li").first
        mine = "yours" in (page.locator("#status").get_attribute("class") or "")
        if (
            not self.followed
            and mine
            and newest.count()
            and newest.get_attribute("data-seat") == "1"
        ):
            check_marked(page)  # the bot moved since Ann's last action
            check_side_log(page, ("Ann", "random"))
            self.followed = True
        bid = self.visible("#bid-submit:enabled")
        if bid:
            self.shot("turn-order")
            options = page.locator("#bid-amount option")
            page.select_option("#bid-amount", index=self.rng.randrange(min(3, options.count())))
            return self.act(bid[0], "bid")
        confirm = self.visible("#confirm-btn:enabled")
        if confirm and self.phone:
            confirm_in_view(page)
        if confirm:
            text = page.locator("#confirm-text").inner_text()
            assert text[0].isupper() and len(text.split()) > 3, text  # words, not notation
            self.shot("confirmation")
            return self.act(confirm[0], "confirm")
        targets = self.visible("#board .target")
        slots = self.visible("#lines-table button.slot-target:enabled")
        chips = self.visible("#choice .chip:enabled")
        if targets and not slots:
            kind = targets[0].get_attribute("data-target")
            self.shot(f"{'actions' if 'Actions' in status else 'map'}-targets")
            self.kinds.add(f"map-{kind}")
            return self.click(self.rng.choice(targets))
        if slots and (not chips or self.rng.random() < 0.5):  # a line: its slot, or its chip
            self.shot("line-slots")
            self.kinds.add("line-slot")
            return self.click(self.rng.choice(slots))
        if chips:
            self.kinds.add(f"chip-{chips[0].get_attribute('data-dim')}")
            return self.click(chips[0])  # the first: no discount, the smallest stake
        spots = self.visible("#cards button.spot.legal:enabled")
        big = self.visible("#choice button.big:enabled")
        if spots and (not big or self.rng.random() < 0.75):
            self.shot("actions-spots")
            self.kinds.add("spot")
            return self.click(self.rng.choice(spots))
        if big:
            self.kinds.add(f"button-{big[0].get_attribute('data-kind')}")
            return self.act(self.rng.choice(big), "button")
        return False

    def click(self, target: Locator) -> bool:
        if _click(target):
            self.clicks += 1
            return True
        return False

    def act(self, target: Locator, what: str) -> bool:
        """A click that sends an action: wait until the game has taken it."""
        before = int(self.page.locator("body").get_attribute("data-actions") or 0)
        if not self.click(target):
            return False
        self.page.wait_for_function(
            f"Number(document.body.dataset.actions) > {before}"
            " || document.body.dataset.pending !== '1'",
            timeout=15_000,
        )
        return True

    def play_to_the_end(self, limit: float) -> None:
        deadline = time.monotonic() + limit
        while not self.page.locator("#ranking").is_visible():
            if time.monotonic() > deadline:
                self.page.screenshot(path=str(SHOTS / f"{self.name}-stuck.png"))
                choice = self.page.locator("#choice").inner_text()
                status = self.page.locator("#status").inner_text()
                raise AssertionError(f"not over after {self.clicks} clicks: {status} | {choice}")
            if not self.step():
                self.page.wait_for_timeout(40)  # the bot's turn, or an action on its way


def _new_game(server: str) -> dict[str, Any]:
    res = httpx.post(
        server + "/api/games",
        json={"seats": [{"name": "Ann"}, {"bot": "random"}], "seed": 7, "practice": True},
    )
    assert res.status_code == 201, res.text
    game: dict[str, Any] = res.json()
    return game


def _play(page: Page, server: str, name: str, phone: bool = False) -> Player:
    SHOTS.mkdir(parents=True, exist_ok=True)
    print(f"screenshots: {SHOTS}")
    game = _new_game(server)
    page.goto(server + game["me"]["url"])
    expect(page.locator("#status")).to_contain_text("You are seat 1 Ann", timeout=10_000)
    player = Player(page, name, seed=5)
    player.url = page.url
    player.phone = phone
    # A hang bound, not a speed test (docs/testing.md rule 4): generous under load.
    player.play_to_the_end(limit=600)
    # The end screen: ranking and the payout breakdown first, above the board.
    ranking = page.locator("#ranking")
    expect(ranking).to_contain_text("Ann")
    expect(page.locator("#breakdown")).to_be_visible()
    expect(page.locator("#rematch")).to_be_visible()
    board_top = page.locator("#board").bounding_box()
    end_top = page.locator("#end").bounding_box()
    assert board_top and end_top and end_top["y"] < board_top["y"]
    page.evaluate("window.scrollTo(0, 0)")
    player.shot("end")
    # The trains phases were shown stop by stop (TM-8.2), with payouts where they happened.
    runs = int(page.locator("body").get_attribute("data-train-runs") or 0)
    assert runs > 0, "no train was animated"
    print(f"{name}: {player.clicks} clicks on {sorted(player.kinds)}")
    # The notation list was never opened: everything went by pointing.
    assert not player.opened_notation
    # Issue 31: the bot's moves were marked and logged; the end screen says where the
    # money came from and how long the game lasted; the replay is drawn.
    assert player.followed
    check_end(page, ("Final money", "Stock payouts", "Speculation payouts"), 2)
    browser = page.context.browser
    assert browser is not None
    replay = check_replay(browser, f"{server}/replay/{game['id']}", "#board svg", f"board-{name}")
    replay.close()
    return player


@pytest.mark.slow
def test_a_whole_game_by_pointing_on_a_desktop(live: str, chromium: Browser) -> None:
    # With motion: the test watches trains run (the fixture's pages reduce it).
    page = chromium.new_page(
        viewport={"width": 1366, "height": 900}, reduced_motion="no-preference"
    )
    player = _play(page, live, "desktop")
    assert player.clicks >= 30
    # Spots, map cells (place, walk, move) and the confirmation were all used.
    assert {"spot", "map-cell"} <= player.kinds, player.kinds
    assert {"turn-order", "confirmation", "end"} <= set(player.shots), player.shots
    # "Rematch with the same seats": a new game, this seat's page in it.
    page.click("#rematch")
    page.wait_for_url(lambda url: "/g/" in url and url != player.url, timeout=10_000)
    expect(page.locator("#status")).to_contain_text("You are seat 1 Ann · Round 1/", timeout=10_000)


@pytest.mark.slow
def test_a_whole_game_by_pointing_on_a_phone(live: str, chromium: Browser) -> None:
    context = chromium.new_context(
        viewport={"width": 390, "height": 844},
        has_touch=True,
        is_mobile=True,
        reduced_motion="no-preference",
    )
    page = context.new_page()
    player = _play(page, live, "phone", phone=True)
    assert {"spot", "map-cell"} <= player.kinds, player.kinds
    # Tap targets are at least 44 px; the status is one line.
    for selector in ("#zoom button", "#rematch"):
        box = page.locator(selector).first.bounding_box()
        assert box and box["height"] >= 44, selector
    # Nothing wider than the phone: the page never scrolls sideways.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    status = page.locator("#status").bounding_box()
    assert status and status["height"] < 40
    # Issue 31: what stays at the top while the page scrolls is at most ~10 % of it.
    page.evaluate("window.scrollTo(0, document.body.scrollHeight / 2)")
    stuck = page.evaluate(
        "[...document.querySelectorAll('body *')].filter((e) => getComputedStyle(e).position"
        " === 'sticky' && e.getBoundingClientRect().top <= 1).map((e) => e.getBoundingClientRect()"
        ".height).reduce((a, b) => a + b, 0)"
    )
    assert stuck <= 0.1 * 844, stuck
    context.close()
