"""The terminal's pictures in docs/img (issue 32): each real-time title's full screen at
120×40, played a little by a scripted person against bots on a hand-moved clock (so the
pictures are the same on every machine), exported by Textual as SVG; and the printed
tables of CHOCOLATE MILK and COUNTDOWN, exported by rich.

Usage: .venv/bin/python tools/terminal_pictures.py [--out docs/img]
"""

from __future__ import annotations

import argparse
import asyncio
import io
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rich.console import Console
from textual.pilot import Pilot

from ekimae.bots import make_bot, play_game
from ekimae.cli.live import LiveTable, ManualClock
from ekimae.cli.live_app import LiveApp
from ekimae.cli.terminal import terminal_title
from ekimae.games import find_game

SIZE = (120, 40)
Script = Callable[[Pilot[str], Any], Awaitable[None]]


def live_app(name: str, seats: list[str], seed: int) -> LiveApp:
    game = find_game(name)
    bots = [None if s == "human" else make_bot(name, s, seed + i) for i, s in enumerate(seats)]
    table = LiveTable(game, seats, bots, seed, {}, ManualClock())
    app = terminal_title(name).live_app(table, seats.index("human"))
    assert app is not None
    app.tick_seconds = None
    return app


async def take_and_place(pilot: Pilot[str], app: Any, place: bool = True) -> bool:
    """Take the biggest element of the pool that fits (moving the cursor to it by keys),
    and place it where it first fits; False if none fits."""
    view = app.table.state.view(app.seat)
    wanted = next(
        (e for size in "7654321" for e in view["pool"] if e[0] == size and app.placements(e)),
        None,
    )
    if wanted is None:
        return False
    await pilot.press(wanted[0])
    while app.pool_cursor != wanted:
        await pilot.press("right")
    await pilot.press("enter")
    app.advance(2_000)
    await pilot.pause()
    if place:
        await pilot.press("enter")
        app.advance(2_000)
        await pilot.pause()
    return True


async def jutaku(pilot: Pilot[str], app: Any) -> None:
    await pilot.press("down", "down", "enter")  # start on A3
    app.advance(500)
    await take_and_place(pilot, app)
    await take_and_place(pilot, app, place=False)  # in hand, shown where it first fits
    app.advance(3_000)
    await pilot.pause()


async def countdown(pilot: Pilot[str], app: Any) -> None:
    await pilot.press("enter")
    for _ in range(3):
        app.advance(1_500)
        await take_and_place(pilot, app)
    await pilot.press("d")
    while app.table.state.view(0)["round"] == 1:
        app.advance(1_000)
    app.advance(1_500)
    await take_and_place(pilot, app)
    await take_and_place(pilot, app, place=False)
    await pilot.pause()


async def bottle_bonus(pilot: Pilot[str], app: Any) -> None:
    await pilot.press("enter")
    app.advance(500)
    for _ in range(200):
        view = app.table.state.view(0)
        if view["phase"] == "catch" and view["machine"]:
            break
        if view["phase"] == "build" and view["hand"][0] is None:
            if not await take_and_place(pilot, app):
                app.advance(1_000)
        else:
            app.advance(1_000)
    app.advance(800)
    await pilot.pause()


LIVE: dict[str, tuple[list[str], int, Script]] = {
    "tokyo-jutaku": (["human", "builder-steady", "builder-slow"], 7, jutaku),
    "countdown": (["human", "builder", "builder"], 4, countdown),
    "bottle-bonus": (["human", "builder-slow", "builder"], 5, bottle_bonus),
}


def live_picture(name: str, out: Path) -> Path:
    seats, seed, script = LIVE[name]
    app = live_app(name, seats, seed)
    path = out / f"terminal-{name}-120x40.svg"

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await script(pilot, app)
            path.write_text(app.export_screenshot(title=app.table.game.title), encoding="utf-8")

    asyncio.run(run())
    return path


def printed_picture(name: str, seats: list[str], seed: int, upto: int, out: Path) -> Path:
    """A game of bots stopped after `upto` actions, its table as the terminal prints it."""
    game = find_game(name)
    bots = [make_bot(name, s, seed + i) for i, s in enumerate(seats)]
    count = {"n": 0}

    def stop(state: Any, seat: int, legal: Any) -> None:
        return None

    def on_action(state: Any, seat: int, action: Any) -> None:
        count["n"] += 1
        if count["n"] == upto:
            raise _Enough(state)

    try:
        play_game(game, bots, seed, on_action=on_action)
    except _Enough as enough:
        state = enough.state
    console = Console(
        file=io.StringIO(), width=120, record=True, force_terminal=True, highlight=False
    )
    front = terminal_title(name).front(game, console, seats, humans=False)
    front.table(state, 0)
    path = out / f"terminal-{name}-printed.svg"
    path.write_text(console.export_svg(title=f"{game.title} — ekimae play"), encoding="utf-8")
    return path


class _Enough(Exception):  # noqa: N818 - a signal, not an error
    def __init__(self, state: Any) -> None:
        super().__init__()
        self.state = state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs/img")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name in LIVE:
        print(live_picture(name, out))
    print(printed_picture("chocolate-milk", ["normal", "strong", "normal"], 6, 14, out))
    print(printed_picture("countdown", ["builder", "builder", "random"], 3, 40, out))


if __name__ == "__main__":
    main()
