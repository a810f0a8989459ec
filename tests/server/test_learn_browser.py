"""Each title's guided first game in Chromium (issue 30), followed to its end as a learner
would: on a desktop in English and on a phone (390 × 844) in another language; the
screenshots of every step go to out/screenshots/learn/ to be looked at. CHOCOLATE MILK's
lesson then goes on as a real game against the learning bot, played to its end.

Fails, not skips, without the browser (`EKIMAE_BROWSER=1 tools/services.sh`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect
from playwright.sync_api import Error as PlaywrightError

from ekimae.server.learn import lessons
from ekimae.server.titles import web_title
from tests.server.lessons import follow_lesson, no_sideways_scroll, start_lesson
from tests.server.live import live_server
from tests.server.symbols import unexplained

DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One live server for the module's lessons (each makes its own games)."""
    with live_server(tmp_path_factory.mktemp("learn"), bot_delay=0.05) as live:
        yield live.url


def _pick_chip(page: Page, label: str) -> None:
    """A second choice after the board's click (which drink, which crate, which item): the
    chip saying the lesson's move, or the menu a long list becomes."""
    menu = page.locator("#choice #option-pick")
    if menu.count():
        menu.select_option(label=label)
        _click(page, "#choice button.chip")
    elif page.locator("#choice .chip").count():
        texts = [text.strip() for text in page.locator("#choice .chip").all_text_contents()]
        nth = texts.index(label.strip()) if label.strip() in texts else 0
        _click(page, f"#choice .chip >> nth={nth}")


def _milk_move(page: Page, label: str, wanted: dict[str, Any]) -> None:
    """CHOCOLATE MILK's page (issue 31): a card of the grid to step and buy, a Stock card to
    sell on, then which drinks (a chip), or a big button (crate, pass); then Confirm."""
    kind = wanted["type"]
    if kind == "buy":
        _click(page, f"#board .cm-cell.cm-target[data-cell='{wanted['cell']}']")
    elif kind == "sell":
        _click(page, f"#board .cm-card.cm-target[data-card='{wanted['card']}']")
    else:
        _click(page, f"#choice button.big[data-kind='{kind}']")
    if not page.locator("#confirm-btn").count():
        _pick_chip(page, label)
    _click(page, "#confirm-btn")


def _shopping_move(page: Page, label: str, wanted: dict[str, Any]) -> None:
    """THE SHOPPING GAME's page (issue 31): a blue point of the mall to walk to, a card in
    front (then which item) or the vending machine to take from, a big button to leave or
    pass; then Confirm."""
    kind = wanted["type"]
    if kind == "move" and wanted["to"] != "out":
        _click(page, f"#mall .sh-point-target[data-point='{wanted['to']}']")
    elif kind == "take":
        _click(page, f"#mall .sh-card-target[data-shop='{wanted['shop']}']")
        if page.locator("#choice .chip").count():
            _click(page, f"#choice .chip[data-item='{wanted['item']}']")
    elif kind == "machine":
        _click(page, "#mall .sh-card-target[data-machine]")
    else:
        _click(page, f"#choice button.big[data-kind='{kind}']")
    _click(page, "#confirm-btn")


def _play_milk_to_the_end(page: Page) -> None:
    """After the lesson: a real game against the learning bot, to CM-3's end, played on
    the board: the first card of the grid to buy on, else a Stock card to sell on, else a
    big button (crate, pass); the last option of any choice; then Confirm."""
    choice = page.locator("#choice")
    for _ in range(400):
        if page.locator("#ranking").is_visible():
            return
        if page.locator("#status.yours").count() and not page.locator("#confirm-btn").count():
            cells = page.locator("#board .cm-cell.cm-target")
            cards = page.locator("#board .cm-card.cm-target")
            try:
                if cells.count():
                    cells.first.click(timeout=2_000)
                elif cards.count():
                    cards.last.click(timeout=2_000)
                elif choice.locator("button.big").count():
                    choice.locator("button.big").first.click(timeout=2_000)
                menu = choice.locator("#option-pick")
                if menu.count():
                    menu.select_option(index=0)
                    choice.locator("button.chip").click(timeout=2_000)
                elif choice.locator(".chip").count():
                    choice.locator(".chip").last.click(timeout=2_000)
                page.locator("#confirm-btn").click(timeout=2_000, no_wait_after=True)
            except PlaywrightError:
                pass  # the board was redrawn under the click (the bot moved): look again
        page.wait_for_timeout(200)
    raise AssertionError("the game after the lesson did not end")


