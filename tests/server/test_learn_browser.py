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


def _click_action(page: Page, label: str, wanted: dict[str, Any]) -> None:
    """CHOCOLATE MILK's and THE SHOPPING GAME's pages: the legal moves are buttons
    labelled with their sentence."""
    button = page.locator("#actions button", has_text=label)
    expect(button.first).to_be_visible(timeout=15_000)
    button.first.evaluate("(n) => n.scrollIntoView({ block: 'center', behavior: 'instant' })")
    button.first.click()


def _play_milk_to_the_end(page: Page) -> None:
    """After the lesson: a real game against the learning bot, to CM-3's end."""
    for _ in range(400):
        if page.locator("#ranking").is_visible():
            return
        if page.locator("#status.yours").count():
            for kind in ("sell", "buy", "crate", "pass"):
                group = page.locator(f'#actions .group[data-kind="{kind}"]')
                if group.count():
                    menu = group.locator("select")
                    if menu.count():
                        menu.select_option(index=0)
                    group.locator("button").first.click(timeout=5_000, no_wait_after=True)
                    break
        page.wait_for_timeout(200)
    raise AssertionError("the game after the lesson did not end")


def _explained(page: Page) -> None:
    """Issue 30: no symbol or abbreviation without a tooltip or a description, at every step."""
    assert not unexplained(page), unexplained(page)


# TOKYO METRO's page points (issue 13): a spot on a card, then the map's target or the
# lines table's, then chips (discounts, tokens), then Confirm; a bid is a form; moves
# without a choice are big buttons.
DIMS = ("cell", "station", "line", "pile", "drink", "free", "token", "stake", "discounts")


def _click(page: Page, selector: str) -> None:
    """Click as a person on a phone does: the thing scrolled to the middle of the screen
    first (the lesson's panel is docked at the bottom)."""
    node = page.locator(selector).first
    node.evaluate("(n) => n.scrollIntoView({ block: 'center', behavior: 'instant' })")
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
    said = follow_lesson(page, "shopping", _click_action, name, each=_explained)
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
    said = follow_lesson(page, "chocolate-milk", _click_action, name, each=_explained)
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
    page.locator("#actions button", has_text="c3").first.click()
    expect(page.locator("#error")).to_contain_text("In this lesson, do this now")
    assert page.evaluate("document.body.dataset.actions") == "0"
