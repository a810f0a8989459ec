"""The search bots' parts: raw-state `normal` playouts, flat Monte Carlo, budgets."""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Sequence

import pytest

from ekimae.bots import make_bot, play_game
from ekimae.bots.flat_search import FlatSearch, _z, by_seat, playout
from ekimae.bots.mcts import Budget
from ekimae.bots.reward import seat_reward
from ekimae.bots.tokyo_metro.greedy import NORMAL, Judge, Weights
from ekimae.bots.tokyo_metro.heuristic import normal_score, turn_bid
from ekimae.bots.tokyo_metro.rollout_policy import (
    _META,
    META_KEPT,
    Policy,
    StateJudge,
    move_bound,
    normal_policy,
    normal_scores,
    raw_turn_bid,
    shortlist,
    shortlist_parts,
    shortlist_policy,
    weighted_policy,
)
from ekimae.bots.tokyo_metro.search_bots import (
    DISTILLED,
    EXPERT_DROP,
    MARGIN_SCALE,
    TUNED,
    ExpertBot,
    SearchBot,
    StrongBot,
    heuristic_prior,
)
from ekimae.core.actions import Action
from ekimae.games.tokyo_metro import actions as act
from ekimae.games.tokyo_metro.components import Kind
from ekimae.games.tokyo_metro.determinize import determinize
from ekimae.games.tokyo_metro.flow import rounds_total
from ekimae.games.tokyo_metro.game import GAME, TokyoMetroState
from tests.bots.ticking import TickingClock

METRO = GAME.name


def _positions(
    seats: int, seed: int, options: dict[str, str] | None = None
) -> list[tuple[TokyoMetroState, int]]:
    """Every decision of a `normal` self-play game with more than one choice."""
    out: list[tuple[TokyoMetroState, int]] = []

    def keep(state: TokyoMetroState, seat: int, action: Action) -> None:
        if not state.is_terminal():
            nxt = state.current_players()[0]
            if len(state.legal_actions(nxt)) > 1:
                out.append((state.clone(), nxt))

    bots = [make_bot(METRO, "normal", seed + i) for i in range(seats)]
    play_game(GAME, bots, seed, options=options, on_action=keep)
    return out


@pytest.mark.parametrize(
    "options",
    [
        None,
        # METRO DRINKS (MD-3 … MD-7): the drinks on the map, supplies, Colour cards, Shape on.
        {"drinks": "on"},
        {"drinks": "on", "map": "osaka", "cards": "osaka", "drinks_bonus": "owner"},
    ],
)
def test_raw_state_estimates_equal_the_view_estimates(options: dict[str, str] | None) -> None:
    """StateJudge reads the raw fields a view shows: the same yen for every action."""
    checked = 0
    for seats, seed in ((2, 1), (3, 2), (4, 3)):
        for state, seat in _positions(seats, seed, options):
            view, legal = state.view(seat), state.legal_actions(seat)
            if isinstance(legal[0], act.TurnBid):
                assert raw_turn_bid(state.ctx, state.s, seat, legal) == turn_bid(view, legal)
                continue
            judge = Judge(view)
            last = view["round"] >= view["rounds"]
            expected = [normal_score(judge, a, last) for a in legal]
            assert normal_scores(state, seat, legal) == expected
            checked += 1
    assert checked > 100


def test_normal_policy_replays_a_normal_game() -> None:
    """Every seat following `normal_policy` with the seats' streams plays NormalBot's game."""
    seed = 7
    real, record = play_game(GAME, [make_bot(METRO, "normal", i) for i in range(2)], seed)
    rngs = [random.Random(seed * 1_000_003 + seat) for seat in range(2)]
    state = GAME.new_state(2, seed)
    for seat, action in record.actions:
        assert state.current_players()[0] == seat
        assert normal_policy(state, seat, state.legal_actions(seat), rngs[seat]) == action
        state.apply(seat, action)
    assert state.scores() == real.scores()


