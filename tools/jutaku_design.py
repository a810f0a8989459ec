"""How TOKYO JUTAKU's data was designed (JU-1 DATA): writes the 69 building elements.

    .venv/bin/python tools/jutaku_design.py elements \
        > src/ekimae/games/tokyo_jutaku/data/elements.toml

The elements are every free polyomino of 1 to 6 unit squares (1 + 1 + 2 + 5 + 12 + 35 =
56: the cube, the 2-bar, the two 3-pieces, the five 4-pieces, the twelve 5-pieces, the
thirty-five 6-pieces) and 13 seven-square pieces without a hole, the most compact ones
(bounding box at most 4 × 3, then in canonical order), one floor high each: 69 shapes,
no two alike however they are turned or flipped. The parcel cards are written by
`tools/jutaku_cards.py` (they need the solver).
"""

from __future__ import annotations

import sys

from ekimae.games.jutaku_kit.geometry import canonical, normalise

PENTOMINO = "FILNPTUVWXYZ"
TETROMINO = {4: "I", 3: "L"}


def polyominoes(size: int) -> list[tuple[tuple[int, int], ...]]:
    """Every free polyomino of `size` squares, each as its canonical cells, sorted."""
    shapes: set[tuple[tuple[int, int], ...]] = {((0, 0),)}
    for _ in range(size - 1):
        grown = set()
        for shape in shapes:
            cells = set(shape)
            for x, y in shape:
                for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if n not in cells:
                        grown.add(canonical(normalise(cells | {n})))
        shapes = grown
    return sorted(shapes, key=lambda s: (_box(s), s))


def _box(cells: tuple[tuple[int, int], ...]) -> tuple[int, int]:
    w = max(x for x, _ in cells) + 1
    h = max(y for _, y in cells) + 1
    return (max(w, h), w * h)


def has_hole(cells: tuple[tuple[int, int], ...]) -> bool:
    w = max(x for x, _ in cells) + 3
    h = max(y for _, y in cells) + 3
    inside = {(x + 1, y + 1) for x, y in cells}
    outside = {(0, 0)}
    todo = [(0, 0)]
    while todo:
        x, y = todo.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= n[0] < w and 0 <= n[1] < h and n not in inside and n not in outside:
                outside.add(n)
                todo.append(n)
    return len(outside) + len(inside) < w * h


def rows(cells: tuple[tuple[int, int], ...]) -> list[str]:
    w = max(x for x, _ in cells) + 1
    h = max(y for _, y in cells) + 1
    return ["".join("#" if (x, y) in cells else "." for x in range(w)) for y in range(h)]


def elements() -> list[tuple[str, str, tuple[tuple[int, int], ...]]]:
    out = []
    for size in range(1, 7):
        for i, shape in enumerate(polyominoes(size), 1):
            out.append((f"{size}-{i:02d}", _name(size, i, shape), shape))
    sevens = [s for s in polyominoes(7) if not has_hole(s) and _box(s)[0] <= 4 and _box(s)[1] <= 12]
    for i, shape in enumerate(sevens[:13], 1):
        out.append((f"7-{i:02d}", f"seven-square piece {i}", shape))
    return out


def _name(size: int, i: int, shape: tuple[tuple[int, int], ...]) -> str:
    w = max(x for x, _ in shape) + 1
    h = max(y for _, y in shape) + 1
    if min(w, h) == 1:
        return f"{size}-bar" if size > 1 else "cube"
    if w * h == size:
        return f"{w}×{h} block"
    return f"{size}-square piece {i}"


def write_elements() -> str:
    lines = [
        "# TOKYO JUTAKU: the 69 building elements (JU-1 DATA), all different, one floor high.",
        "# Written by tools/jutaku_design.py (its docstring is the design): every free",
        "# polyomino of 1-6 squares and the 13 most compact 7-square ones without a hole.",
        "# `shape`: rows of the footprint on the card's unit grid, '#' a square, '.' none.",
        "",
    ]
    for ident, name, shape in elements():
        lines += ["[[elements]]", f'id = "{ident}"', f'name = "{name}"']
        lines.append("shape = [" + ", ".join(f'"{r}"' for r in rows(shape)) + "]")
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    if sys.argv[1:] != ["elements"]:
        raise SystemExit("usage: jutaku_design.py elements")
    print(write_elements(), end="")
