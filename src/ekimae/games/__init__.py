"""The registry of titles: every consumer (server, CLI, bots, tests) finds a game here.

A title is a package `ekimae.games.<title>` whose `game` module has `GAME`, an object of
the `ekimae.core.game.Game` protocol. `TITLES` lists the ones offered to players.
`EXAMPLES` are small games written only against the public API, to prove that a title
plugs in everywhere without any other code naming it (`docs/adding-a-game.md`); they are
registered when named in the `EKIMAE_GAMES` environment variable (a comma-separated list
of example names or `module:ATTRIBUTE` paths), as the test suite does, or with
`register(game)`.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType
from typing import Any

from ekimae.core.game import Game

TITLES = {
    "tokyo-metro": "ekimae.games.tokyo_metro.game:GAME",
    "tokyo-jutaku": "ekimae.games.tokyo_jutaku.game:GAME",
    "countdown": "ekimae.games.countdown.game:GAME",
    "bottle-bonus": "ekimae.games.bottle_bonus.game:GAME",
    "izakaya": "ekimae.games.izakaya.game:GAME",
    "shopping": "ekimae.games.shopping.game:GAME",
    "chocolate-milk": "ekimae.games.chocolate_milk.game:GAME",
}
EXAMPLES = {
    "sealed-auction": "ekimae.games.sealed_auction.game:GAME",
    "quick-draw": "ekimae.games.quick_draw.game:GAME",
}
ENV = "EKIMAE_GAMES"

_registered: dict[str, Game[Any]] = {}


def _load(path: str) -> Game[Any]:
    module, _, attribute = path.partition(":")
    game: Game[Any] = getattr(importlib.import_module(module), attribute or "GAME")
    return game


def title_part(package: str, game: str) -> ModuleType | None:
    """A title's own part of a layer: `<package>.<title>` for the game's registry name
    (`-` as `_`), e.g. `ekimae.bots.tokyo_metro`; None if the title has none there."""
    name = f"{package}.{game.replace('-', '_')}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is None or not (name == exc.name or name.startswith(f"{exc.name}.")):
            raise  # the title's part exists but something it imports does not: say so
        return None


def register(game: Game[Any]) -> None:
    """Make `game` known to every consumer in this process (tests, plug-ins)."""
    _registered[game.name] = game


def games() -> dict[str, Game[Any]]:
    """All registered games by name, titles first (imported lazily, so that `import
    ekimae.games` stays cheap)."""
    found = {name: _load(path) for name, path in TITLES.items()}
    for entry in filter(None, (e.strip() for e in os.environ.get(ENV, "").split(","))):
        game = _load(EXAMPLES.get(entry, entry))
        found[game.name] = game
    found.update(_registered)
    return found


def find_game(name: str, *, examples: bool = False) -> Game[Any]:
    """The game named `name`; `examples`: the examples too, whatever `EKIMAE_GAMES` says
    (tools that record them)."""
    known = games()
    if examples and name not in known and name in EXAMPLES:
        return _load(EXAMPLES[name])
    if name not in known:
        raise ValueError(f"unknown game {name!r} (known: {', '.join(sorted(known))})")
    return known[name]
