"""BOTTLE BONUS behind the engine's one public API (`ekimae.core.game`): TOKYO JUTAKU's
game with its own state, name, actions and data version."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ekimae.core.game import GameDefaults, GameType, Seat
from ekimae.core.rng import Rng
from ekimae.games.bottle_bonus.actions import CODEC
from ekimae.games.bottle_bonus.components import BonusData, data_version, load_data
from ekimae.games.bottle_bonus.state import BottleState
from ekimae.games.tokyo_jutaku.game import JutakuGame, game_type
from ekimae.games.tokyo_jutaku.state import JutakuState

# RULING: a determinized state draws its drops from a stream of its own (the view hides
# the game's next draws).
DETERMINIZED = 1 << 63


def _bottle_type(data: BonusData) -> GameType:
    jutaku = game_type(data.jutaku)
    return GameType(
        name="bottle-bonus",
        order=4,
        title="BOTTLE BONUS",
        min_seats=jutaku.min_seats,
        max_seats=jutaku.max_seats,
        dynamics=jutaku.dynamics,  # BB-1: JUTAKU as it is, in real time
        ties=jutaku.ties,
        options=jutaku.options,
        summary="TOKYO JUTAKU with drinks: the winner drops, the others catch, powers by colour.",
    )


class BottleGame(JutakuGame):
    codec = CODEC

    def __init__(self, bonus: BonusData) -> None:
        GameDefaults.__init__(self, _bottle_type(bonus), data_version())
        self.data = bonus.jutaku
        self.bonus = bonus

    def empty_state(self, options: dict[str, str], seats: int) -> JutakuState:
        return BottleState(self.bonus, options, seats)

    def dealt(self, state: JutakuState, rng: Rng) -> None:
        """BB-1: the drops draw on from the deal's generator."""
        assert isinstance(state, BottleState)
        state.rng_state = rng.state

    def new_state(
        self, seats: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> BottleState:
        state = super().new_state(seats, seed, options)
        assert isinstance(state, BottleState)
        return state

    def state_from_dict(self, data: Mapping[str, Any]) -> BottleState:
        self.type.check_options(data.get("options"))
        return BottleState.from_bonus(self.bonus, data, 0)

    def determinize(self, view: Mapping[str, Any], seat: Seat, seed: int) -> BottleState:
        """Only the box's next draws are hidden: a stream from `seed`."""
        return BottleState.from_bonus(self.bonus, view, Rng(seed ^ DETERMINIZED).state)


GAME = BottleGame(load_data())
