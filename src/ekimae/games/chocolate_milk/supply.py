"""Chance in CHOCOLATE MILK: the vending machine (CM-2 (a)) and the refills from the supply.

The supply lies on the table, so which drinks it holds is public; only the next draw is
unknown, and it comes from the game's seeded generator at the moment it is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence

from ekimae.core.rng import Rng
from ekimae.games.chocolate_milk.components import MilkData
from ekimae.games.jidohanbaiki.components import drink_id

DIE = 6  # CM-2: the seed's die rule uses a six-sided die over 6 Stock cards


def comes_out(data: MilkData, rng: Rng) -> bool:
    """CM-2 (a) DATA: the dropped drink comes out `machine.out` times in `machine.of`."""
    return rng.below(data.machine_of) < data.machine_out


def draw_bag(supply: Sequence[str], rng: Rng) -> str | None:
    """CM-2: a drink drawn at random from the supply (None if it is empty)."""
    if not supply:
        return None
    return sorted(supply)[rng.below(len(supply))]


def draw_die(data: MilkData, supply: Sequence[str], rng: Rng) -> str | None:
    """CM-2 (the seed's die rule): roll for the colour along the Colour cards, then for the
    shape along the Shape cards; a colour (or a drink of it) no longer in the supply moves
    on to the card to its right, wrapping round."""
    if not supply:
        return None
    first_colour, first_shape = rng.below(DIE), rng.below(DIE)
    return die_pick(data, supply, first_colour, first_shape)


def die_pick(data: MilkData, supply: Sequence[str], colour: int, shape: int) -> str | None:
    """The drink two rolls (0-based, left to right) give from `supply`, as `draw_die`."""
    there = set(supply)
    colours, shapes = data.colour_row, data.shape_row
    for c in range(len(colours)):
        key = colours[(colour + c) % len(colours)]
        for s in range(len(shapes)):
            drink = drink_id(key, shapes[(shape + s) % len(shapes)])
            if drink in there:
                return drink
    return None
