"""Bot moves and hints in a bounded pool of worker processes.

A search holds the interpreter lock for as long as it thinks, so in a thread of the web
process it stalls every other game's sockets (six `expert` games took another game's
action-to-update time from 5 ms to p50 808 ms). Here each search runs in one of a few
worker processes; the web process only waits on a future. The pool is started on first
use, and rebuilt if a worker dies.

Bots that cost microseconds (`random`) play in the web process: a round trip to a worker
would cost more than their move.

`RayPool` has the same interface and runs the searches as tasks on a Ray cluster
(`ekimae serve --ray-address ...`), so several web processes (or machines) can share one
bounded set of search workers; `make_pool` chooses.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import random
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, TypeVar

from ekimae.bots.base import Bot
from ekimae.core.actions import Action
from ekimae.server.ladders import hint_bot, make_bot, move_worth

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


@functools.lru_cache(maxsize=1024)
def _inline_bot(game: str, name: str, bot_seed: int) -> Bot:
    return make_bot(game, name, bot_seed)


def inline_move(
    game: str,
    name: str,
    bot_seed: int,
    view: Callable[[], dict[str, Any]],
    legal: Sequence[Action],
    move_seed: str,
) -> Action:
    """`bot_move` for an `INLINE_BOTS` bot, in this process: such a bot keeps nothing
    between moves but its seed (its randomness comes from `move_seed`), so one is made
    per game and seat, not per move (making one reads the game's whole ladder). `view`
    makes the seat's view, asked only if the bot reads one (`random` does not)."""
    bot = _inline_bot(game, name, bot_seed)
    seen = view() if getattr(bot, "reads_view", True) else {}
    return bot.choose(seen, legal, random.Random(move_seed))


@dataclass(frozen=True)
class Hint:
    """A hint (issue 30): the move, its share of won playouts out of `samples` (0: the
    bot searched nothing, so no chance is known), and what the title's heuristic reckons
    the move is worth to the seat (its "why"; None where it has no reckoning)."""

    action: Action
    win_chance: float
    samples: int
    worth: float | None


def hint_move(game: str, view: dict[str, Any], legal: Sequence[Action], seed: int) -> Hint:
    """The move the game's hint bot (`strong` where there is one) would make for a
    person's seat, with what it measured of it (runs in a worker process)."""
    bot = make_bot(game, hint_bot(game), seed)
    if len(legal) == 1:
        return Hint(legal[0], 0.0, 0, None)
    action = bot.choose(view, legal, random.Random(seed))
    last = getattr(bot, "last", None)  # search bots keep their last search
    chance = float(getattr(last, "win_chance", 0.0))
    samples = int(getattr(last, "iterations", 0))
    return Hint(action, chance, samples, move_worth(game, view, action))


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


def _call(fn: Callable[..., T], *args: Any) -> T:
    """A Ray task: `fn(*args)` in one of the cluster's worker processes."""
    return fn(*args)


class RayPool:
    """`SearchPool`'s interface on a Ray cluster: each search is a Ray task (one CPU) on
    the cluster's workers, never in this process. `workers` bounds the searches this
    process has running there at once (the rest wait here, in order); `max_pending` as in
    `SearchPool`. Ray is connected to on first use (`ray.init(address=...)`)."""

    def __init__(self, address: str, workers: int, max_pending: int) -> None:
        self.address = address
        self.workers = max(1, workers)
        self.max_pending = max_pending
        self.pending = 0
        self._slots: asyncio.Semaphore | None = None
        self._task: Any = None
        self._connecting: asyncio.Lock | None = None

    async def _remote(self) -> Any:
        if self._connecting is None:
            self._connecting = asyncio.Lock()
        async with self._connecting:
            if self._task is None:
                import ray

                if not ray.is_initialized():
                    await asyncio.to_thread(
                        ray.init,
                        address=self.address,
                        ignore_reinit_error=True,
                        log_to_driver=False,
                        logging_level=logging.WARNING,
                    )
                self._task = ray.remote(num_cpus=1, max_retries=1)(_call)
        return self._task

    async def run(self, fn: Callable[..., T], *args: Any, may_refuse: bool = False) -> T:
        if may_refuse and self.pending >= self.max_pending:
            raise BusyError(f"{self.pending} searches are waiting; try again in a moment")
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.workers)
        self.pending += 1
        try:
            task = await self._remote()
            async with self._slots:
                result: T = await task.remote(fn, *args)
                return result
        finally:
            self.pending -= 1

    def close(self) -> None:
        if self._task is not None:
            import ray

            ray.shutdown()
            self._task = None


Pool = SearchPool | RayPool


def ray_available() -> bool:
    import importlib.util

    return importlib.util.find_spec("ray") is not None


def make_pool(workers: int, max_pending: int, ray_address: str | None = None) -> Pool:
    """A Ray pool when an address is given (Ray must be installed), else `workers` local
    worker processes."""
    if ray_address:
        if not ray_available():
            raise RuntimeError("--ray-address needs Ray: pip install 'ray[default]'")
        return RayPool(ray_address, workers, max_pending)
    return SearchPool(workers, max_pending)
