"""Bots and real-time timers: they listen to the tables and act through them like people.

`Runner.on_committed` is a table listener: after every change it starts a task for each
bot seat that may act and has none running, and the timer of a real-time game with a
deadline ahead; after a change that took a position back (an undo, a discarded sealed
choice, another process's undo) it first cancels the bots thinking about the old one.
Bot moves are searched in worker processes (`server.workers`), never in this process's
threads (`random` plays inline: a worker's round trip would cost more than its move).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time

from ekimae.core.game import SYSTEM, Dynamics
from ekimae.seeding import derived_seed
from ekimae.server.errors import RefusedError
from ekimae.server.events import Committed
from ekimae.server.leases import Leases
from ekimae.server.payloads import own_actions
from ekimae.server.table import Table
from ekimae.server.workers import INLINE_BOTS, Pool, bot_move, inline_move

log = logging.getLogger("ekimae.server")
MAX_BOT_WAIT = 30.0  # s: a bot re-reads the game at least this often while it waits


class Runner:
    def __init__(self, pool: Pool, leases: Leases, bot_delay: float = 0.0) -> None:
        self.pool = pool
        self.leases = leases
        self.bot_delay = bot_delay
        self.closing = False

    def on_committed(self, table: Table, event: Committed) -> None:
        if event.taken_back:
            # A bot may be thinking about the position taken back: its choice must never be
            # applied to the new one (which could have the same action count after a redo).
            self.cancel(table)
        self.kick(table)

    def cancel(self, table: Table) -> None:
        for task in table.bot_tasks.values():
            task.cancel()
        table.bot_tasks.clear()

    def kick(self, table: Table) -> None:
        """Start a task for every bot seat that may act and has none running; and the
        system seat's timer where the game has one due."""
        if self.closing:
            return
        self._kick_timer(table)
        state = table.state
        if state.is_terminal() or self.leases.elsewhere(table):
            return  # over, or its bots play in the process holding its lease
        for seat in state.current_players():
            task = table.bot_tasks.get(seat)
            if table.info.bots[seat] is not None and (task is None or task.done()):
                table.bot_tasks[seat] = asyncio.create_task(self._bot_loop(table, seat))

    def tasks(self, tables: list[Table]) -> list[asyncio.Task[None]]:
        out = [t for table in tables for t in table.bot_tasks.values()]
        return out + [t.timer_task for t in tables if t.timer_task is not None]

    async def close(self, tables: list[Table]) -> None:
        self.closing = True
        tasks = self.tasks(tables)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    # ------------------------------------------------------------------- bots

    async def _bot_loop(self, table: Table, seat: int) -> None:
        """Play `seat` while it may act: think from its view, then act like a person."""
        game_id = table.info.id
        while not self.closing:
            # With several processes, only the lease's holder plays the game's bots.
            if not await self.leases.hold(table):
                return
            async with table.lock:
                if table.dirty:
                    await table.sync_locked()
                state = table.state
                if state.is_terminal() or seat not in state.current_players():
                    return
                name = table.info.bots[seat]
                if name is None:  # handed back to a person meanwhile
                    return
                revision = table.revision
                index = len(table.record.actions)
                alone = len(state.current_players()) == 1
                seq = own_actions(table, seat)
                # The position as of now (a snapshot never changes): its view of the seat
                # may be built after the lock is let go.
                snap = table.snapshot()
                legal = list(state.legal_actions(seat))
            if not legal:
                return
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            # The bot's randomness is derived from the game's secret seed (the same after a
            # restart) but cannot lead back to it.
            bot_seed = derived_seed(table.info.seed, "bot", seat)
            game, move_seed = table.game.name, f"{bot_seed}:{index}"
            if name in INLINE_BOTS:
                view = functools.partial(snap.view, seat)
                action = inline_move(game, name, bot_seed, view, legal, move_seed)
            else:
                move = (game, name, bot_seed, snap.view(seat), legal, move_seed)
                action = await self.pool.run(bot_move, *move)
            # Real time: an action the rules allow only from a later game time (a pace
            # between one seat's actions, QD/JU/CD) is sent when that time comes, never
            # early (the server stamps it with its own clock, which would be refused).
            not_before = getattr(action, "at", None)
            if table.game.type.dynamics is Dynamics.REAL_TIME and isinstance(not_before, int):
                await self._until_game_time(table, not_before)
            # Alone to act, the position it saw must still be the game's; acting at once
            # with others, only its own actions matter (theirs do not make it stale).
            try:
                if alone:
                    await table.act(seat, action, expected=index, revision=revision)
                else:
                    await table.act(seat, action, seq=seq)
            except RefusedError as exc:
                if exc.kind == "stopping":  # this process stops: another takes the lease
                    return
                log.debug("bot %s at seat %d in %s refused: %s", name, seat, game_id, exc.message)
                if exc.kind not in ("stale", "illegal") or (exc.kind == "illegal" and alone):
                    log.error("bot %s at seat %d in %s: %s", name, seat, game_id, exc.message)
                    return

    async def _until_game_time(self, table: Table, at: int) -> None:
        """Wait until the game's clock reaches `at` (ms), at most MAX_BOT_WAIT. The clock
        is read again every quarter second rather than slept on once: the game clock is
        the authority, not the wall's (a test that moves it on is followed at once)."""
        give_up = time.monotonic() + MAX_BOT_WAIT
        while (wait := (at - table.game_time()) / 1000) > 0 and time.monotonic() < give_up:
            await asyncio.sleep(min(wait, 0.25))

    # ------------------------------------------------------------------- time

    def _kick_timer(self, table: Table) -> None:
        due = table.state.deadline()
        running = table.timer_task is not None and not table.timer_task.done()
        if due is not None and not running:
            table.timer_task = asyncio.create_task(self._timer_loop(table))

    async def _timer_loop(self, table: Table) -> None:
        """Apply the system seat's actions when they fall due (a round's time running
        out): recorded like any other, so a replay ends each round where the game did."""
        while not self.closing:
            due = table.state.deadline()
            if due is None:
                return
            wait = (due - table.game_time()) / 1000
            if wait > 0:
                await asyncio.sleep(min(wait, 1.0))  # re-read: an action may move it
                continue
            if not await self.leases.hold(table):  # another process runs this game's clock
                return
            if not table.state.legal_actions(SYSTEM):
                await asyncio.sleep(0.05)  # due, but nothing to apply yet: look again
            await table.run_due()
