"""Issue 15, MD-5 in a real browser: a Move walked cell by cell with free builds.

After a Shape card (MD-5) the seat's Move is walked one cell at a time, and at every
station it passes with a pyramid and no drink the page offers a free build (never while
riding). The position is reached through the public API only: a seeded two-person practice
game (drinks on) whose actions -- each one legal, chosen by `normal` from the seat's view,
seat 1 (Ann) taking the first Colour card she is offered (MD-3) -- are posted with each
seat's token, up to the turn where a Shape card and then a Move would carry Ann's meeple
past two stations with pyramids. From there Ann plays by pointing: the Shape card spot, the
Move spot, the cells one by one, the station outlined beside her meeple and a drink chip;
the vending machine must then be drawn in that station with its shape's glyph.

Needs `EKIMAE_BROWSER=1 tools/services.sh` (chromium + playwright), like test_browser.py.
"""

from __future__ import annotations

import dataclasses
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from ekimae.bots.tokyo_metro.heuristic import NormalBot
from ekimae.core.actions import Action
from ekimae.games.jidohanbaiki.components import load_components
from ekimae.games.tokyo_metro import actions as act
from ekimae.games.tokyo_metro.game import GAME, TokyoMetroState
from ekimae.games.tokyo_metro.movement import occupied
from ekimae.games.tokyo_metro.state import NOBODY
from tests.server.test_board_play import chromium, live

__all__ = ["chromium", "live"]  # the fixtures, shared with test_board_play.py

SHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots" / "drinks-walk"
SEED = 11  # a seeded game where the walk below comes early (found by `plan`)
OPTIONS = {"drinks": "on"}
ANN = 0


@dataclass(frozen=True)
class Walk:
    """Ann's part, found on the engine: the actions before it, the Shape card, seat 2's
    actions in between, the Move, the cells walked, where to build and what is passed."""

    before: list[tuple[int, Action]]
    shape: act.ShapeCard
    between: list[tuple[int, Action]]
    move: act.Move
    cells: list[str]  # after the start cell, in order
    build_at: int  # index in `cells` of the cell touching `build`
    build: str  # the station Ann builds in while passing (hers: no fee)
    passed: str  # another station with a pyramid that the walk passes later


def _sites(state: TokyoMetroState, cell: int) -> set[int]:
    """MD-4: stations touching the cell with a pyramid and no drink."""
    s = state.s
    return {
        st
        for st in state.ctx.board.cell_stations[cell]
        if s.owner[st] != NOBODY and not s.drink_at[st]
    }


def _walk(state: TokyoMetroState) -> tuple[list[int], int, int, int] | None:
    """A walk of Ann's Move (`walk_left` cells) that reaches a station of hers, then
    another station with a pyramid, neither touched from the start cell."""
    s, board = state.s, state.ctx.board
    start, blocked = s.meeple[ANN], occupied(s)

    def search(path: list[int]) -> tuple[list[int], int, int, int] | None:
        seen = _sites(state, path[0])
        for i in range(1, len(path) - 1):
            for mine in sorted(_sites(state, path[i]) - seen):
                if s.owner[mine] != ANN:
                    continue
                for j in range(i + 1, len(path)):
                    later = _sites(state, path[j]) - _sites(state, path[i]) - seen - {mine}
                    if later:
                        return path, i, mine, min(later)
        if len(path) > s.walk_left:
            return None
        for cell in board.neighbors[path[-1]]:
            if cell not in blocked and cell not in path:
                found = search([*path, cell])
                if found:
                    return found
        return None

    return search([start])


def _others(state: TokyoMetroState, bots: Sequence[NormalBot]) -> list[tuple[int, Action]]:
    """Seat 2 plays (never a Move: Ann's must stay on the table) until Ann's turn."""
    done: list[tuple[int, Action]] = []
    while not state.is_terminal():
        seats = sorted(x for x in state.current_players() if state.legal_actions(x))
        if ANN in seats:
            return done
        seat = seats[0]
        legal = [a for a in state.legal_actions(seat) if not isinstance(a, act.Move)]
        chosen = bots[seat].choose(state.view(seat), legal, random.Random(seat))
        state.apply(seat, chosen)
        done.append((seat, chosen))
    return done


