"""The TOKYO METRO game state: plain fields, cheap to clone, complete in `to_dict`.

The rules live in the phase modules; this module only holds the position. Lists of
ints per seat or per line keep cloning fast (bots clone states thousands of times per
decision); rarely changing parts (decks, card grid, stock holders) are tuples, shared
between clones until they change.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from typing import Any

from ekimae.core import log
from ekimae.core.log import LogEntry
from ekimae.core.rng import Rng
from ekimae.games.tokyo_metro.log_forms import FORMS, yen

__all__ = ["NOBODY", "OFF_MAP", "LogEntry", "MetroState", "Phase", "Prompt", "yen"]

NOBODY = -1
OFF_MAP = -1  # a meeple not yet placed, or riding a train (see `riding`)


# Immutable (or never mutated in place) fields, shared by clones.
_SHARED = (
    "n", "options", "round", "phase", "cursor", "turn_busy", "speed_supply", "loan_supply",
    "bike_supply", "train_line", "steps_left", "queue", "prompt", "bank_out", "bank_in",
    "final", "walk_left",
)  # fmt: skip
# Lists mutated in place: copied (one level) by clone.
_LISTS = (
    "order", "passed", "bids", "decks", "grid", "discards", "discount_discs", "money",
    "bid_bonus", "front", "action_discs", "supply_discs", "spec_discs", "pyramids",
    "speed_tokens", "bikes", "loans", "personal", "meeple", "riding", "moved", "alighted",
    "value", "speed_on_line", "stocks", "speculations", "train_pos", "train_dir",
    "train_started", "owner", "sold", "copy_discs", "drink_at", "drinks", "colours",
    "shape_on",
)  # fmt: skip
_TUPLE_LISTS = {
    "decks", "grid", "discards", "discount_discs", "personal", "stocks", "copy_discs",
    "drinks", "colours",
}  # fmt: skip
# Fields added with OSAKA METRO and METRO DRINKS: a saved position from before has none.
_NEW_FIELDS = {"sold", "copy_discs", "drink_at", "drinks", "colours", "shape_on", "walk_left"}


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


class MetroState:
    """All of one position. Seats are 0..n-1, lines 0..11 in line order (TM-1.1)."""

    __slots__ = ("copies", "log", "rng", "taken", *_SHARED, *_LISTS)

    def __init__(self, n: int, lines: int, seed: int, vehicles: int | None = None) -> None:
        vehicles = lines if vehicles is None else vehicles
        self.n = n
        self.options: dict[str, Any] = {}
        self.rng = Rng(seed)
        self.round = 1
        self.phase = Phase.TURN_ORDER
        self.order: list[int] = list(range(n))  # turn order, first seat first
        self.cursor = 0  # position in `order` of the seat to act (sequential steps)
        self.passed = [False] * n
        self.turn_busy = False  # took a free step (Assign) this turn: may not pass (TM-6.2)
        self.bids: list[int | None] = [None] * n
        # Action cards: per column a deck (top = last), the face-up column (bottom row
        # first) and a discard pile (top = last). `taken`: spot -> seat of its discs.
        self.decks: list[tuple[str, ...]] = []
        self.grid: list[tuple[str, ...]] = []
        self.discards: list[tuple[str, ...]] = []
        self.taken: dict[str, int] = {}
        self.discount_discs: list[tuple[str, ...]] = [()] * n  # unused Discount spots
        # OS-7.1: unused Copy spots per seat, and per copied spot the seats whose discs
        # are stacked on the first taker's, in order.
        self.copy_discs: list[tuple[str, ...]] = [()] * n
        self.copies: dict[str, tuple[int, ...]] = {}
        # Players
        self.money = [0] * n
        self.bid_bonus = [0] * n
        self.front = [0] * n  # action discs in front
        self.action_discs = [0] * n
        self.supply_discs = [0] * n
        self.spec_discs = [0] * n
        self.pyramids = [0] * n
        self.speed_tokens = [0] * n  # unassigned
        self.bikes = [False] * n
        self.loans = [0] * n
        self.sold = [0] * n  # OS-7.2: Sell money set aside, not spendable, added at the end
        self.personal: list[tuple[str, ...]] = [()] * n
        self.meeple = [OFF_MAP] * n  # cell index
        self.riding = [NOBODY] * n  # vehicle ridden (= its line for a single train, OS-2)
        self.moved = [False] * n  # the ridden train moved since boarding (TM-8.5)
        self.alighted = [0] * n  # bit per vehicle alighted from this trains phase
        # Supply
        self.speed_supply = 0
        self.loan_supply = 0
        self.bike_supply = 0
        # Lines and stations
        self.value = [0] * lines
        self.speed_on_line = [0] * lines
        self.stocks: list[tuple[int, ...]] = [()] * lines  # holders of #1, #2, ...
        self.speculations: list[tuple[tuple[int, int], ...]] = [()] * lines  # (seat, stake)
        self.train_pos = [OFF_MAP] * vehicles  # per vehicle: index into its line's stops
        self.train_dir = [1] * vehicles
        self.train_started = [False] * lines  # put on the map by a Start action
        self.owner: list[int] = []  # per station: seat of its pyramid
        # Trains phase cursor
        self.train_line = NOBODY
        self.steps_left = 0
        self.queue: tuple[int, ...] = ()  # seats still to decide at this stop, in order
        self.prompt = Prompt.NONE
        # The bank is unlimited (TM-1.5); these count every yen it paid and received.
        self.bank_out = 0
        self.bank_in = 0
        self.final: dict[str, Any] | None = None
        self.log: LogEntry | None = None
        # METRO DRINKS (MD-1 … MD-7): per station the drink in it ("" for none); per seat
        # the drinks in its supply, its Colour cards, and whether a Shape card it took this
        # action phase lets it build for free (MD-5); `walk_left`: cells left of a Move
        # walked cell by cell with a Shape card (MD-5), -1 when no such walk is going on.
        self.drink_at: list[str] = []
        self.drinks: list[tuple[str, ...]] = [()] * n
        self.colours: list[tuple[str, ...]] = [()] * n
        self.shape_on = [False] * n
        self.walk_left = -1

    def clone(self) -> MetroState:
        """An independent copy; the log is shared (it is never changed, only extended)."""
        return _clone(self)

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

    # -- persistence --------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for name in _SHARED + _LISTS:
            data[name] = _plain(getattr(self, name))
        data["phase"] = int(self.phase)
        data["prompt"] = int(self.prompt)
        data["rng"] = self.rng.state
        data["taken"] = dict(sorted(self.taken.items()))
        data["copies"] = {k: list(v) for k, v in sorted(self.copies.items())}
        data["log"] = self.log_lines()
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MetroState:
        state = cls.__new__(cls)
        for name in _SHARED + _LISTS:
            if name in _NEW_FIELDS and name not in data:
                setattr(state, name, _missing(name, data))
                continue
            setattr(state, name, _typed(name, data[name]))
        state.phase = Phase(data["phase"])
        state.prompt = Prompt(data["prompt"])
        state.rng = Rng(data["rng"])
        state.taken = dict(data["taken"])
        state.copies = {k: tuple(v) for k, v in data.get("copies", {}).items()}
        state.log = None
        for text in data["log"]:
            state.log = log.add_text(state.log, text)
        return state


def _missing(name: str, data: dict[str, Any]) -> Any:
    """A field a position saved before OSAKA METRO / METRO DRINKS lacks: its empty value."""
    if name == "walk_left":
        return -1
    if name == "drink_at":
        return [""] * len(data["owner"])
    empty: dict[str, Any] = {"sold": 0, "shape_on": False}
    return [empty.get(name, ())] * data["n"]


def _compile_clone() -> Callable[[MetroState], MetroState]:
    """`MetroState.clone` as straight-line code over the field lists.

    Search clones states tens of thousands of times a second; one assignment per field
    runs about twice as fast as a loop of getattr/setattr, and generating it from
    `_SHARED` and `_LISTS` keeps a new field from being forgotten.
    """
    body = ["def clone(self):", "    c = new(MetroState)"]
    body += [f"    c.{name} = self.{name}" for name in _SHARED]
    body += [f"    c.{name} = self.{name}[:]" for name in _LISTS]
    body += ["    c.rng = Rng(self.rng.state)", "    c.taken = self.taken.copy()"]
    body += ["    c.copies = self.copies.copy()"]
    body += ["    c.log = self.log", "    return c"]
    namespace: dict[str, Any] = {"new": object.__new__, "MetroState": MetroState, "Rng": Rng}
    exec("\n".join(body), namespace)  # code built from our own field names only
    clone: Callable[[MetroState], MetroState] = namespace["clone"]
    return clone


_clone = _compile_clone()


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, IntEnum):
        return int(value)
    return value


def _typed(name: str, value: Any) -> Any:
    """Undo `_plain` for one field: JSON lists back to the tuples the state uses."""
    if name in _TUPLE_LISTS:
        return [tuple(v) for v in value]
    if name == "speculations":
        return [tuple((s, k) for s, k in line) for line in value]
    if name == "queue":
        return tuple(value)
    return value
