"""The research interfaces: PettingZoo's own API test, a stable action numbering that
covers every legal action, set choices in steps (TM-7.8), and observations that are the
seat's view only."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from pettingzoo.test import api_test

from ekimae.core.game import Dynamics
from ekimae.games import games
from ekimae.games.tokyo_metro import actions as act
from ekimae.research.aec import EkimaeAEC
from ekimae.research.gym_env import EkimaeGym
from ekimae.research.openspiel_game import register, short_name
from ekimae.research.reinforce import Policy, evaluate, train
from ekimae.research.space import Pending, head
from ekimae.research.title import ResearchError, setup
from ekimae.research.tokyo_metro import MAX_AMOUNT


# A masked observation is a Dict (observation + action_mask), as in PettingZoo's own
# classic games, which draw the same two notes from its API test.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize(("game", "seats"), [("sealed-auction", 3), ("tokyo-metro", 2)])
def test_pettingzoo_api_test_passes(game: str, seats: int) -> None:
    api_test(EkimaeAEC(game, seats, examples=True), num_cycles=300)


def test_real_time_games_are_refused_with_the_reason() -> None:
    with pytest.raises(ResearchError, match="real time"):
        setup("quick-draw", 2, examples=True)
    with pytest.raises(ResearchError, match="1 to 5"):
        setup("tokyo-metro", 6)


COMBINATIONS = [
    (seats, {"map": m, "cards": c})
    for seats, (m, c) in zip(
        [1, 2, 3, 4, 5, 2, 3, 4],
        [("tokyo", "tokyo")] * 5 + [("osaka", "osaka"), ("tokyo", "osaka"), ("osaka", "tokyo")],
        strict=True,
    )
]
# METRO DRINKS (MD-1 … MD-7) on a map and card set each.
COMBINATIONS += [
    (3, {"map": "tokyo", "cards": "tokyo", "drinks": "on"}),
    (2, {"map": "osaka", "cards": "osaka", "drinks": "on"}),
]


@pytest.mark.parametrize(("seats", "options"), COMBINATIONS)
def test_every_legal_tokyo_action_has_a_stable_number(seats: int, options: dict[str, str]) -> None:
    """The catalog numbers every action a playout meets (amounts up to the cap), on every
    map and card set (MOD-1), and the number gives back the same head in a fresh catalog;
    the view encodes to the same length throughout."""
    one, two = setup("tokyo-metro", seats, options), setup("tokyo-metro", seats, options)
    rng = random.Random(seats)
    checked = 0
    for seed in range(seats, seats + 3):  # a short game checks fewer: then one more
        if checked > 1000:
            break
        state = one.game.new_state(seats, seed, options)
        while not state.is_terminal():
            seat = state.current_players()[0]
            legal = state.legal_actions(seat)
            for action in legal:
                amount = getattr(action, "amount", 0) or getattr(action, "stake", 0)
                index = one.space.index_of(action)
                if amount > MAX_AMOUNT:
                    assert index is None
                    continue
                assert index is not None, action
                assert two.space.action_of(index) == head(action)
                checked += 1
            assert len(one.encoder.encode(state.view(seat))) == one.encoder.size
            state.apply(seat, rng.choice(legal))
    assert checked > 1000


def test_discounts_are_chosen_one_disc_at_a_time() -> None:
    """TM-7.8: an action with discount discs is its head, then each disc, then done."""
    space = setup("tokyo-metro", 2).space
    plain = act.Invest("CY1a", "G")
    with_one = act.Invest("CY1a", "G", ("ZN1b",))
    with_two = act.Invest("CY1a", "G", ("ZN1b", "ZN3a"))
    legal = [plain, with_one, with_two, act.Pass()]
    index = space.index_of(plain)
    assert index is not None and index == space.index_of(with_two)
    pending = space.decide(legal, index)
    assert isinstance(pending, Pending)
    done = space.done
    assert done is not None
    elements = space.catalog.elements
    first = len(space.catalog.heads) + elements.index(("discounts", "ZN1b"))
    second = len(space.catalog.heads) + elements.index(("discounts", "ZN3a"))
    # Done (no discount) or either disc; nothing else.
    assert space.indices(legal, pending) == sorted([first, second, done])
    assert space.decide(legal, first, pending) is pending
    assert space.indices(legal, pending) == sorted([second, done])
    assert space.decide(legal, done, pending) == with_one
    with pytest.raises(ValueError, match="not legal"):
        space.decide(legal, space.index_of(act.Bike("GM1b")) or 0)  # a Bike not listed


def test_a_sealed_bid_does_not_reach_the_other_seats_observation() -> None:
    """SA-2: seat 0's bid, whatever it is, leaves seat 1's observation unchanged."""
    seen = []
    for bid in (0, 500):
        env = EkimaeAEC("sealed-auction", 2, examples=True)
        env.reset(seed=7)
        assert env.agent_selection == "seat_0"
        env.step(env.setup.space.index_of(env.state_.legal_actions(0)[bid // 50]))  # type: ignore[union-attr]
        assert env.agent_selection == "seat_1"
        seen.append(env.observe("seat_1")["observation"])
    assert np.array_equal(seen[0], seen[1])


def test_the_gym_wrapper_plays_whole_games_against_the_bots() -> None:
    env = EkimaeGym("tokyo-metro", 2, opponents="random")
    rng = np.random.default_rng(1)
    for episode in range(2):
        obs, _ = env.reset(seed=episode)
        done, steps, reward = False, 0, 0.0
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            assert len(legal) > 0
            obs, reward, done, _, info = env.step(int(rng.choice(legal)))
            steps += 1
        assert 0.0 <= reward <= 1.0 and steps > 10 and len(info["scores"]) == 2
    assert env.observation_space.contains(obs)


@pytest.mark.parametrize(
    ("game", "players", "sims"), [("sealed-auction", 3, 5), ("tokyo-metro", 3, 2)]
)
def test_openspiel_random_simulation_checks_pass(game: str, players: int, sims: int) -> None:
    """OpenSpiel's own checks on random games (legal actions, clones, observers, returns)."""
    register(examples=True)
    loaded = pyspiel.load_game(short_name(game), {"players": players})
    assert loaded.num_players() == players
    pyspiel.random_sim_test(loaded, num_sims=sims, serialize=False, verbose=False)


