"""What judging an action for undo costs (`core.undo.apply_judged`), per title; prints figures.

    .venv/bin/python tools/undo_cost.py [--games 4] [--samples 4]

Random playouts (seats cycling through each title's range); every action is applied once
plainly and once judged, on clones of the same position, and the CPU time of each is
summed (`time.process_time`, so other processes on the machine do not count). The server
judges every accepted action of a person's seat in a game that is not real-time.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from ekimae.core.game import Game
from ekimae.core.undo import SAMPLES, apply_judged
from ekimae.games import games


def measure(game: Game[Any], count: int, samples: int) -> dict[str, float]:
    plain = judged = 0.0
    actions = final = 0
    low, high = game.type.min_seats, game.type.max_seats
    for seed in range(count):
        seats = low + seed % (high - low + 1)
        rng = random.Random(seed)
        state = game.new_state(seats, seed)
        while not state.is_terminal():
            seat = rng.choice(state.current_players())
            action = rng.choice(list(state.legal_actions(seat)))
            one, two = state.clone(), state.clone()
            start = time.process_time()
            one.apply(seat, action)
            middle = time.process_time()
            why = apply_judged(game, two, seat, action, seed=actions, samples=samples)
            end = time.process_time()
            plain += middle - start
            judged += end - middle
            actions += 1
            final += why is not None
            state = one
    return {
        "actions": actions,
        "final": final,
        "apply_ms": 1000 * plain / actions,
        "judged_ms": 1000 * judged / actions,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="playouts per title")
    parser.add_argument("--samples", type=int, default=SAMPLES, help="determinizations")
    args = parser.parse_args()
    print(f"{'title':16} {'actions':>8} {'final':>6} {'apply ms':>9} {'judged ms':>10}")
    for name, game in games().items():
        got = measure(game, args.games, args.samples)
        print(
            f"{name:16} {got['actions']:8.0f} {got['final']:6.0f}"
            f" {got['apply_ms']:9.3f} {got['judged_ms']:10.3f}"
        )


if __name__ == "__main__":
    main()
