"""The real-time titles on the full screen (issue 32), driven to the end with Textual's
pilot: a person at the keyboard takes, turns, flips and places elements, calls Stop!,
chooses cards on the plan; bots act on the same clock. The clock is moved by hand, so
each game is the same on any machine; the record replays to the end."""

from __future__ import annotations

import asyncio
import io
import sys
from collections import deque
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, cast

import pytest
from textual.pilot import Pilot

from ekimae.bots import make_bot
from ekimae.cli.live import LiveTable, ManualClock
from ekimae.cli.live_app import LiveApp
from ekimae.cli.terminal import terminal_title
from ekimae.cli.titles.tokyo_jutaku.live import JutakuApp
from ekimae.core.record import replay
from ekimae.games import find_game
from ekimae.games.tokyo_jutaku.solver import extend

SIZE = (120, 40)
HAND_MS = 2_000  # JU-4 RULING: a seat's grabs, placements and returns are 2 s apart


def live_app(
    name: str, seats: list[str], seed: int, options: dict[str, str] | None = None
) -> LiveApp:
    game = find_game(name)
    bots = [None if s == "human" else make_bot(name, s, seed + i) for i, s in enumerate(seats)]
    table = LiveTable(game, seats, bots, seed, dict(options or {}), ManualClock())
    app = terminal_title(name).live_app(table, seats.index("human"))
    assert app is not None
    app.tick_seconds = None  # the test moves the clock
    return app


def drive(app: LiveApp, play: Callable[[Pilot[str], Any], Awaitable[None]]) -> None:
    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await play(pilot, app)

    asyncio.run(run())


async def keys(pilot: Pilot[str], *pressed: str) -> None:
    await pilot.press(*pressed)


def turn_keys(app: JutakuApp, hand: str, start: int, goal: int) -> list[str]:
    """The fewest `r` and `f` presses from orientation `start` to `goal`."""
    seen: dict[int, list[str]] = {start: []}
    todo: deque[tuple[int, list[str]]] = deque([(start, [])])
    while todo:
        turn, path = todo.popleft()
        if turn == goal:
            return path
        for key in ("r", "f"):
            app.turn = turn
            nxt = app.turned(hand, key == "f")
            if nxt not in seen:
                seen[nxt] = [*path, key]
                todo.append((nxt, [*path, key]))
    raise AssertionError(f"orientation {goal} of {hand} cannot be reached")


async def build_card(pilot: Pilot[str], app: JutakuApp) -> None:
    """Build the card in hand by keys alone, from the solver's plan, then call Stop!."""
    view = app.table.state.view(app.seat)
    card = view["players"][app.seat]["card"]
    side = app.jutaku.side(str(card["id"]))
    pool = [app.data.elements[e] for e in view["pool"]]
    plan = extend(side.plots[0].cells, side.floors, side.elements, pool, ())
    assert plan.steps is not None, "the card has a building"
    for ident, turn, x, y, _z in plan.steps:
        size = ident.split("-")[0]
        await pilot.press(size)
        order = [e for e in app.data.elements if e.startswith(f"{size}-")]
        await pilot.press(*["right"] * order.index(ident))
        assert app.pool_cursor == ident
        await pilot.press("enter")  # take it
        app.advance(HAND_MS)
        await pilot.pause()
        assert app.table.state.view(app.seat)["hand"][app.seat] == ident
        start = app.turn
        await pilot.press(*turn_keys(app, ident, start, turn))
        app.turn = app.turn  # the keys turned it
        dx, dy = x - app.at[0], y - app.at[1]
        moves = ["right" if dx > 0 else "left"] * abs(dx) + ["down" if dy > 0 else "up"] * abs(dy)
        await pilot.press(*moves)
        assert (app.turn, app.at) == (turn, (x, y))
        await pilot.press("enter")  # place it
        app.advance(HAND_MS)
        await pilot.pause()
    await pilot.press("s")  # Stop!


