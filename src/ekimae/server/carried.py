"""Another process's action applied from the event that carries it, without reading the table.

An action's event (`Store.append_action`) names the game's new revision and action count
and, unless the action is a sealed choice or too big, the action itself: its seat, its
wire form and its idempotency key, exactly what the row it was stored in holds. A process
that holds the game at the revision just before, with nothing in doubt (`dirty`), applies
that action to a copy of its state instead of reading the record (`server.rereading`):
the same state, record, keys and verdict a re-read would give, without its read (a
worker thread, a query, a decode of the rows: about a millisecond of CPU per action and
process). Every revision moves by one per change of the game (an append, an undo, a
discarded sealed choice, the admin's close), so "held revision plus one, held count plus
one" means this append and nothing else happened since; anything else (a gap, an undo, a
seat change, an action the engine refuses or a payload that does not decode) is `None`
here, and the caller re-reads as before.

What the event carries between server processes is what the database's actions table
holds for that row, over the database's own connection; a sealed choice (hidden from the
other seats until the reveal) is never carried, so it never travels outside the table:
its event names only the revision and count, and a process holding the game just before
reads that one row (`Store.action_at`, checked against the revision in the same query)
and applies it here like a carried one — a query, not a re-read of the game.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

from ekimae.core.actions import Action
from ekimae.core.errors import EkimaeError
from ekimae.server import undoing
from ekimae.server.events import APPENDED
from ekimae.server.rereading import Held, Reread

log = logging.getLogger("ekimae.server")


def next_change(held: Held, event: dict[str, Any]) -> bool:
    """Whether `event` is the held game's very next change (one append, nothing else)."""
    return event.get("r") == held.revision + 1 and event.get("n") == len(held.record.actions) + 1


def apply_carried(held: Held, event: dict[str, Any]) -> Reread | None:
    """The game after the action `event` carries, if it is the held game's next change;
    None when the game must be re-read instead. The held game is never changed here."""
    count = len(held.record.actions)
    seat, wire, key = event.get("s"), event.get("a"), event.get("y")
    if (
        not next_change(held, event)
        or not isinstance(seat, int)
        or not isinstance(wire, dict)
        or not (key is None or isinstance(key, str))
    ):
        return None
    try:
        action: Action = held.game.codec.from_dict(wire)
        state = held.state.clone()
        verdict = undoing.apply_later(held.game, held.info.bots, state, seat, action, count)
    except (EkimaeError, TypeError, ValueError) as exc:
        # Stored by another process yet refused here: re-read (which says why, whole).
        log.warning("game %s: event of action %d not applied (%s)", held.info.id, count, exc)
        return None
    to_act = list(state.current_players())
    info = replace(
        held.info,
        action_count=count + 1,
        revision=held.revision + 1,
        to_act=to_act,
        finished=state.is_terminal(),
        winner=state.winner(),
    )
    record = replace(held.record, actions=[*held.record.actions, (seat, action)])
    keys = held.keys if key is None else {**held.keys, key: count}
    last_at = int(getattr(action, "at", 0))
    return Reread(info, APPENDED, record, keys, state, verdict, last_at)
