"""Issue 35: the admin page in Chromium, under the server's Content-Security-Policy (its
script comes from /static/admin.js, none inline): log in with the secret, see a game with
its seats and a connected player, hide a chat message (gone from the player's open page),
close the game (the player's page says so), and find both in the admin log."""

from __future__ import annotations

from pathlib import Path

import httpx
from playwright.sync_api import Browser, ConsoleMessage, expect

from tests.server.live import live_server

SECRET = "correct horse battery staple"


def test_an_admin_hides_a_message_and_closes_a_game(tmp_path: Path, browser: Browser) -> None:
    with (
        live_server(tmp_path, admin_secret=SECRET) as live,
        httpx.Client(base_url=live.url, timeout=30) as http,
    ):
        made = http.post("/api/games", json={"seats": [{"name": "Ann"}, {"bot": "random"}]})
        game = made.json()
        gid, token = game["id"], game["me"]["token"]
        said = http.post(f"/api/games/{gid}/chat", json={"token": token, "text": "rude words"})
        assert said.status_code == 200, said.text
        player = browser.new_page()
        player.goto(f"{live.url}{game['me']['url']}")
        expect(player.locator("#chat-log")).to_contain_text("rude words", timeout=15_000)

        context = browser.new_context(bypass_csp=False)
        admin = context.new_page()
        problems: list[str] = []

        def console(message: ConsoleMessage) -> None:
            if message.type == "error" and "Content Security Policy" in message.text:
                problems.append(message.text)

        admin.on("console", console)
        admin.on("pageerror", lambda error: problems.append(str(error)))
        admin.on("dialog", lambda dialog: dialog.accept())
        admin.goto(f"{live.url}/admin")
        admin.fill("#admin-secret", "not the secret")
        admin.click("#admin-login button[type=submit]")
        expect(admin.locator("#admin-error")).to_contain_text("wrong admin secret")
        admin.fill("#admin-secret", SECRET)
        admin.fill("#admin-name", "Mia")
        admin.click("#admin-login button[type=submit]")
        row = admin.locator(f'tr[data-game="{gid}"]')
        expect(row).to_contain_text("Ann", timeout=15_000)
        expect(row.locator('li[data-seat="0"]')).to_contain_text("connected")
        cookies = {c["name"]: c for c in context.cookies()}
        assert (
            cookies["ekimae_admin"]["httpOnly"] and cookies["ekimae_admin"]["sameSite"] == "Strict"
        )

        row.locator("button.show-chat").click()
        admin.locator("#admin-chat-log button.hide-message").click()
        expect(admin.locator("#admin-chat-log")).to_contain_text("(hidden)")
        expect(player.locator("#chat-log")).not_to_contain_text("rude words")

        row.locator("button.close-game").click()
        expect(row).to_contain_text("closed")
        expect(player.locator("#status")).to_contain_text("An administrator closed this game")
        expect(admin.locator("#admin-log")).to_contain_text("Mia (session from 127.0.0.1): close")
        expect(admin.locator("#admin-log")).to_contain_text("hide-chat")
        assert problems == []
        context.close()
