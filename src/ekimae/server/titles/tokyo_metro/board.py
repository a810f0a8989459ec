"""The board for the page: the renderer's map, drawn once, and an overlay per update.

Drawing the whole map takes ~0.7 s (label placement), far too slow per update, so the
renderer keeps the drawn map (one cache, in `render`) and each update carries only the
overlay `<g>` (pyramids, meeples, trains), built from the *view* a seat may see — never
from the hidden state.
"""

from __future__ import annotations

from ekimae.games.tokyo_metro.board import load_board
from ekimae.games.tokyo_metro.render import overlay_from_view, overlay_svg, render_svg
from ekimae.games.tokyo_metro.view import MetroView

_END = "</svg>\n"


def base_svg(name: str = "tokyo", lang: str = "en") -> str:
    """The map without pieces, as an SVG document ending in `</svg>`; names in Japanese
    script for `lang="ja"` (the overlay's geometry is the same in every language)."""
    return render_svg(load_board(name), lang=lang)


def view_overlay(view: MetroView, name: str = "tokyo") -> str:
    """The `<g id="overlay">` fragment for this view."""
    board = load_board(name)
    return overlay_svg(board, overlay_from_view(board, view))


def full_svg(view: MetroView, name: str = "tokyo", lang: str = "en") -> str:
    base = base_svg(name, lang)
    return base[: -len(_END)] + view_overlay(view, name) + "\n" + _END
