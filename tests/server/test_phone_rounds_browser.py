"""A round of TOKYO JUTAKU, COUNTDOWN and BOTTLE BONUS on a phone (issue 31): once the
round starts, the card's plot, the tools (Stop!, turn, flip) and the pool of elements are
all on the screen at once — an element is taken and placed without scrolling — and the
page never scrolls sideways. Screenshots in out/screenshots/phone/."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.server.following import no_sideways_scroll, shot
from tests.server.live import LiveServer, live_server

HEIGHT = 844


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with live_server(tmp_path_factory.mktemp("phones")) as running:
        yield running


def _in_view(node: Locator, what: str) -> None:
    box = node.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + min(box["height"], 40) <= HEIGHT, (
        what,
        box,
    )


def _begin(page: Page, game: str) -> None:
    if game == "countdown":
        page.locator("#cards [data-card]").first.click(timeout=15_000)
    else:
        page.locator("#plan .ju-dest").first.click(timeout=15_000)


@pytest.mark.parametrize("game", ["tokyo-jutaku", "countdown", "bottle-bonus"])
def test_the_plot_and_the_pool_share_the_screen_during_a_round(
    live: LiveServer, browser: Browser, game: str
) -> None:
    res = httpx.post(
        live.url + "/api/games",
        json={"game": game, "seats": [{"name": "Ann"}], "seed": 5, "practice": True},
    )
    assert res.status_code == 201, res.text
    context = browser.new_context(
        viewport={"width": 390, "height": HEIGHT}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    page.goto(live.url + res.json()["me"]["url"])
    _begin(page, game)
    page.wait_for_function("document.body.dataset.phase === 'build'", timeout=20_000)
    page.wait_for_timeout(300)  # the round's card scrolled into view
    plot = page.locator("#plots svg.ju-plot").first
    first = page.locator("#pool .ju-el:not([disabled])").first
    expect(first).to_be_visible()
    _in_view(plot, "the plot")
    _in_view(first, "the pool")
    _in_view(page.locator("#rot"), "the tools")
    # Take an element, point at the plot, place it: the page never scrolls meanwhile.
    first.tap()
    expect(page.locator("#hand .ju-inhand")).to_be_visible(timeout=5_000)
    _in_view(page.locator("#hand"), "the element in hand")
    square = page.locator("#plots svg.ju-plot rect[fill='#fff']").first  # inside the border
    _in_view(square, "a square of the plot")
    square.tap()  # a first touch shows where the element would go, a second places it
    square.tap()
    expect(page.locator("#plots .ju-h")).not_to_have_count(0, timeout=5_000)  # placed
    shot(page, "phone", f"{game}-round.png")
    _in_view(plot, "the plot, after placing")
    _in_view(page.locator("#pool .ju-el").first, "the pool, after placing")
    no_sideways_scroll(page)
    context.close()
