"""What it costs a server process to bring a game it holds one action on when another
process took that action (issue 29): re-reading the table, or applying the action the
event carries (`server.carried`). CPU seconds of this process (its threads included),
so the figure holds on a busy machine.

    source /work/main/.venv/services.env
    .venv/bin/python -m tools.relay_cost --games 6

Random TOKYO METRO games on a throw-away PostgreSQL schema: each action is stored as the
other process would store it, then the held table is brought on, alternately by a
re-read and from the event; the sealed turn bids (never carried) are re-read and counted
apart. No socket listens, so no push is counted: it is the same either way.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import time

from ekimae.games import find_game
from ekimae.server.config import normalise_url
from ekimae.server.store import Store, carry
from ekimae.server.tables import Tables
from tools.load_test import fresh_schema

GAME = find_game("tokyo-metro")
REREAD, CARRIED, SEALED = "re-read", "carried", "sealed (re-read)"


async def one_game(store: Store, seed: int, spent: dict[str, float], count: dict[str, int]) -> None:
    made = store.create(GAME, seed, {}, ["A", "B", "C"], [None] * 3, [0, 1, 2], host_seat=0)
    table = await Tables(store, [], multi=True).get(made.id)
    assert table is not None
    state = GAME.new_state(3, seed, {})  # the other process's copy, which takes the actions
    rng = random.Random(seed)
    index = 0
    while not state.is_terminal() and index < 200:
        seat = min(state.current_players())
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        to_act = list(state.current_players())
        revision = store.append_action(
            made.id, index, seat, action, to_act, state.is_terminal(), state.winner(), None,
            table.revision,
        )  # fmt: skip
        way = SEALED if action.kind in GAME.type.sealed else (REREAD, CARRIED)[index % 2]
        started = time.process_time()
        if way == CARRIED:
            wire = carry(seat, action.to_dict(), None)
            await table.apply_carried({"k": "action", "n": index + 1, "r": revision, **wire})
        else:
            await table.sync()
        spent[way] += time.process_time() - started
        count[way] += 1
        assert table.revision == revision and len(table.record.actions) == index + 1
        index += 1


async def run(url: str, games: int) -> None:
    store = Store(url)
    spent = dict.fromkeys((REREAD, CARRIED, SEALED), 0.0)
    count = dict.fromkeys(spent, 0)
    try:
        for seed in range(games):
            await one_game(store, seed + 1, spent, count)
    finally:
        store.close()
    for way, seconds in spent.items():
        each = 1000 * seconds / max(1, count[way])
        print(f"{way:18} {count[way]:5} actions  {each:6.3f} ms CPU each")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--database-url", default=os.environ.get("EKIMAE_TEST_POSTGRES_URL"))
    args = parser.parse_args()
    if not args.database_url:
        parser.error("needs --database-url postgresql://... (or EKIMAE_TEST_POSTGRES_URL)")
    with fresh_schema(args.database_url) as url:
        asyncio.run(run(normalise_url(url), args.games))


if __name__ == "__main__":
    main()
