"""The lobby's picture of TOKYO JUTAKU and the titles built on its elements (issue 31):
a little building drawn from the elements' own shapes — a floor of elements on a 7 × 7
plot, a second floor on top — and whatever a title adds (COUNTDOWN's clock, BOTTLE
BONUS's drinks)."""

from __future__ import annotations

from ekimae.games.tokyo_jutaku.game import GAME

DATA = GAME.data
SQUARE = 14
# The floors of the picture: (element id, orientation, x, y) on the plot; the elements
# are the data's, their cells the data's orientations.
FLOOR_1 = (("5-02", 0, 0, 0), ("6-03", 0, 3, 0), ("4-01", 0, 0, 3), ("6-10", 0, 3, 3))
FLOOR_2 = (("3-01", 0, 1, 1), ("4-02", 0, 3, 2))
HUES = (200, 30, 120, 280, 350, 60)


def _cells(ident: str, turn: int) -> list[tuple[int, int]]:
    shapes = DATA.elements[ident].shapes
    return sorted(shapes[turn % len(shapes)])


def building_svg(extra: str = "", width: int = 220) -> str:
    """Two floors of elements on a plot, the second lifted and shaded; `extra` is drawn
    on the right (x from 120)."""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} 120" role="img">',
        '<rect x="2" y="2" width="108" height="108" rx="6" fill="#cfd6dc"/>',
    ]
    for floor, placed in enumerate((FLOOR_1, FLOOR_2)):
        lift = floor * 6
        for k, (ident, turn, x0, y0) in enumerate(placed):
            if ident not in DATA.elements:
                continue
            hue = HUES[(k + 2 * floor) % len(HUES)]
            for cx, cy in _cells(ident, turn):
                x = 6 + (x0 + cx) * SQUARE - lift
                y = 6 + (y0 + cy) * SQUARE - lift
                parts.append(
                    f'<rect x="{x}" y="{y}" width="{SQUARE - 1}" height="{SQUARE - 1}" '
                    f'fill="hsl({hue} 55% {70 - 18 * floor}%)" stroke="#333" stroke-width=".6"/>'
                )
    parts.append(extra)
    parts.append("</svg>")
    return "".join(parts)
