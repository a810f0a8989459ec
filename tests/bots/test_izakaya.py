"""IZAKAYA's bots: the ladder after the generic ones, legal choices from the view only,
`normal` well ahead of `random`, `strong` searching the sealed bids it cannot see."""

from __future__ import annotations

import random

from ekimae.bots import bot_names, make_bot, play_game
from ekimae.games import find_game
from ekimae.games.izakaya.actions import Bid

GAME = find_game("izakaya")


def test_the_ladder_is_generic_then_learning_normal_strong() -> None:
    assert bot_names("izakaya") == ["random", "flat-mc", "ismcts", "learning", "normal", "strong"]


def test_normal_beats_random_and_keeps_its_yen() -> None:
    """IZ-2, IZ-5: `normal` bids nothing and builds on its cards; over a few seated
    games it wins every one against `random`."""
    for seed in range(3):
        for first in (0, 1):
            bots = [make_bot("izakaya", "normal", seed), make_bot("izakaya", "random", seed)]
            if first:
                bots.reverse()
            state, _ = play_game(GAME, bots, seed)
            assert state.winners() == [first]
            assert state.money[first] == 1000


def test_strong_chooses_a_legal_move_from_views_of_every_phase() -> None:
    bot = make_bot("izakaya", "strong", 1, untimed=True)
    bot.samples = 2  # type: ignore[attr-defined]
    state = GAME.new_state(3, 4)
    rng = random.Random(0)
    state.apply(1, Bid(300))  # a sealed bid the bot's seat cannot see
    for _ in range(12):
        seat = state.current_players()[0]
        legal = list(state.legal_actions(seat))
        choice = bot.choose(state.view(seat), legal, rng)
        assert choice in legal
        state.apply(seat, choice)
