"""What a bot is, and the loop that plays a whole game with bots (and people).

A bot sees exactly what a player at its seat would see: `state.view(seat)` and the legal
actions. It never gets the state, so it cannot peek at secret bids or the decks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from ekimae.core.actions import Action
from ekimae.core.game import Game, Seat, State
from ekimae.core.record import GameRecord

StateT = TypeVar("StateT", bound=State)

# Far above any real game (a few thousand actions); only a rules bug that loops forever hits it.
MAX_ACTIONS = 200_000


class Bot(Protocol):
    """A player program: picks one of `legal` from what its seat can see."""

    name: str

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        """One of `legal` (never empty). `rng` is the only randomness a bot may use."""
        ...


@runtime_checkable
class Timed(Protocol):
    """A bot that searches against the clock and can be told to stop at its sample caps
    only (`make_bot(..., untimed=True)`), so its moves depend on the seed alone."""

    def untimed(self) -> None: ...


# A person's turn: return the chosen action, or None to stop the game there.
AskFn = Callable[[StateT, Seat, Sequence[Action]], Action | None]
# Told after every applied action (the CLI prints moves with it).
OnActionFn = Callable[[StateT, Seat, Action], None]


def seat_rng(seed: int, seat: Seat) -> random.Random:
    """Each seat's own random stream, so one bot's choices never shift another's."""
    return random.Random(seed * 1_000_003 + seat)


def play_game(
    game: Game[StateT],
    seats: Sequence[Bot | None],
    seed: int,
    *,
    options: Mapping[str, Any] | None = None,
    names: Sequence[str] | None = None,
    ask: AskFn[StateT] | None = None,
    on_action: OnActionFn[StateT] | None = None,
    max_actions: int = MAX_ACTIONS,
) -> tuple[StateT, GameRecord]:
    """Play from a new game to the end (or until `ask` returns None).

    A seat given as None is played by `ask`. Returns the last state and the record; the
    record replays to that state. During simultaneous steps (sealed bids) the seats act
    one after the other in seat order, each seeing only its own view.
    """
    if any(bot is None for bot in seats) and ask is None:
        raise ValueError("a seat without a bot needs an `ask` function")
    state = game.new_state(len(seats), seed, options)
    labels = list(names) if names is not None else [_label(bot) for bot in seats]
    record = GameRecord(
        game.name, len(seats), seed, dict(options or {}), [], labels, game.data_version
    )
    rngs = [seat_rng(seed, seat) for seat in range(len(seats))]
    while not state.is_terminal():
        if len(record.actions) >= max_actions:
            raise RuntimeError(f"game with seed {seed} passed {max_actions} actions")
        seat = state.current_players()[0]
        legal = state.legal_actions(seat)
        bot = seats[seat]
        if bot is None:
            assert ask is not None
            chosen = ask(state, seat, legal)
            if chosen is None:
                break
        else:
            chosen = bot.choose(state.view(seat), legal, rngs[seat])
        state.apply(seat, chosen)
        record.actions.append((seat, chosen))
        if on_action is not None:
            on_action(state, seat, chosen)
    return state, record


def _label(bot: Bot | None) -> str:
    return "human" if bot is None else bot.name
