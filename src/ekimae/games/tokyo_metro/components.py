"""TOKYO METRO's printed components as frozen dataclasses, read once from the data files.

`rules.toml` holds the numbers the rules print; `revenue_track.toml` and
`action_cards.toml` hold the components the project designed (DATA lines of RULES.md).
The rules modules only ever see these objects, never the files.

OSAKA METRO's components (OS-1 to OS-5) are in the subpackage `data.osaka`:
`osaka_track.toml`, `osaka_cards.toml` (`load_track("osaka")`, `load_cards("osaka")`) and
`osaka_pieces.toml` (`load_pieces("osaka")`: stock cards per line, surcharges, vehicles,
markers). The Osaka cards print three kinds the TOKYO engine does not handle yet
(`Kind.INVEST_DISC`, `Kind.SELL`, `Kind.COPY`): they are data only until the Osaka rules
exist, and the Tokyo card set refuses them.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ekimae.core.data import Fields, read_toml, unique
from ekimae.core.errors import DataError
from ekimae.games.tokyo_metro.board import data_package

PACKAGE = "ekimae.games.tokyo_metro.data"
LINE_LETTERS = ("G", "M", "H", "T", "C", "Y", "Z", "N", "A", "I", "S", "E")  # TM-1.1
OSAKA_LINE_LETTERS = ("M", "BUS", "T", "Y", "C", "I", "S", "N", "K", "P")  # OS-1


class Kind(Enum):
    """Action types printed on the cards (TM-7)."""

    MOVE = "move"
    STATION = "station"
    EXCHANGE = "exchange"  # Station by exchange, TM-7.3
    INVEST = "invest"
    START = "start"
    SPEED = "speed"
    BIKE = "bike"
    DISCOUNT = "discount"
    BID = "bid"
    LOAN = "loan"
    REPAY = "repay"
    SPECULATION = "speculation"
    ACTION = "action"
    CARD = "card"
    INVEST_DISC = "invest-disc"  # Invest by disc, OS-6 (Osaka cards only)
    SELL = "sell"  # OS-7.2 (Osaka cards only)
    COPY = "copy"  # OS-7.1 (Osaka cards only)
    COLOUR = "colour"  # MD-3: a JIDOHANBAIKI Colour card (METRO DRINKS only)
    SHAPE = "shape"  # MD-5: a JIDOHANBAIKI Shape card (METRO DRINKS only)


AMOUNT_KINDS = frozenset({Kind.MOVE, Kind.SPEED, Kind.START, Kind.DISCOUNT, Kind.BID})
COST_KINDS = frozenset({Kind.STATION, Kind.INVEST, Kind.ACTION, Kind.CARD, Kind.COPY})  # TM-6.4
OSAKA_KINDS = frozenset({Kind.INVEST_DISC, Kind.SELL, Kind.COPY})  # OS-5: added by Osaka
NOT_OSAKA_KINDS = frozenset({Kind.START, Kind.BID, Kind.CARD})  # OS-5: left out by Osaka
DRINK_KINDS = frozenset({Kind.COLOUR, Kind.SHAPE})  # MD-1: never printed on an action card


@dataclass(frozen=True, slots=True)
class CardRules:
    """What a card set may print: its line letters and action types, its dots, and (where
    the rules fix them) the number of decks and of cards per deck."""

    letters: tuple[str, ...]
    kinds: frozenset[Kind]
    max_dots: int
    decks: int | None = None
    cards_per_deck: int | None = None


TOKYO_CARDS = CardRules(LINE_LETTERS, frozenset(Kind) - OSAKA_KINDS - DRINK_KINDS, 3)  # TM-1.4
OSAKA_CARDS = CardRules(
    OSAKA_LINE_LETTERS, frozenset(Kind) - NOT_OSAKA_KINDS - DRINK_KINDS, 2, 5, 8
)  # OS-1


@dataclass(frozen=True, slots=True)
class CardAction:
    """One action printed on a card: its spot id (card id + a/b), type, slots and value."""

    spot: str
    kind: Kind
    slots: int
    value: int  # amount or printed cost; 0 for types that print neither


@dataclass(frozen=True, slots=True)
class ActionCard:
    id: str
    deck: int  # column index
    dots: int
    actions: tuple[CardAction, ...]


@dataclass(frozen=True, slots=True)
class Deck:
    key: str
    lines: tuple[str, str]
    theme: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardSet:
    decks: tuple[Deck, ...]
    cards: dict[str, ActionCard]
    spots: dict[str, CardAction]


@dataclass(frozen=True, slots=True)
class Track:
    """The revenue track (TM-2.4): low/high beside each value up to `max_value`."""

    max_value: int
    step: int
    low_at: tuple[int, ...]  # indexed by value // step
    slots: tuple[int, ...]  # disc slots per line, in line order

    def low(self, value: int) -> int:
        """The smaller number beside `value`, past the top by the marker's +6000 side."""
        laps, rest = divmod(value, self.max_value)
        if laps and rest == 0:
            laps, rest = laps - 1, self.max_value
        return laps * self.low_at[-1] + self.low_at[rest // self.step]

    def high(self, value: int) -> int:
        return value - self.low(value)


@dataclass(frozen=True, slots=True)
class Rules:
    """The numbers the rules print (rules.toml)."""

    min_players: int
    max_players: int
    start_money: int
    action_discs: int
    speculation_discs: int
    supply_discs: int
    max_action_discs: int
    pyramids: int
    solo_setup_players: int
    rounds_from: int
    movement_cells: int
    bike_cells: int
    pass_income_per_disc: int
    speed_tokens: int
    loan_tokens: int
    bike_tokens: int
    smallest_coin: int
    loan: int
    repay: int
    loan_at_end: int
    stock_surcharges: tuple[int, ...]
    stops_per_phase: int
    payout_with_stock: int
    payout_value: int
    payout_owner: int
    fare: int
    speculation_min_value: int
    speculation_factor: int


@dataclass(frozen=True, slots=True)
class Pieces:
    """OSAKA METRO's pieces per line (OS-1, OS-4): `osaka_pieces.toml`.

    `stocks[i]` is the number of stock cards of line i (in line order); card #k costs the
    surcharge `stock_surcharges[k - 1]` on top of the Invest cost.
    """

    letters: tuple[str, ...]
    stocks: tuple[int, ...]
    stock_surcharges: tuple[int, ...]
    vehicles: dict[str, int]  # "train", "tram", "bus" -> how many
    markers: int


def parse_pieces(data: dict[str, Any], source: str, letters: tuple[str, ...]) -> Pieces:
    root = Fields(source, "", data)
    surcharges = root.items("stock_surcharges")
    if not surcharges or not all(
        isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in surcharges
    ):
        raise root.fail("stock_surcharges", "expected a list of yen amounts >= 0")
    table = root.sub("stocks")
    for letter in table.table:
        if letter not in letters:
            raise table.fail(letter, f"unknown line {letter!r} (lines: {' '.join(letters)})")
    stocks = tuple(table.integer(letter, 1, len(surcharges)) for letter in letters)
    vehicles_table = root.sub("vehicles")
    for kind in vehicles_table.table:
        if kind not in ("train", "tram", "bus"):
            raise vehicles_table.fail(kind, f"unknown vehicle {kind!r} (train, tram, bus)")
    vehicles = {kind: vehicles_table.integer(kind, 0) for kind in ("train", "tram", "bus")}
    return Pieces(letters, stocks, tuple(surcharges), vehicles, root.integer("markers", 1))


def parse_rules(data: dict[str, Any], source: str) -> Rules:
    root = Fields(source, "", data)
    p, r, s = root.sub("players"), root.sub("round"), root.sub("supply")
    m, t, sp = root.sub("money"), root.sub("trains"), root.sub("speculation")
    surcharges = m.items("stock_surcharges")
    if not surcharges or not all(isinstance(x, int) and x >= 0 for x in surcharges):
        raise m.fail("stock_surcharges", "expected a list of yen amounts >= 0")
    return Rules(
        min_players=p.integer("min", 1, 5),
        max_players=p.integer("max", 1, 5),
        start_money=p.integer("start_money", 0),
        action_discs=p.integer("action_discs", 1),
        speculation_discs=p.integer("speculation_discs", 0),
        supply_discs=p.integer("supply_discs", 0),
        max_action_discs=p.integer("max_action_discs", 1),
        pyramids=p.integer("pyramids", 0),
        solo_setup_players=p.integer("solo_setup_players", 1, 5),
        rounds_from=r.integer("rounds_from", 1),
        movement_cells=r.integer("movement_cells", 0),
        bike_cells=r.integer("bike_cells", 0),
        pass_income_per_disc=r.integer("pass_income_per_disc", 0),
        speed_tokens=s.integer("speed_tokens", 0),
        loan_tokens=s.integer("loan_tokens", 0),
        bike_tokens=s.integer("bike_tokens", 0),
        smallest_coin=m.integer("smallest_coin", 1),
        loan=m.integer("loan", 0),
        repay=m.integer("repay", 0),
        loan_at_end=m.integer("loan_at_end", 0),
        stock_surcharges=tuple(surcharges),
        stops_per_phase=t.integer("stops_per_phase", 1),
        payout_with_stock=t.integer("payout_with_stock", 0),
        payout_value=t.integer("payout_value", 0),
        payout_owner=t.integer("payout_owner", 0),
        fare=t.integer("fare", 0),
        speculation_min_value=sp.integer("min_value", 0),
        speculation_factor=sp.integer("payout_factor", 0),
    )


def parse_track(
    data: dict[str, Any], source: str, letters: tuple[str, ...] = LINE_LETTERS
) -> Track:
    root = Fields(source, "", data)
    max_value, step = root.integer("max_value", 100), root.integer("step", 1)
    rows = root.items("track")
    expected = list(range(0, max_value + 1, step))
    if len(rows) != len(expected):
        raise root.fail("track", f"expected {len(expected)} rows (0..{max_value} by {step})")
    lows = []
    for i, (row, value) in enumerate(zip(rows, expected, strict=True)):
        ok = isinstance(row, list) and len(row) == 3 and all(isinstance(x, int) for x in row)
        if not ok or row[0] != value:
            raise root.fail(f"track[{i}]", f"expected [{value}, high, low], got {row!r}")
        if row[1] + row[2] != value or row[1] < row[2] or row[2] < 0:
            raise root.fail(f"track[{i}]", "high + low must equal the value, high >= low >= 0")
        lows.append(row[2])
    slots_table = root.sub("slots")
    for letter in slots_table.table:
        if letter not in letters:
            message = f"unknown line {letter!r} (lines: {' '.join(letters)})"
            raise slots_table.fail(letter, message)
    slots = tuple(slots_table.integer(letter, 0, 6) for letter in letters)
    return Track(max_value, step, tuple(lows), slots)


def _parse_action(f: Fields, spot: str, kinds: frozenset[Kind] = TOKYO_CARDS.kinds) -> CardAction:
    try:
        kind = Kind(f.text("type"))
    except ValueError:
        kind = None
    if kind not in kinds:
        known = ", ".join(k.value for k in Kind if k in kinds)
        raise f.fail("type", f"unknown action type {f.table['type']!r} (known: {known})")
    slots = 1 if kind is Kind.DISCOUNT else 3
    slots = f.integer("slots", 1, slots)
    if kind in AMOUNT_KINDS:
        value = f.integer("amount", 1)
    elif kind in COST_KINDS:
        value = f.integer("cost", 0)
    else:
        for key in ("amount", "cost"):
            if f.has(key):
                raise f.fail(key, f"a {kind.value} action prints no {key}")
        value = 0
    return CardAction(spot, kind, slots, value)


def parse_cards(data: dict[str, Any], source: str, spec: CardRules = TOKYO_CARDS) -> CardSet:
    root = Fields(source, "", data)
    decks: list[Deck] = []
    cards: dict[str, ActionCard] = {}
    for d, deck in enumerate(root.tables("deck")):
        lines = deck.texts("lines")
        if len(lines) != 2 or not all(x in spec.letters for x in lines):
            known = " ".join(spec.letters)
            raise deck.fail("lines", f"expected two line letters of {known}, got {lines!r}")
        ids = []
        for card in deck.tables("card"):
            card_id = card.text("id")
            acts = card.tables("actions")
            if not 1 <= len(acts) <= 2:
                raise card.fail("actions", "a card shows one or two actions (TM-1.4)")
            spot_ids = [f"{card_id}{'ab'[i]}" for i in range(len(acts))]
            actions = tuple(
                _parse_action(a, s, spec.kinds) for a, s in zip(acts, spot_ids, strict=True)
            )
            dots = card.integer("dots", 1, spec.max_dots)
            cards[card_id] = ActionCard(card_id, d, dots, actions)
            ids.append(card_id)
        if spec.cards_per_deck is not None and len(ids) != spec.cards_per_deck:
            message = f"a deck has {spec.cards_per_deck} cards, not {len(ids)}"
            raise deck.fail("card", message)
        unique(source, f"deck[{d}].card.id", ids)
        decks.append(Deck(deck.text("key"), (lines[0], lines[1]), deck.text("theme"), tuple(ids)))
    unique(source, "deck.key", [d.key for d in decks])
    unique(source, "card.id", [c for d in decks for c in d.cards])
    if not decks:
        raise root.fail("deck", "no decks")
    if spec.decks is not None and len(decks) != spec.decks:
        raise root.fail("deck", f"expected {spec.decks} decks, not {len(decks)}")
    spots = {a.spot: a for c in cards.values() for a in c.actions}
    return CardSet(tuple(decks), cards, spots)


@functools.cache
def load_rules() -> Rules:
    return parse_rules(read_toml("rules.toml", PACKAGE), "rules.toml")


_TRACKS = {
    "tokyo": ("revenue_track.toml", LINE_LETTERS),
    "osaka": ("osaka_track.toml", OSAKA_LINE_LETTERS),
}
_CARD_SETS = {
    "tokyo": ("action_cards.toml", TOKYO_CARDS),
    "osaka": ("osaka_cards.toml", OSAKA_CARDS),
}


@functools.cache
def load_track(name: str = "tokyo") -> Track:
    """The revenue track printed with map `name` (TM-1.2; OS-1 prints one on the Osaka map)."""
    if name not in _TRACKS:
        raise DataError("options", "map", f"unknown map {name!r} (known: {', '.join(_TRACKS)})")
    source, letters = _TRACKS[name]
    return parse_track(read_toml(source, data_package(name, source)), source, letters)


@functools.cache
def load_cards(name: str = "tokyo") -> CardSet:
    """Card set `name` (TM-1.4, OS-1). The Osaka set prints kinds the engine does not take
    yet (OS-6, OS-7); it is data until the Osaka rules exist."""
    if name not in _CARD_SETS:
        known = ", ".join(_CARD_SETS)
        raise DataError("options", "cards", f"unknown card set {name!r} (known: {known})")
    source, spec = _CARD_SETS[name]
    return parse_cards(read_toml(source, data_package(name, source)), source, spec)


@functools.cache
def load_pieces(name: str = "osaka") -> Pieces:
    """OSAKA METRO's stock cards, surcharges, vehicles and markers (OS-1, OS-4); the TOKYO
    METRO numbers are in `rules.toml` (TM-1.3, TM-1.6)."""
    if name != "osaka":
        raise DataError("options", "map", f"no pieces file for {name!r} (known: osaka)")
    source = "osaka_pieces.toml"
    return parse_pieces(read_toml(source, data_package(name, source)), source, OSAKA_LINE_LETTERS)
