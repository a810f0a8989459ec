"""TOKYO JUTAKU behind the engine's one public API (`ekimae.core.game`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ekimae.core.data import fingerprint
from ekimae.core.game import Dynamics, GameDefaults, GameType, OptionSpec, Seat, Ties
from ekimae.core.rng import Rng
from ekimae.games.jutaku_kit.clock import clock_option
from ekimae.games.jutaku_kit.parcels import SIDES
from ekimae.games.tokyo_jutaku.actions import CODEC
from ekimae.games.tokyo_jutaku.components import PACKAGE, JutakuData, load_data
from ekimae.games.tokyo_jutaku.state import JutakuState, space_name


def game_type(data: JutakuData) -> GameType:
    rules = data.rules
    return GameType(
        name="tokyo-jutaku",
        order=2,
        title="TOKYO JUTAKU",
        min_seats=rules.min_seats,
        max_seats=rules.max_seats,
        dynamics=Dynamics.REAL_TIME,  # JU-4: everyone builds at once
        ties=Ties.SHARED,  # JU-8: ties share
        options=(
            OptionSpec(
                "side",
                "Card side",
                SIDES,
                SIDES[0],
                "blue: the easy side; white: the hard side (JU-1)",
            ),
            OptionSpec(
                "roppongi",
                "Roppongi",
                ("off", "on"),
                "off",
                f"on: the 4 {rules.bonus} bonus cards replace a district drawn at random (JU-1)",
            ),
            clock_option(rules.slow),
        ),
        summary="Real-time tower building: grab elements from one pool, meet the card, Stop!",
    )


class JutakuGame(GameDefaults):
    codec = CODEC

    def __init__(self, data: JutakuData) -> None:
        super().__init__(game_type(data), fingerprint(PACKAGE))
        self.data = data

    def new_state(
        self, seats: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> JutakuState:
        """JU-2: the 32 cards in the plan by district (shuffled within each district from
        the seed; with Roppongi on, its cards replace a district drawn from the seed)."""
        chosen = self.type.check_options(options)
        self.type.check_seats(seats)
        rng = Rng(seed)
        rules = self.data.rules
        letters = sorted(rules.districts)
        districts = {letter: rules.districts[letter] for letter in letters}
        if chosen["roppongi"] == "on":
            districts[letters[rng.below(len(letters))]] = rules.bonus
        state = self.empty_state(chosen, seats)
        decks = {}
        for letter, district in districts.items():
            cards = list(self.data.district_cards(district))
            rng.shuffle(cards)
            decks[letter] = cards
        for r, row in enumerate(rules.plan):
            for c, letter in enumerate(row):
                if letter != "+":
                    state.grid[space_name(r, c)] = decks[letter].pop()
        state.movers = list(range(seats))  # JU-2: each in turn chooses a perimeter card
        self.dealt(state, rng)
        return state

    def empty_state(self, options: dict[str, str], seats: int) -> JutakuState:
        """Extension point: an empty table (a variant builds its own state class here)."""
        return JutakuState(self.data, options, seats)

    def dealt(self, state: JutakuState, rng: Rng) -> None:
        """Extension point: after the deal, a variant that draws later keeps `rng` (JUTAKU
        draws no more)."""

    def state_from_dict(self, data: Mapping[str, Any]) -> JutakuState:
        self.type.check_options(data.get("options"))
        return JutakuState.from_dict(self.data, data)

    def determinize(self, view: Mapping[str, Any], seat: Seat, seed: int) -> JutakuState:
        """Nothing is hidden: the state the view shows."""
        return JutakuState.from_dict(self.data, view)


GAME = JutakuGame(load_data())
