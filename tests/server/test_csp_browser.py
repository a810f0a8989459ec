"""Issue 26: every page works under the server's Content-Security-Policy, in Chromium.

The other browser tests let Playwright ignore the policy (its string predicates need
`eval`); this one does not: the lobby, every title's game page and a replay page load,
start (their scripts come from /static/boot.js, none inline) and connect, and Chromium
reports no violation of the policy.
"""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser, ConsoleMessage, expect

from ekimae.games import games


def test_every_page_runs_under_the_policy(server: str, browser: Browser) -> None:
    context = browser.new_context(bypass_csp=False)
    page = context.new_page()
    problems: list[str] = []

    def console(message: ConsoleMessage) -> None:
        if message.type == "error" and "Content Security Policy" in message.text:
            problems.append(message.text)

    page.on("console", console)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(f"{server}/")
    expect(page.locator("#lang-pick")).to_be_visible()
    with httpx.Client(base_url=server, timeout=30) as http:
        for name, game in games().items():
            people = [{"name": f"P{i + 1}"} for i in range(game.type.min_seats)]
            made = http.post("/api/games", json={"game": name, "seats": people}).json()
            page.goto(f"{server}{made['me']['url']}")
            # The page's script ran: its socket's first push replaced "Connecting…".
            expect(page.locator("#status")).not_to_have_text("Connecting…", timeout=15_000)
        bots = [{"name": "Ann"}, {"bot": "random"}]
        done = http.post("/api/games", json={"game": "sealed-auction", "seats": bots}).json()
    page.goto(f"{server}/g/{done['id']}/host?h={done['host_token']}")
    page.goto(f"{server}/rules")
    assert problems == []
    context.close()
