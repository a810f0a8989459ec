"""The static side of a game: map, cards, track and rule numbers, plus lookup tables.

Built once per (map, card set) and shared by every state and clone of that game.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass

from ekimae.games.jidohanbaiki.components import Components, load_components
from ekimae.games.tokyo_metro.board import Board, load_board
from ekimae.games.tokyo_metro.components import (
    ActionCard,
    CardAction,
    CardSet,
    Deck,
    Kind,
    Rules,
    Track,
    load_cards,
    load_pieces,
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
    cell_index: Mapping[str, int]  # a cell's name as listed -> its index
    letters: tuple[str, ...]  # line letters in line order
    line_stops: tuple[tuple[int, ...], ...]  # per line, its stops in order
    stop_station: tuple[int, ...]
    station_keys: tuple[str, ...]
    station_stops: tuple[int, ...]  # per station, its stops (TM-7.2: the price counts them)
    station_cells: tuple[frozenset[int], ...]  # per station, the cells touching it (TM-4.2)
    deck_keys: tuple[str, ...]
    # Vehicles (OS-2): vehicle v < lines is the first (or only) vehicle of line v; a pair's
    # second vehicle follows the lines, in line order. A TOKYO map has one per line.
    line_vehicles: tuple[tuple[int, ...], ...]  # per line, its vehicles
    vehicle_line: tuple[int, ...]  # per vehicle, its line
    vehicle_labels: tuple[str, ...]  # "G" for a single train; "P1", "P2" for a pair
    vehicle_names: tuple[str, ...]  # as the log names them: "train G", "tram P2"
    pairs: bool  # the map has a line run by a pair (OS-2)
    halt: tuple[bool, ...]  # per station: a small circle, never a station (OS-2)
    stock_cards: tuple[int, ...]  # per line: its stock cards (TM-1.3; OS-4: 1-4)
    surcharges: tuple[int, ...]  # stock #k costs surcharges[k - 1] (TM-7.4; OS-4)
    trains_leave: bool  # TM-8.6 applies (only TOKYO map with TOKYO cards: OS-8, MOD-2)
    osaka_cards: bool  # the set prints Sell or Copy (OS-5): set-aside money, Copy stacks
    map_name: str = "tokyo"
    card_set: str = "tokyo"
    # METRO DRINKS (MD-1): the JIDOHANBAIKI pieces, and its column is the last deck.
    drinks: Components | None = None
    drinks_bonus_all: bool = True  # MD-7 RULING: count every drink of the colour on the map

    def cell(self, name: str) -> int:
        """The index of a cell named as the listings name it (any other spelling: read)."""
        found = self.cell_index.get(name)
        return found if found is not None else self.board.parse_cell(name)

    @property
    def drinks_column(self) -> int:
        """The JIDOHANBAIKI column (MD-1), -1 without METRO DRINKS."""
        return len(self.deck_keys) - 1 if self.drinks is not None else -1

    @property
    def vehicles(self) -> int:
        return len(self.vehicle_line)

    def vehicle_name(self, vehicle: int) -> str:
        """How the log names a vehicle: ``train G``, ``tram P2``, ``bus BUS1``."""
        return self.vehicle_names[vehicle]

    def vehicle_station(self, vehicle: int, pos: int) -> int:
        """The station of the `pos`-th stop (0-based) of `vehicle`'s line."""
        return self.stop_station[self.line_stops[self.vehicle_line[vehicle]][pos]]

    @property
    def lines(self) -> int:
        return len(self.letters)

    def station_at(self, line: int, pos: int) -> int:
        """The station of the `pos`-th stop (0-based) of `line`."""
        return self.stop_station[self.line_stops[line][pos]]


DRINKS_DECK = "JH"  # the JIDOHANBAIKI column's deck key (MD-1)
HOLE = "--"  # MD-2: where a Colour card was taken; counts as a card, has no action


def colour_card(colour: str) -> str:
    return f"JC-{colour}"


def shape_card(shape: str) -> str:
    return f"JS-{shape}"


