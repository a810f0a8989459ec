"""Issue 15: METRO DRINKS played by pointing, in a real browser (MD-1 … MD-7).

The person of test_board_play.py (`Player`: bid form, card spots, map targets, chips, the
confirmation -- never the notation list) plays a two-seat drinks-on practice game against a
`random` bot by clicking only the board, steered to the drinks: a Colour card spot when one
is offered (MD-3), then a legal station on the map and a drink chip (MD-4); everything else
as the random person does, to the end. The page must draw the JIDOHANBAIKI column with its
cards and holes (MD-1, MD-2), the drinks in the stations by colour and glyph, and the supply
in the player panel. Screenshots go to out/screenshots/board-drinks/.

Needs `EKIMAE_BROWSER=1 tools/services.sh` (chromium + playwright), like test_browser.py.
"""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect

from ekimae.games.jidohanbaiki.components import load_components
from ekimae.games.tokyo_metro.components import load_cards
from tests.server import test_board_play as board
from tests.server.test_board_play import Player, chromium, live

__all__ = ["chromium", "live"]  # the fixtures, shared with test_board_play.py

SHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots" / "board-drinks"


class DrinksPlayer(Player):
    """Takes a Colour card when offered, then builds wherever the map offers a station."""

    colours = 0
    builds = 0

    def step(self) -> bool:
        page = self.page
        if page.locator("body[data-pending='1']").count():
            return False
        confirm = self.visible("#confirm-btn:enabled")
        if confirm:
            text = page.locator("#confirm-text").inner_text()
            if text.startswith("Build a vending machine"):
                self.shot("build-confirmation")
                assert " with a" in text and ("gets ¥" in text or "no fee" in text), text
                self.builds += 1
                self.kinds.add("map-station-build")  # a build is reached from a station
            elif text.startswith("Take the") and "Colour card" in text:
                self.shot("colour-confirmation")
                self.colours += 1
                # Reached by a JC- spot, whether this player or the random one clicked it.
                self.kinds.add("spot-colour")
            return super().step()
        if not self.colours:
            spots = self.visible('#cards button.spot.legal[data-spot^="JC-"]:enabled')
            if spots:
                self.shot("colour-spots")
                self.kinds.add("spot-colour")
                return self.click(spots[0])
        stations = self.visible('#board .target[data-target="station"]')
        if stations and self.builds < 3:
            self.shot("build-stations")
            self.kinds.add("map-station-build")
            return self.click(stations[0])
        drinks = self.visible('#choice .chip[data-dim="drink"]:enabled')
        if drinks:
            self.shot("drink-chips")
            self.kinds.add("chip-drink")
            return self.click(self.rng.choice(drinks))
        return super().step()


@pytest.mark.slow
def test_a_drinks_game_by_pointing(
    live: str, chromium: Browser, monkeypatch: pytest.MonkeyPatch
) -> None:
    """MD-3 and MD-4 by clicking: a Colour card taken, a vending machine built and drawn."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    monkeypatch.setattr(board, "SHOTS", SHOTS)
    res = httpx.post(
        live + "/api/games",
        json={
            "game": "tokyo-metro",
            "seats": [{"name": "Ann"}, {"bot": "random"}],
            "seed": 7,
            "practice": True,
            "options": {"drinks": "on"},
        },
    )
    assert res.status_code == 201, res.text
    page = chromium.new_page(viewport={"width": 1366, "height": 900})
    page.goto(live + res.json()["me"]["url"])
    expect(page.locator("#status")).to_contain_text("You are seat 1 Ann", timeout=10_000)
    # MD-1: one more column, the JIDOHANBAIKI cards drawn as cards with their faces.
    decks = len(load_cards().decks) + 1
    expect(page.locator("#cards .cards > .col")).to_have_count(decks)
    jh = page.locator('#cards .col[data-deck="JH"] .card')
    assert jh.count() >= 1
    assert page.locator('#cards .col[data-deck="JH"] .jh-face').count() >= 1
    player = DrinksPlayer(page, "drinks", seed=5)
    while not (player.colours and player.builds):
        if page.locator("#ranking").is_visible():
            break
        if not player.step():
            page.wait_for_timeout(40)
    assert player.colours and player.builds, (player.colours, player.builds, player.kinds)
    # The vending machine on the map: a tile with the drink's shape glyph (not only colour).
    page.wait_for_function("document.querySelectorAll('#overlay .drink').length > 0")
    tile = page.locator("#overlay .drink").first
    drink = tile.get_attribute("data-drink") or ""
    info = load_components().drinks[drink]
    assert tile.locator("text").text_content() == load_components().shape(info.shape).glyph
    # The panel: Ann's Colour card and supply as colour + glyph chips.
    panel = page.locator('#players .player[data-seat="0"]')
    expect(panel).to_contain_text("Colour cards:")
    assert panel.locator(".drink-chip").count() >= 1
    page.locator("#players").screenshot(path=str(SHOTS / "drinks-players.png"))
    page.locator("#cards").screenshot(path=str(SHOTS / "drinks-cards.png"))
    player.shot("after-build")
    # Then to the end by the random person of test_board_play.py.
    player.play_to_the_end(limit=300)
    expect(page.locator("#ranking")).to_contain_text("Ann")
    page.evaluate("window.scrollTo(0, 0)")
    player.shot("end")
    print(f"drinks: {player.clicks} clicks on {sorted(player.kinds)}; shots {sorted(player.shots)}")
    assert not player.opened_notation
    assert {"spot-colour", "map-station-build", "chip-drink"} <= player.kinds, player.kinds
