"""A bounded load test of TOKYO JUTAKU on loopback (issue 16): 8 people building at once.

    .venv/bin/python tools/jutaku_load.py                 # 1 game of 8 seats, 40 s
    .venv/bin/python tools/jutaku_load.py --games 2 --seconds 60

It starts the real server (as tools/load_test.py does: a subprocess on a free 127.0.0.1
port, a throw-away SQLite folder), creates games of 8 human seats (the host's seat and 7
claimed invitations), and plays every seat over its own WebSocket at full speed: each
grabs, places or returns as soon as the 2 s pace allows (JU-4 RULING), choosing among the
listed legal actions, and never calls Stop! (so the round goes on to its end). It prints
the latency from the server accepting an action (`accepted_at`, its wall clock) to the
LAST of the game's other screens having parsed the update (the whole table has seen it),
for every action and for placements alone, as p50 / p99 / max in ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tools.load_test import HOST, percentile, running_server

PACE = 2.0  # s: the rules' pace between one seat's hand actions (JU-4 RULING)


@dataclass
class Figures:
    table: dict[tuple[str, int], float] = field(default_factory=dict)  # slowest other screen
    kinds: dict[tuple[str, int], str] = field(default_factory=dict)
    sent: int = 0
    refused: list[str] = field(default_factory=list)


def _choose(msg: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    legal = msg["legal"]
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for item in legal:
        by_kind.setdefault(item["kind"], []).append(item["action"])
    for kind in ("start", "keep", "move", "place", "take", "return"):
        if kind in by_kind:
            return rng.choice(by_kind[kind])
    return None


async def _seat(
    base: str, url: str, stop: asyncio.Event, figures: Figures, rng: random.Random
) -> None:
    gid, token = url.split("/g/")[1].split("?t=")
    ws_url = base.replace("http", "ws") + f"/ws/{gid}?token={token}"
    next_at = 0.0  # this seat's next hand action (wall clock), after the 2 s pace
    first = True
    own = 0
    placed = 0
    latest: dict[str, Any] = {}
    async with websockets.connect(ws_url, max_size=None, open_timeout=10) as ws:
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=0.2)
            except TimeoutError:
                msg = None
            else:
                now = time.time()
                msg = json.loads(raw)
                if msg.get("type") == "error":
                    if msg["error"].get("kind") != "stale":
                        figures.refused.append(msg["error"]["message"])
                    continue
                if msg.get("type") != "state":
                    continue
                built = sum(len(b) for b in msg["view"]["built"])
                key = (gid, msg["actions"])
                if not first and built > placed:
                    figures.kinds[key] = "place"
                # This seat's own action (its count went up) is not "another screen".
                if not first and msg["seq"] == own and msg.get("accepted_at"):
                    figures.table[key] = max(figures.table.get(key, 0.0), now - msg["accepted_at"])
                first, latest, own, placed = False, msg, msg["seq"], built
            if first or stop.is_set():
                continue
            if time.time() < next_at or latest["finished"]:
                continue
            action = _choose(latest, rng)
            if action is None:
                continue
            action = dict(action)
            if action["type"] in ("take", "place", "return"):
                next_at = time.time() + PACE + 0.02
            else:
                next_at = time.time() + 0.3
            figures.sent += 1
            await ws.send(
                json.dumps(
                    {
                        "type": "act",
                        "action": action,
                        "seq": latest["seq"],
                        "key": str(uuid.uuid4()),
                    }
                )
            )


async def run(base: str, games: int, seconds: float, seed: int) -> Figures:
    figures = Figures()
    stop = asyncio.Event()
    tasks = []
    async with httpx.AsyncClient(base_url=base, timeout=10) as client:
        for g in range(games):
            res = await client.post(
                "/api/games",
                json={"game": "tokyo-jutaku", "seats": [{"name": f"P{i + 1}"} for i in range(8)]},
            )
            res.raise_for_status()
            game = res.json()
            urls = [game["me"]["url"]]
            for s in game["seats"][1:]:
                code = s["invite_url"].rsplit("/", 1)[1]
                claim = await client.post(f"/api/join/{code}", json={"name": f"P{s['seat'] + 1}"})
                claim.raise_for_status()
                urls.append(claim.json()["url"])
            for i, url in enumerate(urls):
                rng = random.Random(seed * 1000 + g * 10 + i)
                tasks.append(asyncio.create_task(_seat(base, url, stop, figures, rng)))
    await asyncio.sleep(seconds)
    stop.set()
    for result in await asyncio.gather(*tasks, return_exceptions=True):
        if isinstance(result, BaseException):
            figures.refused.append(f"a seat's connection failed: {result!r}")
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not 1 <= args.games <= 10 or not 5 <= args.seconds <= 300:
        parser.error("--games 1-10, --seconds 5-300 (a bounded test)")
    with tempfile.TemporaryDirectory() as tmp, running_server(Path(tmp) / "data") as (base, _pid):
        assert base.startswith(f"http://{HOST}:")
        figures = asyncio.run(run(base, args.games, args.seconds, args.seed))
    ms = {k: v * 1000 for k, v in figures.table.items()}
    places = [v for k, v in ms.items() if figures.kinds.get(k) == "place"]
    every = list(ms.values())
    print(f"games {args.games} × 8 seats, {args.seconds:.0f} s, actions sent {figures.sent}")
    for label, values in (("every action", every), ("placements", places)):
        print(
            f"{label}: n={len(values)}  p50 {percentile(values, 50):.1f} ms  "
            f"p99 {percentile(values, 99):.1f} ms  max {max(values, default=float('nan')):.1f} ms"
        )
    refusals = len(figures.refused)
    print(
        f"refused (other than stale): {refusals}"
        + (f" e.g. {figures.refused[0]}" if refusals else "")
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
