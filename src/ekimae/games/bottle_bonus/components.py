"""BOTTLE BONUS's data: its own few values (`data/rules.toml`, checked on load), TOKYO
JUTAKU's elements and cards and JIDOHANBAIKI's drinks — both imported, never copied."""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass

from ekimae.core.data import Fields, fingerprint, read_toml
from ekimae.games.jidohanbaiki.components import PACKAGE as DRINKS_PACKAGE
from ekimae.games.jidohanbaiki.components import Components, load_components
from ekimae.games.tokyo_jutaku.components import PACKAGE as JUTAKU_PACKAGE
from ekimae.games.tokyo_jutaku.components import JutakuData
from ekimae.games.tokyo_jutaku.components import load_data as load_jutaku

PACKAGE = "ekimae.games.bottle_bonus.data"
SOURCE = "rules.toml"
# BB-2: the six powers, one per JIDOHANBAIKI colour; the data must name exactly these.
POWERS = ("black", "white", "mint", "blue", "red", "purple")


@dataclass(frozen=True, slots=True)
class BonusRules:
    catch_ms: int  # BB-1 RULING: how long the dropped drinks may be caught
    before_ms: int  # RULING (BB-2): the step before a round for white and blue drinks
    blue_yen: int  # BB-2: a kept blue drink's worth at the end


@dataclass(frozen=True, slots=True)
class BonusData:
    rules: BonusRules
    jutaku: JutakuData
    drinks: Components


def parse_rules(raw: object, source: str = SOURCE) -> BonusRules:
    """The file's TOML as `BonusRules`; `DataError` naming the first bad value."""
    top = Fields(source, "", raw)
    time = top.sub("time")
    catch = time.integer("catch_ms", 1000, 30_000)  # BB-1: "a few seconds"
    before = time.integer("before_ms", 1000, 60_000)
    powers = top.sub("powers")
    return BonusRules(catch, before, powers.integer("blue_yen", 0, 10_000))


def data_version() -> str:
    """A short hash of BOTTLE BONUS's data, TOKYO JUTAKU's and JIDOHANBAIKI's."""
    every = ":".join(fingerprint(p) for p in (PACKAGE, JUTAKU_PACKAGE, DRINKS_PACKAGE))
    return hashlib.sha256(every.encode()).hexdigest()[:12]


@functools.cache
def load_data() -> BonusData:
    """The packaged data, read and checked once per process."""
    drinks = load_components()
    colours = tuple(c.key for c in drinks.colours)
    if colours != POWERS:
        raise Fields(DRINKS_PACKAGE, "", {}).fail(
            "colour", f"BB-2 needs the colours {', '.join(POWERS)}, got {', '.join(colours)}"
        )
    return BonusData(parse_rules(read_toml(SOURCE, PACKAGE)), load_jutaku(), drinks)
