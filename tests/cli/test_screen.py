"""TOKYO METRO on one 160×50 terminal screen (`cli/titles/tokyo_metro/screen.py`), and the
stacked output on a smaller terminal or a pipe. Seats count from 1 on the screen."""

from __future__ import annotations

import io
import random

from rich.console import Console

from ekimae.cli.titles.tokyo_metro import TITLE, display, screen
from ekimae.cli.titles.tokyo_metro.menu import build_menu
from ekimae.games.tokyo_metro.board import load_board
from ekimae.games.tokyo_metro.game import GAME, TokyoMetroState

NAMES = ["human", "greedy", "random"]


def played(phase: str, seed: int = 7) -> tuple[TokyoMetroState, int]:
    """A seeded random game up to the first decision in `phase` after round 1."""
    state = GAME.new_state(len(NAMES), seed)
    assert isinstance(state, TokyoMetroState)
    chooser = random.Random(seed)
    while not state.is_terminal():
        seat = state.current_players()[0]
        view = state.view(seat)
        if view["phase"] == phase and view["round"] > 1:
            return state, seat
        state.apply(seat, chooser.choice(list(state.legal_actions(seat))))
    raise AssertionError(f"no {phase} decision")


def terminal(width: int = 160, height: int = 50) -> Console:
    return Console(file=io.StringIO(), width=width, height=height, force_terminal=True, record=True)


def test_the_screen_is_160_by_50_with_every_part() -> None:
    state, seat = played("trains")
    out = terminal()
    choices = build_menu(state.legal_actions(seat)).render()
    out.print(screen.screen(state.view_for(seat), NAMES, choices, "Choices"), height=screen.HEIGHT)
    lines = out.export_text().splitlines()
    assert len(lines) == 50 and max(len(line) for line in lines) <= 160
    text = "\n".join(lines)
    assert lines[0].startswith("Round ") and "· trains ·" in lines[0]
    for part in ("Map", "Log", "Choices", "line", "value", "money", "GM deck", "discard:"):
        assert part in text, part
    assert "a stop of line G" in text and "seats 1:human  2:greedy  3:random" in text
    assert "1) board" in text or "1) alight" in text  # the choices of the trains phase
    assert state.s.log_lines()[-1][:30] in text  # the log's newest line is shown


def test_the_grid_numbers_seats_from_1_and_draws_the_trains() -> None:
    """Seat 1's (index 0) station reads `G1`, not `G0`; a train on the map is drawn."""
    state, seat = played("actions")
    view = state.view_for(seat)
    board = load_board()
    key, owner = next(iter(view["stations"].items()))
    grid = display.grid_picture(view, board).plain
    station = board.stations[board.station_by_key[key]]
    stop = board.stops[station.stops[0]]
    glyph = board.lines[stop.lines[0]].letter if len(stop.lines) == 1 else "+"
    assert f"{glyph}{owner + 1}" in grid
    trains = [line for line in view["lines"] if line["train"] is not None]
    assert trains, "the seeded game has a train on the map"
    line = trains[0]
    train = line["train"]
    assert train is not None
    arrow = "▸" if train["direction"] > 0 else "◂"
    assert f"{line['letter']}{arrow}" in grid


def test_a_person_on_a_large_terminal_gets_one_screen_a_turn() -> None:
    state, seat = played("actions")
    out = terminal()
    front = TITLE.front(GAME, out, NAMES, humans=True)
    menu = front.menu(state, seat, state.legal_actions(seat))
    front.turn(state, seat, menu)
    text = out.export_text()
    assert "╭─ Map" in text and "╭─ Log" in text and f"Choices of seat {seat + 1}" in text
    assert "1) " in text  # the choices: on the screen or, when too many, below it


def test_a_small_terminal_or_a_pipe_gets_the_parts_stacked() -> None:
    state, seat = played("actions")
    for out in (terminal(120, 40), Console(file=io.StringIO(), width=160, record=True)):
        assert not screen.fits(out)
        front = TITLE.front(GAME, out, NAMES, humans=True)
        front.turn(state, seat, front.menu(state, seat, state.legal_actions(seat)))
        text = out.export_text()
        assert "╭─ Map" not in text
        assert "Lines" in text and "Players" in text and "a stop of line G" in text
