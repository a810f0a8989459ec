"""One game of each title played by keyboard alone, in Chromium (issue 31): Tab and
Shift+Tab reach every choice on the board (map targets, cards, cells, corners, the plot of
one's card), Enter or Space takes it, the arrow keys move an element over the plot, and
Confirm is a button like any other. No mouse event is ever sent. The first moves of a
turn-based game Tab round the page to each choice; the later ones focus the element just
before the choice and Tab once (FULL_TABS). Real-time titles are
played alone, their clock moved on by the test (as test_bottle_bonus_browser.py does).

Slow (several whole games). Screenshots in out/screenshots/keyboard/."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.server.following import shot
from tests.server.live import LiveServer, live_server

pytestmark = pytest.mark.slow

FOCUSED = "(s) => !!document.activeElement && document.activeElement.matches(s)"
ANY = (
    "(s) => [...document.querySelectorAll(s)].some((e) => e.getClientRects().length && !e.disabled)"
)


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with live_server(tmp_path_factory.mktemp("keyboard"), bot_delay=0.01) as running:
        yield running


# Whether the first (or last) element `selector` finds comes before the focus: a person
# Shift+Tabs back to it rather than going round the whole page.
BEFORE = """([s, last]) => {
  const found = [...document.querySelectorAll(s)].filter((e) => e.getClientRects().length);
  const target = last ? found[found.length - 1] : found[0];
  const at = document.activeElement;
  if (!target || !at || at === document.body) return false;
  return Boolean(at.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_PRECEDING);
}"""


# Focus the element just before the first (or last) one `selector` finds, in the order
# Tab follows (document order of what takes the focus; no page uses a positive tabindex).
BESIDE = """([s, last]) => {
  const shown = (e) => e.getClientRects().length && !e.disabled && !e.closest("[inert], [hidden]");
  const takers = "a[href], button, input, select, textarea, [tabindex]";
  const order = [...document.querySelectorAll(takers)].filter((e) => e.tabIndex >= 0 && shown(e));
  const found = [...document.querySelectorAll(s)].filter(shown);
  const at = order.indexOf(last ? found[found.length - 1] : found[0]);
  if (at < 1) return false;
  order[at - 1].focus();
  return document.activeElement === order[at - 1];
}"""

# After a game's first moves, each choice is reached by one Tab from the element before
# it (focused by script), not by Tabbing round the page from wherever the focus was: the
# first moves show that Tab goes round the whole page (no trap) and the later ones that
# each choice is in Tab's order. A whole game Tabbed round cost minutes of Chromium.
FULL_TABS = 8
_short = {"on": False}


def reach(page: Page, selector: str, backwards: bool = False, limit: int = 700) -> bool:
    """Tab (Shift+Tab when it is behind, or `backwards`: the last one) until the focus
    is on `selector`."""
    if not page.evaluate(ANY, selector):
        return False
    if _short["on"] and page.evaluate(BESIDE, [selector, backwards]):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED, selector):
            return True
    back = backwards or page.evaluate(BEFORE, [selector, backwards])
    key = "Shift+Tab" if back else "Tab"
    for _ in range(limit):
        if page.evaluate(FOCUSED, selector):
            return True
        page.keyboard.press(key)
    return False


def press(page: Page, selector: str, backwards: bool = False, key: str = "Enter") -> bool:
    if not reach(page, selector, backwards):
        return False
    page.keyboard.press(key)
    return True


def actions(page: Page) -> int:
    return int(page.evaluate("Number(document.body.dataset.actions || 0)"))


def mine(page: Page) -> bool:
    return bool(
        page.evaluate(
            "document.getElementById('status')?.classList.contains('yours')"
            " && document.body.dataset.pending !== '1' && document.body.dataset.queued !== '1'"
        )
    )


def play(page: Page, choose: Any, limit: float, title: str) -> int:
    """Until the end screen: whenever it is this seat's move, `choose(page)` by keys."""
    deadline = time.monotonic() + limit
    moves = 0
    _short["on"] = False
    try:
        while not page.locator("#ranking").is_visible():
            assert time.monotonic() < deadline, f"{title}: not over after {moves} moves by keys"
            if mine(page) and choose(page):
                moves += 1
                _short["on"] = moves >= FULL_TABS
                if moves == 3:
                    shot(page, "keyboard", f"{title}.png")
            else:
                page.wait_for_timeout(60)
    finally:
        _short["on"] = False
    return moves


def confirm(page: Page) -> bool:
    """Chips first (the first one), then Confirm: both reached with Tab."""
    for _ in range(4):
        if press(page, "#confirm-btn"):
            return True
        if not press(page, "#choice .chip"):
            return False
    return False


def shopping(page: Page) -> bool:
    if press(page, '#choice button.big[data-kind="move"]') or press(page, "#mall .sh-card-target"):
        return confirm(page)
    # Walk to the last point offered (the nearest the exit), reached from the page's end.
    if press(page, "#mall .sh-point-target", backwards=True) or press(page, "#choice button.big"):
        return confirm(page)
    return False


def chocolate_milk(page: Page) -> bool:
    if press(page, "#board .cm-cell.cm-target") or press(page, "#board .cm-card.cm-target"):
        if reach(page, "#option-pick"):
            page.keyboard.press("End")
            press(page, "#choice button.chip")
        return confirm(page)
    return press(page, "#choice button.big") and confirm(page)


