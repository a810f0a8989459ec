"""Issue 35: a rolling restart of two `ekimae serve` processes behind the shipped nginx site
on one PostgreSQL, while a game is played, loses no accepted action.

A player and a spectator are connected the way a game page is (static/live.js): on any
close but 4403 they reconnect through nginx, which sends them to whichever process
listens. Each process in turn is stopped with SIGTERM — as systemd stops a unit — while
the player acts, and started again. The graceful stop refuses new actions, finishes the
writes in flight and closes the sockets with 1012, so every action the player was told was
accepted (its `ack`) is in the database at the index it was given, none twice, and both
sockets came back.

The game is a practice seed's, whose game by first-legal moves is far longer than the
actions the test takes: a game that ended mid-test would leave nothing to act on while a
process stops (a random seed's game ends anywhere from a dozen actions to thousands).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import signal
import subprocess
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from ekimae.games import find_game
from ekimae.server.store import Store
from tests.server.test_deploy import NGINX, _schema_url, _stop, nginx_conf
from tools.load_test import HOST, free_port, kill_hard, start_server, wait_ready

pytestmark = pytest.mark.slow

STOPPING_LINE = "stopping: writes finished"
DURING_STOP = 150  # the most actions the player takes while a process is being restarted
AFTER_STOP = 20  # then on the other process, and at the end on the two new ones
# The most acks the test waits for (an action whose ack a stop cut off comes on top).
MOST_ACTIONS = 2 * (DURING_STOP + AFTER_STOP) + AFTER_STOP
# One seat of CHOCOLATE MILK, every action the first legal one: this seed's game lasts
# 4,047 actions (the test checks twice MOST_ACTIONS).
SEED = 23


@dataclass
class Page:
    """A game page's socket, reconnecting like live.js; `acting`: it takes its first legal
    action whenever it may, each with a fresh idempotency key."""

    url: str
    acting: bool
    budget: int = 0  # acts only while `acked` + in flight < budget
    acked: dict[str, int] = field(default_factory=dict)  # key -> index it was acked at
    sent: dict[str, Any] = field(default_factory=dict)  # key -> action
    closes: list[int] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    last: dict[str, Any] = field(default_factory=dict)
    done: threading.Event = field(default_factory=threading.Event)
    stop: threading.Event = field(default_factory=threading.Event)
    changed: threading.Condition = field(default_factory=threading.Condition)
    error: BaseException | None = None

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                try:
                    with connect(self.url, open_timeout=10) as ws:
                        self._play(ws)
                except ConnectionClosed as exc:
                    code = exc.rcvd.code if exc.rcvd is not None else 1006
                    assert code != 4403, "the seat's link was refused"
                    self.closes.append(code)
                except (InvalidHandshake, InvalidStatus, OSError):
                    self.stop.wait(0.2)  # nginx had nobody to send it to yet: again
        except BaseException as exc:
            self.error = exc
        finally:
            self._notify()

    def _play(self, ws: ClientConnection) -> None:
        waiting: str | None = None
        while not self.stop.is_set():
            if self.acting and not waiting and self.last and self._may_act():
                key = secrets.token_hex(8)
                action = self.last["legal"][0]["action"]
                self.sent[key] = action
                act = {"type": "act", "action": action, "seq": self.last["seq"], "key": key}
                ws.send(json.dumps(act))
                waiting = key
            try:
                msg = json.loads(ws.recv(timeout=0.5))
            except TimeoutError:
                continue
            if msg["type"] == "state":
                # At the end too it reads on, as live.js does: the push of the game's last
                # action comes before that action's `ack`.
                self.last = msg
                if msg["finished"]:
                    self.done.set()
            elif msg["type"] == "ack":
                assert waiting is not None, msg
                self.acked[waiting] = msg["index"]
                waiting = None
            elif msg["type"] == "error":
                self.refusals.append(msg["error"]["kind"])
                waiting = None
            self._notify()

    def _may_act(self) -> bool:
        return bool(self.last["legal"]) and len(self.acked) < self.budget

    def _notify(self) -> None:
        with self.changed:
            self.changed.notify_all()

    def wait_for(self, what: Any, timeout: float = 60) -> None:
        with self.changed:
            done = self.changed.wait_for(
                lambda: what() or self.error is not None or self.done.is_set(), timeout
            )
        assert self.error is None, self.error
        assert not self.done.is_set() or what(), "the game ended before the test's actions"
        assert done, (len(self.acked), self.closes, self.refusals, self.last.get("actions"))


@dataclass
class Deployment:
    url: str
    ports: list[int]
    procs: list[subprocess.Popen[bytes]]
    logs: list[Path]
    database_url: str
    tmp: Path

    def restart(self, i: int) -> None:
        """SIGTERM process `i` (as `systemctl restart` does), wait for it, start it again."""
        proc = self.procs[i]
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=60)
        self.procs[i] = _start(self.tmp, self.ports[i], self.database_url)
        wait_ready(self.procs[i], f"http://{HOST}:{self.ports[i]}", timeout=60)


def _start(tmp: Path, port: int, url: str) -> subprocess.Popen[bytes]:
    return start_server(
        tmp / f"data-{port}", port, database_url=url, extra=["--trusted-proxy", "127.0.0.1"]
    )


def _kill_all(found: Deployment) -> None:
    for proc in found.procs:
        kill_hard(proc)


@pytest.fixture
def deployment(tmp_path: Path) -> Iterator[Deployment]:
    assert Path(NGINX).exists(), "nginx is not installed: run `make services`"
    ports = [free_port(), free_port()]
    listen = free_port()
    with contextlib.ExitStack() as stack:
        url = stack.enter_context(contextlib.contextmanager(_schema_url)())
        procs = [_start(tmp_path, port, url) for port in ports]
        found = Deployment(
            f"http://{HOST}:{listen}",
            ports,
            procs,
            [tmp_path / f"server-{port}.log" for port in ports],
            url,
            tmp_path,
        )
        stack.callback(_kill_all, found)
        for proc, port in zip(procs, ports, strict=True):
            wait_ready(proc, f"http://{HOST}:{port}", timeout=60)
        conf = nginx_conf(tmp_path / "nginx", listen, ports)
        nginx = subprocess.Popen(
            [NGINX, "-p", str(tmp_path / "nginx"), "-c", str(conf), "-g", "daemon off;"],
            start_new_session=True,
        )
        stack.callback(_stop, nginx)
        wait_ready(nginx, found.url, timeout=20)
        yield found


def _first_legal_game_lasts(seed: int, actions: int) -> bool:
    game = find_game("chocolate-milk")
    state = game.new_state(1, seed, {})
    for _ in range(actions):
        if state.is_terminal():
            return False
        state.apply(0, state.legal_actions(0)[0])
    return True


def test_a_rolling_restart_during_a_game_loses_no_accepted_action(
    deployment: Deployment,
) -> None:
    assert _first_legal_game_lasts(SEED, 2 * MOST_ACTIONS)
    game = {"game": "chocolate-milk", "seats": [{"name": "Ann"}], "seed": SEED}
    with httpx.Client(base_url=deployment.url, timeout=30) as http:
        made = http.post("/api/games", json=game).json()
    gid, token = made["id"], made["me"]["token"]
    ws_base = deployment.url.replace("http://", "ws://")
    player = Page(f"{ws_base}/ws/{gid}?token={token}", acting=True)
    watcher = Page(f"{ws_base}/ws/{gid}", acting=False)
    threads = [threading.Thread(target=p.run, daemon=True) for p in (player, watcher)]
    for thread in threads:
        thread.start()
    try:
        for i in range(2):
            # The player acts all through process i's stop: some of its actions are in
            # flight when the SIGTERM lands, and it goes on through the other process.
            start = len(player.acked)
            player.budget = start + DURING_STOP
            player.wait_for(lambda: len(player.acked) >= start + 5)  # noqa: B023
            deployment.restart(i)
            reached = len(player.acked)
            player.budget = reached + AFTER_STOP
            player.wait_for(lambda: len(player.acked) >= reached + 5)  # noqa: B023
            player.budget = 0  # it waits while the next process is stopped
        # Then both processes are new: the player goes on, and the spectator sees it all.
        final = len(player.acked) + AFTER_STOP
        player.budget = final
        player.wait_for(lambda: len(player.acked) >= final)
        watcher.wait_for(lambda: watcher.last.get("actions") == player.last["actions"])
    finally:
        player.stop.set()
        watcher.stop.set()
        for thread in threads:
            thread.join(timeout=10)
    assert player.error is None and watcher.error is None

    # Every socket was closed by a stop (each was on one process or the other) with 1012,
    # the code the page reconnects on, and came back: the game went on through both.
    assert player.closes and watcher.closes, (player.closes, watcher.closes)
    assert set(player.closes + watcher.closes) == {1012}, player.closes + watcher.closes
    # Both processes stopped the graceful way.
    for log in deployment.logs:
        assert STOPPING_LINE in log.read_text(), log.read_text()[-2000:]
    # No accepted action lost, none applied twice: each acked key is stored at its index.
    store = Store(deployment.database_url)
    try:
        loaded = store.record(gid)
    finally:
        store.close()
    assert loaded is not None
    record, keys = loaded
    assert player.acked, "the player never acted"
    for key, index in player.acked.items():
        assert keys.get(key) == index, (key, index)
        assert record.actions[index][1].to_dict() == player.sent[key]
    assert len(set(player.acked.values())) == len(player.acked)
    assert len(record.actions) == player.last["actions"]
    assert set(player.refusals) <= {"stopping", "stale"}, player.refusals
