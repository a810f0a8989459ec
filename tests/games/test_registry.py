"""The registry finds titles by looking: a package of `ekimae.games` with a `game` module
is a title (adding a game is adding its folder), listed in the Tokyo Series' order."""

from __future__ import annotations

from pathlib import Path

import ekimae.games
from ekimae.games import EXAMPLES, games, title_modules, titles

HERE = Path(ekimae.games.__file__).parent


def test_every_package_with_a_game_module_is_a_title_but_the_examples() -> None:
    packages = {
        p.parent.name for p in HERE.glob("*/game.py") if (p.parent / "__init__.py").exists()
    }
    examples = {path.split(".")[2] for path in EXAMPLES.values()}
    assert {m.split(".")[2] for m in title_modules()} == packages - examples
    assert examples and not examples & {m.split(".")[2] for m in title_modules()}


def test_titles_come_in_the_series_order_the_first_being_the_default() -> None:
    assert list(titles()) == [
        "tokyo-metro",
        "tokyo-jutaku",
        "countdown",
        "bottle-bonus",
        "izakaya",
        "shopping",
        "chocolate-milk",
    ]
    assert next(iter(games())) == "tokyo-metro"


def test_a_titles_package_is_named_after_the_game() -> None:
    """Each layer finds a title's part as `<layer>.<name with _ for ->`."""
    by_module = {type(g).__module__: name for name, g in titles().items()}
    named = {m: m.split(".")[2].replace("_", "-") for m in title_modules()}
    assert by_module == named
    assert all(game.name == name for name, game in titles().items())
