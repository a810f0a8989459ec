"""IZ-3.4 under JU-5: IZAKAYA's fast placement test (every spot at once, by bit masks)
says exactly what TOKYO JUTAKU's `can_place` says for every spot, on buildings of random
games."""

from __future__ import annotations

import random

from ekimae.games.izakaya.building import fits, spots
from ekimae.games.izakaya.game import GAME
from ekimae.games.jutaku_kit.elements import Element
from ekimae.games.jutaku_kit.geometry import can_place


def by_can_place(
    element: Element, plot: int, floors: list[int], top: int
) -> list[tuple[int, int, int, int]]:
    out = []
    for t, x, y, m in element.spots:
        z = can_place(floors, plot, m)
        if z is not None and z < top:
            out.append((t, x, y, z))
    return sorted(out, key=lambda s: (s[0], s[2], s[1]))


def test_iz_3_4_spots_and_fits_agree_with_ju_5() -> None:
    rng = random.Random(3)
    elements = list(GAME.data.jutaku.elements.values())
    checked = 0
    for seed in range(6):
        state = GAME.new_state(3, seed)
        while not state.is_terminal():
            seat = rng.choice(state.current_players())
            state.apply(seat, rng.choice(list(state.legal_actions(seat))))
            for space, plot, top, floors in [r for p in range(3) for r in state.rooms(p)]:
                cells = state.side(space).plots[plot].cells
                for element in rng.sample(elements, 4):
                    expected = by_can_place(element, cells, floors, top)
                    assert spots(element, cells, floors, top) == expected
                    assert fits(element, cells, floors, top) == bool(expected)
                    checked += 1
    assert checked > 300
