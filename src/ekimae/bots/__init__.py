"""Bots: programs that play a seat from its view, and the registry that names them per game.

Every game gets the generic bots, written only against `ekimae.core.game`: `random` (see
`GENERIC`). A title adds its own ladder in a package or module `ekimae.bots.<title>`,
found by the game's registry name ("tokyo-metro" -> `ekimae.bots.tokyo_metro`), which
exposes `LADDER: dict[str, Callable[[int], Bot]]` (name -> a constructor taking a seed),
weakest first. A bot that plays a given game imports only that game's package and the
generic core, never another title's.

    make_bot("tokyo-metro", "normal", seed=3)
    bot_names("tokyo-metro")  # the ladder, weakest first
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any, overload

from ekimae.bots.base import Bot, Timed, play_game, seat_rng
from ekimae.bots.random_bot import RandomBot
from ekimae.core.game import Game
from ekimae.games import find_game

# Bots every game has, by name: a constructor taking the game and a seed.
GENERIC: dict[str, Callable[[Game[Any], int], Bot]] = {
    "random": lambda game, seed: RandomBot(seed),
}


def title_module(game: str) -> ModuleType | None:
    """`ekimae.bots.<title>` for a registered game's name, or None if it has no bots of its
    own (an unknown game: `ValueError` naming the known ones)."""
    find_game(game)
    name = f"{__name__}.{game.replace('-', '_')}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise  # the title's bots exist but something they import does not
        return None


def ladder(game: str) -> dict[str, Callable[[int], Bot]]:
    """Every bot of `game` by name, weakest first: `random`, then the title's own ladder."""
    module = title_module(game)
    own: dict[str, Callable[[int], Bot]] = getattr(module, "LADDER", {}) if module else {}
    found = find_game(game)
    bots: dict[str, Callable[[int], Bot]] = {
        name: _bind(make, found) for name, make in GENERIC.items() if name not in own
    }
    bots.update(own)
    return bots


def _bind(make: Callable[[Game[Any], int], Bot], game: Game[Any]) -> Callable[[int], Bot]:
    return lambda seed: make(game, seed)


# TOKYO METRO until the CLI/server take a game: the one-argument forms below stand for
# `make_bot("tokyo-metro", name, seed)` and `bot_names("tokyo-metro")` (server/hub.py,
# server/app.py, cli/common.py and tests/core/test_record.py still call them so).
LEGACY_GAME = "tokyo-metro"


@overload
def make_bot(game: str, name: str, seed: int = 0, *, untimed: bool = False) -> Bot: ...


@overload
def make_bot(name: str, seed: int = 0, /, *, untimed: bool = False) -> Bot: ...  # legacy


def make_bot(game: str, name: str | int = 0, seed: int = 0, *, untimed: bool = False) -> Bot:
    """A new `name` bot for `game`; `ValueError` naming the game and its known bots.

    `untimed`: a search bot stops at its sample cap only (see `base.Timed`), so its moves
    depend on the seed, not on the machine's speed or load.
    """
    if not isinstance(name, str):  # legacy make_bot(name, seed): TOKYO METRO
        return make_bot(LEGACY_GAME, game, name, untimed=untimed)
    bots = ladder(game)
    factory = bots.get(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r} for {game} (known: {', '.join(bots)})")
    bot = factory(seed)
    if untimed and isinstance(bot, Timed):
        bot.untimed()
    return bot


def bot_names(game: str | None = None) -> list[str]:
    """The bots of `game`, weakest first (None: TOKYO METRO, legacy)."""
    return list(ladder(LEGACY_GAME if game is None else game))


__all__ = [
    "GENERIC",
    "Bot",
    "RandomBot",
    "bot_names",
    "ladder",
    "make_bot",
    "play_game",
    "seat_rng",
    "title_module",
]