def test_openspiel_sees_the_deal_as_chance_and_bids_as_hidden() -> None:
    """The root is the deal (a chance node); a sealed bid (SA-2) is in its bidder's
    information state, not in the other seat's."""
    register(examples=True)
    game = pyspiel.load_game("ekimae_sealed_auction", {"players": 2, "deals": 8})
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 8
    state.apply_action(3)
    assert state.current_player() == 0
    low, high = state.clone(), state.clone()
    low.apply_action(low.legal_actions()[0])  # seat 0 bids nothing
    high.apply_action(high.legal_actions()[-1])  # seat 0 bids everything
    assert low.current_player() == high.current_player() == 1
    assert low.information_state_string(1) == high.information_state_string(1)
    assert np.array_equal(low.observation_tensor(1), high.observation_tensor(1))
    assert "bid 1000" in high.information_state_string(0)
    assert low.information_state_string(0) != high.information_state_string(0)
    state = high
    twin = state.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert state.current_player() == 1  # the clone moved on, not the original


def test_the_policy_gradient_matches_finite_differences() -> None:
    """REINFORCE's ∇ log π(a | x), written by hand, against a numerical derivative."""
    policy = Policy(obs_size=5, actions=7, hidden=4, seed=3)
    x = np.random.default_rng(0).normal(size=5)
    legal, chosen = np.array([1, 3, 4, 6]), 4

    def log_prob() -> float:
        probs, _ = policy.probabilities(x, legal)
        return float(np.log(probs[list(legal).index(chosen)]))

    grads = policy.gradient(x, legal, chosen, 1.0)
    for name, where in (("W", (2, 3)), ("c", (1,)), ("E", (4, 0)), ("b", (6,)), ("E", (1, 2))):
        param = policy.params[name]
        keep = param[where]
        param[where] = keep + 1e-6
        up = log_prob()
        param[where] = keep - 1e-6
        down = log_prob()
        param[where] = keep
        assert grads[name][where] == pytest.approx((up - down) / 2e-6, abs=1e-6)


def test_training_on_sealed_auction_runs_and_the_interval_is_honest() -> None:
    env = EkimaeGym("sealed-auction", 2, opponents="random", examples=True)
    policy = Policy(env.observation_size, env.action_count)
    before = {k: v.copy() for k, v in policy.params.items()}
    history = train(env, policy, episodes=20, seed=2)
    assert len(history) == 20 and all(0.0 <= e.reward <= 1.0 for e in history)
    assert any(not np.array_equal(before[k], policy.params[k]) for k in before)
    rate, half = evaluate(env, policy, 40)
    assert 0.0 <= rate <= 1.0 and 0.0 < half <= 0.16
    with pytest.raises(ValueError, match="unknown bot 'normal'"):
        EkimaeGym("sealed-auction", 2, opponents="normal", examples=True)


def _turn_based() -> list[str]:
    return sorted(n for n, g in games().items() if g.type.dynamics is not Dynamics.REAL_TIME)


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("name", _turn_based())
def test_every_turn_based_game_has_the_research_interfaces(name: str) -> None:
    """A new turn-based title fails here until it has `ekimae.research.<title>`."""
    game = games()[name]
    seats = max(2, game.type.min_seats)
    api_test(EkimaeAEC(name, seats), num_cycles=100)
    register()
    pyspiel.random_sim_test(
        pyspiel.load_game(short_name(name), {"players": seats}), num_sims=1, serialize=False,
        verbose=False,
    )  # fmt: skip
