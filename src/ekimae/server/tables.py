"""The games this process holds in memory, found by id; a game not in memory is loaded.

Loading holds no process-wide lock: each game id has at most one load in flight (a task,
replaying the record once in a worker thread), which every request for that game awaits,
while requests for every other game go on. A load that fails (a record an older engine
wrote that no longer replays) fails each waiting request, and the next request tries again.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from ekimae.games import find_game
from ekimae.server.errors import RefusedError
from ekimae.server.store import Store
from ekimae.server.table import Gate, Listener, Table
from ekimae.server.undoing import replay_verdict


class TableGate(Gate):
    """One table's gate: the process's (shut by a graceful stop), and shut for good once
    the admin closed the game (`GameInfo.closed`, re-read with the game's info)."""

    def __init__(self, process: Gate, table: Table) -> None:  # no super(): `open` is read
        self.process = process
        self.table = table

    @property
    def open(self) -> bool:
        return self.process.open and not self.table.info.closed

    @open.setter
    def open(self, value: bool) -> None:
        self.process.open = value

    def check(self) -> None:
        self.process.check()
        if self.table.info.closed:
            raise RefusedError(
                "closed", "an administrator closed this game: it takes no more actions", status=409
            )


class Tables:
    def __init__(
        self,
        store: Store,
        listeners: list[Listener],
        multi: bool,
        on_load: Callable[[Table], None] = lambda table: None,
    ) -> None:
        self.store = store
        self.listeners = listeners
        self.multi = multi
        self.on_load = on_load
        self.held: dict[str, Table] = {}
        self.gate = Gate()  # shut when the process stops (`Hub.drain`)
        self._loading: dict[str, asyncio.Task[Table | None]] = {}

    def all(self) -> list[Table]:
        return list(self.held.values())

    async def get(self, game_id: str) -> Table | None:
        table = self.held.get(game_id)
        if table is not None:
            return table
        loading = self._loading.get(game_id)
        if loading is None:
            loading = self._loading[game_id] = asyncio.create_task(self._load(game_id))
        # Shielded: a request that goes away (a closed socket) does not cancel the load
        # the others wait for.
        return await asyncio.shield(loading)

    def _read(self, game_id: str) -> Table | None:
        """The game from the database, replayed once (blocking: in a worker thread)."""
        loaded = self.store.load_from(game_id, 0)
        if loaded is None:
            return None
        claimed = [s.claimed for s in self.store.seats(game_id)]
        record = loaded.record()
        state, verdict = replay_verdict(record, find_game(record.game), loaded.info.bots)
        table = Table(
            self.store,
            loaded.info,
            record,
            state,
            verdict,
            loaded.keys,
            claimed,
            listeners=self.listeners,
            multi=self.multi,
            gate=self.gate,
        )
        table.gate = TableGate(self.gate, table)
        return table

    async def _load(self, game_id: str) -> Table | None:
        try:
            table = await asyncio.to_thread(self._read, game_id)
        finally:
            del self._loading[game_id]
        if table is not None:
            self.held[game_id] = table
            self.on_load(table)
        return table

    def drop(self, game_id: str) -> Table | None:
        """Forget a game (the admin deleted it); its table, if this process held it."""
        return self.held.pop(game_id, None)

    async def fresh(self, game_id: str) -> Table | None:
        """`get`, but with several processes first compare the held game with the table
        (one indexed read) and re-read it if another process moved it on: for a page
        load, a GET, a (re)connecting socket."""
        table = await self.get(game_id)
        if table is None or not self.multi:
            return table
        revs = await asyncio.to_thread(self.store.revisions, [game_id])
        if revs.get(game_id, table.revision) != table.revision or table.dirty:
            await table.sync()
        return table
