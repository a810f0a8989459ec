"""The one API every consumer uses: web, CLI, bots, tests and benchmarks.

A `Game` describes a title (its name, seat range, options and action codec) and makes
new states. A `State` is one position: who may act now (several seats at once during a
simultaneous step such as sealed bids), what each of them may do, applying an action,
the view one seat may see, and the end. States do no I/O, read no clock and use no
global random.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, Self, TypeVar

from ekimae.core.actions import Action, ActionCodec

Seat = int
Options = Mapping[str, Any]


def seat_name(seat: Seat) -> str:
    """How people read a seat: seats are 0-based in the API, 1-based in every text."""
    return f"seat {seat + 1}"


class State(Protocol):
    """One position of a game."""

    def current_players(self) -> tuple[Seat, ...]:
        """The seats that may act now; empty once the game is over."""
        ...

    def legal_actions(self, seat: Seat) -> Sequence[Action]:
        """Every action `seat` may take now (empty if it is not to act)."""
        ...

    def apply(self, seat: Seat, action: Action) -> None:
        """Apply an action; `IllegalActionError` (state unchanged) if it is not legal."""
        ...

    def view(self, seat: Seat | None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator), as JSON-ready data."""
        ...

    def is_terminal(self) -> bool: ...

    def scores(self) -> list[int]:
        """Each seat's score (final once terminal)."""
        ...

    def winner(self) -> Seat | None:
        """The winning seat once terminal (tie-breaks applied), else None."""
        ...

    def clone(self) -> Self: ...

    def to_dict(self) -> dict[str, Any]:
        """The complete state, hidden parts included (for saving and tests)."""
        ...


S = TypeVar("S", bound=State, covariant=True)


class Game(Protocol[S]):
    """A title: makes states and reads its actions."""

    name: str
    title: str
    min_seats: int
    max_seats: int
    codec: ActionCodec
    data_version: str  # a hash of the printed values in the data files (see GameRecord)

    def new_state(self, seats: int, seed: int, options: Options | None = None) -> S:
        """A new game; `DataError`/`ValueError` on a bad option or seat count."""
        ...

    def state_from_dict(self, data: Mapping[str, Any]) -> S: ...

    def format_action(self, action: Action) -> str: ...

    def parse_action(self, text: str) -> Action: ...
