"""TOKYO METRO's `render`: the map as SVG or PNG, bare or with a position drawn on it; in
Japanese (`ekimae --lang ja`) the stations and lines are named in Japanese script."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ekimae.cli.common import UsageError
from ekimae.core.errors import DataError
from ekimae.core.game import Game, State
from ekimae.games.tokyo_metro.board import Board, load_board
from ekimae.games.tokyo_metro.render import Overlay, overlay_from_view, render_png, render_svg
from ekimae.games.tokyo_metro.view import metro_view
from ekimae.i18n import language


def write_picture(path: str, board: Board, overlay: Overlay | None, lang: str = "en") -> None:
    suffix = Path(path).suffix.lower()
    try:
        if suffix == ".svg":
            Path(path).write_text(render_svg(board, overlay, lang), encoding="utf-8")
        elif suffix == ".png":
            render_png(board, path, overlay, lang=lang)
        else:
            raise UsageError(f"--out: {path!r} must end in .svg or .png")
    except OSError as exc:
        raise DataError(path, "-", f"cannot be written ({exc})") from None


def render(game: Game[Any], state: State | None, path: str) -> None:
    """The bare map (`state` None) or the position `state` shows, to `path`."""
    view = None if state is None else metro_view(state.view(None))
    board = load_board(view["options"].get("map", "tokyo") if view else "tokyo")
    overlay = None if view is None else overlay_from_view(board, view)
    write_picture(path, board, overlay, language())
