"""CHOCOLATE MILK's bots: the ladder, `normal`'s valuation on plain positions, `normal`
against `random`, and `strong` choosing a legal move from the view alone."""

from __future__ import annotations

import random

from ekimae.bots import bot_names, make_bot, play_game
from ekimae.bots.chocolate_milk.heuristic import from_view, ranked
from ekimae.games.chocolate_milk.actions import Sell
from ekimae.games.chocolate_milk.game import GAME
from tests.games.chocolate_milk.test_rules import MINT, position

DATA = GAME.data


def test_the_ladder_is_random_normal_strong() -> None:
    names = bot_names("chocolate-milk")
    assert names.index("random") < names.index("normal") < names.index("strong")


def test_normal_sells_the_richest_set() -> None:
    """CM-2 (b): without yen to buy, three mint drinks and ¥300 on the Mint card: selling
    all three (¥900) beats keeping some (1 or 2 in a crate score ¥100 or ¥400, CM-4) and
    a sale on another card."""
    market = dict.fromkeys(DATA.cards, 100) | {"mint": 300}
    state = position(crates=[[MINT[:3]], [[]]], market=market, money=[0, 500])
    view = state.view_for(0)
    best = ranked(DATA, from_view(view), state.legal_actions(0))[0]
    assert best == Sell("mint", tuple(MINT[:3]))


def test_normal_does_not_end_the_game_behind() -> None:
    """CM-3: reaching ¥2,000 ends the game; not when another seat's total is higher."""
    market = dict.fromkeys(DATA.cards, 0) | {"mint": 800}
    rich = [d for d in DATA.drinks.drinks if d.startswith("red-")][:5]
    state = position(crates=[[MINT[:2]], [rich]], market=market, money=[500, 500])
    legal = state.legal_actions(0)
    first = ranked(DATA, from_view(state.view_for(0)), legal)[0]
    assert first != Sell("mint", tuple(MINT[:2]))  # ¥2,100 against 500 + 5×5×¥100


def test_normal_beats_random() -> None:
    wins = 0
    for game in range(20):
        bots = [make_bot("chocolate-milk", "normal", game), make_bot("chocolate-milk", "random")]
        if game % 2:
            bots.reverse()
        state, _ = play_game(GAME, bots, seed=game)
        wins += (game % 2) in state.winners()
    assert wins >= 17


def test_strong_picks_a_legal_move_from_the_view() -> None:
    state = GAME.new_state(3, 2)
    bot = make_bot("chocolate-milk", "strong", 1, untimed=True)
    action = bot.choose(state.view(0), state.legal_actions(0), random.Random(1))
    assert state.is_legal(0, action)
