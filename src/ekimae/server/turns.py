"""Turn notices as a table listener: an action by someone else made a person's seat one
to act; the notifier (e-mail, webhooks: `server.notify`) sends in its own tasks.

Only the process that stored the action announces the turn (a change read from another
process is not announced again), and at most once per seat and turn here; over several
processes `Store.claim_turn_notices` makes it once in all.
"""

from __future__ import annotations

from ekimae.server.events import ACTION, Committed
from ekimae.server.notify import Notifier, TurnNotice
from ekimae.server.table import Table


class TurnNotices:
    def __init__(self, notifier: Notifier) -> None:
        self.notifier = notifier

    def on_committed(self, table: Table, event: Committed) -> None:
        if event.kind != ACTION or event.remote or event.finished:
            return
        bots = table.info.bots
        newly = event.after - event.before - ({event.seat} if event.seat is not None else set())
        people = sorted(
            s
            for s in newly
            if 0 <= s < len(bots) and bots[s] is None and table.notified.get(s, -1) < event.count
        )
        if not people:
            return
        for s in people:
            table.notified[s] = event.count
        info = table.info
        self.notifier.turn(
            TurnNotice(info.id, table.game.title, list(info.names), people, event.count)
        )
