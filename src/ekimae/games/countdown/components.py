"""COUNTDOWN's own values, read once from `data/rules.toml` and checked; the elements and
the parcel cards are TOKYO JUTAKU's (`ekimae.games.tokyo_jutaku.components`), imported,
never copied."""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass

from ekimae.core.data import Fields, fingerprint, read_toml
from ekimae.core.errors import DataError
from ekimae.games.jutaku_kit.elements import Element
from ekimae.games.jutaku_kit.parcels import Card
from ekimae.games.tokyo_jutaku.components import PACKAGE as JUTAKU_PACKAGE
from ekimae.games.tokyo_jutaku.components import load_data as load_jutaku

PACKAGE = "ekimae.games.countdown.data"
SOURCE = "rules.toml"
LONGEST_MS = 99_000  # no timer of the standard clock is longer


@dataclass(frozen=True, slots=True)
class Rules:
    min_seats: int
    max_seats: int
    rounds_ms: tuple[int, ...]  # CD-2: the first floors' round lengths
    later_ms: int  # CD-2: every later floor's
    hand_ms: int  # RULING: one seat's actions are this far apart
    pick_ms: int  # RULING: the time to pick a card
    slow: int  # RULING (issue 30): the "slow" clock's factor on every time limit

    def round_ms(self, floor: int) -> int:
        """CD-2: the length of the round that builds `floor` (1 = the first floor)."""
        return self.rounds_ms[floor - 1] if floor <= len(self.rounds_ms) else self.later_ms


@dataclass(frozen=True, slots=True)
class CountdownData:
    rules: Rules
    elements: dict[str, Element]  # TOKYO JUTAKU's 69 elements, in its file order
    cards: dict[str, Card]  # TOKYO JUTAKU's 36 parcel cards, in its file order


def parse_rules(raw: object, source: str = SOURCE) -> Rules:
    """The file's TOML as `Rules`; `DataError` naming the first bad value."""
    top = Fields(source, "", raw)
    table = top.sub("table")
    min_seats = table.integer("min_seats", 1, 8)
    max_seats = table.integer("max_seats", min_seats, 8)  # JU-1: 8 architects
    time = top.sub("time")
    rounds = time.items("rounds_ms")
    if not rounds:
        raise time.fail("rounds_ms", "at least one round length is needed (CD-2)")
    for i, ms in enumerate(rounds):
        if isinstance(ms, bool) or not isinstance(ms, int) or not 1000 <= ms <= LONGEST_MS:
            raise time.fail(f"rounds_ms[{i}]", f"{ms!r} is no length in 1000..{LONGEST_MS} ms")
    later = time.integer("later_ms", 1000, LONGEST_MS)
    hand = time.integer("hand_ms", 1, min(*rounds, later))
    pick = time.integer("pick_ms", 1000, LONGEST_MS)
    slow = time.integer("slow", 1, 10)
    return Rules(min_seats, max_seats, tuple(rounds), later, hand, pick, slow)


def data_version() -> str:
    """A short hash of COUNTDOWN's data and TOKYO JUTAKU's (its elements and cards)."""
    both = f"{fingerprint(PACKAGE)}:{fingerprint(JUTAKU_PACKAGE)}"
    return hashlib.sha256(both.encode()).hexdigest()[:12]


@functools.cache
def load_data() -> CountdownData:
    """The packaged data, read and checked once per process."""
    jutaku = load_jutaku()
    rules = parse_rules(read_toml(SOURCE, PACKAGE))
    if not jutaku.elements or not jutaku.cards:
        raise DataError(SOURCE, "", "TOKYO JUTAKU's elements and cards are needed")
    return CountdownData(rules, dict(jutaku.elements), dict(jutaku.cards))
