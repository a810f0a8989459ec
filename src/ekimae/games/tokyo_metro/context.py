"""The static side of a game: map, cards, track and rule numbers, plus lookup tables.

Built once per (map, card set) and shared by every state and clone of that game.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ekimae.games.tokyo_metro.board import Board, load_board
from ekimae.games.tokyo_metro.components import (
    CardSet,
    Rules,
    Track,
    load_cards,
    load_rules,
    load_track,
)


@dataclass(frozen=True, slots=True)
class Ctx:
    board: Board
    cards: CardSet
    track: Track
    rules: Rules
    cell_names: tuple[str, ...]
    letters: tuple[str, ...]  # line letters in line order
    line_stops: tuple[tuple[int, ...], ...]  # per line, its stops in order
    stop_station: tuple[int, ...]
    station_keys: tuple[str, ...]
    deck_keys: tuple[str, ...]

    @property
    def lines(self) -> int:
        return len(self.letters)

    def station_at(self, line: int, pos: int) -> int:
        """The station of the `pos`-th stop (0-based) of `line`."""
        return self.stop_station[self.line_stops[line][pos]]


@functools.cache
def load_ctx(map_name: str = "tokyo", card_set: str = "tokyo") -> Ctx:
    board = load_board(map_name)
    cards = load_cards(card_set)
    return Ctx(
        board=board,
        cards=cards,
        track=load_track(),
        rules=load_rules(),
        cell_names=tuple(board.cell_name(c) for c in range(board.columns * board.rows)),
        letters=tuple(line.letter for line in board.lines),
        line_stops=tuple(line.stops for line in board.lines),
        stop_station=tuple(stop.station for stop in board.stops),
        station_keys=tuple(st.key for st in board.stations),
        deck_keys=tuple(deck.key for deck in cards.decks),
    )
