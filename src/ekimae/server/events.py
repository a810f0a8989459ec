"""What a table announces after each change of its game, for whoever listens.

A table stores a change, pushes its sockets, then announces a `Committed` to its
listeners, in order, under the game's lock (so a listener sees every change once, in the
table's order, before the next one can happen). The table knows nothing of who listens:
the bot and timer runner (`server.runners`), the turn notices (`server.turns`), and any
later listener (metrics, an admin page: docs/server.md "The centre") plug in at the hub.
A listener returns at once; what takes time it does in a task of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

# `Committed.kind`
ACTION = "action"  # one action appended (a seat's, a bot's, the timer's SYSTEM action)
UNDO = "undo"  # the last action taken back
DISCARD = "discard"  # a seat's pending sealed choice taken out when the seat changed hands
APPENDED = "appended"  # re-read from the table: another process appended actions
REPLACED = "replaced"  # re-read from the table: another process took actions back

# Kinds after which a position that bots were thinking about may be gone.
TAKEN_BACK = frozenset({UNDO, DISCARD, REPLACED})


@dataclass(frozen=True)
class Committed:
    """A change of one game, stored: `count` actions now, revision `revision`.

    `seat` acted (for `ACTION`; None otherwise); `before` and `after` are the seats to act
    before and after it; `accepted_at` is `time.monotonic()` when it was stored here (or
    read here, for a change another process made: `remote`)."""

    game_id: str
    kind: str
    count: int
    revision: int
    seat: int | None
    before: frozenset[int]
    after: frozenset[int]
    finished: bool
    accepted_at: float
    remote: bool = False

    @property
    def taken_back(self) -> bool:
        return self.kind in TAKEN_BACK
