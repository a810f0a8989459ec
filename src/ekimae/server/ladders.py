"""Which bots can play a game, and making them: the one place the server asks the bots
layer (`ekimae.bots`, one ladder per game)."""

from __future__ import annotations

from typing import Any

from ekimae import bots
from ekimae.bots.base import Bot
from ekimae.core.actions import Action

LEVEL_WORDS = bots.LEVEL_WORDS  # learning, casual, strong, expert (issue 30)


def bot_names(game: str) -> list[str]:
    """The game's ladder, weakest first."""
    return bots.bot_names(game)


def bot_levels(game: str) -> dict[str, str]:
    """The game's bots by level word (learning, casual, strong, expert; issue 30)."""
    return bots.levels(game)


def check_bot(game: str, name: str) -> None:
    """`ValueError` naming the game and its bots if `name` is not one of them."""
    bots.make_bot(game, name, 0)


def make_bot(game: str, name: str, seed: int) -> Bot:
    return bots.make_bot(game, name, seed)


def move_worth(game: str, view: dict[str, Any], action: Action) -> float | None:
    """What the title's heuristic reckons a move is worth to the seat (a hint's why)."""
    return bots.worth(game, view, action)


def hint_bot(game: str) -> str:
    """The bot whose move a hint shows: `strong` where the game has it, else its best."""
    names = bots.bot_names(game)
    return "strong" if "strong" in names else names[-1]
