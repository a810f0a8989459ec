"""COUNTDOWN in the browser (issue 17), on its own page: a person and a `builder` bot play
to the end by clicks.

Needs `EKIMAE_BROWSER=1 tools/services.sh` (chromium + playwright), like test_browser.py.
Screenshots go to out/screenshots/countdown/.

Real-time rounds last 60/45/30/15 s of game time (CD-2), so the test jumps the server's
game clock (as test_every_game.py's real-time test does) instead of waiting: once the bot
has built a little on floor 1, to that round's deadline; from floor 2 on, to each
deadline at once, so the bot adds nothing and is out (CD-3). The person picks a card
(CD-1), takes an element, sees the ghost refused off the card and fitting, places it, says
done; on floor 2 says done with nothing and is out.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.server.following import check_marked, check_replay, check_side_log, no_sideways_scroll
from tests.server.live import LiveServer, live_server

SHOTS = Path("out/screenshots/countdown")
BIG = "7-13"  # a 7-square element: the builder (small ones first) leaves it in the pool


@dataclass
class Server:
    live_server: LiveServer

    @property
    def base(self) -> str:
        return self.live_server.url

    def live(self, game_id: str) -> Any:
        """The hub's live game (its state and clock), read on the server's loop."""
        return self.live_server.call(self.live_server.app.state.hub.get(game_id), 5)

    def jump_to_deadline(self, game_id: str) -> None:
        """Move the game's clock to its current deadline: the server's timer then records
        the system's `time-up` there (CD-2), as if the round had run its time."""
        hub = self.live_server.app.state.hub
        live = self.live(game_id)
        due = live.state.deadline()
        if due is not None:
            live.clock_origin -= max(0, due - hub.game_time(live)) / 1000 + 0.01


@pytest.fixture
def cd_server(tmp_path: Path) -> Iterator[Server]:
    with live_server(tmp_path) as running:
        yield Server(running)


def _shot(page: Page, name: str) -> None:
    page.screenshot(path=str(SHOTS / name), full_page=True)


