"""TOKYO METRO in the terminal: `ekimae metro …` (short for `--game tokyo-metro`), its
board and menu at the table (`front.py`, `display.py`, `menu.py`), yen, the final line
values as its end figures, and its extras: `render` (the map), `balance` (the card
report) and the search playouts in `bench`."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Console

from ekimae.cli.common import HUMAN
from ekimae.cli.terminal import Front, GenericTerminal
from ekimae.cli.titles.tokyo_metro import balance, bench, render
from ekimae.cli.titles.tokyo_metro.front import MetroFront, metro
from ekimae.core.game import Game, State
from ekimae.games.tokyo_metro.view import metro_view

DEFAULT_SEATS = {
    "play": ((HUMAN, "greedy", "random"), 3),
    "simulate": (("greedy", "random"), 2),
    "tournament": (("strong", "normal", "beginner", "random"), 4),
    "balance": (("greedy",), 4),
}


class MetroTerminal(GenericTerminal):
    alias: str | None = "metro"
    extras = frozenset({"render", "balance"})
    score_word = "yen"
    figures_key: str | None = "line_values"

    def default_seats(self, game: Game[Any], command: str) -> tuple[tuple[str, ...], int]:
        return DEFAULT_SEATS[command]

    def front(self, game: Game[Any], out: Console, names: Sequence[str], humans: bool) -> Front:
        return MetroFront(game, out, names, humans, self)

    def score(self, value: float) -> str:
        return f"¥{value:,.0f}"

    def rounds(self, state: State) -> int | None:
        return metro(state).round

    def figures(self, state: State) -> dict[str, int]:
        """Each line's final value, by letter."""
        return {line["letter"]: line["value"] for line in metro_view(state.view(None))["lines"]}

    def figures_text(self, means: Mapping[str, float]) -> str:
        return "average final line values: " + "  ".join(f"{k} ¥{v:,.0f}" for k, v in means.items())

    def render(self, game: Game[Any], state: State | None, path: str) -> None:
        render.render(game, state, path)

    def balance(self, game: Game[Any], args: argparse.Namespace) -> int:
        return balance.run(game, args)

    def bench(
        self, game: Game[Any], players: int, games: int, seed: int
    ) -> dict[str, Callable[[], int]]:
        return bench.extras(game, players, games, seed)

    def bench_options(
        self, game: Game[Any], players: int, games: int, seed: int, options: Mapping[str, str]
    ) -> dict[str, Callable[[], int]]:
        """`bench` for a game with these options (map, cards: MOD-1)."""
        return bench.extras(game, players, games, seed, options)


TITLE = MetroTerminal()
