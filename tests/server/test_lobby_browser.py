"""The lobby in Chromium (issue 31): every title as a card with a picture drawn from its
components, its players and typical length, a "Learn to play" link; your games first
with whose turn it is; finished games with their replay; a language chosen with ?lang=
kept on the pages the lobby's links open. Screenshots in out/screenshots/lobby/."""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser, expect

from ekimae.games import games
from tests.server.following import no_sideways_scroll, shot


def test_the_lobby_shows_each_title_and_your_games_first(server: str, browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(server + "/")
    cards = page.locator("#titles .title-card")
    expect(cards).to_have_count(len(games()))
    for name, game in games().items():
        card = page.locator(f'#titles .title-card[data-game="{name}"]')
        expect(card).to_contain_text(game.title)
        players = f"{game.type.min_seats}–{game.type.max_seats} players"
        if game.type.min_seats == game.type.max_seats:
            players = f"{game.type.min_seats} players"
        expect(card.locator(".title-facts")).to_contain_text(players)
        expect(card.locator(".learn-link")).to_have_attribute("href", f"/learn/{name}")
    # Every picture is drawn (an SVG that loads), none is empty.
    sizes = page.evaluate(
        "Promise.all([...document.querySelectorAll('#titles img')].map((img) => img.decode()"
        ".then(() => img.naturalWidth)))"
    )
    assert len(sizes) == len(games()) and all(size > 0 for size in sizes), sizes
    shopping = page.locator('#titles .title-card[data-game="shopping"] .title-facts')
    expect(shopping).to_contain_text("min")

    # "Play it" chooses the title in the form; the game made is first in "Your games",
    # with whose turn it is.
    page.click('[data-play="chocolate-milk"]')
    expect(page.locator("#game")).to_have_value("chocolate-milk")
    page.fill("input[name=name0]", "Ann")
    page.click("#create-btn")
    expect(page.locator("a.seat-link")).to_be_visible(timeout=10_000)
    page.reload()
    mine = page.locator("#mine li")
    expect(mine.first).to_contain_text("CHOCOLATE MILK", timeout=10_000)
    expect(mine.first).to_contain_text("your turn")
    first = page.locator("#my-games").bounding_box()
    titles = page.locator("#titles").bounding_box()
    assert first is not None and titles is not None and first["y"] < titles["y"]

    # A finished game is listed with its replay.
    res = httpx.post(
        server + "/api/games",
        json={"game": "izakaya", "seats": [{"bot": "random"}, {"bot": "random"}]},
    )
    gid = res.json()["id"]
    link = page.locator(f'#finished a[href="/replay/{gid}"]')
    expect(link).to_be_visible(timeout=30_000)
    shot(page, "lobby", "01-lobby.png")
    page.set_viewport_size({"width": 390, "height": 844})
    no_sideways_scroll(page)
    shot(page, "lobby", "02-phone.png")


def test_a_language_chosen_in_the_lobby_is_kept_on_the_game_pages(
    server: str, browser: Browser
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(server + "/?lang=fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    page.click('[data-play="shopping"]')
    page.click("#create-btn")
    page.locator("a.seat-link").click()
    page.wait_for_url(lambda url: "/g/" in url)
    assert "lang=fr" in page.url
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#status")).to_contain_text("Vous occupez la place", timeout=10_000)
