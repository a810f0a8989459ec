"""THE SHOPPING GAME's bots: on the ladder, legal, and `normal` beats `random`."""

from __future__ import annotations

import random

from ekimae.bots import bot_names, make_bot, play_game
from ekimae.games import find_game
from ekimae.games.shopping.actions import Move
from ekimae.games.shopping.components import OUT
from ekimae.games.shopping.game import GAME


def test_the_ladder_ends_with_normal_and_strong() -> None:
    assert bot_names("shopping")[-2:] == ["normal", "strong"]


def test_normal_beats_random_at_two_and_four_seats() -> None:
    game = find_game("shopping")
    wins = 0
    for g in range(12):
        seats = 2 if g % 2 else 4
        bots = [make_bot("shopping", "normal", g)] + [
            make_bot("shopping", "random", g + k) for k in range(1, seats)
        ]
        state, _ = play_game(game, bots, seed=100 + g)
        wins += state.winners() == [0]
    assert wins >= 10


def test_normal_leaves_when_the_other_could_end_the_game() -> None:
    """SH-5: the other seat is on its last trip, so `normal` heads out with its crate."""
    state = GAME.new_state(2, 3)
    state.barrels[1] = 1
    state.pos[0], state.crates[0] = "d4", ["shirt"]
    bot = make_bot("shopping", "normal", 0)
    assert bot.choose(state.view(0), state.legal_actions(0), random.Random(0)) == Move(OUT)


def test_strong_chooses_a_legal_action() -> None:
    state = GAME.new_state(2, 4)
    bot = make_bot("shopping", "strong", 1, untimed=True)
    legal = state.legal_actions(0)
    assert bot.choose(state.view(0), legal, random.Random(1)) in legal
