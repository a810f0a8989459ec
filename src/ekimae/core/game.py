"""The one API every consumer uses: web, CLI, bots, tests and benchmarks.

A `Game` describes a title (its `GameType`: name, seat range, dynamics, options, ties,
sealed actions) and makes new states. A `State` is one position: who may act now
(several seats at once during a simultaneous step such as sealed bids), what each of them
may do, applying an action, the view one seat may see, and the end. States do no I/O,
read no clock and use no global random.

Time, for the games that have it, enters as actions: a real-time game's actions carry
their game time (milliseconds since the start, stamped by whoever records them), and the
**system seat** (`SYSTEM`) acts when a timer runs out. `State.deadline()` says when the
system's next action is due; the server applies `legal_actions(SYSTEM)` then and records
it like any other, so a replay reproduces every timer exactly.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, Self, TypeVar

from ekimae.core.actions import Action, ActionCodec, format_action
from ekimae.core.errors import DataError, MalformedActionError

Seat = int
Options = Mapping[str, Any]

# The seat of the game itself: timers running out, windows closing (real-time games).
SYSTEM: Seat = -1


def stamp(action: Action, at: int) -> Action:
    """A real-time action with its game time `at` (ms) set by whoever records it: the
    server's clock, a simulator's. Every action of a `REAL_TIME` game has the field."""
    if "at" not in {f.name for f in dataclasses.fields(action)}:
        raise MalformedActionError(f"{action.kind}: a real-time action has a time field `at`")
    stamped: Action = dataclasses.replace(action, at=at)  # type: ignore[call-arg]
    return stamped


def seat_name(seat: Seat) -> str:
    """How people read a seat: seats are 0-based in the API, 1-based in every text."""
    return "the game" if seat == SYSTEM else f"seat {seat + 1}"


class Dynamics(enum.Enum):
    """How seats take their actions (OpenSpiel's "dynamics"), the most demanding one used."""

    TURNS = "turns"  # one seat at a time
    SIMULTANEOUS = "simultaneous"  # some steps let several seats act at once (sealed bids)
    REAL_TIME = "real-time"  # everyone at once, against the clock; timers via SYSTEM


class Ties(enum.Enum):
    BROKEN = "broken"  # tie-breaks always name one winner
    SHARED = "shared"  # seats may share a place, the first included


@dataclass(frozen=True)
class OptionSpec:
    """One choice offered when a game is created (a map, a card set, a variant)."""

    name: str
    label: str
    choices: tuple[str, ...]
    default: str
    help: str = ""

    def __post_init__(self) -> None:
        if self.default not in self.choices:
            raise ValueError(f"option {self.name}: default {self.default!r} not in choices")


# Why a combination of (known, individually valid) option values is refused, or None.
CombinationCheck = Callable[[Mapping[str, str]], str | None]


def _any_combination(_: Mapping[str, str]) -> str | None:
    return None


@dataclass(frozen=True)
class GameType:
    """What a title is, read by the lobby, the CLI, the bots and the tests instead of
    anything hard-coded (in the spirit of OpenSpiel's `GameType`)."""

    name: str  # the registry key, e.g. "tokyo-metro"
    title: str  # as printed on the box
    min_seats: int
    max_seats: int
    dynamics: Dynamics = Dynamics.TURNS
    ties: Ties = Ties.BROKEN
    options: tuple[OptionSpec, ...] = ()
    # Action kinds whose content other seats (and spectators) may not see until the game
    # reveals it: the server shows "sealed" in their place (a record holds them all).
    sealed: frozenset[str] = frozenset()
    combination: CombinationCheck = field(default=_any_combination, compare=False)
    summary: str = ""
    # Place in lists (the lobby, `ekimae games`; the first is the default game): the
    # Tokyo Series' order, 1 for TOKYO METRO. Titles with equal places go by name.
    order: int = 100

    def check_options(self, options: Options | None) -> dict[str, str]:
        """Every option with its value (defaults filled in); `DataError` naming a bad one."""
        specs = {spec.name: spec for spec in self.options}
        chosen = {spec.name: spec.default for spec in self.options}
        for name, value in (options or {}).items():
            spec = specs.get(name)
            if spec is None:
                known = ", ".join(specs) or "none"
                raise DataError("options", str(name)[:40], f"unknown option (known: {known})")
            if value not in spec.choices:
                known = ", ".join(spec.choices)
                raise DataError(
                    "options", name, f"unknown value {str(value)[:40]!r} (known: {known})"
                )
            chosen[name] = value
        why = self.combination(chosen)
        if why is not None:
            raise DataError("options", "+".join(sorted(chosen)), why)
        return chosen

    def check_seats(self, seats: int) -> None:
        if not self.min_seats <= seats <= self.max_seats:
            raise DataError(
                "options", "seats", f"{seats} (allowed {self.min_seats}–{self.max_seats})"
            )

    def to_dict(self) -> dict[str, Any]:
        """JSON for the lobby and `ekimae games`."""
        return {
            "name": self.name,
            "title": self.title,
            "summary": self.summary,
            "min_seats": self.min_seats,
            "max_seats": self.max_seats,
            "dynamics": self.dynamics.value,
            "ties": self.ties.value,
            "sealed": sorted(self.sealed),
            "options": [
                {
                    "name": o.name,
                    "label": o.label,
                    "choices": list(o.choices),
                    "default": o.default,
                    "help": o.help,
                }
                for o in self.options
            ],
        }


class State(Protocol):
    """One position of a game."""

    def current_players(self) -> tuple[Seat, ...]:
        """The seats that may act now; empty once the game is over. `SYSTEM` is never
        listed: its actions are due at `deadline()`."""
        ...

    def legal_actions(self, seat: Seat) -> Sequence[Action]:
        """Every action `seat` may take now (empty if it is not to act)."""
        ...

    def is_legal(self, seat: Seat, action: Action) -> bool:
        """Whether `apply(seat, action)` would be accepted now (without listing them all
        where a game can check one faster)."""
        ...

    def legal_parts(self, seat: Seat) -> Sequence[str]:
        """Names of the parts `seat`'s legal actions fall into (for a huge listing, e.g.
        the placements of each element in hand), in a stable order."""
        ...

    def legal_actions_in(self, seat: Seat, part: str) -> Sequence[Action]:
        """The legal actions of one part (an unknown part: none)."""
        ...

    def apply(self, seat: Seat, action: Action) -> None:
        """Apply an action; `IllegalActionError` (state unchanged) if it is not legal."""
        ...

    def view(self, seat: Seat | None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator), as JSON-ready data; its `"seat"` key
        says whose view it is (searches that see only views read it)."""
        ...

    def open_view(self) -> dict[str, Any]:
        """The table with every sealed choice shown (replays of a finished game)."""
        ...

    def deadline(self) -> int | None:
        """Game time (ms from the start) at which the system's next action is due, or
        None (turn-based games: always None)."""
        ...

    def is_terminal(self) -> bool: ...

    def scores(self) -> list[int]:
        """Each seat's score (final once terminal)."""
        ...

    def ranking(self) -> list[list[Seat]]:
        """Once terminal, the places from first to last, each a list of the seats sharing
        it (one seat each where the game breaks every tie); empty before the end."""
        ...

    def winners(self) -> list[Seat]:
        """The seats sharing first place once terminal (one unless the game shares ties)."""
        ...

    def winner(self) -> Seat | None:
        """The single winning seat once terminal, None before the end or on a shared win."""
        ...

    def clone(self) -> Self: ...

    def to_dict(self) -> dict[str, Any]:
        """The complete state, hidden parts included (for saving and tests)."""
        ...


class StateDefaults:
    """Protocol methods written once in terms of the others, for a title to inherit.

    A title may override any of them with something faster or finer.
    """

    __slots__ = ()

    def legal_actions(self, seat: Seat) -> Sequence[Action]:  # pragma: no cover - abstract
        raise NotImplementedError

    def is_terminal(self) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def winner(self) -> Seat | None:  # pragma: no cover - abstract
        raise NotImplementedError

    def scores(self) -> list[int]:  # pragma: no cover - abstract
        raise NotImplementedError

    def view(self, seat: Seat | None) -> dict[str, Any]:  # pragma: no cover - abstract
        raise NotImplementedError

    def is_legal(self, seat: Seat, action: Action) -> bool:
        return action in self.legal_actions(seat)

    def legal_parts(self, seat: Seat) -> Sequence[str]:
        return list(dict.fromkeys(a.kind for a in self.legal_actions(seat)))

    def legal_actions_in(self, seat: Seat, part: str) -> Sequence[Action]:
        return [a for a in self.legal_actions(seat) if a.kind == part]

    def open_view(self) -> dict[str, Any]:
        return self.view(None)

    def deadline(self) -> int | None:
        return None

    def ranking(self) -> list[list[Seat]]:
        """Broken ties: the winner first, then by score, seat order on equal scores."""
        if not self.is_terminal():
            return []
        first = self.winner()
        scores = self.scores()
        rest = sorted((s for s in range(len(scores)) if s != first), key=lambda s: -scores[s])
        return [[s] for s in ([] if first is None else [first]) + rest]

    def winners(self) -> list[Seat]:
        places = self.ranking()
        return list(places[0]) if places else []


def places_by_score(scores: Sequence[int]) -> list[list[Seat]]:
    """Shared ties: the highest score first; equal scores share a place (seat order inside)."""
    return [
        [p for p, own in enumerate(scores) if own == score]
        for score in sorted(set(scores), reverse=True)
    ]


def sole_first(places: Sequence[Sequence[Seat]]) -> Seat | None:
    """The winner of a ranking, or None when none or several share the first place."""
    return places[0][0] if places and len(places[0]) == 1 else None


class GameDefaults:
    """The members of the `Game` protocol that follow from a title's `GameType`, data
    version and codec, written once for every title to inherit."""

    codec: ActionCodec

    def __init__(self, game_type: GameType, data_version: str) -> None:
        self.type = game_type
        self.name = game_type.name
        self.title = game_type.title
        self.min_seats = game_type.min_seats
        self.max_seats = game_type.max_seats
        self.data_version = data_version

    def data_version_for(self, options: Options | None) -> str:
        """The data version of a game with these options: the same for every option,
        unless a title's options choose among data files (TOKYO METRO's Osaka parts)."""
        return self.data_version

    def format_action(self, action: Action) -> str:
        return format_action(action)

    def parse_action(self, text: str) -> Action:
        return self.codec.parse(text)


S = TypeVar("S", bound=State, covariant=True)


class Game(Protocol[S]):
    """A title: describes itself, makes states, reads its actions, samples hidden parts."""

    type: GameType
    name: str
    title: str
    min_seats: int
    max_seats: int
    codec: ActionCodec
    data_version: str  # a hash of the printed values in the data files (see GameRecord)

    def data_version_for(self, options: Options | None) -> str:
        """`data_version` of a game with these options (the data files they use)."""
        ...

    def new_state(self, seats: int, seed: int, options: Options | None = None) -> S:
        """A new game; `DataError`/`ValueError` on a bad option or seat count."""
        ...

    def state_from_dict(self, data: Mapping[str, Any]) -> S: ...

    def format_action(self, action: Action) -> str: ...

    def parse_action(self, text: str) -> Action: ...

    def determinize(self, view: Mapping[str, Any], seat: Seat, seed: int) -> S:
        """A full state consistent with `seat`'s view: hidden parts (decks, other seats'
        sealed choices) sampled from `seed`. For search bots, which see only views."""
        ...
