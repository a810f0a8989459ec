"""Following a lesson in Chromium as a learner does (issue 30): read each step, click
Next, and make each expected move through the title's own page (`Mover`), until the
lesson's last step. Shared by the browser tests of every title's lesson."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from ekimae.server.learn import lessons

# Makes the move the lesson asks for on the title's page, given the move's sentence (the
# server's label: what "Your move:" shows) and the fields the lesson expects of it.
Mover = Callable[[Page, str, dict[str, Any]], None]

SHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots" / "learn"


def start_lesson(page: Page, server: str, key: str, lang: str) -> None:
    """From the /learn page: Start, then the lesson's first step on its game page."""
    page.goto(f"{server}/learn?lang={lang}")
    page.locator(f".start-lesson[data-lesson='{key}']").click()
    expect(page.locator("#learn")).to_be_visible(timeout=30_000)
    expect(page.locator("#learn-say")).not_to_be_empty(timeout=30_000)


def follow_lesson(
    page: Page,
    key: str,
    move: Mover,
    name: str,
    timeout: float = 240,
    each: Callable[[Page], None] | None = None,
) -> list[str]:
    """Every step of lesson `key` to the end (its Finish button clicked); returns the
    sentences read. A screenshot of each step goes to out/screenshots/learn/<name>-NN.png;
    `each(page)` runs at every step (the symbols check)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    steps = lessons()[key].steps
    said: list[str] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        count = page.locator("#learn-count")
        expect(count).not_to_be_empty(timeout=30_000)
        # A step to read (Next / Finish) or one to play (the expected move's sentence).
        ready = page.locator("#learn-next, #learn-finish, #learn-do:not(:empty)")
        expect(ready.first).to_be_visible(timeout=60_000)
        text = page.locator("#learn-say").text_content() or ""
        step = count.text_content() or ""
        if not said or said[-1] != text:
            said.append(text)
            page.screenshot(path=str(SHOTS / f"{name}-{_number(step):02d}.png"))
            if each is not None:
                each(page)
        if page.locator("#learn-finish").is_visible():
            page.locator("#learn-finish").click()
            return said
        if page.locator("#learn-next").is_visible():
            page.locator("#learn-next").click()
            expect(page.locator("#learn-count")).not_to_have_text(step, timeout=10_000)
            continue
        doing = page.locator("#learn-do").text_content() or ""
        label = re.split(r"\s?[:：]\s*", doing, maxsplit=1)[-1]
        before = page.evaluate("document.body.dataset.actions")
        wanted = steps[_number(step) - 1].expect
        assert wanted is not None, step
        move(page, label, wanted)
        page.wait_for_function(
            "(n) => document.body.dataset.actions !== n", arg=before, timeout=30_000
        )
    raise AssertionError(f"the lesson did not end in {timeout} s; last: {said[-1:]}")


def _number(step: str) -> int:
    """The step's number in "step 3 of 12" (any language: the first number)."""
    return int(re.findall(r"\d+", step)[0])


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.evaluate("window.innerWidth")
    assert width <= viewport, f"the page is {width} px wide in a {viewport} px window"
