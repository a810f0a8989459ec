"""`ekimae serve`: run the browser app (uvicorn) on SQLite by default or PostgreSQL."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ekimae.server.config import Settings, default_data_dir, sqlite_url


def add_serve_command(subparsers: Any) -> argparse.ArgumentParser:
    """Register `serve` on the main CLI's subparsers; it runs via `args.func(args)`."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "serve", help="play in the browser: lobby, live games, bots, replays"
    )
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument(
        "--database-url",
        default=None,
        help="e.g. postgresql://user:pass@host/db (default: SQLite in the data folder)",
    )
    parser.add_argument(
        "--data-dir", type=Path, default=None, help="default: ~/.local/share/ekimae"
    )
    parser.add_argument(
        "--bot-delay", type=float, default=0.4, help="seconds a bot waits before acting"
    )
    parser.set_defaults(func=run_serve)
    return parser


def run_serve(args: argparse.Namespace) -> int:
    import uvicorn  # imported late: the rest of the CLI must not pay for the web stack

    from ekimae.server.app import create_app

    if args.database_url:
        url = args.database_url
        print(f"ekimae: database {url.split('@')[-1]}")
    else:
        data_dir = args.data_dir or default_data_dir()
        url = sqlite_url(data_dir)
        print(f"ekimae: data in {data_dir.resolve()} (SQLite {url.removeprefix('sqlite:///')})")
    print(f"ekimae: open http://{args.host}:{args.port}/")
    app = create_app(Settings(database_url=url, bot_delay=args.bot_delay))
    uvicorn.run(app, host=args.host, port=args.port, log_level="info")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Stand-alone entry (`python -m ekimae.server.cli`) until main.py wires `serve` in."""
    parser = argparse.ArgumentParser(prog="ekimae")
    add_serve_command(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    raise SystemExit(main())
