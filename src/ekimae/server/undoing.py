"""Which actions an undo may take back, for the hub: `core.undo`'s one rule applied to the
actions people take, its verdict kept for the record's last action (the only one an undo
can reach).

Bots never undo and real-time games refuse undo anyway, so only a person's action in a
game that is not real-time is judged (the cost is in docs/server.md). A game loaded or
re-read from the table replays all but its last action and judges that one again; the
samples' seeds come from the action's index, so the verdict is the one given when it was
played.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ekimae.core.actions import Action
from ekimae.core.errors import EkimaeError
from ekimae.core.game import SYSTEM, Dynamics, Game, Seat, State
from ekimae.core.record import GameRecord, replay, replay_failure
from ekimae.core.sealed import discarded, pending_sealed
from ekimae.core.undo import DREW, judge
from ekimae.server.store import Discard

# Seeds of action i's samples: i * STRIDE, i * STRIDE + 1, …
STRIDE = 1000


class Judging(Protocol):
    record: GameRecord
    game: Game[Any]
    state: State


def judged(game: Game[Any], bots: list[str | None], seat: Seat) -> bool:
    """Whether an action of `seat` is judged: a person's, in a game that is not real-time."""
    return (
        seat != SYSTEM
        and 0 <= seat < len(bots)
        and bots[seat] is None
        and game.type.dynamics is not Dynamics.REAL_TIME
    )


def apply(
    game: Game[Any],
    bots: list[str | None],
    state: State,
    seat: Seat,
    action: Action,
    index: int,
) -> str | None:
    """Apply action number `index` to `state` (in place; an error leaves it unchanged)
    and return why it can never be taken back (None: it can, or it is not judged)."""
    return apply_seen(game, bots, state, seat, action, index)[0]


def apply_seen(
    game: Game[Any],
    bots: list[str | None],
    state: State,
    seat: Seat,
    action: Action,
    index: int,
    before: dict[str, Any] | None = None,
) -> tuple[str | None, dict[str, Any] | None]:
    """`apply`, and the acting seat's view after the action where judging read it (the
    server pushes it: built once). `before`: the seat's view of `state`, if known."""
    if not judged(game, bots, seat):
        state.apply(seat, action)
        return None, None
    found = judge(game, state, seat, action, seed=index * STRIDE, before=before)
    return found.verdict, found.after


class Verdict:
    """Why the record's last action can never be taken back (None: it can, or it is not
    judged), judged when first asked. A game loaded or re-read here judges its last action
    only if a page of its mover or an undo asks: a process that relays another's action
    to a spectator never does (issue 29: the judging is about 3 ms)."""

    __slots__ = ("_judge", "_value")

    def __init__(
        self, value: str | None = None, later: Callable[[], str | None] | None = None
    ) -> None:
        self._value = value
        self._judge = later

    def get(self) -> str | None:
        if self._judge is not None:
            self._value, self._judge = self._judge(), None
        return self._value


def apply_later(
    game: Game[Any], bots: list[str | None], state: State, seat: Seat, action: Action, index: int
) -> Verdict:
    """`apply`, its verdict found when first asked (from a copy of the state before)."""
    if not judged(game, bots, seat):
        state.apply(seat, action)
        return Verdict()
    before = state.clone()
    state.apply(seat, action)
    return Verdict(later=lambda: judge(game, before, seat, action, seed=index * STRIDE).verdict)


def replay_verdict(
    record: GameRecord, game: Game[Any], bots: list[str | None]
) -> tuple[State, Verdict]:
    """The record's state, and the verdict on its last action, judged when first asked."""
    count = len(record.actions)
    if not count:
        return replay(record, game), Verdict()
    state = replay(record, game, count - 1)
    seat, action = record.actions[-1]
    try:
        return state, apply_later(game, bots, state, seat, action, count - 1)
    except EkimaeError as exc:
        raise replay_failure(record, game, count - 1, exc) from None


def replay_judged(
    record: GameRecord, game: Game[Any], bots: list[str | None]
) -> tuple[State, str | None]:
    """The record's state, and the verdict on its last action."""
    count = len(record.actions)
    if not count:
        return replay(record, game), None
    state = replay(record, game, count - 1)
    seat, action = record.actions[-1]
    try:
        return state, apply(game, bots, state, seat, action, count - 1)
    except EkimaeError as exc:
        raise replay_failure(record, game, count - 1, exc) from None


def verdict_kind(final: str | None) -> str | None:
    """The verdict as a page reads it: "chance", "hidden", or None."""
    if final is None:
        return None
    return "chance" if final == DREW else "hidden"


@dataclass(frozen=True)
class Discarded:
    """A seat's pending sealed choice taken out (`core.sealed`): the store's `Discard`,
    and the game without it."""

    discard: Discard
    record: GameRecord
    state: State
    verdict: Verdict


def pending_discard(
    live: Judging, seat: Seat, bots: list[str | None], revision: int
) -> Discarded | None:
    """The game without `seat`'s sealed choice nobody has seen yet, if it made one
    (issue 26: whoever takes a seat over never reads it). Blocking: a replay."""
    index = pending_sealed(live.record, live.game, live.state, seat)
    if index is None:
        return None
    record = discarded(live.record, index)
    state, verdict = replay_verdict(record, live.game, bots)
    to_act, finished, winner = list(state.current_players()), state.is_terminal(), state.winner()
    discard = Discard(index, int(seat), to_act, finished, winner, revision)
    return Discarded(discard, record, state, verdict)
