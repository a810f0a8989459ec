"""What a bot is, and the loop that plays a whole game with bots (and people).

A bot sees exactly what a player at its seat would see: `state.view(seat)` and the legal
actions. It never gets the state, so it cannot peek at secret bids or the decks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from ekimae.core.actions import Action
from ekimae.core.game import SYSTEM, Dynamics, Game, Seat, State
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
    record replays to that state.

    Seats that may act at the same time (sealed bids, real time) act concurrently: every
    bot among them chooses from the same position, each from its own view, before any
    of those choices is applied; then the choices are applied in seat order (real-time
    actions in the order of their game time `at`, equal times in a seeded order). A
    choice no longer legal by then is dropped and its seat chooses again. People
    (`ask`) among them act in that order too: in real time each is asked with the bots,
    from the same position, and acts at the time of the action chosen; otherwise each
    is asked when its turn comes, seeing what was applied before it. A listed seat
    without legal actions waits; when no seat can act, the game's own action (`SYSTEM`)
    due at `deadline()` is applied (real-time games).
    """
    if any(bot is None for bot in seats) and ask is None:
        raise ValueError("a seat without a bot needs an `ask` function")
    state = game.new_state(len(seats), seed, options)
    labels = list(names) if names is not None else [_label(bot) for bot in seats]
    record = GameRecord(
        game.name,
        len(seats),
        seed,
        dict(options or {}),
        [],
        labels,
        game.data_version_for(options),
    )
    rngs = [seat_rng(seed, seat) for seat in range(len(seats))]
    real_time = game.type.dynamics is Dynamics.REAL_TIME

    def play(seat: Seat, action: Action) -> None:
        if len(record.actions) >= max_actions:
            raise RuntimeError(f"game with seed {seed} passed {max_actions} actions")
        state.apply(seat, action)
        record.actions.append((seat, action))
        if on_action is not None:
            on_action(state, seat, action)

    while not state.is_terminal():
        to_act = sorted(seat for seat in state.current_players() if state.legal_actions(seat))
        if not to_act:
            if state.deadline() is None:
                raise RuntimeError(f"game with seed {seed}: nobody can act, yet it is not over")
            play(SYSTEM, state.legal_actions(SYSTEM)[0])
            continue
        # Every bot to act chooses before any of these choices is applied.
        chosen: dict[Seat, Action] = {}
        for seat in to_act:
            bot = seats[seat]
            if bot is not None:
                chosen[seat] = bot.choose(state.view(seat), state.legal_actions(seat), rngs[seat])
            elif real_time:
                # In real time a person acts at the time of the action they choose, like a
                # bot: asked from the same position, applied in game-time order. (Asked
                # last, they went first whatever time they chose, and a bot's dated choice
                # was overtaken at every step: piped play starved the bots, issue 32.)
                assert ask is not None
                action = ask(state, seat, state.legal_actions(seat))
                if action is None:
                    return state, record
                chosen[seat] = action
        # Equal game times in a real-time game: a fresh seeded order each step, or the first
        # seats would always win the race (turn-based games keep seat order, as recorded).
        ties = {seat: seat for seat in to_act}
        if real_time:
            order = list(to_act)
            random.Random(f"{seed}:{len(record.actions)}").shuffle(order)
            ties = {seat: i for i, seat in enumerate(order)}
        for seat in sorted(to_act, key=lambda seat: (_game_time(chosen.get(seat)), ties[seat])):
            if seat in chosen:
                if not state.is_legal(seat, chosen[seat]):
                    continue  # overtaken by an earlier seat's action: chooses again
                play(seat, chosen[seat])
                continue
            legal = state.legal_actions(seat)
            if not legal:
                continue
            assert ask is not None
            action = ask(state, seat, legal)
            if action is None:
                return state, record
            play(seat, action)
    return state, record


def _game_time(action: Action | None) -> int:
    """A real-time action's game time (`at`, ms); 0 for any other action or none yet."""
    at = getattr(action, "at", 0)
    return at if isinstance(at, int) else 0


def _label(bot: Bot | None) -> str:
    return "human" if bot is None else bot.name