def _with_drinks(cards: CardSet, jh: Components) -> CardSet:
    """MD-1: the 12 JIDOHANBAIKI stock cards as one more column of action cards."""
    deck = len(cards.decks)
    new: dict[str, ActionCard] = {}
    for colour in jh.colours:
        cid = colour_card(colour.key)
        spot = CardAction(f"{cid}a", Kind.COLOUR, jh.colour_slots, 0)
        new[cid] = ActionCard(cid, deck, 1, (spot,))
    for shape in jh.shapes:
        cid = shape_card(shape.key)
        spot = CardAction(f"{cid}a", Kind.SHAPE, jh.shape_slots, 0)  # MD-5: one slot only
        new[cid] = ActionCard(cid, deck, 1, (spot,))
    hole = ActionCard(HOLE, deck, 1, ())
    extra = Deck(DRINKS_DECK, ("", ""), "JIDOHANBAIKI stock cards (MD-1)", tuple(new))
    spots = {**cards.spots, **{a.spot: a for c in new.values() for a in c.actions}}
    return CardSet((*cards.decks, extra), {**cards.cards, **new, HOLE: hole}, spots)


@functools.cache
def load_ctx(
    map_name: str = "tokyo", card_set: str = "tokyo", drinks: bool = False, bonus: str = "all"
) -> Ctx:
    board = load_board(map_name)
    cards = load_cards(card_set)
    jh = load_components() if drinks else None
    if jh is not None:
        cards = _with_drinks(cards, jh)
    rules = load_rules()
    lines = len(board.lines)
    line_vehicles: list[tuple[int, ...]] = []
    extra = lines
    for line in board.lines:
        if line.vehicles == 2:
            line_vehicles.append((line.index, extra))
            extra += 1
        else:
            line_vehicles.append((line.index,))
    vehicle_line = [0] * extra
    labels = [""] * extra
    for index, vs in enumerate(line_vehicles):
        for k, v in enumerate(vs):
            vehicle_line[v] = index
            letter = board.lines[index].letter
            labels[v] = letter if len(vs) == 1 else f"{letter}{k + 1}"
    if map_name == "tokyo":
        # TM-1.3, TM-7.4: #1, #2, #3 on every line, the surcharges of rules.toml.
        surcharges = rules.stock_surcharges
        stock_cards = (len(surcharges),) * lines
    else:
        pieces = load_pieces(map_name)  # OS-1, OS-4
        surcharges = pieces.stock_surcharges
        stock_cards = pieces.stocks
    return Ctx(
        board=board,
        cards=cards,
        track=load_track(map_name),
        rules=rules,
        cell_names=tuple(board.cell_name(c) for c in range(board.columns * board.rows)),
        cell_index={board.cell_name(c): c for c in range(board.columns * board.rows)},
        letters=tuple(line.letter for line in board.lines),
        line_stops=tuple(line.stops for line in board.lines),
        stop_station=tuple(stop.station for stop in board.stops),
        station_keys=tuple(st.key for st in board.stations),
        station_stops=tuple(len(st.stops) for st in board.stations),
        station_cells=tuple(frozenset(st.cells) for st in board.stations),
        deck_keys=tuple(deck.key for deck in cards.decks),
        line_vehicles=tuple(line_vehicles),
        vehicle_line=tuple(vehicle_line),
        vehicle_labels=tuple(labels),
        vehicle_names=tuple(
            f"{board.lines[vehicle_line[v]].vehicle} {labels[v]}" for v in range(extra)
        ),
        pairs=extra > lines,
        halt=tuple(st.halt for st in board.stations),
        stock_cards=tuple(stock_cards),
        surcharges=tuple(surcharges),
        # TM-8.6 removes a Start train; OS-8: never on the Osaka map (Start included, MOD-2);
        # MOD-2: never with the Osaka cards on the Tokyo map either.
        trains_leave=map_name == "tokyo" and card_set == "tokyo",
        osaka_cards=any(a.kind in (Kind.SELL, Kind.COPY) for a in cards.spots.values()),
        map_name=map_name,
        card_set=card_set,
        drinks=jh,
        drinks_bonus_all=bonus != "owner",
    )
