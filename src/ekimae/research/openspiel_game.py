"""The turn-based games as OpenSpiel Python games, registered as `ekimae_<title>`.

`register()` registers every turn-based title of the registry (call it before
`pyspiel.load_game("ekimae_tokyo_metro", {"players": 3})`). The game opens with one
explicit chance node, the deal: one of `deals` seeds, uniformly (the engine shuffles
everything it hides from that seed), so OpenSpiel's algorithms see the randomness as
chance and the hidden cards as imperfect information. Steps where several seats act at
once (sealed bids) are taken one seat after another in seat order; each seat's
observation is its own view, so a bid is never seen before the reveal.

Strings: the observation is the seat's view (JSON); the information state adds the
seat's own past actions (perfect recall). The observation tensor is the title's
`Encoder` plus the set choice under way (`space`). Utilities are the bots' reward scale,
in [0, 1] (general sum).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from ekimae.core.actions import Action
from ekimae.core.game import Dynamics, State
from ekimae.games import find_game, games
from ekimae.research.space import Pending
from ekimae.research.title import Setup, setup

DEALS = 1024  # chance outcomes at the root: the deal's seed
MAX_LENGTH = 10_000  # decisions, set-choice steps included; far above any game seen


def short_name(game: str) -> str:
    return f"ekimae_{game.replace('-', '_')}"


def _game_type(name: str, title: str, low: int, high: int, options: Mapping[str, str]) -> Any:
    params: dict[str, Any] = {"players": max(low, 2), "deals": DEALS, **options}
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"Ekimae {title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class EkimaeGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type hints
    def __init__(self, name: str, examples: bool, params: Mapping[str, Any] | None = None) -> None:
        base = find_game(name, examples=examples)
        specs = {o.name: o.default for o in base.type.options}
        values = {
            "players": max(base.type.min_seats, 2),
            "deals": DEALS,
            **specs,
            **(params or {}),
        }
        self.deals = int(values["deals"])
        options = {k: str(values[k]) for k in specs}
        self.setup: Setup = setup(name, int(values["players"]), options, examples=examples)
        game_type = _game_type(
            name, base.type.title, base.type.min_seats, base.type.max_seats, specs
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=self.setup.space.size,
            max_chance_outcomes=self.deals,
            num_players=self.setup.seats,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=MAX_LENGTH,
        )
        super().__init__(game_type, info, dict(values))

    def new_initial_state(self) -> EkimaeSpielState:
        return EkimaeSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> ViewObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return ViewObserver(self.setup, perfect_recall)


class _Shared:
    """What every state of one game shares and never changes (the setup): copied by
    reference when OpenSpiel deep-copies a state's attributes to clone it."""

    def __init__(self, game_setup: Setup, deals: int) -> None:
        self.setup = game_setup
        self.deals = deals

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class _Position:
    """The engine state and a set choice under way, cloned the engine's way (its game
    data is shared, not copied) when OpenSpiel deep-copies a state."""

    def __init__(self) -> None:
        self.engine: State | None = None  # None until the deal (the chance node)
        self.pending: Pending | None = None
        self.mine: list[list[str]] = []

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        twin = _Position()
        twin.engine = None if self.engine is None else self.engine.clone()
        if self.pending is not None:
            twin.pending = Pending(self.pending.head, self.pending.group)
            twin.pending.chosen = self.pending.chosen
        twin.mine = [list(m) for m in self.mine]
        return twin


