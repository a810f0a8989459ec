"""QUICK DRAW's printed values, read once from `data/rules.toml` and checked."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ekimae.core.data import Fields, read_toml
from ekimae.core.errors import DataError

PACKAGE = "ekimae.games.quick_draw.data"
SOURCE = "rules.toml"


@dataclass(frozen=True, slots=True)
class Rules:
    min_seats: int
    max_seats: int
    round_ms: int
    gap_ms: int
    target: int
    stop_bonus: int
    lengths: dict[str, tuple[str, int]]  # option value -> (label, rounds), default first


def parse_rules(raw: object, source: str = SOURCE) -> Rules:
    """The file's TOML as `Rules`; `DataError` naming the first bad value."""
    top = Fields(source, "", raw)
    table = top.sub("table")
    min_seats = table.integer("min_seats", 1, 100)
    max_seats = table.integer("max_seats", min_seats, 100)
    round_ms = table.integer("round_ms", 1)
    gap_ms = table.integer("gap_ms", 1, round_ms)
    target = table.integer("target", 1)
    bonus = table.integer("stop_bonus", 0)
    lengths_table = top.sub("lengths")
    lengths = {}
    for key in lengths_table.table:
        entry = lengths_table.sub(key)
        lengths[key] = (entry.text("label"), entry.integer("rounds", 1, 100))
    if not lengths:
        raise DataError(source, "lengths", "at least one length is needed")
    return Rules(min_seats, max_seats, round_ms, gap_ms, target, bonus, lengths)


@functools.cache
def load_rules() -> Rules:
    return parse_rules(read_toml(SOURCE, PACKAGE))
