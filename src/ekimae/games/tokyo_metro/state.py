"""The TOKYO METRO game state: plain fields, cheap to clone, complete in `to_dict`.

The rules live in the phase modules; this module only holds the position.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import IntEnum
from typing import Any

from ekimae.core import log
from ekimae.core.log import LogEntry
from ekimae.core.rng import Rng
from ekimae.core.saved import Saved, Shared, SortedKeys
from ekimae.games.tokyo_metro.log_forms import FORMS, yen

__all__ = ["NOBODY", "OFF_MAP", "LogEntry", "MetroState", "Phase", "Prompt", "yen"]

NOBODY = -1
OFF_MAP = -1  # a meeple not yet placed, or riding a train (see `riding`)


class Phase(IntEnum):
    """TM-3.1 (card renewal is instant, so it has no phase of its own)."""

    TURN_ORDER = 0
    MOVEMENT = 1
    ACTIONS = 2
    TRAINS = 3
    END = 4


class Prompt(IntEnum):
    """What the seat to act in the trains phase is asked (TM-8.5, TM-8.6)."""

    NONE = 0
    STOP = 1  # board or alight at the current stop, or pass
    EVICT = 2  # the train was removed (TM-8.6): choose a cell to alight onto


# Fields added with OSAKA METRO and METRO DRINKS: a position saved before has none.
_BEFORE_OSAKA: dict[str, Callable[[Mapping[str, Any]], Any]] = {
    "sold": lambda raw: [0] * raw["n"],
    "copy_discs": lambda raw: [()] * raw["n"],
    "drink_at": lambda raw: [""] * len(raw["owner"]),
    "drinks": lambda raw: [()] * raw["n"],
    "colours": lambda raw: [()] * raw["n"],
    "shape_on": lambda raw: [False] * raw["n"],
    "walk_left": lambda raw: -1,
    "copies": lambda raw: {},
}


class MetroState(Saved):
    """All of one position. Seats are 0..n-1, lines 0..11 in line order (TM-1.1).

    Its fields, declared once below, are what `clone`, `to_dict` and `load` copy, save and
    read back (`core.saved`): lists of ints per seat or per line keep cloning fast (bots
    clone states thousands of times per decision); rarely changing parts (decks, card
    grid, stock holders) are tuples, shared between clones until they change.
    """

    FIELD_DEFAULTS = _BEFORE_OSAKA
    LOG_FORMS = FORMS

    n: int
    options: Shared[dict[str, Any]]
    round: int
    phase: Phase
    cursor: int  # position in `order` of the seat to act (sequential steps)
    turn_busy: bool  # took a free step (Assign) this turn: may not pass (TM-6.2)
    speed_supply: int
    loan_supply: int
    bike_supply: int
    train_line: int  # the trains phase's cursor
    steps_left: int
    queue: tuple[int, ...]  # seats still to decide at this stop, in order
    prompt: Prompt
    # The bank is unlimited (TM-1.5); these count every yen it paid and received.
    bank_out: int
    bank_in: int
    final: Shared[dict[str, Any] | None]
    # MD-5: cells left of a Move walked cell by cell with a Shape card, -1 when no such
    # walk is going on.
    walk_left: int
    order: list[int]  # turn order, first seat first
    passed: list[bool]
    bids: list[int | None]
    # Action cards: per column a deck (top = last), the face-up column (bottom row first)
    # and a discard pile (top = last).
    decks: list[tuple[str, ...]]
    grid: list[tuple[str, ...]]
    discards: list[tuple[str, ...]]
    discount_discs: list[tuple[str, ...]]  # unused Discount spots
    # Players
    money: list[int]
    bid_bonus: list[int]
    front: list[int]  # action discs in front
    action_discs: list[int]
    supply_discs: list[int]
    spec_discs: list[int]
    pyramids: list[int]
    speed_tokens: list[int]  # unassigned
    bikes: list[bool]
    loans: list[int]
    personal: list[tuple[str, ...]]
    meeple: list[int]  # cell index
    riding: list[int]  # vehicle ridden (= its line for a single train, OS-2)
    moved: list[bool]  # the ridden train moved since boarding (TM-8.5)
    alighted: list[int]  # bit per vehicle alighted from this trains phase
    # Lines and stations
    value: list[int]
    speed_on_line: list[int]
    stocks: list[tuple[int, ...]]  # holders of #1, #2, ...
    speculations: list[tuple[tuple[int, int], ...]]  # (seat, stake)
    train_pos: list[int]  # per vehicle: index into its line's stops
    train_dir: list[int]
    train_started: list[bool]  # put on the map by a Start action
    owner: list[int]  # per station: seat of its pyramid
    sold: list[int]  # OS-7.2: Sell money set aside, not spendable, added at the end
    # OS-7.1: unused Copy spots per seat (and `copies` below: per copied spot the seats
    # whose discs are stacked on the first taker's, in order).
    copy_discs: list[tuple[str, ...]]
    # METRO DRINKS (MD-1 … MD-7): per station the drink in it ("" for none); per seat the
    # drinks in its supply, its Colour cards, and whether a Shape card it took this action
    # phase lets it build for free (MD-5).
    drink_at: list[str]
    drinks: list[tuple[str, ...]]
    colours: list[tuple[str, ...]]
    shape_on: list[bool]
    rng: Rng
    taken: SortedKeys[dict[str, int]]  # card spot -> the seat of its discs
    copies: SortedKeys[dict[str, tuple[int, ...]]]
    log: LogEntry | None

    def __init__(self, n: int, lines: int, seed: int, vehicles: int | None = None) -> None:
        """A new position before setup (`setup.py`): every field at its empty value."""
        vehicles = lines if vehicles is None else vehicles
        self.n = n
        self.options = {}
        self.rng = Rng(seed)
        self.round = 1
        self.phase = Phase.TURN_ORDER
        self.order = list(range(n))
        self.cursor = 0
        self.passed = [False] * n
        self.turn_busy = False
        self.bids = [None] * n
        self.decks = []
        self.grid = []
        self.discards = []
        self.taken = {}
        self.discount_discs = [()] * n
        self.copy_discs = [()] * n
        self.copies = {}
        self.money = [0] * n
        self.bid_bonus = [0] * n
        self.front = [0] * n
        self.action_discs = [0] * n
        self.supply_discs = [0] * n
        self.spec_discs = [0] * n
        self.pyramids = [0] * n
        self.speed_tokens = [0] * n
        self.bikes = [False] * n
        self.loans = [0] * n
        self.sold = [0] * n
        self.personal = [()] * n
        self.meeple = [OFF_MAP] * n
        self.riding = [NOBODY] * n
        self.moved = [False] * n
        self.alighted = [0] * n
        self.speed_supply = 0
        self.loan_supply = 0
        self.bike_supply = 0
        self.value = [0] * lines
        self.speed_on_line = [0] * lines
        self.stocks = [()] * lines
        self.speculations = [()] * lines
        self.train_pos = [OFF_MAP] * vehicles
        self.train_dir = [1] * vehicles
        self.train_started = [False] * lines
        self.owner = []
        self.train_line = NOBODY
        self.steps_left = 0
        self.queue = ()
        self.prompt = Prompt.NONE
        self.bank_out = 0
        self.bank_in = 0
        self.final = None
        self.log = None
        self.drink_at = []
        self.drinks = [()] * n
        self.colours = [()] * n
        self.shape_on = [False] * n
        self.walk_left = -1

    # -- money: every yen in or out of the bank goes through these (TM-1.5) --------------

    def pay_bank(self, seat: int, amount: int) -> None:
        self.money[seat] -= amount
        self.bank_in += amount

    def from_bank(self, seat: int, amount: int) -> None:
        self.money[seat] += amount
        self.bank_out += amount

    def note(self, form: str, **values: Any) -> None:
        """A line of the log: a template of `log_forms` and its typed values (a seat's
        number, yen as ints), written out in English only when read (`core.log`)."""
        self.log = LogEntry(form, values, self.log)

    def log_lines(self) -> list[str]:
        """The log in English, oldest line first."""
        return log.lines(self.log, FORMS)

    # -- loading (copies and saves are generated from the fields: `core.saved`) -----------

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MetroState:
        return cls.load(data)
