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


def _seen(page: Page, until: int) -> list[tuple[int, float]]:
    """(action count, time in ms) of every update the page drew, until `until`."""
    return list(
        page.evaluate(
            """(until) => new Promise((done) => {
              const seen = [[Number(document.body.dataset.actions), performance.now()]];
              const watch = new MutationObserver(() => {
                const n = Number(document.body.dataset.actions);
                if (n !== seen[seen.length - 1][0]) seen.push([n, performance.now()]);
                if (n >= until) { watch.disconnect(); done(seen); }
              });
              watch.observe(document.body, { attributes: true, attributeFilter: ["data-actions"] });
            })""",
            until,
        )
    )


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
    _buy(page)
    seen = _seen(page, 3)
    counts = [n for n, _ in seen]
    assert counts[-3:] == [1, 2, 3], counts  # each move drawn, none skipped
    (_, first), (_, second) = seen[-2:]
    assert second - first >= PACE - 50, seen  # the second bot's move waited its turn
    expect(page.locator("#status.yours")).to_be_visible(timeout=10_000)

    # "At once": the person's own choice for this game, kept in this browser.
    page.click("#sidelog .sl-settings summary")
    page.select_option("#sl-pace", "0")
    _buy(page)
    seen = _seen(page, 6)
    (_, first), (_, second) = seen[-2:]
    assert second - first < PACE - 100, seen
