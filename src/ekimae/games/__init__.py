"""The registry of titles: every consumer (server, CLI, bots, tests) finds a game here.

A title is a package `ekimae.games.<title>` whose `game` module has `GAME`, an object of
the `ekimae.core.game.Game` protocol. Every such package is a title offered to players,
found by looking (`titles()`): adding a title is adding its folder, and nothing here
changes. Lists follow `GameType.order` (the Tokyo Series' order), then names; the first
is the default game.
`EXAMPLES` are small games written only against the public API, to prove that a title
plugs in everywhere without any other code naming it (`docs/adding-a-game.md`); they are
registered when named in the `EKIMAE_GAMES` environment variable (a comma-separated list
of example names or `module:ATTRIBUTE` paths), as the test suite does, or with
`register(game)`.
"""

from __future__ import annotations

import functools
import importlib
import os
from pathlib import Path
from types import ModuleType
from typing import Any

from ekimae.core.game import Game

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


@functools.cache
def title_modules() -> tuple[str, ...]:
    """The `game` modules of every title package (examples excepted), by package name."""
    examples = {path.partition(":")[0] for path in EXAMPLES.values()}
    here = Path(__file__).parent
    found = (
        f"{__name__}.{entry.name}.game"
        for entry in sorted(here.iterdir())
        if (entry / "__init__.py").is_file() and (entry / "game.py").is_file()
    )
    return tuple(module for module in found if module not in examples)


def titles() -> dict[str, Game[Any]]:
    """Every title by name, in the series' order (`GameType.order`, then name)."""
    loaded = [_load(module) for module in title_modules()]
    loaded.sort(key=lambda game: (game.type.order, game.name))
    return {game.name: game for game in loaded}


def register(game: Game[Any]) -> None:
    """Make `game` known to every consumer in this process (tests, plug-ins)."""
    _registered[game.name] = game


def games() -> dict[str, Game[Any]]:
    """All registered games by name, titles first (imported lazily, so that `import
    ekimae.games` stays cheap)."""
    found = titles()
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