def test_weighted_policy_with_normal_weights_is_normal_and_other_weights_differ() -> None:
    """`expert`'s playouts are `normal`'s reckoning with other knobs: same code, so the
    default knobs give `normal`'s very choices, and changed knobs change some."""
    tuned = weighted_policy(NORMAL)
    odd = weighted_policy(dataclasses.replace(NORMAL, token=900.0, stake_lock=2.0))
    differ = 0
    for state, seat in _positions(2, 5):
        legal = state.legal_actions(seat)
        same = normal_policy(state, seat, legal, random.Random(3))
        assert tuned(state, seat, legal, random.Random(3)) == same
        differ += odd(state, seat, legal, random.Random(3)) != same
    assert differ > 0


def test_expert_races_and_plays_out_with_the_distilled_weights() -> None:
    expert, strong = ExpertBot(1).search, StrongBot(1).search
    assert isinstance(expert, FlatSearch) and isinstance(strong, FlatSearch)
    assert expert.drop == EXPERT_DROP and strong.drop is None
    before = SearchBot(1, shortlist=False).search
    assert strong.others is None and isinstance(before, FlatSearch)
    assert before.policy is normal_policy and strong.policy is not normal_policy
    # expert plays out every seat with the distilled reckoning: TUNED plus kind bonuses,
    # each from a shortlist (the same estimate as over every action, ties aside).
    assert expert.others is None
    assert dataclasses.replace(DISTILLED, kind_bonus=()) == TUNED and DISTILLED.kind_bonus
    distilled, tuned = weighted_policy(DISTILLED), weighted_policy(TUNED)
    differ = 0
    for state, seat in _positions(2, 8)[::7]:
        legal = state.legal_actions(seat)
        chosen = expert.policy(state, seat, legal, random.Random(5))
        full = distilled(state, seat, legal, random.Random(5))
        assert _estimate(state, seat, chosen, DISTILLED) == _estimate(state, seat, full, DISTILLED)
        differ += chosen != tuned(state, seat, legal, random.Random(5))
    assert differ > 0


def _estimate(state: TokyoMetroState, seat: int, action: Action, weights: Weights) -> float:
    judge = StateJudge(state.ctx, state.s, seat, weights)
    return normal_score(judge, action, state.s.round >= rounds_total(state.s))


@pytest.mark.parametrize(
    ("seats", "seed", "options"),
    [(2, 21, None), (4, 22, None), (3, 23, {"map": "osaka", "cards": "osaka", "drinks": "on"})],
)
def test_shortlist_keeps_a_best_estimate_and_the_move_bound_holds(
    seats: int, seed: int, options: dict[str, str] | None
) -> None:
    """Issue 33: strong's playouts score a shortlist; its best estimate is the best of
    every legal action's, and no Move is worth more than the bound that lets them skip
    the Moves."""
    shortened = 0
    for state, seat in _positions(seats, seed, options):
        legal = state.legal_actions(seat)
        if isinstance(legal[0], act.TurnBid):
            continue
        for weights in (NORMAL, DISTILLED):
            judge = StateJudge(state.ctx, state.s, seat, weights)
            last = state.s.round >= rounds_total(state.s)
            best = max(normal_score(judge, a, last) for a in legal)
            short = shortlist(state.ctx, state.s, judge, legal)
            assert set(short) <= set(legal)
            assert max(normal_score(judge, a, last) for a in short) == best
            chosen = shortlist_policy(weights)(state, seat, legal, random.Random(seat))
            assert normal_score(judge, chosen, last) == best
            shortened += len(short) < len(legal)
            _, moves, reach, fewest = shortlist_parts(state.ctx, judge, legal)
            if moves:
                bound = move_bound(state.ctx, state.s, judge, seat, reach, fewest)
                assert max(normal_score(judge, legal[i], last) for i in moves) <= bound
    assert shortened > 0


