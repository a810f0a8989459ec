"""The TOKYO METRO bots' reckoning of METRO DRINKS (MD-3 … MD-7), from a seat's view."""

from __future__ import annotations

import random
from typing import Any

from ekimae.bots.tokyo_metro.greedy import Judge, _best_passes, drink_bonus
from ekimae.bots.tokyo_metro.heuristic import NormalBot
from ekimae.games.tokyo_metro import actions as act
from tests.games.tokyo_metro.helpers import actions_phase, cell_touching, fresh, put_meeple

ON = {"drinks": "on"}


def _stations(state: Any, count: int) -> list[str]:
    """Stations (not halts, OS-2) far apart in the key order."""
    ctx = state.ctx
    keys = [k for i, k in enumerate(ctx.station_keys) if not ctx.halt[i]]
    return [keys[i * 7] for i in range(count)]


def _ready(owner: int = 0, front: int = 3) -> tuple[Any, str, int]:
    """Seat 0 with the red crate (MD-3), its meeple touching a station owned by `owner`."""
    state = actions_phase(2, 1, 1, ON)
    key = _stations(state, 1)[0]
    st: int = state.ctx.board.station_by_key[key]
    state.s.owner[st] = owner
    put_meeple(state, 0, cell_touching(state.ctx, key))
    assert state.ctx.drinks is not None
    state.s.colours[0] = ("red",)
    state.s.drinks[0] = state.ctx.drinks.crate("red")
    state.s.front[0] = front
    return fresh(state), key, st


def test_md7_bonus_levels() -> None:
    """MD-7: ¥100 for 1-3 drinks of the colour, ¥200 for 4-5, ¥300 for 6; none without."""
    assert [drink_bonus(n) for n in range(7)] == [0, 100, 100, 100, 200, 200, 300]


def test_md7_a_drink_in_my_station_earns_the_bonus_at_each_payout_left() -> None:
    state, _key, st = _ready()
    judge = Judge(state.view(0))
    assert judge.passes(st) > 0
    expected = judge.passes(st) * judge.rounds_left * 100  # the first red drink: ¥100
    assert judge.drink_worth(st, "red") == expected


def test_md7_the_fourth_drink_of_a_colour_raises_the_others_to_200() -> None:
    """MD-7: with 3 red drinks in my stations, a 4th pays ¥200 and lifts the 3 to ¥200."""
    state, _key, st = _ready()
    others = _stations(state, 4)[1:]
    for key, shape in zip(others, ("tall-bottle", "pet-bottle", "bottle-can"), strict=True):
        other = state.ctx.board.station_by_key[key]
        state.s.owner[other] = 0
        state.s.drink_at[other] = f"red-{shape}"
    judge = Judge(fresh(state).view(0))
    alone = judge.passes(st) * judge.rounds_left * 200
    lifted = sum(judge.passes(state.ctx.board.station_by_key[k]) for k in others)
    assert judge.drink_worth(st, "red") == alone + 100 * judge.rounds_left * lifted


def test_md4_a_build_in_another_players_station_pays_them_and_is_not_worth_it() -> None:
    """MD-4 and MD-7: the owner takes the fee and the bonus; my own station pays me."""
    state, key, _st = _ready(owner=1)
    theirs = Judge(state.view(0)).score(act.Build(key, "red-short-can"))
    state, key, _st = _ready(owner=0)
    mine = Judge(state.view(0)).score(act.Build(key, "red-short-can"))
    assert theirs < 0 < mine + 100


def test_md5_a_shape_card_is_worth_its_builds_at_once_even_with_the_last_disc() -> None:
    """MD-5 RULING: the free builds start on the turn the card is taken, so with my last
    disc on it I still build at the station I touch (issue 27); without drinks it is
    worth nothing."""
    spot = act.ShapeCard("JS-tall-bottlea")
    state, _key, _st = _ready(front=1)
    assert Judge(state.view(0)).score(spot) > 0
    state, _key, _st = _ready(front=3)
    assert Judge(state.view(0)).score(spot) > 0
    state.s.drinks[0] = ()
    assert Judge(fresh(state).view(0)).score(spot) < 0


def test_md5_normal_takes_a_gaining_free_build_before_its_action() -> None:
    """A free build does not end the turn: `normal` builds first, then acts."""
    state, _key, _st = _ready(front=3)
    state.s.shape_on[0] = True
    state = fresh(state)
    legal = state.legal_actions(0)
    assert any(isinstance(a, act.Build) and a.free for a in legal)
    chosen = NormalBot().choose(state.view(0), legal, random.Random(1))
    assert isinstance(chosen, act.Build) and chosen.free


def test_md3_a_crate_is_worth_more_with_my_own_stations_to_fill() -> None:
    """MD-3: the crate's worth is the builds it can make; a disc leaves for good."""
    state, _key, _st = _ready()
    state.s.colours[0], state.s.drinks[0] = (), ()
    spot = act.ColourCard("JC-bluea")
    bare = Judge(fresh(state).view(0)).score(spot)
    for key in _stations(state, 4):
        state.s.owner[state.ctx.board.station_by_key[key]] = 0
    state.s.pyramids[0] = 2
    built = Judge(fresh(state).view(0)).score(spot)
    assert built > bare


def test_md3_a_crates_builds_go_to_my_busiest_stations_first() -> None:
    """MD-3 with MD-7: the crate's builds are counted at my busiest drinkless stations'
    payouts a round; builds beyond them at the least busy one (stations to come)."""
    assert _best_passes([1.0, 3.0, 2.0], 2) == 5.0
    assert _best_passes([1.0, 3.0, 2.0], 1.5) == 4.0
    assert _best_passes([2.0], 3.0) == 6.0
