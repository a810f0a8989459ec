"""A seat's sealed choice that nobody else has seen yet, found from the public API.

When a seat changes hands during a sealed phase (its link withdrawn, the seat handed to a
bot), whoever takes it must not read the choice the previous holder sealed: it is taken
out of the record and the seat chooses afresh. Which action that is follows from the
`GameType`'s sealed kinds and the record, checked by a replay without it.
"""

from __future__ import annotations

from typing import Any

from ekimae.core.errors import EkimaeError
from ekimae.core.game import Game, Seat, State
from ekimae.core.record import GameRecord, replay


def pending_sealed(record: GameRecord, game: Game[Any], state: State, seat: Seat) -> int | None:
    """The index in `record` (whose position is `state`) of `seat`'s sealed choice still
    hidden from the others, or None.

    It is the seat's last action, of a sealed kind, while some sealed choice is hidden
    from the spectators and the seat is not to act; every action since is another seat's
    sealed choice, each seat's at most once (one step: no reveal since); and the record
    without it replays, the seat to choose again.
    """
    if not game.type.sealed or seat in state.current_players() or state.is_terminal():
        return None
    after: list[Seat] = []
    for index in range(len(record.actions) - 1, -1, -1):
        acted, action = record.actions[index]
        if action.kind not in game.type.sealed:
            return None
        if acted == seat:
            break
        if acted in after:
            return None
        after.append(acted)
    else:
        return None
    if state.open_view() == state.view(None):
        return None  # nothing sealed is hidden: it was revealed already
    try:
        without = replay(discarded(record, index), game)
    except EkimaeError:
        return None
    return index if seat in without.current_players() else None


def discarded(record: GameRecord, index: int) -> GameRecord:
    """`record` without its action `index`."""
    out = record.truncated(len(record.actions))
    del out.actions[index]
    return out
