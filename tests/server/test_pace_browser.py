"""Bots' moves paced on the page (issue 31): two bots answer a person's move at once, and
the page shows each of their moves for the game's pace before the next (the server's
`pace_ms`, changed per game on the page); at once when the page says so."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.server.live import live_server

PACE = 700


@pytest.fixture
def paced(tmp_path: Path) -> Iterator[str]:
    with live_server(tmp_path, bot_delay=0.0, pace_ms=PACE) as running:
        yield running.url


def _buy(page: Page) -> None:
    page.locator("#board .cm-cell.cm-target").first.click()
    if page.locator("#choice .chip").count():
        page.locator("#choice .chip").first.click()
    page.click("#confirm-btn")


def _watch(page: Page) -> None:
    """From now on, note (action count, time in ms) of every update the page draws: set
    before the move that sets the bots off, so that none of their moves is drawn unseen."""
    page.evaluate(
        """() => {
          const seen = [[Number(document.body.dataset.actions), performance.now()]];
          window.__seen = seen;
          window.__held = 0; // how many updates were ever held back at once
          new MutationObserver(() => {
            const n = Number(document.body.dataset.actions);
            if (n !== seen[seen.length - 1][0]) seen.push([n, performance.now()]);
            window.__held = Math.max(window.__held, Number(document.body.dataset.queued || 0));
          }).observe(document.body, {
            attributes: true, attributeFilter: ["data-actions", "data-queued"],
          });
        }"""
    )


def _seen(page: Page, until: int) -> list[tuple[int, float]]:
    """What `_watch` noted, once the page has drawn action `until`."""
    page.wait_for_function("(until) => window.__seen.at(-1)[0] >= until", arg=until, timeout=15_000)
    return [(int(n), float(at)) for n, at in page.evaluate("window.__seen")]


def test_each_bot_move_is_shown_for_the_pace(paced: str, browser: Browser) -> None:
    res = httpx.post(
        paced + "/api/games",
        json={
            "game": "chocolate-milk",
            "seats": [{"name": "Ann"}, {"bot": "random"}, {"bot": "random"}],
            "seed": 3,
        },
    )
    assert res.status_code == 201, res.text
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(paced + res.json()["me"]["url"])
    expect(page.locator("#status.yours")).to_be_visible(timeout=15_000)
    expect(page.locator("#sl-pace")).to_have_value(str(PACE))  # "one by one": the server's
    _watch(page)
    _buy(page)
    seen = _seen(page, 3)
    counts = [n for n, _ in seen]
    assert counts[-3:] == [1, 2, 3], counts  # each move drawn, none skipped
    (_, first), (_, second) = seen[-2:]
    assert second - first >= PACE - 50, seen  # the second bot's move waited its turn
    assert page.evaluate("window.__held") >= 1  # ... held back by the page
    expect(page.locator("#status.yours")).to_be_visible(timeout=10_000)

    # "At once": the person's own choice for this game, kept in this browser.
    page.click("#sidelog .sl-settings summary")
    page.select_option("#sl-pace", "0")
    _watch(page)
    _buy(page)
    seen = _seen(page, 6)
    assert [n for n, _ in seen][-3:] == [4, 5, 6], seen
    # Each move drawn as it came: none was ever held back for a pace.
    assert page.evaluate("window.__held") == 0
