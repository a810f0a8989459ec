"""`ekimae metro render`: the map as SVG or PNG, bare or with the position after a record."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ekimae.cli.common import UsageError, console, read_record
from ekimae.cli.replaying import replay_to
from ekimae.core.errors import DataError
from ekimae.games.tokyo_metro.board import Board, load_board
from ekimae.games.tokyo_metro.render import Overlay, overlay_from_view, render_png, render_svg


def add_parser(commands: Any) -> None:
    parser = commands.add_parser("render", help="draw the map, or a position, to SVG or PNG")
    parser.add_argument("--record", metavar="FILE", help="draw the position of this record")
    parser.add_argument("--upto", type=int, metavar="N", help="after the first N actions only")
    parser.add_argument("--out", required=True, metavar="FILE", help="FILE.svg or FILE.png")
    parser.set_defaults(run=run)


def write_picture(path: str, board: Board, overlay: Overlay | None) -> None:
    suffix = Path(path).suffix.lower()
    try:
        if suffix == ".svg":
            Path(path).write_text(render_svg(board, overlay), encoding="utf-8")
        elif suffix == ".png":
            render_png(board, path, overlay)
        else:
            raise UsageError(f"--out: {path!r} must end in .svg or .png")
    except OSError as exc:
        raise DataError(path, "-", f"cannot be written ({exc})") from None


def run(args: argparse.Namespace) -> int:
    board = load_board()
    overlay = None
    if args.record is not None:
        record = read_record(args.record)
        state = replay_to(record, args.record, args.upto)
        overlay = overlay_from_view(board, state.view(None))
    elif args.upto is not None:
        raise UsageError("--upto needs --record")
    write_picture(args.out, board, overlay)
    console().print(f"wrote {args.out}")
    return 0