def _look_ahead(
    state: TokyoMetroState, shape: act.ShapeCard, bots: Sequence[NormalBot]
) -> Walk | None:
    after = state.clone()
    after.apply(ANN, shape)
    between = _others(after, bots)
    if after.is_terminal():
        return None
    for move in [a for a in after.legal_actions(ANN) if isinstance(a, act.Move)]:
        walking = after.clone()
        walking.apply(ANN, move)
        found = _walk(walking)
        if found:
            path, i, mine, later = found
            names, keys = walking.ctx.cell_names, walking.ctx.station_keys
            cells = [names[c] for c in path[1:]]
            return Walk([], shape, between, move, cells, i - 1, keys[mine], keys[later])
    return None


def plan(seed: int, limit: int = 600) -> Walk | None:
    """Play the seeded game on the engine (`normal` for both seats, Ann taking the first
    Colour card) until a Shape card would give Ann the walk (`_walk`)."""
    state = GAME.new_state(2, seed, OPTIONS)
    bots = [NormalBot(seed + seat) for seat in range(2)]
    before: list[tuple[int, Action]] = []
    while not state.is_terminal() and len(before) < limit:
        seat = sorted(x for x in state.current_players() if state.legal_actions(x))[0]
        legal = state.legal_actions(seat)
        chosen: Action | None = None
        if seat == ANN:
            colours = [a for a in legal if isinstance(a, act.ColourCard)]
            shapes = [a for a in legal if isinstance(a, act.ShapeCard)]
            if colours and not state.s.colours[ANN]:
                chosen = colours[0]
            elif shapes and state.s.drinks[ANN] and state.s.front[ANN] >= 2:
                found = _look_ahead(state, shapes[0], bots)
                if found:
                    return dataclasses.replace(found, before=before)
            legal = [a for a in legal if not isinstance(a, act.ShapeCard)] or legal
        if chosen is None:
            chosen = bots[seat].choose(state.view(seat), legal, random.Random(len(before)))
        state.apply(seat, chosen)
        before.append((seat, chosen))
    return None


def _post(url: str, game: str, token: str, action: Action) -> None:
    res = httpx.post(
        f"{url}/api/games/{game}/actions",
        json={"token": token, "action": action.to_dict(), "key": secrets.token_hex(8)},
    )
    assert res.status_code == 200, (str(action), res.text)


def _wait_actions(page: Page, count: int) -> None:
    """The page has drawn the position after `count` actions."""
    page.wait_for_function(f"Number(document.body.dataset.actions) >= {count}", timeout=15_000)


class Pointer:
    """Ann at the page: clicks what the board highlights, confirms, waits for the push."""

    def __init__(self, page: Page, actions: int) -> None:
        self.page = page
        self.actions = actions
        self.shots = 0

    def shot(self, what: str) -> None:
        self.shots += 1
        self.page.screenshot(path=str(SHOTS / f"{self.shots:02d}-{what}.png"))

    def click(self, target: Locator) -> None:
        expect(target).to_be_visible(timeout=10_000)
        target.click()

    def confirm(self, starts: str) -> str:
        """Confirm the action whose sentence begins with `starts`; wait until it is taken."""
        expect(self.page.locator("#confirm-text")).to_contain_text(starts, timeout=10_000)
        text = self.page.locator("#confirm-text").inner_text()
        self.click(self.page.locator("#confirm-btn"))
        self.actions += 1
        _wait_actions(self.page, self.actions)
        return text

    def cell(self, name: str) -> Locator:
        return self.page.locator(f'#board .target[data-target="cell"][data-value="{name}"]')

    def station(self, key: str) -> Locator:
        return self.page.locator(f'#board .target[data-target="station"][data-value="{key}"]')


