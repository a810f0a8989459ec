"""`normal`: one ply of IZAKAYA judged by `evaluate.advantage`, with a builder's rules.

- Bids (IZ-2): nothing — a bid is yen lost, and turn order is worth little to it.
- A disc (IZ-3): every bottle, price move and claim is tried on a copy and judged by the
  advantage it leaves; a build is judged by the floor it adds (the best card's drinks
  times one floor, if the element can rise a floor somewhere, IZ-3.4).
- Building: the smallest element that rises a floor on the card worth most; placed on the
  highest floor it reaches there (JU-5), where the building is worth most.
- Ties are broken by the seat's own random stream.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ekimae.bots.izakaya.evaluate import advantage, card_worth
from ekimae.core.actions import Action
from ekimae.games.izakaya.actions import Bid, Build, Free, Pass, Place
from ekimae.games.izakaya.building import spots
from ekimae.games.izakaya.game import GAME
from ekimae.games.izakaya.state import IzakayaState
from ekimae.games.izakaya.view import izakaya_view, own_seat


def state_of(view: Mapping[str, Any]) -> IzakayaState:
    """The position the view shows (others' sealed bids drawn: a bot never reads them)."""
    seen = izakaya_view(view)
    return GAME.determinize(seen, own_seat(seen), 0)


def rise(state: IzakayaState, seat: int, element: str) -> tuple[float, Place | None]:
    """The best placement of `element` for the seat: (drinks × the new floor it adds, or
    a small worth if it adds none, the placement)."""
    found = state.data.jutaku.elements[element]
    best: tuple[float, Place | None] = (-1.0, None)
    for space, plot, top, floors in state.rooms(seat):
        worth = card_worth(state, space)
        cells = state.side(space).plots[plot].cells
        for t, x, y, z in spots(found, cells, floors, top):
            gain = worth if z == len(floors) else 0.01 * worth
            if gain > best[0]:
                best = (gain, Place(space, plot, t, x, y))
    return best


def rank(
    state: IzakayaState, seat: int, legal: Sequence[Action], rng: random.Random
) -> list[Action]:
    """The legal actions, best first by one ply of the advantage."""
    if isinstance(legal[0], Bid):
        return sorted(legal, key=lambda a: a.amount)  # type: ignore[attr-defined]
    if isinstance(legal[0], Place | Free):
        pending = state.pending
        assert pending is not None
        if pending[0] == "place":
            place = rise(state, seat, pending[1])[1]
            return [place] + [a for a in legal if a != place] if place else list(legal)
        return _by_size(state, seat, [a.element for a in legal if isinstance(a, Free)], Free)
    base = advantage(state, seat)
    scored: list[tuple[float, float, Action]] = []
    builds = [a.element for a in legal if isinstance(a, Build)]
    best_build = _by_size(state, seat, builds, Build)
    for action in best_build[:1]:
        gain = rise(state, seat, action.element)[0]  # type: ignore[attr-defined]
        scored.append((gain, rng.random(), action))
    for action in legal:
        if isinstance(action, Build | Pass):
            continue
        trial = state.clone()
        trial.apply(seat, action)
        scored.append((advantage(trial, seat) - base, rng.random(), action))
    if not scored:
        return list(legal)
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [a for _, _, a in scored]


def _by_size(
    state: IzakayaState, seat: int, elements: list[str], kind: type[Build] | type[Free]
) -> list[Action]:
    """Elements that rise a floor first, the smallest first (they keep the top open)."""
    sized = []
    for e in elements:
        gain = rise(state, seat, e)[0]
        sized.append((-gain, state.data.jutaku.elements[e].size, e))
    sized.sort()
    return [kind(e) for _, _, e in sized]


class NormalBot:
    name = "normal"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        state = state_of(view)
        return rank(state, own_seat(izakaya_view(view)), legal, rng)[0]
