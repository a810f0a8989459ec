"""How TOKYO JUTAKU's 36 parcel cards were designed (JU-1 DATA): writes data/cards.toml.

    .venv/bin/python tools/jutaku_cards.py > src/ekimae/games/tokyo_jutaku/data/cards.toml

Eight real Tokyo districts of four cards and the four Roppongi bonus cards, each named
after a neighbourhood of its district. Each side's plots are drawn from a seeded random
generator on the card's 7 × 7 unit grid and kept only if the solver builds them:

- blue (easy): one wide border (a 4-6 × 4-6 rectangle with a notch or two), or on
  every third card two borders side by side; 1-3 floors, 3-7 elements;
- white (hard): a tighter border (3-5 × 3-5, more notches, a hole inside on every
  other card), or two narrow borders; 2-4 floors, 5-10 elements; Roppongi's white
  sides ask one floor more;
- the yen: `solver.yen_for(floors, elements, positions)`, the positions being the
  solver's search before its first building in the easier border (one chooses, JU-3).

A side whose plots the solver cannot build within its budget is drawn again: no card
is printed that nobody can build.
"""

from __future__ import annotations

import random

from ekimae.core.data import read_toml
from ekimae.games.jutaku_kit.geometry import HEIGHT, WIDTH, is_connected, mask
from ekimae.games.jutaku_kit.parcels import parse_elements
from ekimae.games.tokyo_jutaku.components import PACKAGE, parse_rules
from ekimae.games.tokyo_jutaku.solver import solve, yen_for

NAMES = {
    "ikebukuro": ["Higashi-Ikebukuro", "Nishi-Ikebukuro", "Minami-Ikebukuro", "Zoshigaya"],
    "ueno": ["Yanaka", "Nezu", "Okachimachi", "Ueno-Koen"],
    "asakusa": ["Kaminarimon", "Kuramae", "Hanakawado", "Senzoku"],
    "shinjuku": ["Kabukicho", "Nishi-Shinjuku", "Okubo", "Yotsuya"],
    "akihabara": ["Sotokanda", "Sakumacho", "Iwamotocho", "Suehirocho"],
    "shibuya": ["Dogenzaka", "Udagawacho", "Jinnan", "Sakuragaoka"],
    "ginza": ["Yurakucho", "Tsukiji", "Shimbashi", "Higashi-Ginza"],
    "shinagawa": ["Gotanda", "Osaki", "Takanawa", "Tennozu"],
    "roppongi": ["Azabu-Juban", "Nishi-Azabu", "Akasaka", "Toranomon"],
}
SEED = 16  # issue 16


Plot = tuple[set[tuple[int, int]], set[tuple[int, int]]]


def blob(rng: random.Random, x0: int, y0: int, w: int, h: int, cuts: int, hole: bool) -> Plot:
    cells = {(x, y) for x in range(x0, x0 + w) for y in range(y0, y0 + h)}
    edge = [c for c in sorted(cells) if c[0] in (x0, x0 + w - 1) or c[1] in (y0, y0 + h - 1)]
    for _ in range(cuts):
        c = rng.choice(edge)
        if c in cells and len(cells) > 4 and is_connected(frozenset(cells - {c})):
            cells.discard(c)
    holes = set()
    inner = [c for c in sorted(cells) if c not in edge]
    if hole and inner:
        c = rng.choice(inner)
        if is_connected(frozenset(cells - {c})):
            cells.discard(c)
            holes.add(c)
    return cells, holes


def rows(plot: Plot) -> list[str]:
    cells, holes = plot
    return [
        "".join("#" if (x, y) in cells else "o" if (x, y) in holes else "." for x in range(WIDTH))
        for y in range(HEIGHT)
    ]


def side(
    rng: random.Random, hard: bool, two: bool, extra_floor: int
) -> tuple[int, int, int, list[Plot]]:
    elements = list(parse_elements(read_toml("elements.toml", PACKAGE)).values())
    while True:
        if two:
            plots = []
            for x0 in (0, 4):
                w = 3
                h = rng.randint(4, 6) if not hard else rng.randint(3, 5)
                plots.append(
                    blob(rng, x0, rng.randint(0, HEIGHT - h), w, h, rng.randint(0, 2), False)
                )
        else:
            w = rng.randint(4, 6) if not hard else rng.randint(3, 5)
            h = rng.randint(4, 6) if not hard else rng.randint(3, 5)
            x0, y0 = (WIDTH - w) // 2, (HEIGHT - h) // 2
            cuts = rng.randint(0, 2) if not hard else rng.randint(1, 4)
            plots = [blob(rng, x0, y0, w, h, cuts, hard and rng.random() < 0.5)]
        floors = (rng.randint(1, 3) if not hard else rng.randint(2, 4)) + extra_floor
        count = rng.randint(max(3, floors), 7) if not hard else rng.randint(max(5, floors + 1), 10)
        nodes = []
        for cells, _ in plots:
            found = solve(mask(cells), floors, count, elements, budget=20_000)
            nodes.append(found.nodes if found.steps is not None else None)
        if any(n is None for n in nodes):
            continue
        best = min(n for n in nodes if n is not None)
        return floors, count, yen_for(floors, count, best), plots


def numeral(n: int) -> str:
    return "V" * (n // 5) + "/" * (n % 5)


def main() -> None:
    rng = random.Random(SEED)
    rules = parse_rules(read_toml("rules.toml", PACKAGE))
    out = [
        "# TOKYO JUTAKU: the 36 two-sided parcel cards (JU-1 DATA), written by",
        "# tools/jutaku_cards.py (its docstring is the design; the yen follow the solver).",
        "# A plot: 7 rows of the card's unit grid, '#' inside the border, 'o' a hole, '.' out.",
        "# `elements` as printed: V = 5, / = 1.",
        "",
    ]
    districts = [rules.districts[k] for k in sorted(rules.districts)] + [rules.bonus]
    n = 0
    for district in districts:
        for i, name in enumerate(NAMES[district], 1):
            n += 1
            out += [
                "[[cards]]",
                f'id = "{district}-{i}"',
                f'district = "{district}"',
                f'name = "{name}"',
            ]
            blue = side(rng, False, n % 3 == 0, 0)
            white = side(rng, True, n % 3 == 0, 1 if district == rules.bonus else 0)
            while white[2] <= blue[2]:  # the white side is the hard one: worth more
                white = side(rng, True, n % 3 == 0, 1 if district == rules.bonus else 0)
            for label, (floors, count, yen, plots) in (("blue", blue), ("white", white)):
                out += [
                    f"[cards.{label}]",
                    f"floors = {floors}",
                    f'elements = "{numeral(count)}"',
                    f"yen = {yen}",
                    "plots = [",
                ]
                for plot in plots:
                    out.append("  [" + ", ".join(f'"{r}"' for r in rows(plot)) + "],")
                out.append("]")
            out.append("")
    print("\n".join(out), end="")


if __name__ == "__main__":
    main()
