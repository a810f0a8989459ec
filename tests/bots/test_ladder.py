"""The ladder bots: legal choices, decisions blind to hidden information, strength, budget."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from ekimae.bots import Bot, make_bot, play_game
from ekimae.bots.mcts import ISMCTS, Budget
from ekimae.bots.tokyo_metro import LADDER
from ekimae.bots.tokyo_metro.search_bots import SearchBot, hint
from ekimae.core.actions import Action
from ekimae.games.tokyo_metro.determinize import determinize
from ekimae.games.tokyo_metro.game import GAME, TokyoMetroState
from tests.bots.ticking import TickingClock
from tests.conformance.hooks import HOOKS

FAST = 0.05  # seconds a search decision takes in these tests
METRO = GAME.name
HIDDEN_FIELDS = {"decks", "discards", "bids", "rng", "log", "bank_out", "bank_in", "cursor"}


def fast_bot(name: str, seed: int) -> Bot:
    """A registry bot; the search bots with a tiny budget so the tests stay quick."""
    if name in ("strong", "expert"):
        bot = SearchBot(seed, seconds=FAST)
        bot.name = name
        return bot
    return make_bot(METRO, name, seed)


class Checked:
    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        action = self.bot.choose(view, legal, rng)
        assert action in legal
        return action


@pytest.mark.parametrize("name", ["beginner", "normal"])
def test_heuristic_bots_play_legal_games(name: str) -> None:
    for seats, seed in ((2, 1), (4, 2), (5, 3)):
        bots = [Checked(make_bot(METRO, name, seed + i)) for i in range(seats)]
        state, _ = play_game(GAME, bots, seed)
        assert state.is_terminal()


def test_search_bot_plays_a_legal_game() -> None:
    bots = [Checked(fast_bot("strong", 1)), Checked(make_bot(METRO, "normal", 2))]
    state, _ = play_game(GAME, bots, 11)
    assert state.is_terminal()


def _positions(seats: int, seed: int, every: int) -> list[tuple[TokyoMetroState, int]]:
    """Positions of a normal-bot game, every `every` decisions (all phases occur)."""
    out: list[tuple[TokyoMetroState, int]] = []
    bots = [make_bot(METRO, "normal", seed + i) for i in range(seats)]

    def keep(state: TokyoMetroState, seat: int, action: Action) -> None:
        if not state.is_terminal() and len(keep_count) % every == 0:
            out.append((state.clone(), state.current_players()[0]))
        keep_count.append(1)

    keep_count: list[int] = []
    play_game(GAME, bots, seed, on_action=keep)
    return out


@pytest.mark.parametrize("name", sorted(["random", *LADDER]))
def test_hidden_information_never_changes_input_or_decision(name: str) -> None:
    perturb = HOOKS["tokyo-metro"].perturb_hidden
    positions = _positions(3, 5, 9)[:12]
    positions += [(p, s) for p, s in _positions(3, 6, 1) if p.s.phase == 0][:3]  # sealed bids
    rng = random.Random(0)
    for state, seat in positions:
        other = perturb(state, seat, rng)
        assert other.view(seat) == state.view(seat)
        assert other.legal_actions(seat) == state.legal_actions(seat)
        picks = []
        for s in (state, other):
            bot = fast_bot(name, 3)
            if isinstance(bot, SearchBot):
                # No clock in the result; three playouts a decision are enough for a leak to show
                # (a sample that saw hidden cards plays out differently).
                bot.search.budget = Budget(seconds=60, iterations=3)
            picks.append(bot.choose(s.view(seat), s.legal_actions(seat), random.Random(42)))
        assert picks[0] == picks[1]


def test_determinization_matches_the_view_and_the_legal_actions() -> None:
    rng = random.Random(1)
    for state, seat in _positions(4, 8, 3):
        sample = determinize(state.view(seat), rng)
        real, made = state.s.to_dict(), sample.s.to_dict()
        for key in real.keys() - HIDDEN_FIELDS:
            assert real[key] == made[key], key
        assert sample.legal_actions(seat) == state.legal_actions(seat)
        assert sample.view(seat)["players"] == state.view(seat)["players"]
        for col, deck in enumerate(real["decks"]):
            pool = sorted(deck + real["discards"][col])
            assert pool == sorted(made["decks"][col] + made["discards"][col])
            assert len(deck) == len(made["decks"][col])


def test_normal_beats_random_in_two_player_games() -> None:
    games, wins = 20, 0
    for g in range(games):
        seat = g % 2
        names = ["random", "random"]
        names[seat] = "normal"
        state, _ = play_game(GAME, [make_bot(METRO, n, g) for n in names], 300 + g)
        wins += state.winner() == seat
    assert wins >= 19


def test_search_respects_its_budget() -> None:
    state = GAME.new_state(4, 3)
    view, legal = state.view(0), state.legal_actions(0)
    timed = ISMCTS(determinize, budget=Budget(seconds=0.3))
    timed.clock = TickingClock(0.01)  # the deadline without the machine's speed in it
    result = timed.search(view, legal, random.Random(1))
    assert 0 < result.iterations < 30  # one iteration between two readings past 0.3 s
    assert 0.3 <= result.seconds <= 0.3 + 0.01 + 1e-9
    capped = ISMCTS(determinize, budget=Budget(seconds=30, iterations=7))
    assert capped.search(view, legal, random.Random(1)).iterations == 7


def test_hint_gives_a_legal_move_and_a_chance() -> None:
    state = GAME.new_state(2, 4)
    while state.current_players()[0] != 0 or len(state.legal_actions(0)) < 2:
        seat = state.current_players()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    action, chance = hint(state.view(0), state.legal_actions(0), seconds=0.2)
    assert action in state.legal_actions(0)
    assert 0.0 <= chance <= 1.0
