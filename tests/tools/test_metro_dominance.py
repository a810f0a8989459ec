"""tools/metro_dominance.py: the keen seat takes its type whenever it may, and the report
says a type is above par only when its interval's low end is above 25 %."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, cast

from ekimae.core.actions import Action
from tools.metro_dominance import Keen, Outcome, play_one, report


class _Sell:
    kind = "sell"


class _Move:
    kind = "move"


class _Spy:
    name = "spy"

    def __init__(self) -> None:
        self.offered: list[Sequence[Action]] = []

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        self.offered.append(legal)
        return legal[0]


def test_the_keen_seat_is_offered_only_its_type_when_one_is_legal() -> None:
    spy = _Spy()
    keen = Keen(spy, "sell")
    sell, move = cast(Action, _Sell()), cast(Action, _Move())
    rng = random.Random(0)
    assert keen.choose({}, [move, sell], rng) is sell
    assert keen.choose({}, [move], rng) is move
    assert spy.offered == [[sell], [move]]


def test_a_real_game_counts_the_keen_seats_actions_of_its_type() -> None:
    outcome = play_one(("sell", 1, 7, {"map": "osaka", "cards": "osaka"}))
    assert outcome.kind == "sell" and outcome.taken >= 1  # Sell is on the Osaka cards (OS-7.2)


def test_above_par_only_when_the_interval_is() -> None:
    many = [Outcome("invest", True, 100, 5, 1.0)] * 60 + [Outcome("invest", False, -1, 5, 1)] * 40
    few = [Outcome("repay", i % 4 == 0, 0, 1, 0.5) for i in range(100)]
    text = report({"map": "tokyo", "cards": "tokyo"}, 100, many + few)
    assert "| invest | 60.0% [" in text and text.split("| invest |")[1].split("\n")[0].endswith(
        "yes |"
    )
    assert text.split("| repay |")[1].split("\n")[0].endswith("no |")
