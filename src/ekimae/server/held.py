"""A game as this process holds it: its record, state, lock and sockets, and what its
pages are sent (one `Snapshot` per change). The half of a `Table` (`server.table`) that
holds and pushes; the table's other half acts, undoes, stores and re-reads, and only it
changes what is held here.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from ekimae.core.actions import Action
from ekimae.core.errors import MalformedActionError
from ekimae.core.game import Game, State
from ekimae.core.record import GameRecord
from ekimae.games import find_game
from ekimae.server import undoing
from ekimae.server.clients import Audience, Client
from ekimae.server.errors import RefusedError
from ekimae.server.payloads import Snapshot
from ekimae.server.rereading import Reread
from ekimae.server.seat_changes import SeatChanges
from ekimae.server.store import GameInfo, Store
from ekimae.server.titles import WebTitle, web_title


class Gate:
    """Whether this process still takes actions: shut by a graceful stop (`Hub.drain`),
    shared by every table of the process."""

    def __init__(self) -> None:
        self.open = True

    def check(self) -> None:
        if not self.open:
            raise RefusedError(
                "stopping",
                "this server process is restarting: nothing was stored; reconnect and send "
                "it again",
                status=503,
            )


class HeldTable(SeatChanges):
    """A game as this process holds it. Its attributes are read by the payloads (`Live`),
    the runners (bot tasks, timer, lease) and the tests; only the table changes them."""

    def __init__(
        self,
        store: Store,
        info: GameInfo,
        record: GameRecord,
        state: State,
        verdict: undoing.Verdict,
        keys: dict[str, int],
        claimed: list[bool],
        *,
        multi: bool = False,
        gate: Gate | None = None,
    ) -> None:
        self.store = store
        self.info = info
        self.record = record
        self.state = state
        self.game: Game[Any] = find_game(info.game)
        self.web: WebTitle = web_title(self.game.name)  # the title's page: board, prompts
        # Why the record's last action can never be taken back (it drew, or showed its seat
        # something hidden: `server.undoing`), judged when first asked: `final`.
        self.verdict = verdict
        # Idempotency keys of stored actions (key -> index): a retry is not re-applied.
        self.keys = keys
        self.claimed = claimed  # which seats a person holds (a claimed invitation)
        self.revision = info.revision  # the game's revision `record` and `state` reflect
        self.lock = asyncio.Lock()
        self.audience = Audience()
        self.clients = self.audience.clients  # the same set
        self.multi = multi  # other processes may write this game (PostgreSQL)
        self.gate = gate or Gate()
        # A write failed in a way that may or may not have landed: re-read before the next.
        self.dirty = False
        # Kept here for the runners (`server.runners`): one task per bot seat that may act,
        # the system seat's timer (real-time games), and until when (time.monotonic()) this
        # process holds the game's lease; and per person's seat the action count it was last
        # sent a turn notice at (`server.turns`).
        self.bot_tasks: dict[int, asyncio.Task[None]] = {}
        self.timer_task: asyncio.Task[None] | None = None
        self.lease_until = 0.0
        self.notified: dict[int, int] = {}
        # time.monotonic() at game time 0 (real-time games): game time resumes where the
        # record left off when a game is loaded (it pauses while no server runs).
        last_at = max((getattr(a, "at", 0) for _, a in record.actions), default=0)
        self.clock_origin = time.monotonic() - last_at / 1000
        # When the last change was stored: monotonic (latency figures) and wall clock (sent
        # to pages, so a load test in another process can measure the push's latency).
        self.accepted_at = 0.0
        self.accepted_wall = 0.0
        # When the action being stored reached the table (monotonic): its push's latency.
        self.arrived_at = 0.0
        self._snapshot: Snapshot | None = None
        self.carried = 0  # other processes' actions applied from their events (no read)
        self.rows_read = 0  # ... applied from their row alone (not carried: sealed choices)

    @property
    def final(self) -> str | None:
        """Why the record's last action can never be taken back; None if it can, or if
        it is not judged (a bot's, a real-time game's)."""
        return self.verdict.get()

    @final.setter
    def final(self, value: str | None) -> None:
        self.verdict = undoing.Verdict(value)

    # ------------------------------------------------------------------- reading

    def game_time(self) -> int:
        """Now in the game's time (ms), never before its last recorded action."""
        return max(0, round((time.monotonic() - self.clock_origin) * 1000))

    def snapshot(self) -> Snapshot:
        """The payloads of the position as it is now (made again after any change)."""
        snap = self._snapshot
        if snap is None or not snap.current(self):
            snap = self._snapshot = Snapshot(self)
        return snap

    def _snapshot_current(self) -> bool:
        return self._snapshot is not None and self._snapshot.current(self)

    def decode(self, data: Any) -> Action:
        """The action `data` stands for; `RefusedError` (malformed) on anything else, so
        bad input is a clear 400 whatever shape it has (issue 26)."""
        try:
            return self.game.codec.from_dict(data)
        except MalformedActionError as exc:
            raise RefusedError("malformed", str(exc)) from None
        except (TypeError, ValueError):
            raise RefusedError("malformed", "this is not an action of this game") from None

    # ------------------------------------------------------------------- sockets

    def push(self) -> None:
        """Every socket its own payload of the position now (queued: never awaited)."""
        self.audience.push(self.snapshot().text)

    def send_all(self, payload: dict[str, Any]) -> None:
        self.audience.send_all(payload)

    async def subscribe(self, client: Client, chat_history: int) -> None:
        """Add a socket and send it the game, with the chat so far."""
        async with self.lock:  # the first push and later ones cannot interleave
            if self.multi:  # another process may have moved the game on: read the table
                await self.sync_locked()
            # None is missed: a message stored before this read is in it, one stored after
            # is sent to this client (added here under the lock the sending takes); one
            # stored just before may come in both, and pages keep each id once.
            history = await asyncio.to_thread(self.store.chat, self.info.id, chat_history)
            self.clients.add(client)
            first = self.snapshot().payload(client.seat, client.lang)
            client.post({**first, "chat": [m.to_dict() for m in history]})

    def unsubscribe(self, client: Client) -> None:
        self.clients.discard(client)

    def _install(self, found: Reread) -> str | None:
        """Make what was read (or applied from an event) the held game; its kind of change."""
        self.info = found.info
        if found.kind is None:
            return None
        assert found.record is not None and found.keys is not None and found.state is not None
        assert found.verdict is not None
        self.record, self.keys, self.state = found.record, found.keys, found.state
        self.verdict, self.revision = found.verdict, found.info.revision
        # Real-time games: another process stamped these actions; never fall behind them.
        if self.game_time() < found.last_at:
            self.clock_origin = time.monotonic() - found.last_at / 1000
        return found.kind
