"""`ekimae serve --workers N` (several processes on one port) and the search pools
(`--bot-workers`, `--ray-address`): issue 21."""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from ekimae.games import find_game
from ekimae.server import cli, workers
from ekimae.server.workers import RayPool, SearchPool, bot_move, make_pool
from tests.server.conftest import POSTGRES_ENV, create
from tests.server.test_serve_cli import _refused, _serve
from tools.load_test import HOST, free_port, fresh_schema, wait_ready


def test_several_processes_on_sqlite_are_refused(tmp_path: Path) -> None:
    line = _refused(_serve("--workers", "2", "--data-dir", str(tmp_path)), "--workers 2")
    assert "PostgreSQL" in line and "SQLite serves one process" in line


def test_workers_out_of_range(tmp_path: Path) -> None:
    _refused(_serve("--workers", "0", "--data-dir", str(tmp_path)), "--workers 0")


def test_a_ray_address_without_ray_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workers, "ray_available", lambda: False)
    args = argparse.Namespace(workers=1, ray_address="auto")
    with pytest.raises(cli.ServeError, match="Ray is not installed"):
        cli.check_processes(args, "sqlite:///x.sqlite3")
    with pytest.raises(RuntimeError, match="needs Ray"):
        make_pool(1, 8, "auto")


def test_the_pool_is_ray_only_when_an_address_is_given() -> None:
    local = make_pool(2, 8)
    assert isinstance(local, SearchPool) and local.workers == 2
    remote = make_pool(3, 8, "ray://127.0.0.1:10001")
    assert isinstance(remote, RayPool)
    assert (remote.address, remote.workers, remote.max_pending) == ("ray://127.0.0.1:10001", 3, 8)


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


def test_two_processes_on_one_port_share_the_games(tmp_path: Path) -> None:
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.fail(f"{POSTGRES_ENV} is not set: run `make services && . .venv/services.env`")
    port = free_port()
    base = f"http://{HOST}:{port}"
    with fresh_schema(url) as db:
        log = (tmp_path / "serve.log").open("w")
        cmd = [sys.executable, "-m", "ekimae.cli.main", "serve", "--host", HOST]
        cmd += ["--port", str(port), "--database-url", db, "--workers", "2"]
        cmd += ["--bot-workers", "0", "--bot-delay", "0"]
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            wait_ready(proc, base)
            deadline = time.monotonic() + 120  # a hang bound only
            while len(_children(proc.pid)) < 2:  # uvicorn's supervisor and its two servers
                assert time.monotonic() < deadline, _children(proc.pid)
                time.sleep(0.2)
            with httpx.Client(base_url=base, timeout=10) as http:
                game = create(http, [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cy"}])
                gid, toks = game["id"], [s["token"] for s in game["seats"]]
                # Many connections: the kernel spreads them over both processes; each
                # request sees every earlier action, whichever process took it.
                for i in range(3):
                    with httpx.Client(base_url=base, timeout=10) as fresh:
                        res = fresh.post(
                            f"/api/games/{gid}/actions",
                            json={
                                "token": toks[i],
                                "action": {"type": "turn-bid", "amount": 0},
                                "expected": i,
                            },
                        )
                    assert res.json() == {"ok": True, "index": i}, res.text
                bots = http.post("/api/games", json={"seats": [{"bot": "random"}] * 3})
                bot_gid = bots.json()["id"]
                deadline = time.monotonic() + 120  # a hang bound only
                while not (other := httpx.get(f"{base}/api/games/{bot_gid}").json())["finished"]:
                    assert time.monotonic() < deadline, "the bots did not finish"
                    time.sleep(0.1)
                record = http.get(f"/api/games/{bot_gid}/record").json()
                assert len(record["actions"]) == other["actions"]
        finally:
            os.killpg(proc.pid, signal.SIGTERM)  # a clean stop of all of them
            proc.wait(timeout=30)
            log.close()
    text = (tmp_path / "serve.log").read_text()
    assert "2 server processes on one port" in text
    assert text.count("Application startup complete") == 2, text[-2000:]


@pytest.mark.slow
def test_a_search_runs_on_a_local_ray_instance() -> None:
    """A one-CPU local Ray instance (about 6 s to start on the 2-core development box)."""
    import ray

    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        game = find_game("tokyo-metro")
        state = game.new_state(3, 5, {})
        seat = state.current_players()[0]
        view, legal = state.view(seat), list(state.legal_actions(seat))
        pool = RayPool("local", 1, 4)
        move = ("tokyo-metro", "random", 11, view, legal, "11:0")

        async def both() -> tuple[object, object]:
            return await pool.run(bot_move, *move), await pool.run(bot_move, *move)

        on_ray, again = asyncio.run(both())
        assert on_ray == again == bot_move(*move)  # the same seeds: the same move
        assert on_ray in legal
    finally:
        ray.shutdown()
