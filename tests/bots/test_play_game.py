"""`play_game`: seats that may act at the same time act concurrently."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ekimae.bots import make_bot, play_game
from ekimae.core.actions import Action
from ekimae.core.game import SYSTEM, stamp
from ekimae.core.record import replay
from ekimae.games import find_game
from ekimae.games.tokyo_metro.game import GAME, TokyoMetroState


class Spy:
    """Plays `normal` and keeps (seat, has_bid of every seat) of each turn-order view."""

    name = "spy"

    def __init__(self, seen: list[tuple[int, list[bool]]], seed: int) -> None:
        self.seen = seen
        self.bot = make_bot(GAME.name, "normal", seed)

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        if view["phase"] == "turn_order":
            self.seen.append((view["seat"], [p["has_bid"] for p in view["players"]]))
        return self.bot.choose(view, legal, rng)


def test_sealed_bids_are_chosen_from_the_same_position_and_applied_in_seat_order() -> None:
    seen: list[tuple[int, list[bool]]] = []
    state, record = play_game(GAME, [Spy(seen, i) for i in range(3)], 5)
    assert state.is_terminal()
    rounds = int(state.rounds)
    assert len(seen) == 3 * rounds
    # Every seat chose its bid before any bid of that round was applied.
    assert all(not any(has_bid) for _, has_bid in seen)
    bids = [seat for seat, action in record.actions if action.kind == "turn-bid"]
    assert bids == [0, 1, 2] * rounds
    assert replay(record, GAME).scores() == state.scores()


def test_people_in_a_sealed_step_act_in_seat_order_when_their_turn_comes() -> None:
    """The bot at seat 1 chooses before anyone's bid is applied; the person at seat 0 is
    asked first and seat 1's bid is applied after it."""
    seen: list[tuple[int, list[bool]]] = []
    asked: list[tuple[int, bool]] = []

    def ask(state: TokyoMetroState, seat: int, legal: Sequence[Action]) -> Action | None:
        asked.append((seat, state.view(seat)["players"][1]["has_bid"]))
        return legal[0] if len(asked) < 3 else None

    _, record = play_game(GAME, [None, Spy(seen, 1)], 2, ask=ask)
    assert seen[0] == (1, [False, False])
    assert asked[0] == (0, False)
    assert [seat for seat, _ in record.actions[:2]] == [0, 1]


def test_a_choice_overtaken_by_an_earlier_seat_is_chosen_again() -> None:
    """QUICK DRAW: both seats reach the target together and both call Stop! at the same
    moment; the first applied (a seeded order for equal times, not always seat 1) ends
    the round, so the other's (no longer legal, QD-4) is dropped and chosen again."""
    quick = find_game("quick-draw", examples=True)
    chosen: list[int] = [0, 0]

    class Eager:
        name = "eager"

        def __init__(self, seat: int) -> None:
            self.seat = seat

        def choose(
            self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random
        ) -> Action:
            chosen[self.seat] += 1
            stops = [a for a in legal if a.kind == "stop"]
            return stops[0] if stops else legal[0]

    state, record = play_game(quick, [Eager(0), Eager(1)], 1)
    rounds = state.view(None)["rounds"]
    stops = [seat for seat, action in record.actions if action.kind == "stop"]
    assert len(stops) == rounds
    applied = [sum(seat == s for s, _ in record.actions) for seat in (0, 1)]
    assert sum(chosen) == sum(applied) + rounds  # one dropped Stop! a round
    # Over a few games both seats win the race for Stop!: equal times are not seat order.
    firsts = set()
    for seed in range(6):
        _, games_record = play_game(quick, [Eager(0), Eager(1)], seed)
        firsts |= {seat for seat, action in games_record.actions if action.kind == "stop"}
    assert firsts == {0, 1}
    assert replay(record, quick).scores() == state.scores()


def test_real_time_choices_are_applied_in_the_order_of_their_game_time() -> None:
    quick = find_game("quick-draw", examples=True)

    class Later:
        name = "later"

        def choose(
            self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random
        ) -> Action:
            return stamp(legal[0], int(view["now_ms"]) + 100)

    _, record = play_game(quick, [Later(), make_bot(quick.name, "random", 1)], 1)
    assert [(seat, action.to_dict()["at"]) for seat, action in record.actions[:2]] == [
        (1, 0),
        (0, 100),
    ]


def test_when_no_seat_can_act_the_game_calls_time() -> None:
    """QUICK DRAW: seats that tap once at the last moment have nothing left to do (QD-3),
    so the system's time-up ends the round at the deadline (QD-5)."""
    quick = find_game("quick-draw", examples=True)

    class LastMoment:
        name = "last-moment"

        def choose(
            self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random
        ) -> Action:
            return stamp(legal[0], int(view["round_end_ms"]) - 1)

    state, record = play_game(quick, [LastMoment(), LastMoment()], 1)
    assert state.is_terminal()
    kinds = [(seat, action.kind) for seat, action in record.actions]
    assert kinds[:3] == [(0, "tap"), (1, "tap"), (SYSTEM, "time-up")]
    assert replay(record, quick).scores() == state.scores()
