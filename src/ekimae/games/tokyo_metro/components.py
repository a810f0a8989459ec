"""TOKYO METRO's printed components as frozen dataclasses, read once from the data files.

`rules.toml` holds the numbers the rules print; `revenue_track.toml` and
`action_cards.toml` hold the components the project designed (DATA lines of RULES.md).
The rules modules only ever see these objects, never the files.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ekimae.core.data import Fields, read_toml, unique
from ekimae.core.errors import DataError

PACKAGE = "ekimae.games.tokyo_metro.data"
LINE_LETTERS = ("G", "M", "H", "T", "C", "Y", "Z", "N", "A", "I", "S", "E")  # TM-1.1


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


AMOUNT_KINDS = frozenset({Kind.MOVE, Kind.SPEED, Kind.START, Kind.DISCOUNT, Kind.BID})
COST_KINDS = frozenset({Kind.STATION, Kind.INVEST, Kind.ACTION, Kind.CARD})  # TM-6.4


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


def parse_track(data: dict[str, Any], source: str) -> Track:
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
    slots = tuple(slots_table.integer(letter, 0, 6) for letter in LINE_LETTERS)
    return Track(max_value, step, tuple(lows), slots)


def _parse_action(f: Fields, spot: str) -> CardAction:
    try:
        kind = Kind(f.text("type"))
    except ValueError:
        known = ", ".join(k.value for k in Kind)
        raise f.fail("type", f"unknown action type {f.table['type']!r} (known: {known})") from None
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


def parse_cards(data: dict[str, Any], source: str) -> CardSet:
    root = Fields(source, "", data)
    decks: list[Deck] = []
    cards: dict[str, ActionCard] = {}
    for d, deck in enumerate(root.tables("deck")):
        lines = deck.texts("lines")
        if len(lines) != 2 or not all(x in LINE_LETTERS for x in lines):
            raise deck.fail("lines", "expected two line letters")
        ids = []
        for card in deck.tables("card"):
            card_id = card.text("id")
            acts = card.tables("actions")
            if not 1 <= len(acts) <= 2:
                raise card.fail("actions", "a card shows one or two actions (TM-1.4)")
            spot_ids = [f"{card_id}{'ab'[i]}" for i in range(len(acts))]
            actions = tuple(_parse_action(a, s) for a, s in zip(acts, spot_ids, strict=True))
            cards[card_id] = ActionCard(card_id, d, card.integer("dots", 1, 3), actions)
            ids.append(card_id)
        unique(source, f"deck[{d}].card.id", ids)
        decks.append(Deck(deck.text("key"), (lines[0], lines[1]), deck.text("theme"), tuple(ids)))
    unique(source, "deck.key", [d.key for d in decks])
    unique(source, "card.id", [c for d in decks for c in d.cards])
    if not decks:
        raise root.fail("deck", "no decks")
    spots = {a.spot: a for c in cards.values() for a in c.actions}
    return CardSet(tuple(decks), cards, spots)


@functools.cache
def load_rules() -> Rules:
    return parse_rules(read_toml("rules.toml", PACKAGE), "rules.toml")


@functools.cache
def load_track() -> Track:
    return parse_track(read_toml("revenue_track.toml", PACKAGE), "revenue_track.toml")


@functools.cache
def load_cards(name: str = "tokyo") -> CardSet:
    if name != "tokyo":
        raise DataError("options", "cards", f"unknown card set {name!r} (known: tokyo)")
    return parse_cards(read_toml("action_cards.toml", PACKAGE), "action_cards.toml")
