"""Every page explains its symbols and abbreviations (issue 30): no ▲, 3/3, V/, s1 or stop
code on a page without a tooltip or an accessible description near it (see
tests/server/symbols.py). The lobby, the lessons' page, the rules pages, and for each title
its game page at the start (a player's, on a desktop in English and on a phone in
Japanese), its host page, an invitation, and a spectator's page of a bots' game under way
or at its end, with its replay.
The lessons' own positions are checked step by step in test_learn_browser.py.

Fails, not skips, without the browser (`EKIMAE_BROWSER=1 tools/services.sh`)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from ekimae.games import titles
from tests.server.live import live_server
from tests.server.symbols import unexplained

DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}
REAL_TIME = {"tokyo-jutaku", "countdown", "bottle-bonus"}
SLOW_ENDING = {"tokyo-jutaku", "bottle-bonus"}  # a bots' game takes minutes: seen under way


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with live_server(tmp_path_factory.mktemp("symbols"), bot_delay=0.02) as live:
        yield live.url


def _create(server: str, game: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
    options = {"clock": "slow"} if game in REAL_TIME else {}
    made = httpx.post(
        f"{server}/api/games", json={"game": game, "seats": seats, "options": options}
    )
    assert made.status_code == 201, made.text
    found: dict[str, Any] = made.json()
    return found


def _check(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("body")).not_to_be_empty()
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(500)  # the pages draw from their first state message
    found = unexplained(page)
    assert not found, (url, found)


@pytest.mark.parametrize(("lang", "viewport"), [("en", DESKTOP), ("ja", PHONE)])
def test_the_shared_pages(server: str, browser: Browser, lang: str, viewport: ViewportSize) -> None:
    page = browser.new_page(viewport=viewport)
    for path in ["/", "/learn", "/rules", *(f"/rules/{name}" for name in titles())]:
        _check(page, f"{server}{path}?lang={lang}")


@pytest.mark.parametrize("game", list(titles()))
def test_every_titles_pages(server: str, browser: Browser, game: str) -> None:
    made = _create(server, game, [{"name": "Ann"}, {"bot": "random"}])
    invited = _create(server, game, [{"name": "Ann"}, {}])
    watched = _create(server, game, [{"bot": "random"}, {"bot": "random"}])
    desktop = browser.new_page(viewport=DESKTOP)
    _check(desktop, f"{server}{made['me']['url']}&lang=en")
    _check(desktop, f"{server}{made['host_url']}&lang=en")
    _check(desktop, f"{server}{invited['seats'][1]['invite_url']}?lang=en")
    phone = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    _check(phone, f"{server}{made['me']['url']}&lang=ja")
    # A spectator's page: the end of a bots' game (its results), or well under way. The
    # pages checked so far are left meanwhile: a live game's pushes would redraw them.
    desktop.goto("about:blank")
    phone.goto("about:blank")
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        now = httpx.get(f"{server}/api/games/{watched['id']}").json()
        if now["finished"] or (game in SLOW_ENDING and now["actions"] >= 25):
            break
        time.sleep(0.5)
    else:
        raise AssertionError(f"the bots' game of {game} did not get under way")
    _check(desktop, f"{server}/g/{watched['id']}?lang=en")
    _check(phone, f"{server}/g/{watched['id']}?lang=ja")
    if now["finished"]:
        _check(desktop, f"{server}/replay/{watched['id']}?lang=en")


def test_the_check_finds_what_stays_unexplained_and_not_what_a_frame_later_is(
    browser: Browser,
) -> None:
    """The check itself: a count with no tooltip is found; one with a tooltip is not; one
    whose tooltip comes a moment after it is drawn (as static/tips.js attaches them, in the
    next animation frame) is not, since a player never sees it without."""
    page = browser.new_page()
    page.set_content(
        '<main><p id="bare">3/3</p><p id="tipped"><span data-tip="1">0/4</span></p>'
        '<p id="late"><span>1/4</span></p></main>'
        "<script>setTimeout(() => document.querySelector('#late span')"
        ".setAttribute('data-tip', '1'), 100)</script>"
    )
    found = unexplained(page)
    assert [(f["tokens"], f["where"]) for f in found] == [("3/3", "bare")]
