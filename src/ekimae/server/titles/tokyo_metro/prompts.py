"""Plain-language prompts for the trains phase, built from a seat's view and the map.

The engine's notation ("board", "alight k8", "pass") is exact but terse; a person at the
page needs to know which train stopped where and what each button does. The text is only
a label: the action sent is still the engine's own legal action.
"""

from __future__ import annotations

from typing import Any

from ekimae.games.tokyo_metro.board import load_board


def _stop(view: dict[str, Any], letter: str, map_name: str) -> tuple[str, str] | None:
    """(station name, stop label) where the train of line `letter` stands, if on the map."""
    board = load_board(map_name)
    for index, line in enumerate(view["lines"]):
        train = line["train"]
        if line["letter"] == letter and train is not None:
            stop = board.lines[index].stops[train["number"] - 1]
            return board.stations[board.stops[stop].station].name, train["stop"]
    return None


def trains_prompt(view: dict[str, Any], seat: int | None, map_name: str = "tokyo") -> str | None:
    """'Train G stops at Ginza (G9): …' for the trains phase, None at any other time."""
    phase = view.get("trains_phase")
    if phase is None:
        return None
    letter = phase["line"]
    where = _stop(view, letter, map_name)
    at = f"Train {letter} stops at {where[0]} ({where[1]})" if where else f"Train {letter} moves"
    left = phase["stops_left"]
    at += f", {left} more stop{'s' if left != 1 else ''} to go" if left else ", its last stop"
    deciding = phase["deciding"]
    if seat is None or seat not in deciding:
        who = ", ".join(f"seat {s + 1}" for s in deciding) or "nobody"
        return f"{at}. Deciding: {who}."
    me = view["players"][seat]
    if me["riding"] == letter:
        return f"{at}. You are on it: alight onto a cell by the station, or stay on."
    if me["riding"] is not None:
        return f"{at}. You ride train {me['riding']}: change to train {letter} here, or not."
    return f"{at}. Board train {letter} here, or let it go?"


def action_label(
    view: dict[str, Any], seat: int, action: dict[str, Any], map_name: str = "tokyo"
) -> str | None:
    """A plain label for a trains-phase choice, None to keep the engine's notation."""
    phase = view.get("trains_phase")
    if phase is None:
        return None
    letter = phase["line"]
    where = _stop(view, letter, map_name)
    station = f" at {where[0]}" if where else ""
    kind = action.get("type")
    if kind == "board":
        return f"Board train {letter}{station} ({_fare(view, seat, letter)})"
    if kind == "alight":
        return f"Alight{station} to cell {action.get('cell')}"
    if kind == "pass":
        riding = view["players"][seat]["riding"]
        return f"Stay on train {riding}" if riding == letter else f"Let train {letter} go"
    return None


def _fare(view: dict[str, Any], seat: int, letter: str) -> str:
    """The engine's TM-8.5 fare for this seat, in words."""
    fare = view["trains_phase"]["fares"][seat]
    if fare == 0:
        return f"free: you hold a {letter} stock"
    return f"fare ¥{fare:,}, added to line {letter}'s value"