def test_the_shortlists_reading_of_actions_stays_bounded() -> None:
    """Issue 33: the shortlist keeps its reading of each action object it meets; listings
    of actions built anew (not the tables' shared ones) never grow that memo past
    `META_KEPT` and a listing's size, and each listing's own readings stay for its Moves."""
    state = GAME.new_state(2, 7)
    ctx, s = state.ctx, state.s
    judge = StateJudge(ctx, s, 0, NORMAL)
    move = next(spot for spot, a in ctx.cards.spots.items() if a.kind is Kind.MOVE)
    cells = [ctx.board.cell_name(c) for c in range(8)]
    size = 500
    for _ in range(META_KEPT // size + 3):
        legal: list[Action] = [act.Pass() for _ in range(size - len(cells))]
        legal += [act.Move(move, cell) for cell in cells]  # new objects, equal values
        short = shortlist(ctx, s, judge, legal)
        assert len(_META) <= META_KEPT + size
        assert all(id(a) in _META for a in legal)
        assert short[0] is legal[0] and any(isinstance(a, act.Move) for a in short)


def test_by_seat_plays_the_searching_seat_and_the_others_apart() -> None:
    calls: list[tuple[str, int]] = []

    def named(name: str) -> Policy:
        def policy(
            state: TokyoMetroState, seat: int, legal: Sequence[Action], rng: random.Random
        ) -> Action:
            calls.append((name, seat))
            return legal[0]

        return policy

    state = GAME.new_state(3, 4)
    playout(state, by_seat(1, named("mine"), named("others")), random.Random(0))
    assert state.is_terminal()
    assert {name for name, seat in calls if seat == 1} == {"mine"}
    assert {name for name, seat in calls if seat != 1} == {"others"}


def test_judge_reads_its_weights() -> None:
    view = GAME.new_state(2, 1).view(0)
    other = dataclasses.replace(NORMAL, build_cost_per_stop=1000.0, stock_share=(0.9, 0.5, 0.2))
    plain, tuned = Judge(view), Judge(view, other)
    assert plain.w is NORMAL and tuned.w is other
    assert plain.build_cost(0) == 300.0 * len(plain.board.stations[0].stops)
    assert tuned.build_cost(0) == 1000.0 * len(tuned.board.stations[0].stops)
    assert [tuned.share(n) for n in range(4)] == [0.9, 0.5, 0.2, 0.2]


def test_playout_ends_the_game_and_rewards_are_bounded() -> None:
    state = GAME.new_state(3, 5)
    playout(state, normal_policy, random.Random(0))
    assert state.is_terminal()
    won = [seat_reward(state, seat, MARGIN_SCALE) for seat in range(3)]
    assert sum(w for _, w in won) == 1
    for reward, w in won:
        assert 0.0 <= reward <= 1.0
        assert (reward > 0.5) == w


def _search(
    samples: int,
    seconds: float = 60.0,
    override: float = 1.0,
    width: int = 4,
    drop: float | None = None,
) -> FlatSearch:
    return FlatSearch(
        determinize,
        heuristic_prior(width),
        normal_policy,
        budget=Budget(seconds=seconds, iterations=samples),
        scale=MARGIN_SCALE,
        override=override,
        drop=drop,
    )


def test_flat_search_is_legal_paired_and_reproducible() -> None:
    positions = _positions(2, 6)
    for state, seat in positions[5:60:11]:
        view, legal = state.view(seat), state.legal_actions(seat)
        search = _search(3)
        first = search.search(view, legal, random.Random(9))
        again = _search(3).search(view, legal, random.Random(9))
        assert first.action in legal
        assert first.action == again.action and first.stats == again.stats
        candidates = list(heuristic_prior(4)(view, legal))
        assert set(first.stats) == set(candidates)
        assert all(visits == 3 for visits, _ in first.stats.values())
        assert search.playouts == 3 * len(candidates)
        assert 0.0 <= first.win_chance <= 1.0


def test_flat_search_keeps_the_first_choice_unless_clearly_beaten() -> None:
    for state, seat in _positions(2, 8)[3:40:6]:
        view, legal = state.view(seat), state.legal_actions(seat)
        first = heuristic_prior(4)(view, legal)[0]
        assert _search(2, override=math.inf).search(view, legal, random.Random(1)).action == first


def test_flat_search_respects_its_time_budget() -> None:
    state = GAME.new_state(4, 3)
    view, legal = state.view(0), state.legal_actions(0)
    search = _search(10_000, seconds=0.3)
    search.clock = TickingClock(0.01)
    result = search.search(view, legal, random.Random(1))
    # Stopped by the deadline, not the 10,000 samples: no reading of the clock after the
    # one that passed it (a sample cut short is dropped, so the candidates stay paired).
    assert 0 < result.iterations < 10_000
    assert 0.3 <= result.seconds <= 0.3 + 0.01 + 1e-9
    assert result.action in legal
    again = _search(10_000, seconds=0.3)
    again.clock = TickingClock(0.01)
    assert again.search(view, legal, random.Random(1)) == result  # the seed decides all


def test_racing_drops_the_clearly_worse_and_spends_samples_on_close_calls() -> None:
    """`expert`'s race: survivors played every sample, the dropped ones stopped at or after
    `min_samples`, and the race ends early once one candidate is left."""
    raced = ended_early = 0
    for state, seat in _positions(2, 6)[2:60:6]:
        view, legal = state.view(seat), state.legal_actions(seat)
        search = _search(12, width=8, drop=2.0)
        result = search.search(view, legal, random.Random(4))
        again = _search(12, width=8, drop=2.0).search(view, legal, random.Random(4))
        assert result.action in legal
        assert result.action == again.action and result.stats == again.stats
        visits = [n for n, _ in result.stats.values()]
        assert max(visits) == result.iterations <= 12
        assert all(n >= min(search.min_samples, result.iterations) for n in visits)
        assert result.stats[result.action][0] == result.iterations  # the choice survived
        assert search.playouts == sum(visits)
        raced += min(visits) < max(visits)
        ended_early += result.iterations < 12
    assert raced >= 3 and ended_early >= 1


def test_racing_never_drops_a_candidate_level_with_the_leader() -> None:
    """Without any candidate behind by `drop` standard errors, racing changes nothing."""
    state, seat = _positions(2, 6)[20]
    view, legal = state.view(seat), state.legal_actions(seat)
    plain = _search(6, width=5).search(view, legal, random.Random(2))
    never = _search(6, width=5, drop=math.inf).search(view, legal, random.Random(2))
    assert never.action == plain.action
    for action, (visits, mean) in plain.stats.items():
        if visits == never.stats[action][0]:
            assert never.stats[action][1] == pytest.approx(mean)


def test_z_of_paired_differences() -> None:
    assert _z([1.0]) == math.inf
    assert _z([-1.0]) == -math.inf
    assert _z([0.0, 0.0]) == 0.0
    assert _z([1.0, 1.0, 1.0]) == math.inf
    assert _z([-0.5, -0.5]) == -math.inf
    assert _z([1.0, -1.0]) == 0.0
    assert 0 < _z([0.3, 0.1, 0.2]) < math.inf


def test_search_bot_methods() -> None:
    state, seat = _positions(2, 9)[12]
    view, legal = state.view(seat), state.legal_actions(seat)
    for method in ("flat", "ismcts"):
        bot = SearchBot(1, seconds=0.1, samples=2, method=method)
        assert bot.choose(view, legal, random.Random(2)) in legal
    with pytest.raises(ValueError, match="nope"):
        SearchBot(1, method="nope")


def test_an_untimed_search_bot_plays_its_sample_cap_whatever_the_clock() -> None:
    """Measurements run untimed so their moves depend on the seed, not on the load."""
    state, seat = _positions(2, 9)[12]
    view, legal = state.view(seat), state.legal_actions(seat)
    timed = SearchBot(1, seconds=0.0, samples=3)
    timed.choose(view, legal, random.Random(2))
    assert timed.last is not None and timed.last.iterations == 0
    untimed = SearchBot(1, seconds=0.0, samples=3)
    untimed.untimed()
    untimed.choose(view, legal, random.Random(2))
    assert untimed.last is not None and untimed.last.iterations == 3
    for name in ("strong", "expert"):
        bot = make_bot(METRO, name, 1, untimed=True)
        assert isinstance(bot, SearchBot) and bot.search.budget.seconds == math.inf
    assert make_bot(METRO, "normal", 1, untimed=True).name == "normal"
    with pytest.raises(ValueError, match="no sample cap"):
        SearchBot(1, samples=None).untimed()