def izakaya(page: Page) -> bool:
    if reach(page, "#bid-amount"):
        page.keyboard.press("Home")  # IZ-2: ¥0
        return press(page, "#bid-send")
    if page.evaluate(ANY, "#cards svg.iz-plan[tabindex]"):
        # The plot the page hints a square on (the element fits there, turned as it is);
        # R turns it, F flips it, until one does. Enter places it where it fits.
        for turn in range(9):
            if press(page, "#cards svg.iz-plan[tabindex]:has(rect.fit)"):
                page.wait_for_timeout(200)
                return True
            page.keyboard.press("f" if turn % 4 == 3 else "r")
            page.wait_for_timeout(100)
        return False
    for first, then in (
        ("#pool button.ju-el:enabled", None),
        ("#board rect.edge", "#board rect.pick"),
    ):
        if press(page, first):
            if then:
                page.wait_for_timeout(100)
                press(page, then)
            return True
    if press(page, "#market button.iz-colour:enabled"):
        return press(page, "#board circle.hot")
    return press(page, "#price-send") or press(page, "#moves button")


def tokyo_metro(page: Page) -> bool:
    if reach(page, "#bid-amount"):
        return press(page, "#bid-submit")
    for selector in (
        "#confirm-btn",
        "#board .target",
        "#lines-table button.slot-target",
        "#choice .chip",
        "#cards button.spot.legal",
        "#choice button.big",
    ):
        if press(page, selector):
            return True
    return False


def _game(
    url: str, game: str, seats: list[dict[str, Any]], options: dict[str, str] | None = None
) -> dict[str, Any]:
    res = httpx.post(
        f"{url}/api/games",
        json={"game": game, "seats": seats, "seed": 5, "practice": True, "options": options or {}},
        timeout=30,
    )
    assert res.status_code == 201, res.text
    data: dict[str, Any] = res.json()
    return data


@pytest.mark.parametrize(
    ("game", "choose", "limit"),
    [
        ("shopping", shopping, 600),
        ("chocolate-milk", chocolate_milk, 600),
        ("izakaya", izakaya, 600),
        ("tokyo-metro", tokyo_metro, 900),
    ],
)
def test_a_turn_based_game_by_keyboard_alone(
    live: LiveServer, browser: Browser, game: str, choose: Any, limit: float
) -> None:
    made = _game(live.url, game, [{"name": "Ann"}, {"bot": "random", "name": "Bob"}])
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(live.url + made["me"]["url"])
    expect(page.locator("#status")).to_contain_text("Ann", timeout=15_000)
    moves = play(page, choose, limit, game)
    assert moves > 3
    # The end screen's buttons are reached the same way.
    assert reach(page, "#end .replay-link")
    shot(page, "keyboard", f"{game}-end.png")


class Clock:
    def __init__(self, running: LiveServer) -> None:
        self.running = running
        self.hub = running.app.state.hub

    def to_deadline(self, game_id: str) -> None:
        live = self.running.call(self.hub.get(game_id), 5)
        due = live.state.deadline()
        if due is not None:
            live.clock_origin -= max(0, due - self.hub.game_time(live)) / 1000 + 0.01


def _take_and_place(page: Page) -> bool:
    """An element from the pool (Enter), then Enter on the plot: it goes where it fits,
    R turns it when it fits nowhere as it is."""
    before = actions(page)
    if not press(page, "#pool .ju-el:not([disabled])"):
        return False
    expect(page.locator("#hand .ju-inhand")).to_be_visible(timeout=5_000)
    if not reach(page, "#plots svg.ju-plot[tabindex]"):
        return False
    for turn in range(9):
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("Enter")
        page.wait_for_timeout(250)
        if actions(page) > before + 1:
            return True
        page.keyboard.press("f" if turn % 4 == 3 else "r")
    return press(page, "#put-back") and False


@pytest.mark.parametrize(
    ("game", "start", "finish"),
    [
        ("tokyo-jutaku", "#plan .ju-dest", "#stop"),
        ("countdown", "#cards [data-card]", "#done"),
        ("bottle-bonus", "#plan .ju-dest", "#stop"),
    ],
)
def test_a_real_time_game_by_keyboard_alone(
    live: LiveServer, browser: Browser, game: str, start: str, finish: str
) -> None:
    """Round 1 by keys (start, an element taken and placed, Stop! or Done); then the
    clock runs out round after round, the seat moving on the plan by keys, to the end."""
    clock = Clock(live)
    # The slow clock (issue 30): on a loaded machine round 1 ran out while Ann's keys were
    # still placing; the test moves the clock to each deadline itself.
    made = _game(live.url, game, [{"name": "Ann"}], {"clock": "slow"})
    gid = made["id"]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(live.url + made["me"]["url"])
    expect(page.locator("#status")).to_contain_text("Ann", timeout=15_000)
    deadline = time.monotonic() + 240
    built = False
    while not page.locator("#ranking").is_visible():
        assert time.monotonic() < deadline, f"{game}: not over by keys"
        view = live.call(live.app.state.hub.get(gid), 5).state.view(0)
        if view["phase"] == "build" and not built:
            built = True
            assert _take_and_place(page), f"{game}: no element placed by keys"
            shot(page, "keyboard", f"{game}.png")
            assert press(page, finish)
            page.wait_for_timeout(300)
            continue
        if press(page, start) or press(page, "#keep") or press(page, "#ready"):
            page.wait_for_timeout(300)
            continue
        if game == "countdown" and view["phase"] == "build" and press(page, finish):  # CD-3: out
            page.wait_for_timeout(300)
            continue
        clock.to_deadline(gid)
        page.wait_for_timeout(300)
    assert built and reach(page, "#end .replay-link")
    shot(page, "keyboard", f"{game}-end.png")
