"""The `builder` bot: a greedy packer of each floor (see the package)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ekimae.core.actions import Action
from ekimae.core.game import stamp
from ekimae.games.countdown.actions import Take
from ekimae.games.countdown.game import GAME
from ekimae.games.countdown.view import CountdownView, countdown_view
from ekimae.games.jutaku_kit.geometry import (
    GRID,
    HEIGHT,
    WIDTH,
    add,
    can_place,
    cells_of,
    neighbours,
)
from ekimae.games.jutaku_kit.view import own_seat

CANDIDATES = 24  # elements weighed per decision, smallest first: a choice in a few ms
Choice = tuple[str, int, int, int]  # element, turn, x, y


def _same(action: Action, kind: str, **fields: object) -> bool:
    return action.kind == kind and all(getattr(action, k) == v for k, v in fields.items())


def _find(legal: Sequence[Action], kind: str, **fields: object) -> Action | None:
    return next((a for a in legal if _same(a, kind, **fields)), None)


def _wasted(free: int, smallest: int) -> int:
    """Free cells in pockets smaller than the smallest element left."""
    wasted = 0
    while free:
        comp = free & -free
        while True:
            grown = comp | (neighbours(comp) & free)
            if grown == comp:
                break
            comp = grown
        free &= ~comp
        size = comp.bit_count()
        if size < smallest:
            wasted += size
    return wasted


class BuilderBot:
    """`pace_ms` (0: the rules' 1.5 s, CD RULING): the game time it leaves between its own
    grabs, placements and returns — a level of play for people (issue 30)."""

    name = "builder"

    def __init__(self, seed: int = 0, pace_ms: int = 0) -> None:
        self.seed = seed
        self.pace_ms = pace_ms

    def _paced(self, view: CountdownView, action: Action) -> Action:
        """The action dated `pace_ms` after the seat's last one (as listed if later)."""
        if not self.pace_ms:
            return action
        listed: int = action.at  # type: ignore[attr-defined]
        return stamp(action, max(listed, view["last_act"][own_seat(view)] + self.pace_ms))

    def choose(self, raw: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        done = next(a for a in legal if a.kind in ("done", "pick"))
        if done.kind == "pick":
            return done  # CD-1: the whole card is the border, every card builds alike
        view = countdown_view(raw)
        seat = own_seat(view)
        hand = view["hand"][seat]
        plan = self.plan(view, [hand] if hand else list(view["pool"]))
        if hand:
            if plan is None or plan[0] != hand:
                return _find(legal, "return", element=hand) or done
            _, turn, x, y = plan
            place = _find(legal, "place", element=hand, turn=turn, x=x, y=y)
            if place is None:
                return done
            paced = self._paced(view, place)
            end = view["deadline_ms"]
            return paced if end is None or paced.at < end else done  # type: ignore[attr-defined]
        if plan is None:
            return done
        # Time for a take and a place before the timer? Otherwise the floor is finished.
        take = _find(legal, "take", element=plan[0])
        end = view["deadline_ms"]
        if not isinstance(take, Take) or end is None:
            return done
        paced = self._paced(view, take)
        if paced.at + max(self.pace_ms, GAME.data.rules.hand_ms) > end:  # type: ignore[attr-defined]
            return done
        return paced

    def plan(self, view: CountdownView, pool: Sequence[str]) -> Choice | None:
        """The best (element, turn, x, y) on this round's floor, or None."""
        seat = own_seat(view)
        data = GAME.data
        z = view["round"] - 1
        floors: list[int] = []
        for ident, turn, x, y, fz in view["built"][seat]:
            for t, sx, sy, p in data.elements[str(ident)].spots:
                if (t, sx, sy) == (turn, x, y):
                    add(floors, int(fz), p)
        region = GRID if z == 0 else (floors[z - 1] if z - 1 < len(floors) else 0)
        current = floors[z] if z < len(floors) else 0
        elements = sorted((data.elements[e] for e in pool), key=lambda e: (e.size, e.id))
        room = (region & ~current).bit_count()
        best: tuple[tuple[int, int, int], Choice] | None = None
        for element in elements[:CANDIDATES]:
            if element.size > room:
                break
            rest = [e.size for e in elements if e.id != element.id]
            smallest = min(rest, default=99)
            for turn, x, y, p in element.spots:
                if p & ~region or can_place(floors, GRID, p) != z:
                    continue
                free = region & ~current & ~p
                hug = (neighbours(p) & ~(region & ~current)).bit_count() + _edges(p)
                key = (_wasted(free, smallest), -hug, element.size)
                if best is None or key < best[0]:
                    best = (key, (element.id, turn, x, y))
        return None if best is None else best[1]


def _edges(p: int) -> int:
    """Sides of `p` on the card's edge (they hug the border)."""
    return sum((x == 0) + (y == 0) + (x == WIDTH - 1) + (y == HEIGHT - 1) for x, y in cells_of(p))