def _explained(page: Page) -> None:
    """Issue 30: no symbol or abbreviation without a tooltip or a description, at every step."""
    found = unexplained(page)
    assert not found, found


# TOKYO METRO's page points (issue 13): a spot on a card, then the map's target or the
# lines table's, then chips (discounts, tokens), then Confirm; a bid is a form; moves
# without a choice are big buttons.
DIMS = ("cell", "station", "line", "pile", "drink", "free", "token", "stake", "discounts")


# The middle of what the screen shows of the page: below what sticks to its top (the
# status), above what sticks to its bottom (a phone's move panel, the docked lesson).
_TO_THE_MIDDLE = """(n) => {
  n.scrollIntoView({ block: 'center', behavior: 'instant' });
  let top = 0, bottom = innerHeight;
  for (const bar of document.querySelectorAll('body *')) {
    if (bar.contains(n) || bar.closest('svg')) continue;
    const style = getComputedStyle(bar);
    if (style.position !== 'sticky' && style.position !== 'fixed') continue;
    const b = bar.getBoundingClientRect();
    if (!b.height || b.width < innerWidth / 2 || b.bottom <= 0 || b.top >= innerHeight) continue;
    if (b.right <= 0 || b.left >= innerWidth || b.height > innerHeight / 2) continue;  // a drawer
    if (b.top <= 1) top = Math.max(top, b.bottom);  // stuck to the top
    else bottom = Math.min(bottom, b.top);
  }
  const r = n.getBoundingClientRect();
  window.scrollBy({ top: (r.top + r.bottom) / 2 - (top + bottom) / 2, behavior: 'instant' });
}"""


def _click(page: Page, selector: str) -> None:
    """Click as a person on a phone does: the thing scrolled first to the middle of what
    the screen shows (the lesson's panel is docked at the bottom, a phone's move panel
    sticks above it)."""
    node = page.locator(selector).first
    node.evaluate(_TO_THE_MIDDLE)
    node.click()


def _point_and_confirm(page: Page, label: str, wanted: dict[str, Any]) -> None:
    kind = wanted["type"]
    if kind == "turn-bid":
        page.select_option("#bid-amount", str(wanted["amount"]))
        _click(page, "#bid-submit")
        return
    if "spot" in wanted:
        _click(page, f"#cards .spot[data-spot='{wanted['spot']}']")
    for dim in DIMS:
        if dim not in wanted or dim == "discounts":
            continue
        raw = wanted[dim]
        value = ("true" if raw else "false") if isinstance(raw, bool) else str(raw)
        # The lines table's and the chips' buttons before the map's targets (a map's lines
        # cross each other: one may lie over another where it is clicked).
        for choice in (
            f"#lines-table [data-line-target='{value}']",
            f"#choice .chip[data-dim='{dim}'][data-value='{value}']",
            f"#cards [data-pile='{value}'].legal",
            f"#targets [data-value='{value}']",
        ):
            if page.locator(choice).count():
                _click(page, choice)
                break
    if page.locator("#confirm-btn").count():
        _click(page, "#confirm-btn")
    elif "spot" not in wanted:
        _click(page, f"#choice button.big[data-kind='{kind}']")


