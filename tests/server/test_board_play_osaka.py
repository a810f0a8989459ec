"""Issue 14: OSAKA METRO played by pointing, in a real browser: Osaka map and cards, and
each Osaka half with the other TOKYO half (MOD-1).

The same person as in test_board_play.py (the `Player` there: bid form, card spots, map
targets, line slots, chips, the confirmation -- never the notation list) plays a whole
two-seat game against a `random` bot by clicking only the board. The page must draw ITS
game's components: the card set's columns (five for Osaka, OS-1), the map's numbered stock
cards per line (1-4, OS-4), the pairs of trams and buses (OS-2). Screenshots go to
out/screenshots/board-osaka/.

Needs `EKIMAE_BROWSER=1 tools/services.sh` (chromium + playwright), like test_browser.py.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, expect

from ekimae.games.tokyo_metro.components import load_cards, load_pieces
from ekimae.games.tokyo_metro.context import load_ctx
from tests.server import test_board_play as board
from tests.server.test_board_play import Player, chromium, live

__all__ = ["chromium", "live"]  # the fixtures, shared with test_board_play.py

SHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots" / "board-osaka"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("map_name", "cards"), [("osaka", "osaka"), ("tokyo", "osaka"), ("osaka", "tokyo")]
)
def test_an_osaka_game_by_pointing(
    live: str, chromium: Browser, monkeypatch: pytest.MonkeyPatch, map_name: str, cards: str
) -> None:
    """MOD-1: the Osaka parts with either half of TOKYO METRO, the same page."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    monkeypatch.setattr(board, "SHOTS", SHOTS)
    print(f"screenshots: {SHOTS}")
    res = httpx.post(
        live + "/api/games",
        json={
            "game": "tokyo-metro",
            "seats": [{"name": "Ann"}, {"bot": "random"}],
            "seed": 7,
            "practice": True,
            "options": {"map": map_name, "cards": cards},
        },
    )
    assert res.status_code == 201, res.text
    # With motion: the test watches trains run (the fixture's pages reduce it).
    page = chromium.new_page(
        viewport={"width": 1366, "height": 900}, reduced_motion="no-preference"
    )
    page.goto(live + res.json()["me"]["url"])
    expect(page.locator("#status")).to_contain_text("You are seat 1 Ann", timeout=10_000)
    # The card set's own decks: OSAKA's five (OS-1) or TOKYO's six (TM-1.4).
    decks = len(load_cards(cards).decks)
    expect(page.locator("#cards .cards > .col")).to_have_count(decks)
    assert page.locator("#cards .cards").get_attribute("style") == f"--cols: {decks}"
    # OS-4: each line shows its own number of stock cards (TOKYO: #1-#3), numbered from #1.
    stocks = load_ctx(map_name, cards).stock_cards
    assert map_name != "osaka" or stocks == load_pieces("osaka").stocks
    expect(page.locator("#lines-table .stock-card")).to_have_count(sum(stocks))
    expect(page.locator("#lines-table tbody tr").first.locator(".stock-card").first).to_have_text(
        "#1"
    )
    name = f"{map_name}-{cards}"
    player = Player(page, name, seed=5)
    player.play_to_the_end(limit=240)
    expect(page.locator("#ranking")).to_contain_text("Ann")
    # TM-9.4: the money each seat set aside by selling (OS-7.2) is a column of its own.
    sell_column = page.locator("#breakdown thead", has_text="Sell money set aside")
    expect(sell_column).to_have_count(1 if cards == "osaka" else 0)
    page.evaluate("window.scrollTo(0, 0)")
    player.shot("end")
    page.locator(".lines-panel").screenshot(path=str(SHOTS / f"{name}-lines.png"))
    # The vehicles ran stop by stop (TM-8.2); a pair's second vehicle has its own group.
    assert int(page.locator("body").get_attribute("data-train-runs") or 0) > 0
    overlay = page.locator("#board #overlay")
    pairs = overlay.locator('[data-train="P2"], [data-train="BUS2"]').count()
    firsts = overlay.locator('[data-train="P"], [data-train="BUS"]').count()
    assert pairs == (firsts if map_name == "osaka" else 0), (pairs, firsts)  # OS-2
    print(f"{name}: {player.clicks} clicks on {sorted(player.kinds)}; shots {sorted(player.shots)}")
    assert not player.opened_notation
    assert {"spot", "map-cell"} <= player.kinds, player.kinds
    assert {"confirmation", "trains", "end"} <= set(player.shots), player.shots


def test_each_games_page_carries_its_own_components(client: TestClient) -> None:
    """MOD-1: the page of an Osaka-cards game draws the Osaka decks, a TOKYO game TOKYO's,
    whatever /api/titles/tokyo-metro/components (the base game's) says."""
    decks = {}
    for cards in ("osaka", "tokyo"):
        res = client.post(
            "/api/games",
            json={
                "game": "tokyo-metro",
                "seats": [{"name": "Ann"}, {"bot": "random"}],
                "options": {"map": "osaka", "cards": cards},
            },
        )
        assert res.status_code == 201, res.text
        page = client.get(res.json()["me"]["url"]).text
        found = re.search(r'"decks": (\[[^\]]*\])', page)
        assert found, page[-2000:]
        decks[cards] = json.loads(found[1])
        assert '"P2"' in page  # the Osaka map's pair (OS-2) in both
    assert decks["osaka"] == [deck.key for deck in load_cards("osaka").decks]  # 5 (OS-1)
    assert decks["tokyo"] == [deck.key for deck in load_cards().decks]  # 6 (TM-1.4)
