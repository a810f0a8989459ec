"""The board for the page: the colleague's renderer, split into a static map and an overlay.

Rendering the whole map takes ~0.7 s (label placement), far too slow per update, so the
map is rendered once per board and each update carries only the overlay `<g>` (pyramids,
meeples, trains), built from the *view* a seat may see — never from the hidden state.
"""

from __future__ import annotations

import functools
from typing import Any

from ekimae.games.tokyo_metro.board import Board, load_board
from ekimae.games.tokyo_metro.render import Overlay, _Canvas, render_svg

_END = "</svg>\n"


@functools.cache
def base_svg(name: str = "tokyo") -> str:
    """The map without pieces, as an SVG document ending in `</svg>`."""
    return render_svg(load_board(name))


@functools.cache
def _canvas(name: str) -> _Canvas:
    # _Canvas is the renderer's own geometry; reusing it keeps pieces exactly where the
    # renderer would draw them (render_svg with an overlay would redo the slow layers).
    return _Canvas(load_board(name))


def overlay_from_view(board: Board, view: dict[str, Any]) -> Overlay:
    pyramids = {board.station_by_key[key]: seat for key, seat in view["stations"].items()}
    meeples = {
        p["seat"]: board.parse_cell(p["meeple"]) for p in view["players"] if p["meeple"] is not None
    }
    trains: dict[int, tuple[int, int]] = {}
    for index, line in enumerate(view["lines"]):
        train = line["train"]
        if train is not None:
            stop = board.lines[index].stops[train["number"] - 1]
            trains[index] = (stop, 1 if train["direction"] >= 0 else -1)
    return Overlay(pyramids=pyramids, meeples=meeples, trains=trains)


def overlay_svg(view: dict[str, Any], name: str = "tokyo") -> str:
    """The `<g id="overlay">` fragment for this view."""
    return _canvas(name).overlay(overlay_from_view(load_board(name), view))


def full_svg(view: dict[str, Any], name: str = "tokyo") -> str:
    base = base_svg(name)
    return base[: -len(_END)] + overlay_svg(view, name) + "\n" + _END
