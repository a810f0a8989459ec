"""Bot moves and hints in a bounded pool of worker processes.

A search holds the interpreter lock for as long as it thinks, so in a thread of the web
process it stalls every other game's sockets (six `expert` games took another game's
action-to-update time from 5 ms to p50 808 ms). Here each search runs in one of a few
worker processes; the web process only waits on a future. The pool is started on first
use, and rebuilt if a worker dies.

Bots that cost microseconds (`random`) play in the web process: a round trip to a worker
would cost more than their move.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import random
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from ekimae.core.actions import Action
from ekimae.server.ladders import hint_bot, make_bot

log = logging.getLogger("ekimae.server")

T = TypeVar("T")

INLINE_BOTS = frozenset({"random"})


class BusyError(Exception):
    """Too many searches are waiting already; try again shortly."""


def bot_move(
    game: str,
    name: str,
    bot_seed: int,
    view: dict[str, Any],
    legal: Sequence[Action],
    move_seed: str,
) -> Action:
    """One bot move from a seat's view and legal actions (runs in a worker process)."""
    return make_bot(game, name, bot_seed).choose(view, legal, random.Random(move_seed))


def hint_move(
    game: str, view: dict[str, Any], legal: Sequence[Action], seed: int
) -> tuple[Action, float]:
    """The move the game's hint bot (`strong` where there is one) would make for a
    person's seat, and its estimated chance of winning (runs in a worker process)."""
    bot = make_bot(game, hint_bot(game), seed)
    if len(legal) == 1:
        return legal[0], 0.0
    action = bot.choose(view, legal, random.Random(seed))
    return action, _win_chance(bot)


def _win_chance(bot: object) -> float:
    """Search bots keep their last search (`last.win_chance`); other bots estimate none."""
    last = getattr(bot, "last", None)
    return float(getattr(last, "win_chance", 0.0))


class SearchPool:
    """`workers` processes (0: one thread of this process, for tests of other things)."""

    def __init__(self, workers: int, max_pending: int) -> None:
        self.workers = workers
        self.max_pending = max_pending
        self.pending = 0
        self._executor: Executor | None = None

    def _pool(self) -> Executor:
        if self._executor is None:
            # spawn, not fork: the web process has threads and an event loop that a fork
            # would copy in whatever state they are.
            self._executor = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn")
            )
        return self._executor

    async def run(self, fn: Callable[..., T], *args: Any, may_refuse: bool = False) -> T:
        """`fn(*args)` on a worker. `may_refuse`: raise `BusyError` instead of queueing
        when `max_pending` searches are already waiting (hints; bots always queue)."""
        if may_refuse and self.pending >= self.max_pending:
            raise BusyError(f"{self.pending} searches are waiting; try again in a moment")
        self.pending += 1
        try:
            if self.workers == 0:
                return await asyncio.to_thread(fn, *args)
            loop = asyncio.get_running_loop()
            try:
                return await loop.run_in_executor(self._pool(), fn, *args)
            except BrokenProcessPool:
                # A worker died (killed, out of memory): start a fresh pool and try once more.
                log.error("a search worker died; restarting the pool")
                self._executor = None
                return await loop.run_in_executor(self._pool(), fn, *args)
        finally:
            self.pending -= 1

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