def test_tokyo_jutaku_solo_to_the_end_by_keys() -> None:
    """One person completes 4 cards (JU-8) with the keys alone: take, turn, flip, move,
    place, Stop!; chooses a start card and moves on the plan."""
    app = cast(JutakuApp, live_app("tokyo-jutaku", ["human"], seed=11))

    async def play(pilot: Pilot[str], app: Any) -> None:
        await pilot.press("down", "enter")  # JU-2: start on A2
        assert app.table.state.view(0)["architects"][0] == "A2"
        rounds = 0
        while not app.table.is_over() and rounds < 6:
            rounds += 1
            await build_card(pilot, app)
            app.advance(10)
            await pilot.pause()
            view = app.table.state.view(0)
            if app.table.is_over():
                break
            assert view["phase"] == "move", view["log"][-3:]
            choices = app.plan_choices(view)
            target = choices[0]
            while app.plan_cursor != target:
                col = "ABCDEF".index(target[0]) - "ABCDEF".index(app.plan_cursor[0])
                row = int(target[1]) - int(app.plan_cursor[1])
                key = ("right" if col > 0 else "left") if col else ("down" if row > 0 else "up")
                await pilot.press(key)
            await pilot.press("enter")  # JU-7: move there
            app.advance(10)
            await pilot.pause()
        assert app.table.is_over()
        assert "over" in str(app.query_one("#help").border_title)
        await pilot.press("q")

    drive(app, play)
    state = app.table.state
    assert len(state.view(0)["completed"][0]) == 4 and state.scores()[0] > 0
    assert replay(app.table.record, app.table.game).to_dict() == state.to_dict()
    assert app.return_value == "over"


def test_tokyo_jutaku_against_bots_a_person_who_gives_up_each_round() -> None:
    """Bots build on the person's clock; the person gives up (g g) and the timers of the
    moves run out; the game ends when a bot completes its 4th card."""
    app = live_app("tokyo-jutaku", ["human", "builder", "builder-steady"], seed=4)

    async def play(pilot: Pilot[str], app: Any) -> None:
        for _ in range(300):
            if app.table.is_over():
                break
            view = app.table.state.view(0)
            if view["phase"] == "build" and not view["conceded"][0]:
                await pilot.press("g", "g")
            app.advance(2_000)
        assert app.table.is_over()

    drive(app, play)
    state = app.table.state
    assert max(state.scores()) > 0 and state.scores()[0] == 0
    kinds = {a.kind for seat, a in app.table.record.actions if seat == 0}
    assert "concede" in kinds
    assert replay(app.table.record, app.table.game).to_dict() == state.to_dict()


def test_countdown_solo_floor_by_floor_to_the_end() -> None:
    """CD-1 … CD-3 at the keyboard: pick a card, two elements a floor for three floors
    (the first of the pool that fits, big ones first, placed where it first fits), `d`
    after each; a fourth floor without an element puts the person out and ends the game
    with 6 elements."""
    app = live_app("countdown", ["human"], seed=2)

    async def play(pilot: Pilot[str], app: Any) -> None:
        await pilot.press("right", "enter")  # CD-1: the second card left
        assert app.table.state.view(0)["cards"][0] == "ikebukuro-2"
        for floor in (1, 2, 3):
            for _ in range(2):
                app.advance(1_500)
                view = app.table.state.view(0)
                wanted = next(
                    e
                    for size in ("4", "3", "2", "1")
                    for e in view["pool"]
                    if e.startswith(f"{size}-") and app.placements(e)
                )
                await pilot.press(wanted[0])
                while app.pool_cursor != wanted:
                    await pilot.press("right")
                await pilot.press("enter")  # take
                app.advance(1_500)
                await pilot.pause()
                assert app.spot(app.hand(app.table.state.view(0))) is not None
                await pilot.press("enter")  # place where it fits
            await pilot.press("d")
            app.advance(10)
            await pilot.pause()
            assert app.table.state.view(0)["round"] == floor + 1
        await pilot.press("d")  # floor 4: nothing added, out (CD-3)
        app.advance(10)
        await pilot.pause()
        assert app.table.is_over()
        await pilot.press("q")

    drive(app, play)
    state = app.table.state
    assert state.scores() == [6]
    assert [len([p for p in state.view(0)["built"][0] if p[4] == z]) for z in range(3)] == [2, 2, 2]
    assert replay(app.table.record, app.table.game).to_dict() == state.to_dict()


