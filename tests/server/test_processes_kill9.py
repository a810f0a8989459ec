"""Three `ekimae serve` processes on one PostgreSQL, clients spread over them, bots
playing; one process is killed with SIGKILL mid-game (issue 21).

Each process listens on its own loopback port (as behind a load balancer). Accepted means
the client got its 200 back: no such action is lost, every socket on the other processes
was pushed it, the dead process's clients reconnect to another and resume there, and the
bots of the game the dead process ran are taken over once its lease expires.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from tests.server.conftest import POSTGRES_ENV, create
from tools.load_test import HOST, free_port, fresh_schema, kill_hard, start_server, wait_ready

PEOPLE = [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cy"}]


class Socket:
    """A WebSocket client that keeps every state push it gets."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.counts: list[int] = []
        self.closed = asyncio.Event()
        self.task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        try:
            async with websockets.connect(self.url, max_size=None, open_timeout=10) as ws:
                async for raw in ws:
                    message = json.loads(raw)
                    if message.get("type") == "state":
                        self.counts.append(message["actions"])
        except (OSError, websockets.ConnectionClosed):
            pass
        finally:
            self.closed.set()

    async def sees(self, count: int, timeout: float = 8) -> None:
        deadline = time.monotonic() + timeout
        while count not in self.counts:
            assert time.monotonic() < deadline, f"{self.url}: never saw {count} ({self.counts})"
            await asyncio.sleep(0.02)

    async def reaches(self, count: int, timeout: float = 8) -> None:
        """A push of `count` actions or more: a game its bots play on their own may pass
        several actions between two pushes (a push is the whole latest view)."""
        deadline = time.monotonic() + timeout
        while not any(c >= count for c in self.counts):
            assert time.monotonic() < deadline, f"{self.url}: never reached {count} ({self.counts})"
            await asyncio.sleep(0.02)

    async def close(self) -> None:
        self.task.cancel()
        await asyncio.gather(self.task, return_exceptions=True)


def _state(base: str, gid: str, token: str | None = None) -> dict[str, Any]:
    res = httpx.get(f"{base}/api/games/{gid}", params={"token": token} if token else {})
    assert res.status_code == 200, res.text
    data: dict[str, Any] = res.json()
    data.pop("accepted_at")
    return data


async def _play(bases: list[str], gid: str, toks: list[str], start: int, n: int) -> None:
    """`n` actions of the people's game, each through the next process in turn."""
    for i in range(start, start + n):
        base = bases[i % len(bases)]
        if i < 3:
            action: Any = {"type": "turn-bid", "amount": 100 * i}
            token = toks[i]
        else:
            mover = (await asyncio.to_thread(_state, base, gid))["view"]["to_act"][0]
            token = toks[mover]
            action = (await asyncio.to_thread(_state, base, gid, token))["legal"][0]["action"]
        async with httpx.AsyncClient(base_url=base, timeout=10) as http:
            res = await http.post(
                f"/api/games/{gid}/actions",
                json={"token": token, "action": action, "expected": i},
            )
        assert res.json() == {"ok": True, "index": i}, res.text


def test_kill_minus_nine_one_of_three_processes_loses_nothing(tmp_path: Path) -> None:
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.fail(f"{POSTGRES_ENV} is not set: run `make services && . .venv/services.env`")
    with fresh_schema(url) as db:
        ports = [free_port() for _ in range(3)]
        procs = [start_server(tmp_path, p, bot_delay=0.05, database_url=db) for p in ports]
        bases = [f"http://{HOST}:{p}" for p in ports]
        try:
            for proc, base in zip(procs, bases, strict=True):
                wait_ready(proc, base)
            with httpx.Client(base_url=bases[0], timeout=10) as http:
                game = create(http, PEOPLE, seed=21)
            with httpx.Client(base_url=bases[1], timeout=10) as http:
                # Created on process 1: its bots start there (process 1 takes the lease).
                res = http.post("/api/games", json={"seats": [{"bot": "random"}] * 3, "seed": 4})
                bot_gid = res.json()["id"]
            asyncio.run(_scenario(bases, procs, game, bot_gid))
        finally:
            for proc in procs:
                kill_hard(proc)


async def _scenario(bases: list[str], procs: list[Any], game: dict[str, Any], bot_gid: str) -> None:
    gid, toks = game["id"], [s["token"] for s in game["seats"]]
    ws = [b.replace("http://", "ws://") for b in bases]
    ann = Socket(f"{ws[0]}/ws/{gid}?token={toks[0]}")
    ben = Socket(f"{ws[1]}/ws/{gid}?token={toks[1]}")
    watcher = Socket(f"{ws[2]}/ws/{gid}")
    bot_watcher = Socket(f"{ws[0]}/ws/{bot_gid}")
    try:
        for sock in (ann, ben, watcher):
            await sock.sees(0)
        # Six actions, each through the next process: every socket sees every one.
        await _play(bases, gid, toks, 0, 6)
        for n in range(1, 7):
            for sock in (ann, ben, watcher):
                await sock.sees(n)
        await bot_watcher.reaches(5)  # the bots play (on process 1), process 0 pushes it
        kill_hard(procs[1])  # SIGKILL mid-game: no shutdown code runs, no lease released
        assert procs[1].returncode == -9
        await asyncio.wait_for(ben.closed.wait(), 5)
        seen_bots = max(bot_watcher.counts)
        # Ben's page reconnects, to another process: it resumes at the last accepted action.
        ben = Socket(f"{ws[2]}/ws/{gid}?token={toks[1]}")
        await ben.sees(6)
        live = [bases[0], bases[2]]
        await _play(live, gid, toks, 6, 6)
        for sock in (ann, ben, watcher):
            await sock.sees(12)
        # Every seat's view is the same from both live processes.
        for token in [*toks, None]:
            views = [await asyncio.to_thread(_state, b, gid, token) for b in live]
            assert views[0] == views[1] and views[0]["actions"] == 12
        # The dead process's bots: taken over once its lease expired; the game finishes,
        # with every move a client saw before the kill still in its record.
        deadline = time.monotonic() + 120  # a hang bound only (docs/testing.md, rule 4)
        while not (final := await asyncio.to_thread(_state, bases[0], bot_gid))["finished"]:
            assert time.monotonic() < deadline, "nobody took over the dead process's bots"
            await asyncio.sleep(0.2)
        assert final["actions"] >= seen_bots
        async with httpx.AsyncClient(base_url=bases[2], timeout=10) as http:
            record = (await http.get(f"/api/games/{bot_gid}/record")).json()
        assert len(record["actions"]) == final["actions"]
        # The bot watcher on process 0 was pushed every action, in order, to the end.
        await bot_watcher.sees(final["actions"])
        assert bot_watcher.counts == sorted(bot_watcher.counts)
    finally:
        for sock in (ann, ben, watcher, bot_watcher):
            await sock.close()
