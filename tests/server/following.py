"""What every title's browser test checks of following a game and finishing it (issue 31):
the side log, the marks of an opponent's move, the end screen's breakdown, the drawn
replay; and the phone's rules (Confirm in view, no sideways scrolling). Used by the
titles' test_*_browser.py files; screenshots go to out/screenshots/<title>/."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "out" / "screenshots"
# What a table player never reads: ids like "clothes-8", "drinks-2", "salmon-west",
# "black-tall-bottle", "shinjuku-3", "(3-01)".
INTERNAL_ID = re.compile(
    r"\b(?:clothes|drinks|salmon|laundry)-[a-z0-9]+\b|\b[a-z]+-(?:tall|pet|bottle|glass|squat|short)"
    r"-(?:bottle|can)\b|\b(?:shinjuku|shibuya|ikebukuro|ueno|asakusa|ginza|akihabara|shinagawa|"
    r"roppongi)-\d\b"
)


def shot(page: Page, title: str, name: str) -> None:
    folder = SHOTS / title
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / name), full_page=True)


def side_log_lines(page: Page) -> list[str]:
    return page.locator("#sidelog-list li").all_inner_texts()


def check_side_log(page: Page, names: tuple[str, ...]) -> None:
    """The side log is in view (a right column on a wide screen; on a phone the last move
    under the status, a tap opens the drawer), announced to screen readers, names players
    by name, and shows no internal id."""
    log = page.locator("#sidelog")
    phone = page.viewport_size["width"] < 1100  # type: ignore[index]
    if phone:
        expect(page.locator("#last-move")).to_be_visible()
        page.click("#last-move")
    expect(log).to_be_visible()
    expect(page.locator("#sidelog-list")).to_have_attribute("aria-live", "polite")
    expect(page.locator("#sidelog-list li").first).to_be_visible(timeout=10_000)
    box = log.bounding_box()
    width = page.viewport_size["width"]  # type: ignore[index]
    assert box is not None and box["x"] + box["width"] >= width - 1, box  # on the right
    if not phone:
        assert box["x"] > width / 2, box  # a column beside the table
    lines = side_log_lines(page)
    if phone:
        page.click("#sl-close")
        expect(log).to_be_hidden()
    text = "\n".join(lines)
    assert any(n in text for n in names), text[:500]
    found = INTERNAL_ID.findall(text)
    assert not found, found


def check_marked(page: Page) -> None:
    """An opponent's move is marked on the board (static/follow.js)."""
    page.wait_for_function("Number(document.body.dataset.marked || 0) > 0", timeout=15_000)
    assert page.locator(".follow-ring, .follow-hl").count() > 0


def check_end(page: Page, columns: tuple[str, ...], seats: int) -> None:
    """The end screen: the ranking, the breakdown with the title's columns and a row per
    seat, the length, Rematch (for a seat) and the replay's link."""
    expect(page.locator("#ranking")).to_be_visible(timeout=15_000)
    expect(page.locator("#breakdown tbody tr")).to_have_count(seats)
    head = page.locator("#breakdown thead").inner_text()
    for column in columns:
        assert column in head, (column, head)
    expect(page.locator("#end-length")).to_be_visible()
    expect(page.locator("#end .replay-link")).to_be_visible()


def check_replay(browser: Browser, url: str, board: str, title: str) -> Page:
    """The drawn replay: the title's board, the move list (a move jumps to the table after
    it), step and play controls, any seat's view."""
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.goto(url)
    expect(page.locator(board).first).to_be_visible(timeout=15_000)
    expect(page.locator("#sidelog-list li").nth(2)).to_be_visible(timeout=10_000)
    page.click("#next")
    expect(page.locator("#where")).to_contain_text("Step 1 of ", timeout=5_000)
    page.click("#last")
    page.wait_for_function(
        "document.body.dataset.replayStep && document.body.dataset.replayStep !== '1'"
    )
    entry = page.locator("#sidelog-list li").nth(3)
    step = int(entry.get_attribute("data-i") or "0") + 1
    entry.locator("button").click()
    page.wait_for_function(f"document.body.dataset.replayStep === '{step}'", timeout=5_000)
    page.select_option("#seat-view", "0")
    expect(page.locator("#where")).to_contain_text("1", timeout=5_000)
    page.click("#play")
    expect(page.locator("#play")).to_have_attribute("aria-pressed", "true")
    page.click("#play")
    shot(page, title, "replay.png")
    return page


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    inner = page.evaluate("innerWidth")
    wide = page.evaluate(
        "[...document.querySelectorAll('body *')]"
        ".filter(e => e.getBoundingClientRect().right > innerWidth + 1"
        " && !e.closest('#sidelog, .end-table-box, #last-move'))"
        ".slice(0, 5).map(e => e.tagName + '.' + e.className + '#' + e.id"
        " + ' ' + Math.round(e.getBoundingClientRect().right))"
    )
    assert width <= inner, f"the page is {width} px wide on a {inner} px phone: {wide}"


def confirm_in_view(page: Page) -> None:
    """After a tap on the board, Confirm is within the screen (issue 31)."""
    button = page.locator("#confirm-btn")
    expect(button).to_be_visible(timeout=5_000)
    box = button.bounding_box()
    height = page.viewport_size["height"]  # type: ignore[index]
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, box
