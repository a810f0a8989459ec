"""The board for the page: the renderer's map, drawn once, and an overlay per update.

Drawing the whole map takes ~0.7 s (label placement), far too slow per update, so the
renderer keeps the drawn map (one cache, in `render`) and each update carries only the
overlay `<g>` (pyramids, meeples, trains), built from the *view* a seat may see — never
from the hidden state.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable

from ekimae.games.tokyo_metro.board import load_board
from ekimae.games.tokyo_metro.render import Overlay, overlay_from_view, overlay_svg, render_svg
from ekimae.games.tokyo_metro.view import MetroView

_END = "</svg>\n"

# Overlays drawn lately, by the pieces they show: about half of a game's actions move no
# piece (a bid, a card), and every process that pushes a game draws its overlay (issue 29,
# fourth round). A few hundred fragments of ~2.5 kB.
_DRAWN: OrderedDict[Hashable, str] = OrderedDict()
_KEEP = 512
_DRAWN_LOCK = threading.Lock()  # a page drawn in a worker thread (a replay) is safe too


def base_svg(name: str = "tokyo", lang: str = "en") -> str:
    """The map without pieces, as an SVG document ending in `</svg>`; names in Japanese
    script for `lang="ja"` (the overlay's geometry is the same in every language)."""
    return render_svg(load_board(name), lang=lang)


def view_overlay(view: MetroView, name: str = "tokyo") -> str:
    """The `<g id="overlay">` fragment for this view."""
    board = load_board(name)
    pieces = overlay_from_view(board, view)
    key = (name, _pieces(pieces))
    with _DRAWN_LOCK:
        drawn = _DRAWN.get(key)
        if drawn is not None:
            _DRAWN.move_to_end(key)
            return drawn
    drawn = overlay_svg(board, pieces)
    with _DRAWN_LOCK:
        _DRAWN[key] = drawn
        if len(_DRAWN) > _KEEP:
            _DRAWN.popitem(last=False)
    return drawn


def _pieces(overlay: Overlay) -> Hashable:
    """Everything the drawing reads, in the order it reads it (the same key, the same
    fragment: the drawing is a function of these alone)."""
    return (
        tuple(overlay.pyramids.items()),
        tuple(overlay.meeples.items()),
        tuple(overlay.trains.items()),
        tuple(overlay.partners.items()),
        tuple(overlay.drinks.items()),
        tuple(overlay.seat_colors),
    )


def full_svg(view: MetroView, name: str = "tokyo", lang: str = "en") -> str:
    base = base_svg(name, lang)
    return base[: -len(_END)] + view_overlay(view, name) + "\n" + _END
