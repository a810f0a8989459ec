"""COUNTDOWN behind the engine's one public API (`ekimae.core.game`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ekimae.core.game import Dynamics, GameDefaults, GameType, Seat, Ties
from ekimae.games.countdown.actions import CODEC
from ekimae.games.countdown.components import CountdownData, data_version, load_data
from ekimae.games.countdown.state import CountdownState
from ekimae.games.jutaku_kit.clock import clock_option


def _game_type(data: CountdownData) -> GameType:
    rules = data.rules
    return GameType(
        name="countdown",
        order=3,
        title="COUNTDOWN",
        min_seats=rules.min_seats,
        max_seats=rules.max_seats,
        dynamics=Dynamics.REAL_TIME,  # CD-2: timed rounds, everyone at once
        ties=Ties.SHARED,  # CD-3: equal element counts share a place
        options=(clock_option(rules.slow),),
        summary="TOKYO JUTAKU against the clock: a floor a round, as many elements as you can.",
    )


class CountdownGame(GameDefaults):
    codec = CODEC

    def __init__(self, data: CountdownData) -> None:
        super().__init__(_game_type(data), data_version())
        self.data = data

    def new_state(
        self, seats: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> CountdownState:
        """CD-1: every seat picks its card (nothing is dealt: the seed is not used)."""
        chosen = self.type.check_options(options)
        self.type.check_seats(seats)
        return CountdownState(self.data, chosen, seats)

    def state_from_dict(self, data: Mapping[str, Any]) -> CountdownState:
        self.type.check_options(data.get("options"))
        return CountdownState.from_dict(self.data, data)

    def determinize(self, view: Mapping[str, Any], seat: Seat, seed: int) -> CountdownState:
        """Nothing is hidden: the state the view shows."""
        return CountdownState.from_dict(self.data, view)


GAME = CountdownGame(load_data())
