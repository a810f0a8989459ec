"""What one action costs each server process when its game's sockets are split over two
processes (issue 29): the process that takes the action (apply, judge, store, push its
seat's socket) and the one that holds the spectator (the action from its event, the
spectator's push). CPU seconds of this process, in-process, with SQLite; sockets are
queues whose texts are dropped, so neither the WebSocket nor its compression is counted.

    .venv/bin/python -m tools.push_cost --games 4
    .venv/bin/python -m tools.push_cost --games 4 --one   # both sockets on one process

Random TOKYO METRO games, seat 1 a person and seats 2-3 bots (`random`), as in
`tools/load_test.py`: every action is taken through the first table (`Table.act`) and
brought to the second from its event (`Table.apply_carried`), as a second process would.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from ekimae.games import find_game
from ekimae.server.clients import Client
from ekimae.server.store import Store, carry
from ekimae.server.tables import Tables

GAME = find_game("tokyo-metro")


def sink() -> Client:
    async def send(text: str) -> None:
        return None

    return Client(None, send)


async def one_game(
    store: Store, seed: int, spent: dict[str, float], count: dict[str, int], one: bool
) -> None:
    made = store.create(GAME, seed, {}, ["A", "B", "C"], [None, "random", "random"], [0, 1, 2],
                        host_seat=0)  # fmt: skip
    mine = await Tables(store, [], multi=True).get(made.id)
    theirs = await Tables(store, [], multi=True).get(made.id)
    assert mine is not None and theirs is not None
    seat_client, spectator = sink(), sink()
    seat_client.seat = 0
    await mine.subscribe(seat_client, 0)
    await (mine if one else theirs).subscribe(spectator, 0)
    rng = random.Random(seed)
    index = 0
    while not mine.state.is_terminal() and index < 300:
        seat = min(mine.state.current_players())
        action = rng.choice(mine.state.legal_actions(seat))
        started = time.process_time()
        await mine.act(seat, action, expected=index)
        await asyncio.sleep(0)  # the writers' turn (as the event loop gives it)
        spent["acting process"] += time.process_time() - started
        event: dict[str, Any] = {"k": "action", "n": index + 1, "r": mine.revision}
        if action.kind not in GAME.type.sealed:
            event.update(carry(seat, action.to_dict(), None))
        started = time.process_time()
        if action.kind in GAME.type.sealed:
            count["sealed"] += 1
        if "a" in event:
            await theirs.apply_carried(event)
        else:
            await theirs.sync(mine.revision)
        await asyncio.sleep(0)
        spent["spectator's process"] += time.process_time() - started
        assert theirs.revision == mine.revision
        count["actions"] += 1
        index += 1


async def run(games: int, one: bool) -> None:
    with tempfile.TemporaryDirectory(prefix="ekimae-push-") as tmp:
        store = Store(f"sqlite:///{Path(tmp) / 'games.db'}")
        spent = {"acting process": 0.0, "spectator's process": 0.0}
        count = {"actions": 0, "sealed": 0}
        try:
            for seed in range(games):
                await one_game(store, seed + 1, spent, count, one)
        finally:
            store.close()
    for who, seconds in spent.items():
        print(f"{who:22} {1000 * seconds / max(1, count['actions']):6.3f} ms CPU per action")
    print(f"{'actions (sealed)':22} {count['actions']} ({count['sealed']})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument(
        "--one", action="store_true", help="both sockets on the acting process (one process)"
    )
    args = parser.parse_args()
    asyncio.run(run(args.games, args.one))


if __name__ == "__main__":
    main()
