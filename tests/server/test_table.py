"""The server's centre (issue 29): a game's `Table` stores, pushes and then announces
`Committed` to its listeners; games load without a process-wide lock, once each; a
socket's outbox keeps order and closes a page that stopped reading."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest

from ekimae.games import find_game
from ekimae.server.clients import Client
from ekimae.server.config import sqlite_url
from ekimae.server.events import ACTION, UNDO, Committed
from ekimae.server.hub import Hub, RefusedError, Table
from ekimae.server.store import Loaded, Store
from ekimae.server.workers import SearchPool

BID = find_game("tokyo-metro").codec.from_dict({"type": "turn-bid", "amount": 300})


def _hub(tmp_path: Path, store: Store | None = None) -> Hub:
    return Hub(store or Store(sqlite_url(tmp_path / "data")), SearchPool(0, 8))


async def _people(hub: Hub, seats: int = 2) -> Table:
    game = find_game("tokyo-metro")
    names = [f"p{i}" for i in range(seats)]
    made = await hub.create(game, names, [None] * seats, 5, {}, host_seat=0)
    table = await hub.get(made.id)
    assert table is not None
    return table


def test_a_table_pushes_then_announces_each_change_in_order(tmp_path: Path) -> None:
    async def run() -> None:
        hub = _hub(tmp_path)
        heard: list[tuple[str, int, int | None, int]] = []
        pushed: list[str] = []

        def listen(table: Table, event: Committed) -> None:
            # By the time a listener hears of a change, every socket has it queued.
            heard.append((event.kind, event.count, event.seat, len(pushed)))

        hub.listen(listen)
        table = await _people(hub)

        async def sink(text: str) -> None:
            pushed.append(text)

        client = Client(0, sink)
        await hub.subscribe(table, client)
        await table.act(0, BID, expected=0)
        await asyncio.sleep(0.05)  # the outbox's writer sends
        assert await table.undo(0, expected=1) == 0
        await asyncio.sleep(0.05)
        assert [(k, n, s) for k, n, s, _ in heard] == [(ACTION, 1, 0), (UNDO, 0, None)]
        assert len(pushed) == 3  # the first push, the bid, the undo
        with pytest.raises(RefusedError):
            await table.act(0, BID, expected=5)
        assert len(heard) == 2, "a refused action announces nothing"
        await client.stop()
        await hub.close()

    asyncio.run(run())


def test_a_failing_listener_does_not_undo_a_stored_action(tmp_path: Path) -> None:
    async def run() -> None:
        hub = _hub(tmp_path)

        def broken(table: Table, event: Committed) -> None:
            raise RuntimeError("a listener's fault")

        hub.listen(broken)
        table = await _people(hub)
        assert await table.act(0, BID, expected=0) == 0
        assert len(table.record.actions) == 1
        assert hub.store.info(table.info.id).action_count == 1  # type: ignore[union-attr]
        await hub.close()

    asyncio.run(run())


class SlowStore(Store):
    """A store whose reads of one game wait until they are let go; counts every read."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.held: str | None = None
        self.go = threading.Event()
        self.reads: list[str] = []

    def load_from(self, game_id: str, start: int) -> Loaded | None:
        self.reads.append(game_id)
        if game_id == self.held:
            assert self.go.wait(10)
        return super().load_from(game_id, start)


def test_loading_a_game_blocks_no_other_game_and_reads_it_once(tmp_path: Path) -> None:
    async def run() -> None:
        store = SlowStore(sqlite_url(tmp_path / "data"))
        first = _hub(tmp_path, store)
        slow, quick = (await _people(first)).info.id, (await _people(first)).info.id
        await first.close()
        hub = _hub(tmp_path, store)  # a restart: nothing in memory
        store.held, store.reads = slow, []
        waiting = [asyncio.create_task(hub.get(slow)) for _ in range(5)]
        await asyncio.sleep(0.05)
        other = await asyncio.wait_for(hub.get(quick), 5)  # not behind the slow load
        assert other is not None and not any(t.done() for t in waiting)
        store.go.set()
        tables = await asyncio.gather(*waiting)
        assert all(t is tables[0] for t in tables), "one table for every request"
        assert store.reads.count(slow) == 1, "the record was read (and replayed) once"
        await hub.close()

    asyncio.run(run())


def test_an_outbox_keeps_order_and_closes_a_page_that_stopped_reading() -> None:
    async def run() -> None:
        sent: list[str] = []
        closed: list[int] = []
        stuck = asyncio.Event()

        async def send(text: str) -> None:
            if text == "stuck":
                await stuck.wait()
            sent.append(text)

        async def close(code: int, reason: str) -> None:
            closed.append(code)

        client = Client(None, send, close, outbox=3)
        assert all(client.put(t) for t in ("a", "b"))
        client.shut(4403, "withdrawn")
        assert not client.put("after")  # nothing after a close
        await client.stop()  # a queued close is still sent
        assert sent == ["a", "b"] and closed == [4403]

        slow = Client(None, send, close, outbox=2)
        assert slow.put("stuck")
        await asyncio.sleep(0.01)  # the writer is now blocked on the page
        assert slow.put("1") and slow.put("2")
        assert not slow.put("3"), "a full outbox: the page is too far behind"
        await asyncio.sleep(0.01)
        assert closed == [4403, 1013] and not slow.open
        stuck.set()
        await slow.stop()

    asyncio.run(run())


def test_a_re_read_reads_only_the_new_actions_when_nothing_was_taken_back(
    tmp_path: Path,
) -> None:
    async def run() -> None:
        hub = _hub(tmp_path)
        table = await _people(hub)
        gid, store = table.info.id, hub.store
        await table.act(0, BID, expected=0)
        held = store.load_from(gid, 1)
        assert held is not None and held.actions == [] and held.appends_only(1, 1)
        await table.act(1, BID, expected=1)
        later = store.load_from(gid, 1)
        assert later is not None and later.appends_only(1, 1) and len(later.actions) == 1
        # An undo and a redo leave the count as it was, but not the revision.
        table2 = await _people(hub)
        await table2.act(0, BID, expected=0)
        rev, count = table2.revision, 1
        await table2.undo(0, expected=1)
        await table2.act(0, BID, expected=0)
        moved = store.load_from(table2.info.id, count)
        assert moved is not None and moved.info.action_count == count
        assert not moved.appends_only(rev, count), "something was taken back: replay"
        await hub.close()

    asyncio.run(run())


def test_no_token_is_looked_up_on_the_event_loop(make_client: Any) -> None:
    """`seat_for_token` blocks (a database read): it runs in a worker thread."""
    from tests.server.conftest import create

    client = make_client()
    store = client.app.state.store
    on_loop: list[bool] = []
    real = store.seat_for_token

    def spy(game_id: str, token: str) -> int | None:
        try:
            asyncio.get_running_loop()
            on_loop.append(True)
        except RuntimeError:
            on_loop.append(False)
        return real(game_id, token)  # type: ignore[no-any-return]

    store.seat_for_token = spy
    game = create(client, [{"name": "Ann"}, {"name": "Ben"}])
    gid, token = game["id"], game["seats"][0]["token"]
    assert client.get(f"/api/games/{gid}", params={"token": token}).status_code == 200
    with client.websocket_connect(f"/ws/{gid}?token={token}") as ws:
        assert ws.receive_json()["seat"] == 0
    assert on_loop and not any(on_loop), on_loop
