"""Real time runs by its clock: for every registered title whose `GameType` says
`Dynamics.REAL_TIME`, whatever the seats do, game time moves on and every timed step ends
by its deadline (issue 27: two seats calling "Stop!" and failing at one instant forever
held a JUTAKU round at 88 s, never reaching its 90).

Only the public API is used (`ekimae.core.game`): the titles are found from their
`GameType`, so a new real-time title is checked as soon as it is registered. Each game is
played to its end by one of three drivers:

- `random`: a random seat and action, often stamped later than listed (while still
  legal), and now and then nobody acting until the system's deadline;
- `first`: every seat takes its first listed action (the terminal's "1", typed forever);
- `repeat`: an adversary that holds the clock still — each seat takes the action listed
  at the earliest time, the kind it repeated most if it can.

At every step: a clock is running (`deadline()` is set and not in the past); a seat acts
no later than the deadline and never before the last action; the system acts exactly at
it. Game time moves on: no more than `SAME_INSTANT` actions at one instant; and the game
ends within `MAX_ACTIONS`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from ekimae.core.actions import Action
from ekimae.core.game import SYSTEM, Dynamics, Game, Seat, stamp
from ekimae.games import games

REAL_TIME = [
    (name, game)
    for name, game in sorted(games().items())
    if game.type.dynamics is Dynamics.REAL_TIME
]
# Actions at one instant, per seat: a few per round (a stop, a give-up, a move, a catch,
# a spend, one paced hand action …), and seats that give up every round at once may play
# a whole game (12 JUTAKU rounds) at one instant; the old JUTAKU loop never stopped.
SAME_INSTANT_PER_SEAT = 100
MAX_ACTIONS = 20_000
DRIVERS = ("random", "first", "repeat")

Choice = tuple[Seat, Action]
Driver = Callable[[Any, list[Seat], random.Random, Counter[tuple[Seat, str]]], Choice]


def _at(action: Action) -> int:
    at = getattr(action, "at", None)
    assert isinstance(at, int), f"{action.kind}: a real-time action without its time `at`"
    return at


def _system(state: Any) -> Choice:
    return SYSTEM, state.legal_actions(SYSTEM)[0]


def _random(state: Any, to_act: list[Seat], rng: random.Random, _: Counter[Any]) -> Choice:
    if not to_act or rng.random() < 0.05:
        return _system(state)  # everyone waits until the game's own deadline
    seat = rng.choice(to_act)
    action = rng.choice(list(state.legal_actions(seat)))
    if rng.random() < 0.3:
        later = stamp(action, _at(action) + rng.randrange(1, 4000))
        if state.is_legal(seat, later):
            action = later
    return seat, action


def _first(state: Any, to_act: list[Seat], rng: random.Random, _: Counter[Any]) -> Choice:
    if not to_act:
        return _system(state)
    return to_act[0], state.legal_actions(to_act[0])[0]


def _repeat(
    state: Any, to_act: list[Seat], rng: random.Random, used: Counter[tuple[Seat, str]]
) -> Choice:
    if not to_act:
        return _system(state)
    seat = rng.choice(to_act)
    legal: Sequence[Action] = state.legal_actions(seat)
    soonest = min(_at(a) for a in legal)
    now = [a for a in legal if _at(a) == soonest]
    most = max(used[(seat, a.kind)] for a in now)
    return seat, rng.choice([a for a in now if used[(seat, a.kind)] == most])


CHOOSE: dict[str, Driver] = {"random": _random, "first": _first, "repeat": _repeat}


def run_by_the_clock(game: Game[Any], seats: int, seed: int, driver: str) -> int:
    """Play one game to its end with `driver`, checking the clock at every step; returns
    the game time of the last action."""
    rng = random.Random(f"{game.name}:{seats}:{seed}:{driver}")
    state = game.new_state(seats, seed)
    used: Counter[tuple[Seat, str]] = Counter()
    now = streak = 0
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            return now
        deadline = state.deadline()
        assert deadline is not None, "a real-time step without a clock running"
        assert deadline >= now, f"the deadline {deadline} is before the last action ({now})"
        to_act = [s for s in state.current_players() if state.legal_actions(s)]
        seat, action = CHOOSE[driver](state, to_act, rng, used)
        at = _at(action)
        if seat == SYSTEM:
            assert at == deadline, f"the game acts at {at}, its deadline is {deadline}"
        else:
            assert now <= at <= deadline, f"seat {seat} acts at {at} (last {now}, due {deadline})"
        state.apply(seat, action)
        used[(seat, action.kind)] += 1
        streak = streak + 1 if at == now else 0
        now = at
        assert streak <= SAME_INSTANT_PER_SEAT * seats, (
            f"{streak} actions at {now} ms: game time does not move on (last {action})"
        )
    raise AssertionError(f"not over after {MAX_ACTIONS} actions (game time {now} ms)")


CASES = [
    pytest.param(game, seats, driver, id=f"{name}-{seats}p-{driver}")
    for name, game in REAL_TIME
    for seats in sorted({game.type.min_seats, min(game.type.max_seats, 3)})
    for driver in DRIVERS
]


def test_the_real_time_titles_are_found_from_their_game_type() -> None:
    names = {name for name, _ in REAL_TIME}
    assert {"tokyo-jutaku", "bottle-bonus", "countdown"} <= names
    assert "tokyo-metro" not in names


@pytest.mark.parametrize(("game", "seats", "driver"), CASES)
def test_game_time_moves_on_and_every_step_ends_by_its_clock(
    game: Game[Any], seats: int, driver: str
) -> None:
    ends = [run_by_the_clock(game, seats, seed, driver) for seed in range(2)]
    if driver == "random":  # the others may give up every round at once, legally
        assert all(end > 0 for end in ends), "a whole game without game time moving on"