class EkimaeSpielState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: EkimaeGame) -> None:
        super().__init__(game)
        self._shared = _Shared(game.setup, game.deals)
        self._at = _Position()
        self._at.mine = [[] for _ in range(game.setup.seats)]

    @property
    def setup(self) -> Setup:
        return self._shared.setup

    @property
    def engine(self) -> State | None:
        return self._at.engine

    @property
    def pending(self) -> Pending | None:
        return self._at.pending

    @property
    def mine(self) -> list[list[str]]:
        return self._at.mine

    def current_player(self) -> int:
        if self.engine is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.engine.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return min(self.engine.current_players())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        deals = self._shared.deals
        return [(k, 1.0 / deals) for k in range(deals)]

    def _legal_actions(self, player: int) -> list[int]:
        assert self.engine is not None
        return self.setup.space.indices(self.engine.legal_actions(player), self.pending)

    def _apply_action(self, action: int) -> None:
        if self._at.engine is None:
            self._at.engine = self.setup.new_state(int(action))
            return
        assert self.engine is not None
        seat = self.current_player()
        decided = self.setup.space.decide(self.engine.legal_actions(seat), action, self.pending)
        self.mine[seat].append(self._action_to_string(seat, action))
        if isinstance(decided, Pending):
            self._at.pending = decided
            return
        self._at.pending = None
        self._at.engine.apply(seat, decided)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        space = self.setup.space
        if action < len(space.catalog.heads):
            head: Action = space.action_of(action)
            return self.setup.game.format_action(head)
        if action == space.done:
            return "done"
        name, value = space.catalog.elements[action - len(space.catalog.heads)]
        return f"+{name} {value}"

    def is_terminal(self) -> bool:
        return self.engine is not None and self.engine.is_terminal()

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.setup.seats
        assert self.engine is not None
        return self.setup.rewards(self.engine)

    def __str__(self) -> str:
        if self.engine is None:
            return "before the deal"
        return json.dumps(self.engine.view(None), sort_keys=True, default=str)


class ViewObserver:
    """OpenSpiel's PyObserver: the seat's view, as a tensor (the title's encoder) and as
    text (JSON; with `perfect_recall`, the seat's own past decisions as well)."""

    def __init__(self, game_setup: Setup, perfect_recall: bool) -> None:
        self.setup = game_setup
        self.perfect_recall = perfect_recall
        elements = len(game_setup.space.catalog.elements)
        size = game_setup.encoder.size + (1 + elements if elements else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: EkimaeSpielState, player: int) -> None:
        self.tensor.fill(0)
        if state.engine is None:
            return
        values = list(self.setup.encoder.encode(state.engine.view(player)))
        elements = self.setup.space.catalog.elements
        if elements:
            deciding = state.pending is not None and state.current_player() == player
            chosen = state.pending.chosen if deciding and state.pending else frozenset()
            values.append(1.0 if deciding else 0.0)
            values += [1.0 if e in chosen else 0.0 for e in elements]
        self.tensor[:] = values

    def string_from(self, state: EkimaeSpielState, player: int) -> str:
        if state.engine is None:
            return "before the deal"
        view = state.engine.view(player)
        view.pop("log", None)  # the log repeats the table in words
        text = json.dumps(view, sort_keys=True, default=str)
        if self.perfect_recall:
            text += " | mine: " + ";".join(state.mine[player])
        return text


def _init_for(name: str, examples: bool) -> Any:
    def init(self: EkimaeGame, params: Mapping[str, Any] | None = None) -> None:
        EkimaeGame.__init__(self, name, examples, params)

    return init


def register(*, examples: bool = False) -> list[str]:
    """Register every turn-based game with OpenSpiel; returns their short names."""
    names = []
    for name, game in games().items():
        if game.type.dynamics is Dynamics.REAL_TIME:
            continue
        short = short_name(name)
        if short not in {t.short_name for t in pyspiel.registered_games()}:
            specs = {o.name: o.default for o in game.type.options}
            game_type = _game_type(
                name, game.type.title, game.type.min_seats, game.type.max_seats, specs
            )
            # A class per title (as OpenSpiel's own Python games register theirs).
            factory = type(
                f"Ekimae{name.title().replace('-', '')}Game",
                (EkimaeGame,),
                {"__init__": _init_for(name, examples)},
            )
            pyspiel.register_game(game_type, factory)
        names.append(short)
    return names
