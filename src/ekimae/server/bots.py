"""Bots for server seats, from the bots package's registry (`ekimae.bots.make_bot`).

The registry is being written alongside this package; until it lands, `random` is built
directly so all-bot games still run. Bots receive a seat's view and legal actions only.
"""

from __future__ import annotations

import random
from typing import Any, cast

import ekimae.bots as registry
from ekimae.bots.base import Bot
from ekimae.bots.random_bot import RandomBot


def bot_names() -> list[str]:
    names = getattr(registry, "BOT_NAMES", None) or getattr(registry, "NAMES", None)
    if names:
        return [str(n) for n in names]
    return ["random"]


def make_bot(name: str, seed: int) -> Bot:
    factory: Any = getattr(registry, "make_bot", None)
    if factory is not None:
        return cast(Bot, factory(name, seed))
    if name == "random":
        return RandomBot(seed)
    raise ValueError(f"unknown bot {name!r} (known: {', '.join(bot_names())})")


def move_rng(seed: int, seat: int, index: int) -> random.Random:
    """A bot's randomness for the move at action `index`: the same after a restart."""
    return random.Random(f"{seed}:{seat}:{index}")
