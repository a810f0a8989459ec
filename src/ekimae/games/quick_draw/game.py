"""QUICK DRAW behind the engine's one public API (`ekimae.core.game`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ekimae.core.data import fingerprint
from ekimae.core.game import Dynamics, GameDefaults, GameType, OptionSpec, Seat, Ties
from ekimae.games.quick_draw.actions import CODEC
from ekimae.games.quick_draw.components import PACKAGE, Rules, load_rules
from ekimae.games.quick_draw.state import QuickDrawState
from ekimae.games.quick_draw.view import quick_draw_view


def _game_type(rules: Rules) -> GameType:
    keys = tuple(rules.lengths)
    length = OptionSpec(
        "length", "Length", keys, keys[0], "; ".join(f"{k}: {rules.lengths[k][0]}" for k in keys)
    )
    return GameType(
        name="quick-draw",
        title="QUICK DRAW",
        min_seats=rules.min_seats,
        max_seats=rules.max_seats,
        dynamics=Dynamics.REAL_TIME,  # QD-2
        ties=Ties.SHARED,  # QD-5
        options=(length,),
        summary="Example title in real time: tap against the clock, call Stop! first.",
    )


class QuickDrawGame(GameDefaults):
    codec = CODEC

    def __init__(self, rules: Rules) -> None:
        super().__init__(_game_type(rules), fingerprint(PACKAGE))
        self.rules = rules

    def new_state(
        self, seats: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> QuickDrawState:
        """QD-1. Nothing is random or hidden in QUICK DRAW: the seed is not used."""
        chosen = self.type.check_options(options)
        self.type.check_seats(seats)
        return QuickDrawState(self.rules, chosen, seats)

    def state_from_dict(self, data: Mapping[str, Any]) -> QuickDrawState:
        self.type.check_options(data.get("options"))
        return QuickDrawState.from_dict(self.rules, data)

    def determinize(self, raw: Mapping[str, Any], seat: Seat, seed: int) -> QuickDrawState:
        """Nothing is hidden: the state the view shows."""
        view = quick_draw_view(raw)
        players = view["players"]
        state = QuickDrawState(self.rules, dict(view["options"]), len(players))
        state.round = int(view["round"]) + (1 if view["over"] else 0)
        state.start, state.now = int(view["round_start_ms"]), int(view["now_ms"])
        state.points = [int(p["points"]) for p in players]
        state.taps = [int(p["taps"]) for p in players]
        state.last_tap = [
            -1 if p["last_tap_ms"] is None else int(p["last_tap_ms"]) for p in players
        ]
        state.log = list(view["log"])
        return state


GAME = QuickDrawGame(load_rules())
