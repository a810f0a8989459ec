"""Which process runs a game's bots (issue 21), and what asking costs (issue 29): a process
that another one held the lease against does not ask again for a whole lease, nor start
a bot task for each change it hears of meanwhile; a lease the sweep finds free is asked
for at once."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from ekimae.server.leases import Leases


class Held:
    """The lease table of a database another process wrote first."""

    def __init__(self, free: bool) -> None:
        self.free, self.asked = free, 0

    def take_lease(self, game_id: str, holder: str, seconds: float) -> bool:
        self.asked += 1
        return self.free


def table() -> Any:
    return SimpleNamespace(info=SimpleNamespace(id="g1"), lease_until=0.0)


def test_a_refused_lease_is_not_asked_for_again_for_a_whole_lease() -> None:
    store = Held(free=False)
    leases = Leases(store, "p2", 60.0, multi=True)  # type: ignore[arg-type]
    game = table()
    assert not leases.elsewhere(game)  # never asked: it may be free
    assert not asyncio.run(leases.hold(game))
    assert leases.elsewhere(game)  # its bots run in the holder: no task here
    assert not asyncio.run(leases.hold(game)) and store.asked == 1  # no second write
    store.free = True
    leases.forget("g1")  # the sweep found it free
    assert not leases.elsewhere(game)
    assert asyncio.run(leases.hold(game)) and store.asked == 2
    assert not leases.elsewhere(game)  # held here now


def test_one_process_alone_holds_every_lease() -> None:
    store = Held(free=False)
    leases = Leases(store, "p1", 60.0, multi=False)  # type: ignore[arg-type]
    assert asyncio.run(leases.hold(table())) and not leases.elsewhere(table())
    assert store.asked == 0