def test_a_person_and_a_builder_play_countdown_to_the_end(
    cd_server: Server,
    browser: Browser,
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    res = httpx.post(
        cd_server.base + "/api/games",
        json={
            "game": "countdown",
            "seats": [{"name": "Ann"}, {"bot": "builder"}],
            "seed": 3,
            # The slow clock (issue 30): 90 s to pick a card instead of 30, which a loaded
            # machine spent before Ann's click arrived; every later wait is a jump to the
            # deadline, so it costs no wall time.
            "options": {"clock": "slow"},
        },
    )
    assert res.status_code == 201, res.text
    gid = res.json()["id"]
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.goto(cd_server.base + res.json()["me"]["url"])

    # CD-1: the free cards as buttons, a big countdown of the picking time.
    expect(page.locator("#status")).to_contain_text("You are seat 1 Ann", timeout=10_000)
    expect(page.locator("#clock")).to_contain_text("Time to pick")
    cards = page.locator("#cards [data-card]")
    expect(cards.first).to_be_visible(timeout=10_000)
    _shot(page, "01-pick.png")
    cards.first.click()
    # CD-1: once Ann's card is recorded, the picking ends with the bot's pick or at the
    # time to pick (moved to at once: under load a pick had not arrived 10 s on). A click
    # the server never received (the cards redrawn under it) is made again.
    live = cd_server.live(gid)
    deadline = time.monotonic() + 60
    while live.state.phase == "pick":
        assert time.monotonic() < deadline, "the picking did not end"
        page.wait_for_timeout(1_000)
        if live.state.phase != "pick":
            break
        if live.state.cards[0] is None:
            cards.first.click()
        else:
            cd_server.jump_to_deadline(gid)

    # CD-2: floor 1 against its 60 s countdown; the whole card is the border.
    expect(page.locator("#clock")).to_contain_text("Floor 1", timeout=10_000)
    expect(page.locator("#pick")).to_be_hidden()
    page.click(f'#pool [data-element="{BIG}"]')
    expect(page.locator("#hand")).to_contain_text(BIG, timeout=5_000)
    expect(page.locator("#hand")).to_contain_text("orientation 1/8")
    page.keyboard.press("r")  # a quarter turn: another of its 8 orientations
    expect(page.locator("#hand")).not_to_contain_text("orientation 1/8")
    page.locator('#plots rect[data-x="6"][data-y="6"]').hover()
    expect(page.locator("#why")).to_contain_text("Can't go here, because it would reach off")
    expect(page.locator("#plots .ju-ghost.no")).not_to_have_count(0)
    for _ in range(3):  # four quarter turns: back as it was
        page.keyboard.press("r")
    expect(page.locator("#hand")).to_contain_text("orientation 1/8")
    spot = page.locator('#plots rect[data-x="2"][data-y="2"]')
    spot.hover()
    expect(page.locator("#why")).to_contain_text("Fits: floor 1")
    _shot(page, "02-ghost.png")
    spot.click()
    me = page.locator("#players [data-seat='0']")
    expect(me).to_contain_text("1 element(s)", timeout=5_000)
    expect(page.locator("#iso polygon")).not_to_have_count(0)
    # The pool shows the element as Ann's.
    expect(page.locator(f'#pool [data-element="{BIG}"] .ju-badge')).to_have_text("1")
    page.click("#done")
    expect(me).to_contain_text("done with floor 1", timeout=5_000)

    # The bot builds a few elements at its 1.5 s pace; then floor 1's time runs out.
    deadline = time.monotonic() + 30
    while len(live.state.built[1]) < 3:
        assert time.monotonic() < deadline, "the bot did not build on floor 1"
        page.wait_for_timeout(200)
    _shot(page, "03-floor-1.png")
    # Issue 31: the bot's grabs since Ann said done are marked and in the side log.
    check_marked(page)
    check_side_log(page, ("Ann", "builder"))
    cd_server.jump_to_deadline(gid)

    # Floor 2 (45 s): Ann adds nothing and says done: out when the round ends (CD-3).
    expect(page.locator("#clock")).to_contain_text("Floor 2", timeout=10_000)
    expect(page.locator("#done")).to_contain_text("nothing added: you go out")
    page.click("#done")
    expect(me).to_contain_text("done with floor 2", timeout=5_000)
    deadline = time.monotonic() + 15
    while not any(p[4] == 1 for p in live.state.built[1]):  # the bot builds on floor 1's
        assert time.monotonic() < deadline, "the bot did not build on floor 2"
        page.wait_for_timeout(200)
    cd_server.jump_to_deadline(gid)  # the round ends: who added nothing is out
    expect(me).to_contain_text("out in floor 2", timeout=10_000)
    expect(page.locator("#clock")).to_contain_text("Floor 3")
    expect(page.locator("#players [data-seat='1']")).to_contain_text("building floor 3")
    expect(page.locator("#tools")).to_be_hidden()
    expect(page.locator("#card-info")).to_contain_text("out since floor 2")
    _shot(page, "04-out.png")

    # Each later round's time runs out at once: the bot adds nothing and is out too.
    deadline = time.monotonic() + 40
    while not page.locator("#ranking").is_visible():
        assert time.monotonic() < deadline, "the game did not end"
        if live.state.phase == "build":
            cd_server.jump_to_deadline(gid)
        page.wait_for_timeout(300)

    # CD-3: the results table from the view: card, elements per floor, total, round out.
    state = live.state
    assert state.is_terminal()
    rows = page.locator("#ranking tbody tr")
    expect(rows).to_have_count(2)
    ann = page.locator("#ranking tr[data-seat='0']")
    bot = page.locator("#ranking tr[data-seat='1']")
    expect(ann).to_contain_text("Ann")
    expect(ann.locator("td").last).to_have_text("2")
    expect(bot).to_contain_text("builder")
    expect(bot.locator("td").last).to_have_text(str(state.out[1]))
    expect(bot.locator("td").nth(-2)).to_have_text(str(len(state.built[1])))
    per_floor = [str(sum(1 for p in state.built[1] if p[4] == z)) for z in range(state.out[1])]
    expect(bot.locator("td").nth(3)).to_have_text(per_floor[0])  # F1, F2, …: elements
    expect(bot.locator("td").nth(4)).to_have_text(per_floor[1])
    # The bot built more than Ann's one element: it ranks first.
    expect(rows.first).to_have_attribute("data-seat", "1")
    expect(page.locator("#clock")).to_be_hidden()
    expect(page.locator("#tools")).to_be_hidden()
    expect(page.locator("#end-length")).to_be_visible()
    expect(page.locator("#end .replay-link")).to_be_visible()
    _shot(page, "05-end.png")
    page.set_viewport_size({"width": 390, "height": 844})
    _shot(page, "06-phone.png")
    no_sideways_scroll(page)
    check_replay(browser, f"{cd_server.base}/replay/{gid}", "#players .ju-player", "countdown")


def test_a_solo_game_shows_the_score_to_beat_on_its_card(
    cd_server: Server,
    browser: Browser,
) -> None:
    """CD-3 solo: done on floor 1 with nothing added ends the game at once; the results
    table and the view's `solo_best` (the card and the elements) are shown, and this
    browser remembers the best per card: a second game on that card has it to beat."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    for game in range(2):
        # A practice seed deals the same cards to both games.
        res = httpx.post(
            cd_server.base + "/api/games",
            json={"game": "countdown", "seats": [{}], "practice": True, "seed": 5},
        )
        assert res.status_code == 201, res.text
        page = context.new_page()
        page.goto(cd_server.base + res.json()["me"]["url"])
        card = page.locator("#cards [data-card]").nth(4)
        expect(card).to_be_visible(timeout=10_000)
        name = card.locator("strong").inner_text()
        card.click()
        expect(page.locator("#done")).to_be_enabled(timeout=10_000)
        page.click("#done")
        expect(page.locator("#ranking tbody tr")).to_have_count(1, timeout=10_000)
        expect(page.locator("#ranking tbody tr td").last).to_have_text("1")  # out in round 1
        best = page.locator("#solo-best")
        if game == 0:
            expect(best).to_contain_text(f"0 element(s) on {name}: your best on this card.")
        else:
            expect(best).to_contain_text("your best on this card is 0, the one to beat")
        page.close()
    context.close()
