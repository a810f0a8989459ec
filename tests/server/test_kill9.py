"""`ekimae serve` killed with SIGKILL mid-game and restarted loses no accepted action.

A real server subprocess on a free loopback port with its own SQLite data folder; every
action is sent over HTTP, so "accepted" means the client got its 200 back.
"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path
from typing import Any

import httpx

from tests.server.conftest import create
from tools.load_test import HOST, free_port, kill_hard, start_server, wait_ready

PEOPLE = [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cy"}]


def _state(http: httpx.Client, gid: str, token: str | None = None) -> dict[str, Any]:
    res = http.get(f"/api/games/{gid}", params={"token": token} if token else {})
    assert res.status_code == 200, res.text
    data: dict[str, Any] = res.json()
    data.pop("accepted_at")  # the server's clock reading, not game state
    return data


def _serve(data_dir: Path, port: int) -> subprocess.Popen[bytes]:
    # A small bot delay: the all-bot game is still running when the kill comes.
    proc = start_server(data_dir, port, bot_delay=0.02)
    wait_ready(proc, f"http://{HOST}:{port}")
    return proc


def test_kill_minus_nine_mid_game_loses_no_accepted_action(tmp_path: Path) -> None:
    data_dir, port = tmp_path / "data", free_port()
    base = f"http://{HOST}:{port}"
    proc = _serve(data_dir, port)
    try:
        with httpx.Client(base_url=base, timeout=10) as http:
            game = create(http, PEOPLE, seed=21)
            gid, toks = game["id"], [s["token"] for s in game["seats"]]
            accepted = 0
            for i in range(12):
                if i < 3:
                    action: Any = {"type": "turn-bid", "amount": 100 * i}
                    token = toks[i]
                else:
                    mover = _state(http, gid)["view"]["to_act"][0]
                    token = toks[mover]
                    action = _state(http, gid, token)["legal"][0]["action"]
                res = http.post(
                    f"/api/games/{gid}/actions",
                    json={"token": token, "action": action, "expected": accepted},
                )
                assert res.json() == {"ok": True, "index": accepted}, res.text
                accepted += 1
            views = {t: _state(http, gid, t) for t in [*toks, None]}
            # The bots' game starts last, so that it is under way at the kill however
            # slowly this machine ran the steps above (issue 28).
            bots = http.post("/api/games", json={"seats": [{"bot": "random"}] * 3, "seed": 5})
            bot_gid = bots.json()["id"]
            bot_seen = _state(http, bot_gid)["actions"]
            assert not _state(http, bot_gid)["finished"], "the bots finished before the kill"
    finally:
        kill_hard(proc)  # SIGKILL: no shutdown code runs
    assert proc.returncode == -9

    proc = _serve(data_dir, port)
    try:
        with httpx.Client(base_url=base, timeout=10) as http:
            for token, before in views.items():
                assert _state(http, gid, token) == before
            assert before["actions"] == accepted
            # The game goes on from there.
            mover = _state(http, gid)["view"]["to_act"][0]
            action = _state(http, gid, toks[mover])["legal"][0]["action"]
            res = http.post(
                f"/api/games/{gid}/actions",
                json={"token": toks[mover], "action": action, "expected": accepted},
            )
            assert res.json() == {"ok": True, "index": accepted}
            # The bots' game kept every move a client saw, and the bots resume it.
            assert _state(http, bot_gid)["actions"] >= bot_seen
            deadline = time.monotonic() + 60  # bounds a hang only
            while not _state(http, bot_gid)["finished"]:
                assert time.monotonic() < deadline, "the bots did not resume after the restart"
                time.sleep(0.1)
            record = http.get(f"/api/games/{bot_gid}/record").json()
            assert len(record["actions"]) == _state(http, bot_gid)["actions"]
    finally:
        kill_hard(proc)