@pytest.mark.parametrize(
    ("key", "lang", "viewport"),
    [
        ("tokyo-metro", "en", DESKTOP),
        ("tokyo-metro", "ja", PHONE),
        ("osaka-metro", "en", DESKTOP),
        ("osaka-metro", "it", PHONE),
        ("metro-drinks", "en", DESKTOP),
        ("metro-drinks", "fr", PHONE),
    ],
)
def test_tokyo_metros_first_game_and_add_ons(
    server: str, browser: Browser, key: str, lang: str, viewport: ViewportSize
) -> None:
    page = browser.new_page(viewport=viewport)
    start_lesson(page, server, key, lang)
    name = f"{key}-{lang}-{viewport['width']}"
    said = follow_lesson(page, key, _point_and_confirm, name, each=_explained)
    assert said == [s.say[lang] for s in lessons()[key].steps]
    expect(page.locator("#learn")).to_be_hidden()
    no_sideways_scroll(page)


def _izakaya_move(page: Page, label: str, wanted: dict[str, Any]) -> None:
    """IZAKAYA's page: the bid form, the grid's edges, cards and corners, the Colour
    cards, the pool and one's card's squares."""
    kind = wanted["type"]
    if kind == "bid":
        page.select_option("#bid-amount", index=0)  # the amounts in order: ¥0 first
        _click(page, "#bid-send")
    elif kind == "claim":
        _click(page, f"#board .edge[data-edge='{wanted['edge']}']")
        if page.locator(f"#board rect.pick[data-space='{wanted['space']}']").count():
            _click(page, f"#board rect.pick[data-space='{wanted['space']}']")
    elif kind == "bottle":
        _click(page, f"#market .iz-colour[data-colour='{wanted['colour']}']")
        _click(page, f"#board circle.hot[data-corner='{wanted['corner']}']")
    elif kind == "build":
        _click(page, f"#pool .ju-el[data-element='{wanted['element']}']")
    elif kind == "place":
        plot = f"#cards svg[data-plot='{wanted['space']}/{wanted['plot']}']"
        _click(page, f"{plot} rect[data-x='{wanted['x']}'][data-y='{wanted['y']}']")
    else:
        page.locator("#moves button", has_text=label).first.click()


@pytest.mark.parametrize(("lang", "viewport"), [("en", DESKTOP), ("ja", PHONE)])
def test_izakayas_first_game(
    server: str, browser: Browser, lang: str, viewport: ViewportSize
) -> None:
    page = browser.new_page(viewport=viewport)
    start_lesson(page, server, "izakaya", lang)
    name = f"izakaya-{lang}-{viewport['width']}"
    said = follow_lesson(page, "izakaya", _izakaya_move, name, each=_explained)
    assert said == [s.say[lang] for s in lessons()["izakaya"].steps]
    expect(page.locator("#learn")).to_be_hidden()
    no_sideways_scroll(page)


def _building_move(page: Page, label: str, wanted: dict[str, Any]) -> None:
    """The building pages (TOKYO JUTAKU, COUNTDOWN, BOTTLE BONUS): the plan's cards or the
    cards to pick, the pool, a square of one's plot (the element's first square goes
    where the pointer is), the tools."""
    kind = wanted["type"]
    if kind in ("start", "move"):
        _click(page, f".ju-space[data-space='{wanted['space']}']")
    elif kind == "pick":
        _click(page, f"#cards .cd-card[data-card='{wanted['card']}']")
    elif kind == "take":
        _click(page, f"#pool .ju-el[data-element='{wanted['element']}']")
    elif kind == "place":
        ax, ay = SHAPES[wanted["element"]][wanted["turn"]][0]
        plot = f"#plots svg[data-plot='{wanted.get('plot', 0)}']"
        square = f"{plot} rect[data-x='{wanted['x'] + ax}'][data-y='{wanted['y'] + ay}']"
        page.locator(square).evaluate("(n) => n.scrollIntoView({ block: 'center' })")
        page.locator(square).hover()
        page.locator(square).click()
    else:
        _click(page, f"#{kind}")  # the tools: Stop!, Done with this floor, Ready


SHAPES: dict[str, list[list[list[int]]]] = {
    ident: e["shapes"] for ident, e in web_title("tokyo-jutaku").components()["elements"].items()
}


