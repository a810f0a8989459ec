"""Shared helpers for the TOKYO METRO rule tests.

Positions are reached through the public API (`GAME.new_state`, bids, placement,
actions) and playing forward with fixed simple choices. To set up a situation a test may
then edit the raw `state.s` fields (money, meeples, trains, owners, cards on the table).
`TokyoMetroState` caches the legal actions of one seat until the next `apply`, so after
an edit use `fresh(state)` (a new wrapper around the same raw state).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable

from ekimae.core.actions import Action
from ekimae.games.tokyo_metro import actions as act
from ekimae.games.tokyo_metro.components import CardAction, Kind
from ekimae.games.tokyo_metro.context import Ctx
from ekimae.games.tokyo_metro.game import GAME, TokyoMetroState
from ekimae.games.tokyo_metro.state import NOBODY, OFF_MAP, Phase

__all__ = [
    "GAME",
    "NOBODY",
    "OFF_MAP",
    "Phase",
    "TokyoMetroState",
    "actions_phase",
    "cell",
    "cell_name",
    "cell_touching",
    "cells_of",
    "default_action",
    "do",
    "end_game",
    "exclusive_cells",
    "find_spot",
    "find_spots",
    "finish_trains",
    "fresh",
    "legal_texts",
    "line",
    "line_stations",
    "manhattan_cells",
    "new_game",
    "park_meeples",
    "pass_until",
    "play_to",
    "play_until",
    "put_cards",
    "put_meeple",
    "put_train",
    "quiet_cells",
    "snapshot",
    "station",
    "station_at",
    "to_trains",
]


# --------------------------------------------------------------------------- basics


def new_game(
    seats: int = 2, seed: int = 1, options: dict[str, str] | None = None
) -> TokyoMetroState:
    return GAME.new_state(seats, seed, options)


def fresh(state: TokyoMetroState) -> TokyoMetroState:
    """A new wrapper around the same raw state: no cached legal actions."""
    return TokyoMetroState(state.ctx, state.s)


def do(state: TokyoMetroState, seat: int, text: str) -> None:
    """Apply an action given in its text form, e.g. ``do(state, 0, "station HT1a ginza")``."""
    state.apply(seat, GAME.parse_action(text))


def legal_texts(state: TokyoMetroState, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def snapshot(state: TokyoMetroState) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


# --------------------------------------------------------------------------- the map


def cell(ctx: Ctx, name: str) -> int:
    return ctx.board.parse_cell(name)


def cell_name(ctx: Ctx, index: int) -> str:
    return ctx.cell_names[index]


def line(ctx: Ctx, letter: str) -> int:
    return ctx.board.line_by_letter[letter]


def station(ctx: Ctx, key: str) -> int:
    return ctx.board.station_by_key[key]


def station_at(ctx: Ctx, letter: str, number: int) -> str:
    """The key of the station of stop `number` (1-based) of line `letter`."""
    return ctx.station_keys[ctx.station_at(line(ctx, letter), number - 1)]


def cells_of(ctx: Ctx, key: str) -> set[str]:
    """TM-4.2: the cells touching a station (any of its stops)."""
    return {ctx.cell_names[c] for c in ctx.board.stations[station(ctx, key)].cells}


def exclusive_cells(ctx: Ctx, key: str) -> list[str]:
    """Cells that touch this station and no other."""
    index = station(ctx, key)
    return [
        ctx.cell_names[c]
        for c in ctx.board.stations[index].cells
        if ctx.board.cell_stations[c] == (index,)
    ]


def line_stations(ctx: Ctx, letter: str) -> set[str]:
    """The keys of every station with a stop of line `letter`."""
    index = line(ctx, letter)
    return {ctx.station_keys[ctx.station_at(index, p)] for p in range(len(ctx.line_stops[index]))}


def cell_touching(ctx: Ctx, key: str, avoid: Iterable[str] = (), skip: Iterable[str] = ()) -> str:
    """The first cell (in name order) touching station `key` and none of the stations
    `avoid`, other than the cells `skip`."""
    banned = {station(ctx, k) for k in avoid if k != key}
    skipped = set(skip)
    for name in sorted(cells_of(ctx, key)):
        touched = set(ctx.board.cell_stations[cell(ctx, name)])
        if name not in skipped and not touched & banned:
            return name
    raise AssertionError(f"no cell touches {key} without touching {sorted(avoid)}")


def quiet_cells(ctx: Ctx) -> list[str]:
    """Cells touching no station, in cell order."""
    return [ctx.cell_names[c] for c, st in enumerate(ctx.board.cell_stations) if not st]


def manhattan_cells(ctx: Ctx, name: str, steps: int) -> set[str]:
    """Every cell of the grid at most `steps` orthogonal steps from `name` (itself included)."""
    board = ctx.board
    row, col = divmod(cell(ctx, name), board.columns)
    out = set()
    for r in range(board.rows):
        for c in range(board.columns):
            if abs(r - row) + abs(c - col) <= steps:
                out.add(ctx.cell_names[r * board.columns + c])
    return out


# --------------------------------------------------------------------------- the cards


def find_spots(ctx: Ctx, kind: str, slots: int | None = 1) -> list[CardAction]:
    """Printed actions of a type (and number of slots), in card order."""
    wanted = Kind(kind)
    return [
        spot
        for card in ctx.cards.cards.values()
        for spot in card.actions
        if spot.kind is wanted and (slots is None or spot.slots == slots)
    ]


def find_spot(ctx: Ctx, kind: str, slots: int | None = 1) -> CardAction:
    found = find_spots(ctx, kind, slots)
    assert found, f"no {kind} action with {slots} slot(s) in the card set"
    return found[0]


def put_cards(state: TokyoMetroState, *spots: str) -> None:
    """Set-up edit: make the cards of these spots (or card ids) face up on the table.

    Each wanted card takes a row of its column; the card it displaces takes the wanted
    card's old place (deck or discard pile), so the set of cards stays the same.
    """
    s, ctx = state.s, state.ctx
    cards = list(dict.fromkeys(spot.rstrip("ab") for spot in spots))
    by_column: dict[int, list[str]] = {}
    for card_id in cards:
        by_column.setdefault(ctx.cards.cards[card_id].deck, []).append(card_id)
    for col, wanted in by_column.items():
        column = list(s.grid[col])
        missing = [c for c in wanted if c not in column]
        free_rows = [i for i, c in enumerate(column) if c not in wanted]
        assert len(missing) <= len(free_rows), f"column {col} has too few rows for {wanted}"
        for card_id, row in zip(missing, reversed(free_rows), strict=False):
            out = column[row]
            column[row] = card_id
            if card_id in s.decks[col]:
                s.decks[col] = tuple(out if c == card_id else c for c in s.decks[col])
            elif card_id in s.discards[col]:
                s.discards[col] = tuple(out if c == card_id else c for c in s.discards[col])
            else:
                raise AssertionError(f"card {card_id} is not in its deck nor its discard pile")
        s.grid[col] = tuple(column)


# --------------------------------------------------------------------------- pieces


def put_meeple(state: TokyoMetroState, seat: int, name: str) -> None:
    state.s.meeple[seat] = cell(state.ctx, name)
    state.s.riding[seat] = NOBODY


def park_meeples(state: TokyoMetroState) -> None:
    """Set-up edit: every meeple on its own cell touching no station, not next to another."""
    ctx = state.ctx
    chosen: list[int] = []
    for name in quiet_cells(ctx):
        index = cell(ctx, name)
        if all(index not in ctx.board.neighbors[c] for c in chosen):
            chosen.append(index)
        if len(chosen) == state.s.n:
            break
    for seat, index in enumerate(chosen):
        state.s.meeple[seat] = index
        state.s.riding[seat] = NOBODY


def put_train(
    state: TokyoMetroState, letter: str, number: int, direction: int = 1, by_start: bool = False
) -> None:
    """Set-up edit: the train of `letter` on its stop `number`, moving up (+1) or down (-1)."""
    index = line(state.ctx, letter)
    state.s.train_pos[index] = number - 1
    state.s.train_dir[index] = direction
    state.s.train_started[index] = by_start


# --------------------------------------------------------------------------- playing forward


def default_action(state: TokyoMetroState, seat: int, ordered_bids: bool = False) -> Action:
    """Fixed simple choices: bid ¥0 (or n-1-seat x ¥100 so that the order is 0, 1, ...),
    the first start cell, stay put, pass, decline to board, stay aboard."""
    s = state.s
    legal = state.legal_actions(seat)
    if s.phase is Phase.TURN_ORDER:
        amount = (s.n - 1 - seat) * 100 if ordered_bids else 0
        return act.TurnBid(min(amount, s.money[seat] // 100 * 100))
    if s.phase is Phase.MOVEMENT and s.round > 1 and s.riding[seat] == NOBODY:
        return act.Walk(state.ctx.cell_names[s.meeple[seat]])
    if act.Pass() in legal:
        return act.Pass()
    return legal[0]


def play_until(
    state: TokyoMetroState,
    done: Callable[[TokyoMetroState], bool],
    ordered_bids: bool = False,
    limit: int = 5000,
) -> None:
    for _ in range(limit):
        if done(state) or state.is_terminal():
            return
        seat = state.current_players()[0]
        state.apply(seat, default_action(state, seat, ordered_bids))
    raise AssertionError("play_until: no end in sight")


def play_to(
    state: TokyoMetroState, round_no: int, phase: Phase, ordered_bids: bool = False
) -> None:
    play_until(state, lambda st: st.s.round == round_no and st.s.phase is phase, ordered_bids)
    assert state.s.round == round_no and state.s.phase is phase


def actions_phase(
    seats: int = 2, seed: int = 1, round_no: int = 1, options: dict[str, str] | None = None
) -> TokyoMetroState:
    """A game at the start of the actions phase of `round_no`, turn order 0, 1, 2, ...;
    set-up edits: every seat has ¥2,000 again and the meeples are parked away from stations."""
    state = new_game(seats, seed, options)
    play_to(state, round_no, Phase.ACTIONS, ordered_bids=True)
    assert state.s.order == list(range(seats))
    state.s.money = [state.ctx.rules.start_money] * seats
    park_meeples(state)
    return fresh(state)


def pass_until(state: TokyoMetroState, done: Callable[[TokyoMetroState], bool]) -> None:
    """Decline every decision (pass / stay aboard / no boarding) until `done`."""
    play_until(state, done)


def to_trains(state: TokyoMetroState) -> TokyoMetroState:
    """From the actions phase: set-up edit of no disc in front (so no pass income), then the
    seat to act passes, which ends the actions phase and starts the trains phase."""
    assert state.s.phase is Phase.ACTIONS
    state.s.front = [0] * state.s.n
    state = fresh(state)
    seat = state.current_players()[0]
    state.apply(seat, act.Pass())
    return state


def finish_trains(state: TokyoMetroState) -> None:
    """Decline every trains-phase decision until the phase is over."""
    play_until(state, lambda st: st.s.phase is not Phase.TRAINS)


def end_game(state: TokyoMetroState) -> TokyoMetroState:
    """From the actions phase: set-up edit of empty decks (so this is the last round), then
    everyone passes with no pass income and the game ends after the trains phase (TM-9.1)."""
    state.s.decks = [()] * len(state.s.decks)
    state = to_trains(state)
    finish_trains(state)
    assert state.is_terminal()
    return state
