"""Issue 33: the generic searches cut their playouts short in real-time games."""

from __future__ import annotations

import random

from ekimae.bots.flat_search import playout
from ekimae.bots.generic import REAL_TIME_DEPTH, FlatMCBot, ISMCTSBot, playout_depth
from ekimae.bots.mcts import uniform_policy
from ekimae.bots.reward import standing_reward
from ekimae.games import find_game


def test_real_time_titles_play_out_a_round_turn_titles_to_the_end() -> None:
    for name in ("tokyo-jutaku", "bottle-bonus", "countdown"):
        game = find_game(name)
        assert playout_depth(game) == REAL_TIME_DEPTH
        assert FlatMCBot(game).depth == REAL_TIME_DEPTH
        assert ISMCTSBot(game, depth=None).depth is None
    assert playout_depth(find_game("tokyo-metro")) is None


def test_a_cut_playout_stops_after_depth_actions_and_is_scored_as_it_stands() -> None:
    game = find_game("tokyo-jutaku")
    state = game.new_state(2, 4)
    playout(state, uniform_policy, random.Random(1), depth=5)
    assert not state.is_terminal()
    reward, first = standing_reward(state, 0, 10_000.0)
    assert first and reward == 0.5 * 0.5 + 0.5 * 0.5  # level: a shared first place


def test_flat_mc_completes_samples_on_a_real_time_title() -> None:
    game = find_game("tokyo-jutaku")
    state = game.new_state(2, 5)
    seat = state.current_players()[0]
    bot = FlatMCBot(game, 1, playouts=60)
    bot.untimed()
    legal = state.legal_actions(seat)
    bot.choose(state.view(seat), legal, random.Random(2))
    assert bot.last is not None and bot.last.iterations >= 1
