"""TOKYO JUTAKU's printed values as frozen dataclasses, read once from `data/*.toml`.

`rules.toml` (seats, times, the plan), `elements.toml` (the 69 elements, JU-1 DATA) and
`cards.toml` (the 36 two-sided parcel cards, JU-1 DATA): printed in this box, so they
live here (and the records' data fingerprint with them); what a parcel card and an
element are, and how their files are read, is the JUTAKU kit's (`jutaku_kit.parcels`),
shared by the titles that reuse them. Every value that does not fit raises a `DataError`
naming the file and the field before any game is made.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ekimae.core.data import Fields, read_toml, unique
from ekimae.games.jutaku_kit.elements import Element
from ekimae.games.jutaku_kit.parcels import (
    Card,
    parse_cards,
    parse_elements,
)

PACKAGE = "ekimae.games.tokyo_jutaku.data"


@dataclass(frozen=True, slots=True)
class Rules:
    min_seats: int
    max_seats: int
    cards_to_end: int
    move_steps: int
    hand_ms: int
    round_ms: int
    stop_window_ms: int
    turn_ms: int
    max_rounds: int
    slow: int  # the "slow" clock's factor on the time limits (issue 30)
    plan: tuple[str, ...]  # 6 rows: a district letter or '+' (the pool)
    districts: dict[str, str]  # letter -> district
    bonus: str


@dataclass(frozen=True, slots=True)
class JutakuData:
    rules: Rules
    elements: dict[str, Element]  # by id, in file order
    cards: dict[str, Card]  # by id, in file order

    def district_cards(self, district: str) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards.values() if c.district == district)


def parse_rules(raw: object, source: str = "rules.toml") -> Rules:
    top = Fields(source, "", raw)
    table = top.sub("table")
    min_seats = table.integer("min_seats", 1, 8)
    max_seats = table.integer("max_seats", min_seats, 8)
    cards_to_end = table.integer("cards_to_end", 1, 10)
    steps = table.integer("move_steps", 1, 6)
    time = top.sub("time")
    hand = time.integer("hand_ms", 1, 60_000)
    round_ms = time.integer("round_ms", hand, 99_000)
    window = time.integer("stop_window_ms", 1, 10_000)
    turn = time.integer("turn_ms", 1, 99_000)
    max_rounds = time.integer("max_rounds", 1, 100)
    slow = time.integer("slow", 1, 10)
    plan = top.sub("plan")
    rows = tuple(plan.texts("rows"))
    if len(rows) != 6 or any(len(r) != 6 for r in rows):
        raise plan.fail("rows", "the plan is 6 rows of 6 spaces")
    districts = {}
    dtable = plan.sub("districts")
    for letter in dtable.table:
        districts[letter] = dtable.text(letter)
    unique(source, "plan.districts", list(districts.values()))
    for r, row in enumerate(rows):
        for ch in row:
            if ch != "+" and ch not in districts:
                raise plan.fail(f"rows[{r}]", f"{ch!r} is no district letter")
    counts = {letter: "".join(rows).count(letter) for letter in districts}
    for letter, n in counts.items():
        if n != 4:
            raise plan.fail("rows", f"district {districts[letter]} has {n} spaces, not 4")
    if "".join(rows).count("+") != 4:
        raise plan.fail("rows", "the pool takes the 4 central spaces")
    return Rules(
        min_seats,
        max_seats,
        cards_to_end,
        steps,
        hand,
        round_ms,
        window,
        turn,
        max_rounds,
        slow,
        rows,
        districts,
        plan.text("bonus"),
    )


@functools.cache
def load_data() -> JutakuData:
    """The packaged data, read and checked once per process."""
    rules = parse_rules(read_toml("rules.toml", PACKAGE))
    elements = parse_elements(read_toml("elements.toml", PACKAGE))
    cards = parse_cards(read_toml("cards.toml", PACKAGE), rules)
    return JutakuData(rules, elements, cards)