@pytest.mark.parametrize(
    ("key", "lang", "viewport"),
    [
        ("tokyo-jutaku", "en", DESKTOP),
        ("tokyo-jutaku", "fr", PHONE),
        ("countdown", "en", DESKTOP),
        ("countdown", "ja", PHONE),
        ("bottle-bonus", "en", DESKTOP),
        ("bottle-bonus", "it", PHONE),
    ],
)
def test_the_building_games_first_lessons(
    server: str, browser: Browser, key: str, lang: str, viewport: ViewportSize
) -> None:
    """Alone on the slow clock, then a real game against the learning bot."""
    page = browser.new_page(viewport=viewport)
    start_lesson(page, server, key, lang)
    name = f"{key}-{lang}-{viewport['width']}"
    said = follow_lesson(page, key, _building_move, name, each=_explained)
    assert said == [s.say[lang] for s in lessons()[key].steps]
    page.wait_for_url(lambda url: "learn=" not in url, timeout=30_000)  # the real game
    expect(page.locator("#status")).to_contain_text("1", timeout=30_000)
    game = page.url.split("/g/")[1].split("?")[0]
    bots = httpx.get(f"{server}/api/games/{game}").json()["bots"]
    assert bots == [None, lessons()[key].bot]
    no_sideways_scroll(page)


@pytest.mark.parametrize(("lang", "viewport"), [("en", DESKTOP), ("it", PHONE)])
def test_the_shopping_games_first_game(
    server: str, browser: Browser, lang: str, viewport: ViewportSize
) -> None:
    page = browser.new_page(viewport=viewport)
    start_lesson(page, server, "shopping", lang)
    name = f"shopping-{lang}-{viewport['width']}"
    said = follow_lesson(page, "shopping", _shopping_move, name, each=_explained)
    assert said == [s.say[lang] for s in lessons()["shopping"].steps]
    expect(page.locator("#learn")).to_be_hidden()
    no_sideways_scroll(page)


@pytest.mark.parametrize(("lang", "viewport"), [("en", DESKTOP), ("fr", PHONE)])
def test_chocolate_milks_first_game(
    server: str, browser: Browser, lang: str, viewport: ViewportSize
) -> None:
    page = browser.new_page(viewport=viewport)
    start_lesson(page, server, "chocolate-milk", lang)
    name = f"chocolate-milk-{lang}-{viewport['width']}"
    said = follow_lesson(page, "chocolate-milk", _milk_move, name, each=_explained)
    steps = lessons()["chocolate-milk"].steps
    assert said == [s.say[lang] for s in steps]  # every step, in order, in its language
    expect(page.locator("#learn")).to_be_hidden()
    no_sideways_scroll(page)
    if viewport is DESKTOP:
        _play_milk_to_the_end(page)
        expect(page.locator("#ranking li")).to_have_count(2)
        page.screenshot(path=str(Path("out/screenshots/learn") / f"{name}-end.png"), full_page=True)


def test_a_lesson_resumes_where_it_was_left(server: str, browser: Browser) -> None:
    page = browser.new_page(viewport=DESKTOP)
    start_lesson(page, server, "chocolate-milk", "en")
    page.locator("#learn-next").click()
    page.locator("#learn-next").click()
    expect(page.locator("#learn-count")).to_have_text("step 3 of 13")
    url = page.url
    page.goto(f"{server}/learn")
    resume = page.locator(".resume-lesson[data-lesson='chocolate-milk']")
    expect(resume).to_be_visible()
    assert (resume.get_attribute("href") or "?") in url
    resume.click()
    expect(page.locator("#learn-count")).to_have_text("step 3 of 13", timeout=15_000)
    # A move the lesson does not expect now is held back, with what to do instead.
    while page.locator("#learn-next").is_visible():
        page.locator("#learn-next").click()
    _milk_move(page, "", {"type": "buy", "cell": "c3"})
    expect(page.locator("#error")).to_contain_text("In this lesson, do this now")
    assert page.evaluate("document.body.dataset.actions") == "0"
