"""TOKYO METRO's own figures for `ekimae bench`: the playouts its search bots run (random
ones with unchecked applies, and those of the `normal` and distilled policies, over the
shortlist `strong` and `expert` score and over every legal action as they did before)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from ekimae.bots.flat_search import playout
from ekimae.bots.tokyo_metro.rollout_policy import (
    Policy,
    normal_policy,
    shortlist_policy,
    weighted_policy,
)
from ekimae.bots.tokyo_metro.search_bots import DISTILLED
from ekimae.core.game import Game
from ekimae.games.tokyo_metro.game import GAME

NORMAL_SHARE = 10  # a `normal` playout costs some ten random ones: a tenth of the games


def extras(
    game: Game[Any],
    players: int,
    games: int,
    seed: int,
    options: Mapping[str, str] | None = None,
) -> dict[str, Callable[[], int]]:
    """Label -> work returning its operation count (timed by the generic bench), for a game
    with these options (map and card set, MOD-1)."""

    def rollouts() -> int:
        # What a searching bot does per iteration: clone the root, play out to the end
        # with listed actions (no re-check, `apply_unchecked`).
        root = GAME.new_state(players, seed, options)
        rng = random.Random(seed)
        for _ in range(games):
            state = root.clone()
            while not state.is_terminal():
                seat = state.current_players()[0]
                legal = state.legal_actions(seat)
                state.apply_unchecked(seat, legal[rng.randrange(len(legal))])
        return games

    def policy_playouts(policy: Policy) -> Callable[[], int]:
        def run() -> int:
            root = GAME.new_state(players, seed, options)
            rng = random.Random(seed)
            count = max(1, games // NORMAL_SHARE)
            for _ in range(count):
                playout(root.clone(), policy, rng)
            return count

        return run

    return {
        "search playouts/s (clone + unchecked random play to the end)": rollouts,
        # Every seat follows `normal`'s reckoning (strong) or the distilled one (expert),
        # over a shortlist of the legal actions (issue 33), or over every one (before).
        "normal-policy playouts/s (what strong plays out)": policy_playouts(shortlist_policy()),
        "distilled playouts/s (what expert plays out)": policy_playouts(
            shortlist_policy(DISTILLED)
        ),
        "normal-policy playouts/s, every action scored (strong before)": policy_playouts(
            normal_policy
        ),
        "distilled playouts/s, every action scored (expert before)": policy_playouts(
            weighted_policy(DISTILLED)
        ),
    }
