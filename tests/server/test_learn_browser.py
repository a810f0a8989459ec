"""Each title's guided first game in Chromium (issue 30), followed to its end as a learner
would: on a desktop in English and on a phone (390 × 844) in another language; the
screenshots of every step go to out/screenshots/learn/ to be looked at. CHOCOLATE MILK's
lesson then goes on as a real game against the learning bot, played to its end.

Fails, not skips, without the browser (`EKIMAE_BROWSER=1 tools/services.sh`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from ekimae.server.learn import lessons
from tests.server.lessons import follow_lesson, no_sideways_scroll, start_lesson
from tests.server.live import live_server

DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One live server for the module's lessons (each makes its own games)."""
    with live_server(tmp_path_factory.mktemp("learn"), bot_delay=0.05) as live:
        yield live.url


def _click_action(page: Page, label: str) -> None:
    """The turn-based pages: the legal moves are buttons labelled with their sentence."""
    button = page.locator("#actions button", has_text=label)
    expect(button.first).to_be_visible(timeout=15_000)
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


@pytest.mark.parametrize(("lang", "viewport"), [("en", DESKTOP), ("fr", PHONE)])
def test_chocolate_milks_first_game(
    server: str, browser: Browser, lang: str, viewport: ViewportSize
) -> None:
    page = browser.new_page(viewport=viewport)
    start_lesson(page, server, "chocolate-milk", lang)
    name = f"chocolate-milk-{lang}-{viewport['width']}"
    said = follow_lesson(page, _click_action, name)
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
