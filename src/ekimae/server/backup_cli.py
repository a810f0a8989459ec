"""`ekimae backup FILE` and `ekimae restore FILE`: the server's database, as `serve` finds it.

Both take the same `--database-url` / `--data-dir` as `ekimae serve` (and its default data
folder), print one line of what they did, and on any refusal one `ekimae backup:` line
and exit status 2 with nothing changed.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from ekimae.server.backup import BackupError, backup, restore
from ekimae.server.cli import ServeError, check_data_dir, check_database, mask_url
from ekimae.server.config import default_data_dir

USAGE_ERROR = 2


def add_backup_commands(subparsers: Any) -> None:
    """Register `backup` and `restore` on the main CLI's subparsers."""
    made: argparse.ArgumentParser = subparsers.add_parser(
        "backup", help="copy every game to a file, also while games are played"
    )
    made.add_argument("file", type=Path, help="the backup file to write")
    _database_arguments(made)
    made.set_defaults(run=run_backup)

    back: argparse.ArgumentParser = subparsers.add_parser(
        "restore", help="bring back every game from a backup file (stop the server first)"
    )
    back.add_argument("file", type=Path, help="a file `ekimae backup` wrote")
    _database_arguments(back)
    back.add_argument(
        "--replace",
        action="store_true",
        help="replace the games the database holds now (refused without it)",
    )
    back.set_defaults(run=run_restore)


def _database_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--database-url",
        default=os.environ.get("EKIMAE_DATABASE_URL") or None,
        help="as for `ekimae serve` (default: $EKIMAE_DATABASE_URL, else SQLite)",
    )
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=None,
        help="default: $EKIMAE_DATA_DIR, else ~/.local/share/ekimae",
    )


def _url(args: argparse.Namespace) -> str:
    if args.database_url:
        url: str = args.database_url
        check_database(url)
        return url
    return check_data_dir(args.data_dir or default_data_dir())


def run_backup(args: argparse.Namespace) -> int:
    try:
        url = _url(args)
        summary = backup(url, args.file)
    except (ServeError, BackupError) as exc:
        print(f"ekimae backup: {exc}", file=sys.stderr)
        return USAGE_ERROR
    print(f"ekimae backup: {mask_url(url)} -> {summary.line()}")
    return 0


def run_restore(args: argparse.Namespace) -> int:
    try:
        url = _url(args)
        summary = restore(url, args.file, replace=args.replace)
    except (ServeError, BackupError) as exc:
        print(f"ekimae restore: {exc}", file=sys.stderr)
        return USAGE_ERROR
    print(f"ekimae restore: {args.file} -> {mask_url(url)}: {summary.line()}, every game replays")
    return 0
