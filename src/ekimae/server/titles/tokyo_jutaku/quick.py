"""A building for the rules pages' quick start (issue 30): the cubes of placed elements
and the card's squares, handed to the title's `static/quickstart.js`, which draws them with
`pieces.js`'s isometric tower — the pages' own drawing. Shared by the titles that build
with TOKYO JUTAKU's elements (TOKYO JUTAKU, COUNTDOWN, BOTTLE BONUS, IZAKAYA)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from html import escape

from ekimae.games.tokyo_jutaku.game import GAME

FULL = ("#######",) * 7  # a whole card as the border (COUNTDOWN, CD-1)


def tower(module: str, rows: Sequence[str], pieces: Iterable[Sequence[object]]) -> str:
    """`pieces`: (element id, orientation, x, y, floor) each; a placeholder the page's
    script draws into."""
    cubes = []
    for ident, turn, x, y, z in pieces:
        for cx, cy in GAME.data.elements[str(ident)].shapes[int(str(turn))]:
            cubes.append([cx + int(str(x)), cy + int(str(y)), int(str(z)), str(ident)])
    data = json.dumps({"rows": list(rows), "cubes": cubes})
    return (
        f'<div class="quick-tower" data-quick="{escape(module)}" data-draw="{escape(data)}"></div>'
    )
