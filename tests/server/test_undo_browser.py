"""Issue 26 in two browsers: the last bidder gets no Undo after the reveal.

Ann and Ben play TOKYO METRO in two Chromium contexts (two people, two tokens). Ann's
first bid may still be taken back (it revealed nothing); Ben's bid ends the sealed phase
and reveals both: his page shows no Undo but says why, and the server refuses an undo
sent anyway. Before, Ben could read Ann's bid, undo and outbid it.
"""

from __future__ import annotations

from pathlib import Path

import httpx
from playwright.sync_api import Browser, expect

SHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots"


def test_the_last_bidder_sees_no_undo_after_the_reveal(server: str, browser: Browser) -> None:
    with httpx.Client(base_url=server, timeout=30) as http:
        made = http.post(
            "/api/games", json={"game": "tokyo-metro", "seats": [{"name": "Ann"}, {"name": "Ben"}]}
        ).json()
        invite = made["seats"][1]["invite_url"].replace("/join/", "/api/join/")
        ben = http.post(invite, json={"name": "Ben"}).json()
    gid = made["id"]
    ann_page = browser.new_context().new_page()
    ben_page = browser.new_context().new_page()
    ann_page.goto(server + made["me"]["url"])
    ben_page.goto(server + ben["url"])
    for page in (ann_page, ben_page):
        expect(page.locator("#bid-submit")).to_be_visible(timeout=15_000)

    # Ann bids ¥300: nothing is revealed yet, so she may still take it back.
    ann_page.select_option("#bid-amount", "300")
    ann_page.click("#bid-submit")
    expect(ann_page.locator("#undo")).to_be_visible(timeout=10_000)
    expect(ann_page.locator("#undo-final")).to_have_text("")

    # Ben bids ¥0, the last bid: the reveal shows him Ann's ¥300 ...
    ben_page.select_option("#bid-amount", "0")
    ben_page.click("#bid-submit")
    # (the side log, issue 31: every title's log is in its right column)
    expect(ben_page.locator("#sidelog-list")).to_contain_text("bids revealed", timeout=10_000)
    expect(ben_page.locator("#sidelog-list")).to_contain_text("¥300")
    # ... and no Undo, with the reason beside where it would be.
    expect(ben_page.locator("#undo")).to_be_hidden()
    expect(ben_page.locator("#undo-final")).to_contain_text("showed what was hidden")
    expect(ann_page.locator("#undo")).to_be_hidden()  # her bid is not the last action
    SHOTS.mkdir(parents=True, exist_ok=True)
    ben_page.screenshot(path=str(SHOTS / "26-no-undo-after-reveal.png"), full_page=True)

    # The server refuses an undo sent anyway, from Ben's own browser.
    res = ben_page.request.post(
        f"{server}/api/games/{gid}/undo", data={"token": ben["token"], "expected": 2}
    )
    assert res.status == 409
    error = res.json()["error"]
    assert error["kind"] == "undo-refused" and "final" in error["message"]
    expect(ben_page.locator("#sidelog-list")).to_contain_text("bids revealed")
    with httpx.Client(base_url=server, timeout=30) as http:
        assert http.get(f"/api/games/{gid}").json()["actions"] == 2