@pytest.mark.slow
def test_a_walked_move_builds_at_a_passed_station(live: str, chromium: Browser) -> None:
    """MD-5: Shape card, then a Move walked through two stations with pyramids; a free
    build at the first by pointing, drawn on the map with its shape's glyph."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for old in SHOTS.glob("*.png"):
        old.unlink()
    walk = plan(SEED)
    assert walk is not None, "the seeded game no longer reaches the walk: choose another SEED"
    res = httpx.post(
        live + "/api/games",
        json={
            "game": "tokyo-metro",
            "seats": [{"name": "Ann"}, {"name": "Ben"}],
            "seed": SEED,
            "practice": True,
            "options": OPTIONS,
        },
    )
    assert res.status_code == 201, res.text
    game = res.json()
    invite = game["seats"][1]["invite_url"].removeprefix("/join/")
    ben = httpx.post(f"{live}/api/join/{invite}", json={"name": "Ben"})
    assert ben.status_code == 200, ben.text
    tokens = [game["me"]["token"], ben.json()["token"]]
    gid = game["id"]
    for seat, action in walk.before:  # every one legal, or the server refuses it
        _post(live, gid, tokens[seat], action)
    page = chromium.new_page(viewport={"width": 1366, "height": 900})
    page.goto(live + game["me"]["url"])
    ann = Pointer(page, len(walk.before))
    _wait_actions(page, ann.actions)
    # MD-5: the Shape card is a card spot like any other.
    ann.click(page.locator(f'#cards button.spot.legal[data-spot="{walk.shape.spot}"]'))
    ann.shot("shape-spot")
    ann.confirm("")
    for seat, action in walk.between:
        _post(live, gid, tokens[seat], action)
    ann.actions += len(walk.between)
    _wait_actions(page, ann.actions)
    expect(page.locator('#players .player[data-seat="0"]')).to_contain_text("free builds on")
    # The Move names only where the walk starts: one cell, filled in, then confirmed.
    ann.click(page.locator(f'#cards button.spot.legal[data-spot="{walk.move.spot}"]'))
    if ann.cell(walk.move.cell).count():
        ann.click(ann.cell(walk.move.cell))
    ann.confirm("")
    # Walking (MD-5): the next cells are the targets, and stopping is a button.
    expect(page.locator("#status")).to_contain_text("cell by cell")
    stop = page.locator('#choice button.big[data-kind="stop"]')
    expect(stop).to_be_visible()
    for i, cell in enumerate(walk.cells):
        ann.click(ann.cell(cell))
        ann.shot(f"walk-{i + 1}")
        ann.confirm("")
        if i == walk.build_at:
            # MD-5: a station passed with a pyramid and no drink is outlined to build at.
            ann.shot("build-offered")
            ann.click(ann.station(walk.build))
            chips = page.locator('#choice .chip[data-dim="drink"]:enabled')
            expect(chips.first).to_be_visible()
            ann.click(chips.first)
            if page.locator('#choice .chip[data-dim="free"]:enabled').count():
                ann.click(page.locator('#choice .chip[data-dim="free"][data-value="true"]'))
            text = ann.confirm("Build a vending machine")
            assert "free" in text.lower(), text
            ann.shot("built")
        if i > walk.build_at and cell == walk.cells[-1]:
            # The later station is offered too (the walk goes on past it).
            expect(ann.station(walk.passed)).to_be_visible()
            ann.shot("later-station-offered")
    # The vending machine on the map, in that station, with its shape's glyph.
    tile = page.locator(f'#overlay .drink[data-station-drink="{walk.build}"]')
    expect(tile).to_have_count(1)
    drink = tile.get_attribute("data-drink") or ""
    jh = load_components()
    assert tile.locator("text").text_content() == jh.shape(jh.drinks[drink].shape).glyph
    ann.click(stop)
    ann.actions += 1
    _wait_actions(page, ann.actions)
    ann.shot("stopped")
    assert page.locator("#overlay .drink").count() == 1
