"""One game in memory: it acts, undoes, stores, re-reads and pushes, then announces what
changed (what it holds, its sockets and its payloads: `server.held`).

The way of an action, one way down and back by event:

    route -> hub (finds the table) -> Table.act: under the game's lock, check the sender's
    `expected` / `seq` / `key` -> apply to a copy of the state (the engine refuses illegal
    actions, nothing changes) -> store it (a worker thread; conditional on the revision)
    -> only then install it, push every socket its payload (one `Snapshot`), and announce
    `Committed` to the listeners (bots and timer, turn notices, metrics ...).

If a write fails in a way that may or may not have landed, the table is marked `dirty`
and re-read from the database before its next use, so memory never runs ahead of what is
stored. With several processes on one database the table is the one source of truth: a
write is conditional on the game's revision this process last read; a stale cache fails
cleanly (`StaleWriteError`), is re-read (only the actions past the cached ones, when
nothing was taken back) and the request is checked again against the new position.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any, TypeVar

from ekimae.core.actions import Action
from ekimae.core.errors import IllegalActionError, MalformedActionError
from ekimae.core.game import SYSTEM, Dynamics, State, stamp
from ekimae.core.record import GameRecord
from ekimae.server import undoing
from ekimae.server.carried import apply_carried, next_change
from ekimae.server.errors import STALE_RETRIES, RefusedError
from ekimae.server.events import ACTION, APPENDED, REPLACED, UNDO, Committed
from ekimae.server.held import Gate, HeldTable
from ekimae.server.payloads import own_actions
from ekimae.server.rereading import reread
from ekimae.server.store import GameInfo, StaleWriteError, Store

__all__ = ["Gate", "HeldTable", "Listener", "Table"]

log = logging.getLogger("ekimae.server")
T = TypeVar("T")


Listener = Callable[["Table", Committed], None]


class Table(HeldTable):
    """A game as this process holds it (`HeldTable`), and what changes it: an action, an
    undo, the timer's due actions, another process's change read or carried by its event;
    after each, every socket is pushed and `Committed` announced to the `listeners`."""

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
        listeners: list[Listener] | None = None,
        multi: bool = False,
        gate: Gate | None = None,
    ) -> None:
        super().__init__(store, info, record, state, verdict, keys, claimed, multi=multi, gate=gate)
        self.listeners = [] if listeners is None else listeners

    # ------------------------------------------------------------------- acting

    async def act(
        self,
        seat: int,
        action: Action,
        expected: int | None = None,
        key: str | None = None,
        seq: int | None = None,
        revision: int | None = None,
    ) -> int:
        """Apply and store one action; returns its index. `RefusedError` changes nothing.

        Every action carries `expected` (the action count its sender saw), `seq` (the
        number of actions its own seat had taken: for steps where seats act at once) or an
        idempotency `key` — any of them, or several — so a request sent twice is never
        applied twice: the second is stale, or answered with the first one's index.
        `revision` (bots): the revision the action was chosen at; stale if it moved since.
        """
        if expected is None and key is None and seq is None:
            raise RefusedError(
                "malformed",
                "an action needs `expected` (the number of actions you saw), `seq` (the number"
                " your seat took) or an idempotency `key`, so that sending it twice cannot"
                " apply it twice",
            )
        arrived = time.monotonic()
        async with self.lock:
            self.gate.check()  # checked once the lock is ours: a stop waits for that lock
            self.arrived_at = arrived
            for attempt in range(STALE_RETRIES):
                try:
                    return await self._act_locked(seat, action, expected, key, seq, revision)
                except StaleWriteError:
                    # Another process wrote first: read what it wrote, push it, and check
                    # this request again against the new position.
                    if attempt == STALE_RETRIES - 1:
                        self.dirty = True
                        raise RefusedError(
                            "stale", "the game moved on while this action was stored", status=409
                        ) from None
                    await self.sync_locked()
        raise AssertionError("unreachable")  # pragma: no cover

    async def _act_locked(
        self,
        seat: int,
        action: Action,
        expected: int | None,
        key: str | None,
        seq: int | None,
        revision: int | None,
    ) -> int:
        if self.dirty:
            await self.sync_locked()
        index = len(self.record.actions)
        if key is not None and key in self.keys:
            done = self.keys[key]
            if not _same_request(self.record.actions[done], seat, action):
                raise RefusedError("malformed", f"key {key!r} was already used for another action")
            return done  # a retry of an action already applied
        if expected is not None and expected != index:
            raise RefusedError(
                "stale", f"the game moved on (action {index}, you expected {expected})", status=409
            )
        if seq is not None and seq != (taken := own_actions(self, seat)):
            raise RefusedError(
                "stale", f"your seat has taken {taken} actions, not {seq}", status=409
            )
        if revision is not None and revision != self.revision:
            raise RefusedError("stale", "the game changed since this move was chosen", status=409)
        if self.game.type.dynamics is Dynamics.REAL_TIME:
            # The server's clock decides when a real-time action happened: first what
            # fell due before it (a round's time running out), then it, stamped now.
            await self._catch_up_locked()
            action = stamp(action, self.game_time())
        return await self._commit(seat, action, key)

    async def _commit(self, seat: int, action: Action, key: str | None) -> int:
        """Under the lock: apply, store, then push and announce."""
        index = len(self.record.actions)
        # Applied to a copy: readers that do not take the lock (GET, page loads) must never
        # see a position whose action is not yet stored and in the record.
        state = self.state.clone()
        before = frozenset(self.state.current_players())
        # The seat's view before, if its page was sent one, is read again by the judging;
        # the view after it builds is the one its page is sent next.
        known = self._snapshot.known_view(seat) if self._snapshot is not None else None
        if known is not None and not self._snapshot_current():
            known = None
        try:
            bots = self.info.bots
            final, seen = undoing.apply_seen(self.game, bots, state, seat, action, index, known)
        except IllegalActionError as exc:
            raise RefusedError("illegal", str(exc), exc.rule) from None
        except MalformedActionError as exc:
            raise RefusedError("malformed", str(exc)) from None
        except Exception:
            # The engine failed on this input (a fault to fix, logged whole); it failed on
            # a copy, so the game is as it was, and the sender gets a 400, not a 500.
            log.exception("game %s: seat %d's %s failed", self.info.id, seat, action.kind)
            raise RefusedError(
                "malformed", f"this {action.kind} cannot be applied to this game"
            ) from None
        to_act = list(state.current_players())
        self.revision = await self._write(
            self.store.append_action,
            self.info.id,
            index,
            seat,
            action,
            to_act,
            state.is_terminal(),
            state.winner(),
            key,
            self.revision,
            self.multi and action.kind not in self.game.type.sealed,  # carried by its event
        )
        self.record.actions.append((seat, action))
        if key is not None:
            self.keys[key] = index
        self.state, self.final = state, final
        self._changed(ACTION, seat, before, seen)
        return index

    async def _write(self, write: Callable[..., T], *args: Any) -> T:
        """A storage write, off the event loop. `StaleWriteError` (another process wrote
        first: nothing was written) is the caller's to handle; after any other failure the
        write may or may not have landed, so the game is re-read before its next use."""
        try:
            return await asyncio.to_thread(write, *args)
        except StaleWriteError:
            raise
        except BaseException:
            self.dirty = True
            raise

    def _changed(
        self,
        kind: str,
        seat: int | None = None,
        before: frozenset[int] = frozenset(),
        seen: dict[str, Any] | None = None,
    ) -> None:
        """After a change is stored (or read): push every socket, then announce it.
        `seen`: `seat`'s view of the new position, built already."""
        self.accepted_at = time.monotonic()
        self.accepted_wall = time.time()
        if seen is not None and seat is not None:
            self.snapshot().know_view(seat, seen)
        self.push()
        self._announce(kind, seat, before)

    def _announce(self, kind: str, seat: int | None, before: frozenset[int]) -> None:
        event = Committed(
            self.info.id,
            kind,
            len(self.record.actions),
            self.revision,
            seat,
            before,
            frozenset(self.state.current_players()),
            self.state.is_terminal(),
            self.accepted_at,
            remote=kind in (APPENDED, REPLACED),
        )
        for listener in list(self.listeners):
            try:
                listener(self, event)
            except Exception:  # one listener's fault must not undo a stored action
                log.exception("a listener of game %s failed", self.info.id)

    # ------------------------------------------------------------------- undo

    async def undo(self, seat: int, expected: int | None) -> int:
        """Take back `seat`'s last action; returns the new action count.

        Truncate-and-replay: the state is rebuilt from the record minus its last action
        (never patched backwards), the row is deleted in one transaction, and only then is
        every client pushed its new view. `RefusedError` leaves everything unchanged.
        `expected` is required: an undo sent twice must not take back two actions.
        """
        if expected is None:
            raise RefusedError(
                "malformed", "an undo needs `expected` (the number of actions you saw)"
            )
        async with self.lock:
            self.gate.check()
            for attempt in range(STALE_RETRIES):
                try:
                    return await self._undo_locked(seat, expected)
                except StaleWriteError:
                    if attempt == STALE_RETRIES - 1:
                        self.dirty = True
                        raise RefusedError("stale", "the game moved on", status=409) from None
                    await self.sync_locked()
        raise AssertionError("unreachable")  # pragma: no cover

    async def _undo_locked(self, seat: int, expected: int) -> int:
        if self.dirty:
            await self.sync_locked()
        count = len(self.record.actions)
        if expected != count:
            raise RefusedError(
                "stale", f"the game moved on (action {count}, you expected {expected})", status=409
            )
        why = self.snapshot().undo_refusal(seat)
        if why is not None:
            raise RefusedError("undo-refused", f"cannot undo: {why}", status=409)
        record = self.record.truncated(count - 1)
        state, verdict = await asyncio.to_thread(
            undoing.replay_verdict, record, self.game, self.info.bots
        )
        before = frozenset(self.state.current_players())
        self.revision = await self._write(
            self.store.undo_action,
            self.info.id,
            count - 1,
            seat,
            list(state.current_players()),
            state.is_terminal(),
            state.winner(),
            self.revision,
        )
        self.keys = {k: i for k, i in self.keys.items() if i < count - 1}
        self.record, self.state, self.verdict = record, state, verdict
        # A bot may be thinking about the position taken back: `TAKEN_BACK` tells the runner.
        self._changed(UNDO, None, before)
        return count - 1

    # ------------------------------------------------------------------- time

    async def run_due(self) -> None:
        """The timer's turn: apply every system action already due (a round's time
        running out), recorded like any other so a replay ends each round where it did."""
        async with self.lock:
            if not self.gate.open:  # stopping: the process that takes the lease applies it
                return
            try:
                await self._catch_up_locked()
            except StaleWriteError:  # another process applied it: read what it did
                await self.sync_locked()

    async def _catch_up_locked(self) -> None:
        """Apply every system action already due, so that a person's action stamped after
        a deadline lands after what happened at it."""
        while (due := self.state.deadline()) is not None and due <= self.game_time():
            actions = self.state.legal_actions(SYSTEM)
            if not actions:
                return
            await self._commit(SYSTEM, actions[0], None)

    # ------------------------------------------------------------------- re-reading

    async def sync(self, revision: int | None = None) -> bool:
        """Re-read the game if another process changed it; push and announce if so.
        `revision`: an event's, already held if a re-read since took it (no read then)."""
        async with self.lock:
            if revision is not None and revision <= self.revision and not self.dirty:
                return False
            return await self.sync_locked()

    async def sync_locked(self) -> bool:
        before = frozenset(self.state.current_players())
        kind = await self._reload()
        if kind is None:
            return False
        self._changed(kind, None, before)
        return True

    async def apply_carried(self, event: dict[str, Any]) -> bool:
        """Another process's action, from its event: applied here if it is the held
        game's next change (`server.carried`; an action the event does not carry, a sealed
        choice, is read from its row alone), else the game is re-read. Whether the game
        changed here; `carried` counts the actions applied without a read, `rows_read`
        those applied from their row."""
        async with self.lock:
            rev = event.get("r")
            if isinstance(rev, int) and rev <= self.revision and not self.dirty:
                return False  # read meanwhile (a re-read of an earlier event took it too)
            read = False
            if not self.dirty and "a" not in event and next_change(self, event):
                # Not carried (a sealed choice): its row alone, not the whole game.
                count, moved = len(self.record.actions), self.revision + 1
                row = await asyncio.to_thread(self.store.action_at, self.info.id, count, moved)
                if row is not None:
                    event, read = {**event, **row}, True
            found = None if self.dirty else apply_carried(self, event)
            if found is None:
                return await self.sync_locked()
            before = frozenset(self.state.current_players())
            self._install(found)
            if read:
                self.rows_read += 1
            else:
                self.carried += 1
            self._changed(APPENDED, None, before)
            return True

    async def _reload(self) -> str | None:
        """Under the lock: bring the game to the database's (`server.rereading`), in place
        (its sockets, lock and tasks stay). Returns `APPENDED`, `REPLACED` or None."""
        found = await reread(self.store, self)
        self.dirty = False
        if found is None:
            return None
        return self._install(found)


def _same_request(recorded: tuple[int, Action], seat: int, action: Action) -> bool:
    """Whether a retried request is the recorded action (whose game time, in real-time
    games, the server stamped: the retry's own `at` does not count)."""
    acted, done = recorded
    if hasattr(done, "at") and hasattr(action, "at"):
        action = stamp(action, done.at)
    return (acted, done) == (seat, action)
