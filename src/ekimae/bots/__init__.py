"""Bots: programs that play a seat from its view, and the registry that names them.

Add a bot by writing a class with `name` and `choose` (see `base.Bot`) whose constructor
takes a seed, and listing it in `BOTS`.
"""

from __future__ import annotations

from collections.abc import Callable

from ekimae.bots.base import Bot, play_game, seat_rng
from ekimae.bots.greedy import GreedyBot
from ekimae.bots.heuristic import BeginnerBot, NormalBot
from ekimae.bots.random_bot import RandomBot
from ekimae.bots.search_bots import ExpertBot, SearchBot, StrongBot

BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "beginner": BeginnerBot,
    "normal": NormalBot,
    "strong": StrongBot,
    "expert": ExpertBot,
}

BOT_NAMES = tuple(BOTS)  # for listings (the web server's seat menu reads it)


def bot_names() -> list[str]:
    return list(BOTS)


def make_bot(name: str, seed: int = 0, *, untimed: bool = False) -> Bot:
    """A new bot by registry name; ValueError listing the known names otherwise.

    `untimed`: search bots stop at their sample caps only (`SearchBot.untimed`), so their
    moves depend on the seed, not on the machine's speed or load.
    """
    factory = BOTS.get(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})")
    bot = factory(seed)
    if untimed and isinstance(bot, SearchBot):
        bot.untimed()
    return bot


__all__ = [
    "BOTS",
    "BOT_NAMES",
    "Bot",
    "GreedyBot",
    "RandomBot",
    "bot_names",
    "make_bot",
    "play_game",
    "seat_rng",
]
