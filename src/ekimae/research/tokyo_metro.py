"""TOKYO METRO for research interfaces: every action a configuration may allow, numbered,
and a seat's view as numbers.

The catalog follows the cards of the configuration's set: a card spot only ever offers
its printed kind (TM-6.1), so a Move spot is numbered with every cell, an Invest spot
with every line, and so on. Discount discs (TM-7.8) are set elements chosen one at a time
(`ekimae.research.space`). Bids (TM-3.3) and speculation stakes (TM-7.11) are numbered in
¥100 coins up to `MAX_AMOUNT`; the engine allows more to a seat that rich, the numbered
space does not (an agent's limit, never the game's).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ekimae.core.actions import Action
from ekimae.games.jidohanbaiki.components import load_components as load_jidohanbaiki
from ekimae.games.tokyo_metro import actions as act
from ekimae.games.tokyo_metro.board import Board, load_board
from ekimae.games.tokyo_metro.components import CardSet, Kind, load_cards, load_rules
from ekimae.games.tokyo_metro.view import LineView, MetroView, PlayerView, metro_view
from ekimae.research.space import Catalog

MAX_AMOUNT = 20_000  # yen: bids and stakes above it are not numbered
DRINKS_PILE = "JH"  # MD-6: the JIDOHANBAIKI column's discard pile
PHASES = ("turn_order", "movement", "actions", "trains", "end")
TOKENS = ("speed", "bike")  # TM-7.3: what a Station by exchange gives up
YEN = 1000.0  # yen are scaled to thousands


def _config(options: Mapping[str, str]) -> tuple[Board, CardSet]:
    return load_board(options.get("map", "tokyo")), load_cards(options.get("cards", "tokyo"))


def _amounts(step: int) -> range:
    return range(0, MAX_AMOUNT + 1, step)


def _spot_heads(spot: str, kind: Kind, board: Board, coin: int) -> Iterator[Action]:
    cells = [board.cell_name(c) for c in range(board.columns * board.rows)]
    stations = [s.key for s in board.stations]
    letters = [line.letter for line in board.lines]
    if kind is Kind.MOVE:
        yield from (act.Move(spot, c) for c in cells)
    elif kind is Kind.STATION:
        yield from (act.Station(spot, s) for s in stations)
    elif kind is Kind.EXCHANGE:
        yield from (act.Exchange(spot, s, t) for s in stations for t in TOKENS)
    elif kind is Kind.INVEST:
        yield from (act.Invest(spot, x) for x in letters)
    elif kind is Kind.START:
        yield from (act.Start(spot, x) for x in letters)
    elif kind is Kind.INVEST_DISC:  # OS-6
        yield from (act.InvestDisc(spot, x) for x in letters)
    elif kind is Kind.SELL:  # OS-7.2
        yield from (act.Sell(spot, x) for x in letters)
    elif kind is Kind.SPECULATION:
        yield from (act.Speculate(spot, x, a) for x in letters for a in _amounts(coin))
    else:
        yield _SIMPLE[kind](spot)


_SIMPLE: dict[Kind, Any] = {
    Kind.SPEED: act.Speed, Kind.BIKE: act.Bike, Kind.DISCOUNT: act.Discount,
    Kind.BID: act.Bid, Kind.LOAN: act.Loan, Kind.REPAY: act.Repay, Kind.ACTION: act.NewDisc,
    Kind.COPY: act.Copy,  # OS-7.1: the copied action is then taken at its own spot
}  # fmt: skip


def catalog(seats: int, options: Mapping[str, str]) -> Catalog:
    board, cards = _config(options)
    coin = load_rules().smallest_coin
    cells = [board.cell_name(c) for c in range(board.columns * board.rows)]
    heads: list[Action] = [act.TurnBid(a) for a in _amounts(coin)]
    heads += [act.Place(c) for c in cells] + [act.Walk(c) for c in cells]
    heads += [act.BoardTrain(), act.Pass()] + [act.Alight(c) for c in cells]
    heads += [act.Assign(line.letter) for line in board.lines]
    for spot in sorted(cards.spots.values(), key=lambda s: s.spot):
        if spot.kind is Kind.CARD:
            heads += [act.TakeCard(spot.spot, deck.key) for deck in cards.decks]
        else:
            heads += list(_spot_heads(spot.spot, spot.kind, board, coin))
    if options.get("drinks", "off") == "on":
        heads += _drinks_heads(board, cards, cells)
    discounts = sorted(s.spot for s in cards.spots.values() if s.kind is Kind.DISCOUNT)
    return Catalog(tuple(heads), tuple(("discounts", d) for d in discounts))


def _drinks_heads(board: Board, cards: CardSet, cells: list[str]) -> list[Action]:
    """METRO DRINKS (MD-1 … MD-6): the JIDOHANBAIKI column's cards, builds of every drink
    in every station (with a disc or free), a Move walked cell by cell, the Card action
    on the JIDOHANBAIKI discard pile."""
    jh = load_jidohanbaiki()
    heads: list[Action] = [act.ColourCard(f"JC-{c.key}a") for c in jh.colours]
    heads += [act.ShapeCard(f"JS-{sh.key}a") for sh in jh.shapes]
    heads += [
        act.Build(station.key, drink, free)
        for station in board.stations
        if not station.halt
        for drink in jh.drinks
        for free in (False, True)
    ]
    heads += [act.Step(c) for c in cells] + [act.Stop()]
    card_spots = sorted(s.spot for s in cards.spots.values() if s.kind is Kind.CARD)
    heads += [act.TakeCard(spot, DRINKS_PILE) for spot in card_spots]
    return heads


class Encoder:
    """The seat's own view as numbers, every seat-indexed part turned so that the
    observing seat comes first: the round and phase; per player their yen, discs,
    tokens, meeple and cards; per line its value, slots, holders and train; station
    owners; the card grid, discard tops and taken spots; the trains phase."""

    def __init__(self, seats: int, options: Mapping[str, str]) -> None:
        board, cards = _config(options)
        self.seats = seats
        self.cells = {board.cell_name(c): c for c in range(board.columns * board.rows)}
        self.letters = [line.letter for line in board.lines]
        self.stops = [len(line.stops) for line in board.lines]
        self.stations = [s.key for s in board.stations]
        self.card_ids = sorted(cards.cards)
        self.spots = sorted(cards.spots)
        self.discount_spots = sorted(
            s.spot for s in cards.spots.values() if s.kind is Kind.DISCOUNT
        )
        self.decks = [deck.key for deck in cards.decks]
        # A game with an Osaka part shows more (MOD-1): second vehicles, stock cards,
        # Sell money set aside, Copy discs and stacks (OS-2, OS-4, OS-7).
        self.extended = (
            options.get("map", "tokyo") != "tokyo" or options.get("cards", "tokyo") != "tokyo"
        )
        self.drinks = options.get("drinks", "off") == "on"
        jh = load_jidohanbaiki()
        self.colours = [c.key for c in jh.colours]
        self.shapes = [sh.key for sh in jh.shapes]
        self.drink_parts = {d.id: (d.colour, d.shape) for d in jh.drinks.values()}
        self.size = len(self.encode(None))

    def _turn(self, me: int, seat: int) -> int:
        return (seat - me) % self.seats

    def _one_hot(self, n: int, at: int | None) -> list[float]:
        out = [0.0] * n
        if at is not None:
            out[at] = 1.0
        return out

    def encode(self, view: Mapping[str, Any] | None) -> list[float]:
        """`None` gives the all-zero vector of the right size (for `size`)."""
        v = _EMPTY if view is None else metro_view(view)
        me = int(v.get("seat") or 0)
        out = [v.get("round", 0) / 10.0, v.get("rounds", 0) / 10.0, float(v.get("turn_busy", 0))]
        out += self._one_hot(len(PHASES), PHASES.index(v["phase"]) if view else None)
        out += self._players(v, me) + self._lines(v, me) + self._stations(v, me)
        out += self._grid(v, me) + self._trains(v, me)
        if self.extended:
            out += self._osaka(v, me)
        if self.drinks:
            out += self._drinks(v, me)
        return out

    def _drinks(self, v: MetroView, me: int) -> list[float]:
        """METRO DRINKS: each station's drink (colour and shape), each player's supply by
        colour, Colour cards and free builds, the walk under way (MD-3 … MD-5)."""
        out: list[float] = []
        placed = v.get("drinks") or {}
        for key in self.stations:
            colour, shape = self.drink_parts.get(placed.get(key, ""), (None, None))
            out += self._one_hot(len(self.colours), self._at(self.colours, colour))
            out += self._one_hot(len(self.shapes), self._at(self.shapes, shape))
        players = v.get("players") or []
        for k in range(self.seats):
            p = players[(me + k) % self.seats] if players else _NO_PLAYER
            supply = [self.drink_parts.get(d, ("", ""))[0] for d in p.get("drinks", [])]
            out += [float(supply.count(c)) for c in self.colours]
            out += [1.0 if c in p.get("colour_cards", []) else 0.0 for c in self.colours]
            out.append(float(p.get("shape_on", False)))
        out.append(float(v.get("walk_left", -1)))
        return out

    @staticmethod
    def _at(keys: list[str], key: str | None) -> int | None:
        return keys.index(key) if key in keys else None

    def _osaka(self, v: MetroView, me: int) -> list[float]:
        out: list[float] = []
        lines = v.get("lines") or []
        for i in range(len(self.letters)):
            line = lines[i] if lines else _NO_LINE
            vehicles = line.get("vehicles") or []
            second = vehicles[1] if len(vehicles) > 1 else None
            out.append(float(line.get("stock_cards", 0)))
            out += [0.0, 0.0, 0.0] if second is None else [
                1.0, second["number"] / self.stops[i], float(second["direction"])
            ]  # fmt: skip
        players = v.get("players") or []
        for k in range(self.seats):
            p = players[(me + k) % self.seats] if players else _NO_PLAYER
            out += [p.get("sold", 0) / YEN, float(len(p.get("copy_discs", [])))]
        copies = v.get("copies") or {}
        for spot in self.spots:
            stacked = [0.0] * self.seats
            for seat in copies.get(spot, []):
                stacked[self._turn(me, seat)] += 1.0
            out += stacked
        return out

    def _players(self, v: MetroView, me: int) -> list[float]:
        out: list[float] = []
        players = v.get("players") or []
        order = list(v.get("order") or [])
        for k in range(self.seats):
            seat = (me + k) % self.seats
            p = players[seat] if players else _NO_PLAYER
            bid = p["bid"]
            out += [p["money"] / YEN, p["bid_bonus"] / YEN, float(p["has_bid"])]
            out += [-1.0 if bid is None else bid / YEN, float(p["front"]), float(p["action_discs"])]
            out += [float(p["supply_discs"]), float(p["speculation_discs"]), float(p["pyramids"])]
            out += [float(p["speed_tokens"]), float(p["bike"]), float(p["loans"])]
            out += [float(p["passed"]), float(p["moved"]), float(seat in (v.get("to_act") or []))]
            out.append(order.index(seat) / self.seats if seat in order else -1.0)
            out += self._one_hot(len(self.cells), self.cells.get(p["meeple"] or ""))
            riding = p["riding"]
            out += self._one_hot(len(self.letters), self._letter(riding))
            out += [1.0 if c in p["personal_cards"] else 0.0 for c in self.card_ids]
            out += [1.0 if d in p["discount_discs"] else 0.0 for d in self.discount_spots]
        return out

    def _letter(self, letter: str | None) -> int | None:
        return self.letters.index(letter) if letter in self.letters else None

    def _lines(self, v: MetroView, me: int) -> list[float]:
        out: list[float] = []
        lines = v.get("lines") or []
        for i in range(len(self.letters)):
            line = lines[i] if lines else _NO_LINE
            out += [line["value"] / YEN, line["high"] / YEN, line["low"] / YEN]
            out += [float(line["slots"]), float(line["speed_tokens"])]
            holders = [0.0] * self.seats
            for seat in line["stocks"]:
                holders[self._turn(me, seat)] = 1.0
            stakes = [0.0] * self.seats
            for spec in line["speculations"]:
                stakes[self._turn(me, spec["seat"])] += spec["stake"] / YEN
            train = line["train"]
            at = [0.0, 0.0, 0.0] if train is None else [
                1.0, train["number"] / self.stops[i], float(train["direction"])
            ]  # fmt: skip
            out += holders + stakes + at
        return out

    def _stations(self, v: MetroView, me: int) -> list[float]:
        owners = v.get("stations") or {}
        out: list[float] = []
        for key in self.stations:
            owner = owners.get(key)
            out += self._one_hot(self.seats, None if owner is None else self._turn(me, owner))
        return out

    def _grid(self, v: MetroView, me: int) -> list[float]:
        columns = {c["deck"]: c for c in v.get("columns") or []}
        shown = {card for c in columns.values() for card in c["cards"]}
        tops = {c["discard_top"] for c in columns.values()}
        out = [1.0 if c in shown else 0.0 for c in self.card_ids]
        out += [1.0 if c in tops else 0.0 for c in self.card_ids]
        for deck in self.decks:
            col = columns.get(deck)
            counts = (0, 0) if col is None else (col["deck_count"], col["discard_count"])
            out += [counts[0] / 10, counts[1] / 10]
        taken = v.get("taken") or {}
        for spot in self.spots:
            seat = taken.get(spot)
            out += self._one_hot(self.seats, None if seat is None else self._turn(me, seat))
        return out

    def _trains(self, v: MetroView, me: int) -> list[float]:
        phase = v.get("trains_phase")
        if phase is None:
            return [0.0] * (len(self.letters) + 2 + self.seats)
        out = self._one_hot(len(self.letters), self._letter(phase["line"]))
        out += [phase["stops_left"] / 10.0, phase["fares"][me] / YEN]
        deciding = [0.0] * self.seats
        for seat in phase["deciding"]:
            deciding[self._turn(me, seat)] = 1.0
        return out + deciding


# What `encode(None)` reads: a table with nobody and nothing on it (zeros throughout).
_NO_PLAYER: PlayerView = {
    "seat": 0, "money": 0, "bid_bonus": 0, "has_bid": False, "bid": None, "front": 0,
    "action_discs": 0, "supply_discs": 0, "speculation_discs": 0, "pyramids": 0,
    "speed_tokens": 0, "bike": False, "loans": 0, "personal_cards": [], "discount_discs": [],
    "meeple": None, "riding": None, "passed": False, "moved": False, "alighted": [],
}  # fmt: skip
_NO_LINE: LineView = {
    "letter": "", "value": 0, "high": 0, "low": 0, "slots": 0, "speed_tokens": 0, "stocks": [],
    "speculations": [], "train": None,
}  # fmt: skip
_EMPTY: MetroView = {
    "game": "tokyo-metro", "options": {}, "seat": None, "round": 0, "rounds": 0,
    "phase": "turn_order", "to_act": [], "turn_busy": False, "order": [], "players": [],
    "lines": [], "stations": {}, "columns": [], "taken": {},
    "supply": {"speed": 0, "loans": 0, "bikes": 0}, "trains_phase": None, "final": None,
    "log": [],
}  # fmt: skip
