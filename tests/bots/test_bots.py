"""Bots choose only legal actions from their seat's view; greedy clearly beats random."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from ekimae.bots import Bot, make_bot, play_game
from ekimae.core.actions import Action
from ekimae.core.record import replay
from ekimae.games.tokyo_metro.game import GAME

METRO = GAME.name


class Checked:
    """Wraps a bot and checks every choice is among the legal actions it was given."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.choices = 0

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        assert legal, "a bot is only asked when it has a choice"
        assert isinstance(view, dict) and view["to_act"]
        action = self.bot.choose(view, legal, rng)
        assert action in legal
        self.choices += 1
        return action


@pytest.mark.parametrize(
    ("names", "seed"),
    [(["random", "random", "random"], 1), (["greedy", "random"], 2), (["greedy"] * 4, 3)],
)
def test_bots_choose_legal_actions_to_the_end(names: list[str], seed: int) -> None:
    bots = [Checked(make_bot(METRO, name, seed)) for name in names]
    state, record = play_game(GAME, bots, seed)
    assert state.is_terminal()
    assert state.winner() is not None
    assert sum(b.choices for b in bots) == len(record.actions)
    assert record.names == names


def test_record_of_a_bot_game_replays_to_the_same_scores() -> None:
    state, record = play_game(GAME, [make_bot(METRO, "greedy"), make_bot(METRO, "random")], 7)
    assert replay(record, GAME).scores() == state.scores()


def test_bots_see_no_other_seat_bid() -> None:
    seen: list[dict[str, Any]] = []

    class Spy:
        name = "spy"

        def choose(
            self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random
        ) -> Action:
            seen.append(view)
            return legal[0]

    play_game(GAME, [make_bot(METRO, "random"), Spy()], 4)
    bids = [v for v in seen if v["phase"] == "turn_order"]
    assert bids
    assert all(v["players"][0]["bid"] is None for v in bids)


def test_unknown_bot_lists_the_known_ones() -> None:
    known = r"for tokyo-metro \(known: random, flat-mc, ismcts, greedy"
    with pytest.raises(ValueError, match=known):
        make_bot(METRO, "wizard", 1)


def test_a_seat_without_bot_needs_ask_and_can_stop_the_game() -> None:
    with pytest.raises(ValueError, match="ask"):
        play_game(GAME, [None, make_bot(METRO, "random")], 1)
    state, record = play_game(
        GAME, [None, make_bot(METRO, "random")], 1, ask=lambda s, seat, legal: None
    )
    assert not state.is_terminal()
    assert record.names == ["human", "random"]


def test_same_seed_same_game() -> None:
    first = play_game(GAME, [make_bot(METRO, "greedy", 1), make_bot(METRO, "random", 2)], 9)[1]
    second = play_game(GAME, [make_bot(METRO, "greedy", 1), make_bot(METRO, "random", 2)], 9)[1]
    assert first.actions == second.actions


def test_greedy_beats_random_in_most_two_player_games() -> None:
    games, wins = 40, 0
    for seed in range(games):
        greedy_seat = seed % 2  # both seats, so the first player's edge cancels out
        names = ["greedy", "random"] if greedy_seat == 0 else ["random", "greedy"]
        state, _ = play_game(GAME, [make_bot(METRO, n, seed) for n in names], 1000 + seed)
        wins += state.winner() == greedy_seat
    assert wins >= 0.7 * games
