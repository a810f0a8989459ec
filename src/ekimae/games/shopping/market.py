"""What a crate pays when its owner leaves the shop (SH-3, SH-4): one concern, no state.

Kept apart from the turn so that the seed's worked exit example can be checked on the
arithmetic alone, and so that the page and bots can price a crate the way the engine does.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ekimae.games.shopping.components import FISH, ShoppingData


@dataclass(frozen=True, slots=True)
class Line:
    """One paid line of an exit: what, how many, the yen."""

    what: str
    count: int
    yen: int
    colour: str | None = None  # a Colour card's drinks: their colour
    fish: tuple[str, int] | None = None  # a fish token: (fish, face)


@dataclass(frozen=True, slots=True)
class Payout:
    lines: tuple[Line, ...]
    piles: tuple[str, ...]  # market piles that paid (each then loses ¥100, SH-3)
    colours: tuple[str, ...]  # Colour cards that paid (likewise)
    salmon: bool  # salmon were paid (SH-4: later salmon pay the lower price)

    @property
    def total(self) -> int:
        return sum(line.yen for line in self.lines)


def fish_token(fish: str, face: int) -> str:
    return f"{fish}-{face}"


def fish_of(token: str) -> tuple[str, int] | None:
    """("tuna", 15) for "tuna-15"; None for any other token."""
    kind, _, face = token.partition("-")
    if kind in FISH and face.isdigit():
        return kind, int(face)
    return None


def payout(
    data: ShoppingData,
    crate: Iterable[str],
    piles: Mapping[str, int],
    colours: Mapping[str, int],
    salmon_paid: bool,
) -> Payout:
    """SH-3/SH-4: every item at its market price now; each detergent doubles one garment
    (the best-paid ones: the choice any player makes); salmon at the first or later price;
    tuna and crabs at their printed number × ¥100; magazines and detergent pay nothing."""
    tokens = list(crate)
    lines: list[Line] = []
    paid_piles: dict[str, int] = {}
    paid_colours: dict[str, int] = {}
    garments: list[int] = []
    salmon = detergent = 0
    fish: list[tuple[str, int]] = []
    for token in tokens:
        if token in data.drinks.drinks:
            colour = data.drinks.drinks[token].colour
            paid_colours[colour] = paid_colours.get(colour, 0) + 1
            continue
        caught = fish_of(token)
        if caught is not None:
            fish.append(caught)
            continue
        item = data.items[token]
        if item.kind == "priced" and item.pile is not None:
            paid_piles[item.pile] = paid_piles.get(item.pile, 0) + 1
            if data.piles[item.pile].clothing:
                garments.append(piles[item.pile])
        elif item.kind == "salmon":
            salmon += 1
        elif item.kind == "detergent":
            detergent += 1
    for pile, count in paid_piles.items():
        lines.append(Line(data.piles[pile].name, count, count * piles[pile]))
    for colour, count in paid_colours.items():
        lines.append(Line(f"{colour} drink", count, count * colours[colour], colour=colour))
    doubled = sorted(garments, reverse=True)[:detergent]
    if doubled:
        lines.append(Line("detergent", len(doubled), sum(doubled)))
    if salmon:
        each = data.salmon_later if salmon_paid else data.salmon_first
        lines.append(Line("salmon", salmon, salmon * each))
    for kind, face in fish:
        lines.append(Line(f"{kind} {face}", 1, face * data.face_yen, fish=(kind, face)))
    return Payout(tuple(lines), tuple(paid_piles), tuple(paid_colours), salmon > 0)
