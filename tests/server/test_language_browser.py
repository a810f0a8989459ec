"""Every title's pages in French, Italian and Japanese in Chromium (issue 31): no English
word left on the page (its table, its side log, its end screen), no word broken in the
middle at the end of a line, on a desktop and on a phone. One live server for all.

A finished all-bot game shows the end screen and a long side log; a person's game at its
start shows the choices. English is found by words no French, Italian or Japanese page
uses (the UI's commonest English words) and by the scripts' own messages; a broken word
is one whose letters the browser laid out on two lines."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.server.following import SHOTS
from tests.server.live import LiveServer, live_server

LANGS = ("fr", "it", "ja")
# Titles whose all-bot game ends in seconds (the real-time ones take minutes: their
# person's page shows the side log of the bots' first moves instead).
QUICK = ("tokyo-metro", "izakaya", "shopping", "chocolate-milk")
REAL_TIME = ("tokyo-jutaku", "countdown", "bottle-bonus")
# English words the pages use and no page in another language may show (a player's
# name, a station, a place are never among them; nor words French or Italian share:
# total, secret, round, yen).
ENGLISH = {
    "the", "and", "your", "you", "with", "from", "seat", "waiting", "takes", "walks",
    "bought", "sold", "passes", "player", "players", "turn", "next", "back", "log",
    "settings", "confirm", "replay", "cards", "card", "drinks", "drink", "builds", "claims",
    "puts", "bids", "move", "moves", "winner", "exit", "crate", "length", "rematch", "watch",
    "learn", "play", "game", "over",
}  # fmt: skip
WORD = re.compile(r"[A-Za-z]+")

BROKEN_WORDS = """() => {
  const found = [];
  const roots = [document.querySelector("main"), document.getElementById("sidelog")]
    .filter(Boolean);
  for (const root of roots) {
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("svg, select, option, script, style, [hidden]")) continue;
      if (!parent.getClientRects().length) continue;
      for (const m of node.data.matchAll(/[A-Za-zÀ-ÿ]{4,}/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = [...range.getClientRects()].filter((r) => r.width > 0)
          .map((r) => Math.round(r.top));
        if (new Set(tops).size > 1 && Math.max(...tops) - Math.min(...tops) > 4) found.push(m[0]);
      }
    }
  }
  return found.slice(0, 10);
}"""


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with live_server(tmp_path_factory.mktemp("language"), bot_delay=0.01) as running:
        yield running


@pytest.fixture(scope="module")
def pages(live: LiveServer) -> list[tuple[str, str]]:
    """(name, address without the language) of every page looked at: made once, seen in
    each language."""
    found: list[tuple[str, str]] = []
    for game in QUICK:
        found.append((f"{game}-end", f"{live.url}/g/{_finished(live.url, game)}?"))
    for game in (*QUICK, *REAL_TIME):
        found.append((f"{game}-play", f"{live.url}{_seat(live.url, game)}&"))
    return found


def _finished(url: str, game: str) -> str:
    res = httpx.post(
        f"{url}/api/games", json={"game": game, "seats": [{"bot": "random"}] * 2}, timeout=30
    )
    assert res.status_code == 201, res.text
    gid: str = res.json()["id"]
    deadline = time.monotonic() + 90
    while not httpx.get(f"{url}/api/games/{gid}", timeout=30).json()["finished"]:
        assert time.monotonic() < deadline, f"{game}: the bots' game did not end"
        time.sleep(0.2)
    return gid


def _seat(url: str, game: str) -> str:
    res = httpx.post(
        f"{url}/api/games",
        json={"game": game, "seats": [{"name": "Ann"}, {"bot": "random", "name": "Bob"}]},
        timeout=30,
    )
    assert res.status_code == 201, res.text
    return str(res.json()["me"]["url"])


def _check(page: Page, where: str, lang: str) -> None:
    text = page.locator("main").inner_text() + "\n" + page.locator("#sidelog").inner_text()
    english = sorted({w for w in WORD.findall(text) if w.lower() in ENGLISH})
    assert not english, f"{where}: English left: {english}"
    broken = page.evaluate(BROKEN_WORDS)
    assert not broken, f"{where}: words broken mid-word: {broken}"
    if lang == "ja":
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text)


@pytest.mark.parametrize("lang", LANGS)
def test_no_english_and_no_broken_word_on_any_title_page(
    pages: list[tuple[str, str]], browser: Browser, lang: str
) -> None:
    folder = SHOTS / "language"
    folder.mkdir(parents=True, exist_ok=True)
    for name, address in pages:
        url = f"{address}lang={lang}"
        for size, viewport in (("", (1280, 900)), ("-phone", (390, 844))):
            page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
            page.goto(url)
            expect(page.locator("html")).to_have_attribute("lang", lang)
            page.wait_for_function("document.body.dataset.actions !== undefined", timeout=15_000)
            page.wait_for_timeout(800 if "play" in name else 300)
            page.screenshot(path=str(Path(folder) / f"{name}-{lang}{size}.png"), full_page=True)
            _check(page, f"{name}{size} ({lang})", lang)
            page.close()
