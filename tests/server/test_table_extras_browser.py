"""Issue 13 in Chromium: the chat, the tab's title on your turn, the browser notification,
the rematch button on the generic page, and the lobby's defaults and self-refreshing list.

Needs `EKIMAE_BROWSER=1 tools/services.sh` (chromium + playwright); fails, not skips,
without them. Screenshots go to out/screenshots/.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, expect

SHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots"

# Stands in for the browser's Notification (a headless page cannot show one) and makes the
# page hidden, as a tab in the background is: what the page would show is recorded.
FAKE_NOTIFICATIONS = """
window.__shown = [];
class FakeNotification {
  constructor(title, options) { window.__shown.push({ title, body: options?.body }); }
}
FakeNotification.permission = "granted";
FakeNotification.requestPermission = async () => "granted";
window.Notification = FakeNotification;
Object.defineProperty(document, "hidden", { get: () => true });
"""


def _auction(server: str) -> tuple[str, str, str]:
    """A two-person sealed auction: (id, Ann's link, Ben's link)."""
    res = httpx.post(
        server + "/api/games",
        json={"game": "sealed-auction", "seats": [{"name": "Ann"}, {}]},
    )
    assert res.status_code == 201, res.text
    data = res.json()
    claim = server + data["seats"][1]["invite_url"].replace("/join/", "/api/join/")
    ben = httpx.post(claim, json={"name": "Ben"}).json()
    return data["id"], server + data["me"]["url"], server + ben["url"]


def _bid(page: Page) -> None:
    before = int(page.locator("body").get_attribute("data-actions") or 0)
    page.locator("#actions button.act:enabled").first.click()
    page.wait_for_function(f"Number(document.body.dataset.actions) > {before}", timeout=10_000)


def _state(server: str, gid: str, token: str) -> dict[str, Any]:
    data: dict[str, Any] = httpx.get(f"{server}/api/games/{gid}", params={"token": token}).json()
    return data


def test_chat_turn_title_notification_and_rematch(server: str, browser: Browser) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    gid, ann_url, ben_url = _auction(server)
    ann = browser.new_page(viewport={"width": 1280, "height": 900})
    ann.add_init_script(FAKE_NOTIFICATIONS)
    ann.goto(ann_url)
    ben = browser.new_page(viewport={"width": 390, "height": 844})
    ben.goto(ben_url)
    watcher = browser.new_page()
    watcher.goto(f"{server}/g/{gid}")
    expect(ann.locator("#status")).to_contain_text("You are seat 1 Ann", timeout=10_000)
    expect(ben.locator("#status")).to_contain_text("You are seat 2 Ben", timeout=10_000)

    # The tab's title: both bid at once, so it is each one's turn; not once Ann has bid.
    expect(ann).to_have_title(re.compile(r"^● Your turn — "))
    _bid(ann)
    expect(ann).not_to_have_title(re.compile("Your turn"))
    assert ann.evaluate("window.__shown") == []  # opening the page and her own bid: none
    _bid(ben)  # the lot is revealed: Ann's turn again, made by Ben
    expect(ann).to_have_title(re.compile(r"^● Your turn — "))
    ann.wait_for_function("window.__shown.length === 1")
    shown = ann.evaluate("window.__shown[0]")
    assert shown["title"] == "Your turn — SEALED AUCTION" and "Ann" in shown["body"]

    # Chat: text stays text; spectators read only; an empty message is refused.
    hostile = '<img src=x onerror="document.body.dataset.pwned=1"> good luck'
    ann.fill("#chat-text", hostile)
    ann.click("#chat-send")
    for page in (ben, watcher, ann):
        expect(page.locator("#chat-log li.chat-msg")).to_have_count(1, timeout=10_000)
        expect(page.locator("#chat-log .chat-text")).to_have_text(hostile)
        expect(page.locator("#chat-log .chat-who")).to_have_text("Seat 1 Ann")
        assert page.locator("#chat-log img").count() == 0
        assert page.locator("body").get_attribute("data-pwned") is None
    expect(ann.locator("#chat-text")).to_have_value("")
    ben.fill("#chat-text", "   ")
    ben.click("#chat-send")
    expect(ben.locator("#chat-error")).to_contain_text("empty message is not sent")
    expect(watcher.locator("#chat-form")).to_be_hidden()
    expect(watcher.locator("#chat-note")).to_contain_text("posting needs a seat's link")
    expect(watcher.locator("#notify-panel")).to_be_hidden()
    expect(ben.locator("#notify-form")).to_be_visible()
    ben.fill("#chat-text", "thanks!")
    ben.press("#chat-text", "Enter")
    expect(ann.locator("#chat-log li.chat-msg")).to_have_count(2)
    ann.screenshot(path=str(SHOTS / "18-chat.png"), full_page=True)
    # A reload shows the history from the first push.
    ben.reload()
    expect(ben.locator("#chat-log li.chat-msg")).to_have_count(2, timeout=10_000)

    # Webhook settings: refused with the server's reason, saved when good.
    ben.fill("#notify-webhook", "ftp://example.org/x")
    ben.click("#notify-save")
    expect(ben.locator("#notify-result")).to_contain_text("Not saved: the webhook must be")

    # To the end, then the rematch from the generic page.
    for _ in range(40):
        if ann.locator("#ranking").is_visible():
            break
        for page in (ann, ben):
            if page.locator("#actions button.act:enabled").count():
                _bid(page)
    expect(ann.locator("#ranking")).to_be_visible()
    expect(ann).not_to_have_title(re.compile("Your turn"))
    ann.click("#rematch")
    ann.wait_for_url(lambda url: "/g/" in url and f"/g/{gid}?" not in url, timeout=10_000)
    new_id = ann.url.split("/g/", 1)[1].split("?", 1)[0]
    assert new_id != gid
    expect(ann.locator("#status")).to_contain_text("You are seat 1 Ann", timeout=10_000)
    expect(ann.locator("#chat-log .chat-empty")).to_be_visible()  # a new game, a new chat
    expect(ben.locator("#rematch")).to_have_text("Join the rematch", timeout=10_000)
    ben.click("#rematch")
    # The old page also says "seat 2 Ben": wait for the new game's page itself.
    ben.wait_for_url(lambda url: f"/g/{new_id}?t=" in url, timeout=10_000)
    expect(ben.locator("#status")).to_contain_text("You are seat 2 Ben", timeout=10_000)

    # The replay page shows the finished game's chat, read only.
    watcher.goto(f"{server}/replay/{gid}")
    expect(watcher.locator("#chat-log li.chat-msg")).to_have_count(2, timeout=10_000)
    expect(watcher.locator("#chat-form")).to_have_count(0)


def test_lobby_defaults_and_a_list_that_refreshes_itself(server: str, browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(server + "/")
    page.select_option("#count", "3")
    # TOKYO METRO's learning level (issue 30: the default a newcomer meets).
    expect(page.locator("select[name=bot1]")).to_have_value("beginner")
    page.select_option("#game", "sealed-auction")
    # A ladder without `normal`: its middle (random, flat-mc, ismcts).
    expect(page.locator("select[name=bot1]")).to_have_value("flat-mc")
    expect(page.locator("select[name=bot2]")).to_have_value("flat-mc")
    page.fill("input[name=name0]", "Ann")
    page.select_option("select[name=bot2]", "random")
    # A game created elsewhere appears without a reload; the form keeps what was typed.
    res = httpx.post(
        server + "/api/games",
        json={"game": "sealed-auction", "seats": [{"name": "Zed"}, {"bot": "random"}]},
    )
    new_id = res.json()["id"]
    expect(page.locator("#games tbody")).to_contain_text(new_id, timeout=10_000)
    expect(page.locator("input[name=name0]")).to_have_value("Ann")
    expect(page.locator("select[name=bot2]")).to_have_value("random")
    expect(page.locator("#game")).to_have_value("sealed-auction")


def test_tokyo_metro_page_has_the_chat_and_turn_notifications(
    server: str, browser: Browser
) -> None:
    """The same include on TOKYO METRO's own page: a seat posts, a spectator reads; the
    tab title says whose turn it is (both seal bids at once in round 1, TM-3.3)."""
    res = httpx.post(server + "/api/games", json={"seats": [{"name": "Ann"}, {}]})
    assert res.status_code == 201, res.text
    data = res.json()
    ann = browser.new_page(viewport={"width": 1280, "height": 900})
    ann.goto(server + data["me"]["url"])
    watcher = browser.new_page()
    watcher.goto(f"{server}/g/{data['id']}")
    expect(ann).to_have_title(re.compile(r"^● Your turn — "), timeout=10_000)
    ann.fill("#chat-text", "Ginza or bust")
    ann.click("#chat-send")
    for page in (ann, watcher):
        expect(page.locator("#chat-log .chat-text")).to_have_text("Ginza or bust", timeout=10_000)
    expect(watcher.locator("#chat-form")).to_be_hidden()
    expect(ann.locator("#notify-panel")).to_be_visible()
