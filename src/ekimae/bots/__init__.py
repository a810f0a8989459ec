"""Bots: programs that play a seat from its view, and the registry that names them per game.

Every game gets the generic bots, written only against `ekimae.core.game` (`GENERIC`):
`random`, and the searches `flat-mc` and `ismcts` (`generic.py`). A title adds its own
ladder in a package or module `ekimae.bots.<title>`, found by the game's registry name
("tokyo-metro" -> `ekimae.bots.tokyo_metro`), which exposes
`LADDER: dict[str, Callable[[int], Bot]]` (name -> a constructor taking a seed), weakest
first, and may set `MARGIN_SCALE`, the margin of the searches' reward in its score units
(`reward.py`). A title writes bots because the generic ones are weak at it, so its ladder
comes after them. A bot that plays a given game imports only that game's package and the
generic core, never another title's.

    make_bot("tokyo-metro", "normal", seed=3)
    bot_names("tokyo-metro")  # the ladder, weakest first
    levels("tokyo-metro")     # {"learning": "beginner", "casual": "normal", …}

A title may also name its ladder's levels in words, `LEVELS: dict[str, str]` (a word of
`LEVEL_WORDS` -> a bot of its ladder): what the lobby offers a newcomer (issue 30); and say
what its heuristic reckons a move is worth, `WORTH(view, action) -> float | None` (in its
score's unit, yen: the line of "why" a hint gives).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ekimae.bots.base import Bot, Timed, play_game, seat_rng
from ekimae.bots.generic import FlatMCBot, ISMCTSBot
from ekimae.bots.random_bot import RandomBot
from ekimae.bots.reward import DEFAULT_SCALE
from ekimae.core.actions import Action
from ekimae.core.game import Game
from ekimae.games import find_game, title_part

# Bots every game has, weakest first: (game, seed, the title's margin scale) -> a bot.
GENERIC: dict[str, Callable[[Game[Any], int, float], Bot]] = {
    "random": lambda game, seed, scale: RandomBot(seed),
    "flat-mc": lambda game, seed, scale: FlatMCBot(game, seed, scale=scale),
    "ismcts": lambda game, seed, scale: ISMCTSBot(game, seed, scale=scale),
}


def ladder(game: str) -> dict[str, Callable[[int], Bot]]:
    """Every bot of `game` by name, weakest first: the generic ones, then the title's."""
    found = find_game(game)
    module = title_part(__name__, game)
    own: dict[str, Callable[[int], Bot]] = getattr(module, "LADDER", {})
    scale = float(getattr(module, "MARGIN_SCALE", DEFAULT_SCALE))
    bots = {name: _bind(make, found, scale) for name, make in GENERIC.items() if name not in own}
    bots.update(own)
    return bots


def _bind(
    make: Callable[[Game[Any], int, float], Bot], game: Game[Any], scale: float
) -> Callable[[int], Bot]:
    return lambda seed: make(game, seed, scale)


def make_bot(game: str, name: str, seed: int = 0, *, untimed: bool = False) -> Bot:
    """A new `name` bot for `game`; `ValueError` naming the game and its known bots.

    `untimed`: a search bot stops at its sample cap only (see `base.Timed`), so its moves
    depend on the seed, not on the machine's speed or load.
    """
    bots = ladder(game)
    factory = bots.get(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r} for {game} (known: {', '.join(bots)})")
    bot = factory(seed)
    if untimed and isinstance(bot, Timed):
        bot.untimed()
    return bot


def bot_names(game: str) -> list[str]:
    """The bots of `game`, weakest first; `ValueError` for an unknown game."""
    return list(ladder(game))


# The levels a newcomer chooses from, weakest first (issue 30): `learning` is the lobby's
# default, one a first-time player beats about half the time.
LEVEL_WORDS = ("learning", "casual", "strong", "expert")


def levels(game: str) -> dict[str, str]:
    """The title's bots by level word (`LEVEL_WORDS` order), from its `LEVELS`; empty for
    a game whose bots are only the generic ones. `ValueError` if a level names no bot."""
    module = title_part(__name__, game)
    own: dict[str, str] = dict(getattr(module, "LEVELS", {}))
    names = bot_names(game)
    for word, name in own.items():
        if word not in LEVEL_WORDS or name not in names:
            raise ValueError(f"{game}: level {word!r} -> {name!r} is not a level of its ladder")
    return {word: own[word] for word in LEVEL_WORDS if word in own}


def worth(game: str, view: dict[str, Any], action: Action) -> float | None:
    """What the title's heuristic reckons `action` adds to the seat's final score (its
    `WORTH`), or None where it has no such reckoning."""
    module = title_part(__name__, game)
    reckon: Callable[[dict[str, Any], Action], float | None] | None = getattr(module, "WORTH", None)
    return None if reckon is None else reckon(view, action)


__all__ = [
    "GENERIC",
    "LEVEL_WORDS",
    "Bot",
    "FlatMCBot",
    "ISMCTSBot",
    "RandomBot",
    "bot_names",
    "ladder",
    "levels",
    "make_bot",
    "play_game",
    "seat_rng",
    "worth",
]
