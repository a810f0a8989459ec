"""Where many independent bot games run: worker processes here, or a Ray cluster.

`tournament` and `balance` hand a list of tasks and a top-level function to one of these
and read the results as they finish (for the progress bar). Order is not kept by Ray;
callers that need it sort by seed.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

from ekimae.cli.common import UsageError, err_console
from ekimae.cli.progress import progress
from ekimae.i18n import _

T = TypeVar("T")
R = TypeVar("R")

Runner = Callable[[Callable[[T], R], list[T]], Iterator[R]]


def pool_runner(workers: int, chunksize: int = 1) -> Runner[T, R]:
    """Worker processes on this machine (one process: no pool at all)."""

    def runner(work: Callable[[T], R], tasks: list[T]) -> Iterator[R]:
        if workers == 1:
            yield from map(work, tasks)
            return
        with ProcessPoolExecutor(max_workers=workers) as pool:
            yield from pool.map(work, tasks, chunksize=chunksize)

    return runner


def ray_runner(address: str) -> Runner[T, R]:
    """Ray at `address`; ``local`` starts Ray in this process on this machine's cores."""
    try:
        import ray  # optional dependency, only for --ray-address
    except ImportError:
        raise UsageError(_("--ray-address needs Ray: pip install ray")) from None

    def runner(work: Callable[[T], R], tasks: list[T]) -> Iterator[R]:
        if address == "local":
            ray.init(num_cpus=os.cpu_count() or 1, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
        try:
            remote = ray.remote(work)
            pending = [remote.remote(task) for task in tasks]
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                yield from ray.get(done)
        finally:
            ray.shutdown()

    return runner


def make_runner(workers: int, ray_address: str | None, chunksize: int = 1) -> Runner[T, R]:
    if workers < 1:
        raise UsageError(_("--workers: expected at least 1, got {n}").format(n=workers))
    return ray_runner(ray_address) if ray_address else pool_runner(workers, chunksize)


def run_all(
    work: Callable[[T], R],
    tasks: list[T],
    workers: int,
    ray_address: str | None,
    chunksize: int = 1,
    label: str = "games",
) -> list[R]:
    """Every task's result (in the order they finish), with a progress bar on stderr."""
    runner: Runner[T, R] = make_runner(workers, ray_address, chunksize)
    results: list[R] = []
    with progress(err_console(), label, len(tasks)) as advance:
        for result in runner(work, tasks):
            results.append(result)
            advance()
    return results