def test_countdown_against_builders_on_the_clock() -> None:
    """The floors' timers run out on the clock (CD-2) while the bots build; the person
    adds nothing and is out after the first floor; the game ends when all are out."""
    app = live_app("countdown", ["human", "builder", "builder"], seed=9)

    async def play(pilot: Pilot[str], app: Any) -> None:
        await pilot.press("enter")
        for _ in range(200):
            if app.table.is_over():
                break
            app.advance(2_000)
        assert app.table.is_over()

    drive(app, play)
    state = app.table.state
    assert state.view(0)["out"][0] == 1 and min(state.scores()[1:]) > 5
    assert replay(app.table.record, app.table.game).to_dict() == state.to_dict()


def test_bottle_bonus_catches_within_the_window_and_spends_to_the_end() -> None:
    """BB-1 at the keyboard: when a bot's completion drops drinks, the person catches one
    with a digit within the machine's few seconds; BB-2: spends its drinks with `d` and a
    digit when their powers may be used, `y` before a round; gives up each round. The
    bots build on the same clock and the game ends (JU-8)."""
    app = live_app("bottle-bonus", ["human", "builder", "builder-steady"], seed=2)
    caught: list[str] = []
    spent: list[str] = []

    async def play(pilot: Pilot[str], app: Any) -> None:
        for _ in range(600):
            if app.table.is_over():
                break
            view = app.table.state.view(0)
            phase = view["phase"]
            if phase == "catch" and 0 in view["catchers"]:
                drink = view["machine"][0]
                await pilot.press("1")
                if app.table.state.view(0)["caught"][0] == drink:
                    caught.append(drink)
            elif view["spendable"]:
                drink = view["spendable"][0]
                await pilot.press("d", str(view["drinks"][0].index(drink) + 1))
                if drink not in app.table.state.view(0)["drinks"][0]:
                    spent.append(drink)
            elif phase == "before" and 0 in app.table.state.current_players():
                await pilot.press("y")
            elif phase == "build" and not view["conceded"][0]:
                await pilot.press("g", "g")
            app.advance(1_000)
        assert app.table.is_over()

    drive(app, play)
    assert caught and spent
    state = app.table.state
    assert max(state.scores()) > 0
    catches = [a for seat, a in app.table.record.actions if seat == 0 and a.kind == "catch"]
    drops = [a for seat, a in app.table.record.actions if seat == -1]
    assert len(catches) == len(caught) and drops
    assert replay(app.table.record, app.table.game).to_dict() == state.to_dict()


def test_bottle_bonus_a_drink_not_caught_in_time_is_gone() -> None:
    """BB-1 RULING: the drinks stay in the machine `catch_ms` (5 s); a digit after that
    catches nothing."""
    app = live_app("bottle-bonus", ["human", "builder"], seed=3)

    async def play(pilot: Pilot[str], app: Any) -> None:
        for _ in range(300):
            view = app.table.state.view(0)
            if view["phase"] == "catch" and 0 in view["catchers"]:
                break
            if view["phase"] == "build" and not view["conceded"][0]:
                await pilot.press("g", "g")
            app.advance(500)
        view = app.table.state.view(0)
        assert view["phase"] == "catch", "a drop happened"
        app.advance(5_000)
        await pilot.press("1")
        assert app.table.state.view(0)["drinks"][0] == []

    drive(app, play)


def test_ekimae_play_opens_the_full_screen_at_a_terminal_only(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`ekimae play` of a real-time title with a person: the full screen when stdin and
    stdout are a terminal (here the app is stood in for: it leaves at once), the turns
    taken in the text loop into a pipe; one person at a keyboard."""
    from ekimae.cli import play
    from ekimae.cli.main import main

    opened: list[str] = []

    def run(self: LiveApp) -> str:
        opened.append(type(self).__name__)
        return "quit"

    monkeypatch.setattr(LiveApp, "run", run)
    monkeypatch.setattr(play, "live_screen", lambda game, names: True)
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{tmp_path / 'left.json'}\n"))
    assert main(["play", "--game", "bottle-bonus", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert opened == ["BottleApp"] and "Game stopped after 0 actions." in out
    assert (tmp_path / "left.json").exists()
    assert main(["play", "--game", "countdown", "--seats", "human,human"]) == 2
    assert "one person" in capsys.readouterr().err
    monkeypatch.undo()
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # a pipe: not a terminal
    assert not play.live_screen(find_game("countdown"), ["human"])
