"""`ekimae serve`: run the browser app (uvicorn) on SQLite by default or PostgreSQL.

Everything that can be wrong with the options is checked before the app starts, each
failure one line on stderr (`ekimae serve: ...`, what is wrong and what to do) and exit
status 2: the numbers, the data folder (created and written to), the database (parsed,
then connected to with a short timeout; its password is never printed) and the listening
socket, which is bound here and handed to uvicorn, so no other process can take the port
between the check and the start.
"""

from __future__ import annotations

import argparse
import errno
import math
import os
import re
import socket
import sys
import tempfile
from pathlib import Path
from typing import Any

from ekimae.server.config import Limits, default_data_dir, normalise_url, sqlite_url
from ekimae.server.forwarded import parse_proxies
from ekimae.server.serving import BACKLOG, serve
from ekimae.server.serving import mask_url as mask_url  # re-exported: tests, backup_cli
from ekimae.server.serving import uvicorn_config as uvicorn_config  # re-exported: tests

USAGE_ERROR = 2
DB_CONNECT_TIMEOUT = 3  # seconds; libpq's smallest useful value is 2


class ServeError(Exception):
    """A bad option: its message is printed as the one line after `ekimae serve: `."""


def add_serve_command(subparsers: Any) -> argparse.ArgumentParser:
    """Register `serve` on the main CLI's subparsers; it runs via `args.func(args)`."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "serve", help="play in the browser: lobby, live games, bots, replays"
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="1-65535 (default: 8000)")
    parser.add_argument(
        "--database-url",
        default=os.environ.get("EKIMAE_DATABASE_URL") or None,
        help="e.g. postgresql://user:pass@host/db (default: $EKIMAE_DATABASE_URL, else "
        "SQLite in the data folder)",
    )
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=None,
        help="default: $EKIMAE_DATA_DIR, else ~/.local/share/ekimae",
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=os.environ.get("EKIMAE_BOT_DELAY", "0.4"),
        help="seconds a bot waits before acting (default: $EKIMAE_BOT_DELAY, else 0.4)",
    )
    parser.add_argument(
        "--bot-workers",
        type=int,
        default=os.environ.get("EKIMAE_BOT_WORKERS", "1"),
        help="worker processes for bot moves and hints (default: $EKIMAE_BOT_WORKERS, else 1)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="server processes on this one port (PostgreSQL only; default: 1)",
    )
    parser.add_argument(
        "--ray-address",
        default=os.environ.get("EKIMAE_RAY_ADDRESS") or None,
        help="run bot moves and hints on a Ray cluster (auto, ray://host:10001, local) "
        "instead of this machine's worker processes; needs Ray installed "
        "(default: $EKIMAE_RAY_ADDRESS)",
    )
    parser.add_argument(
        "--smtp-url",
        default=os.environ.get("EKIMAE_SMTP_URL"),
        help="turn notices by e-mail: smtp://host:port, smtp+starttls://user:pw@host:587 or "
        "smtps://user:pw@host:465 (default: $EKIMAE_SMTP_URL; none: no e-mail)",
    )
    parser.add_argument(
        "--smtp-from",
        default=os.environ.get("EKIMAE_SMTP_FROM"),
        help="the From address of those e-mails (default: $EKIMAE_SMTP_FROM)",
    )
    parser.add_argument(
        "--public-url",
        default=os.environ.get("EKIMAE_PUBLIC_URL"),
        help="the address people open this server at, for links in e-mails and webhooks "
        "(default: $EKIMAE_PUBLIC_URL, else http://HOST:PORT)",
    )
    parser.add_argument(
        "--webhook-allow-private",
        action="store_true",
        help="let seats' webhooks reach loopback, private and link-local addresses "
        "(off: a player could make the server POST into its own network)",
    )
    parser.add_argument(
        "--log-format",
        choices=("text", "json"),
        default=os.environ.get("EKIMAE_LOG_FORMAT", "text"),
        help="text lines, or one JSON object per line for a log collector "
        "(default: $EKIMAE_LOG_FORMAT, else text)",
    )
    parser.add_argument(
        "--trusted-proxy",
        action="append",
        default=os.environ.get("EKIMAE_TRUSTED_PROXIES", "").replace(",", " ").split(),
        metavar="ADDRESS",
        help="a reverse proxy (address or network, e.g. 127.0.0.1 or 10.0.0.0/8) whose "
        "X-Forwarded-For names the client; repeat for several (default: those in "
        "$EKIMAE_TRUSTED_PROXIES, else none: the connection's address is the client's)",
    )
    parser.add_argument(
        "--create-limit",
        type=int,
        default=os.environ.get("EKIMAE_CREATE_LIMIT", str(Limits().creates_per_window)),
        metavar="N",
        help=f"games one client (address) may create per {Limits().window_seconds / 60:.0f} "
        f"minutes (default: $EKIMAE_CREATE_LIMIT, else {Limits().creates_per_window}; "
        "0: no limit)",
    )
    parser.add_argument(
        "--admin-secret-file",
        metavar="FILE",
        default=None,
        help="a file whose first line is the admin page's secret (/admin; default: "
        "$EKIMAE_ADMIN_SECRET_FILE, else $EKIMAE_ADMIN_SECRET; none: no admin page)",
    )
    parser.set_defaults(func=run_serve)
    return parser


# ---------------------------------------------------------------------------- checks


def _password(url: str) -> str | None:
    match = re.search(r"://[^:/?#@]*:(.*)@", url)
    return match.group(1) if match and match.group(1) else None


def _one_line(message: str, url: str) -> str:
    """A driver's message as one line, with neither the URL nor its password in it."""
    password = _password(url)
    message = message.replace(url, mask_url(url))
    if password:  # where it stands alone (a one-letter password is in many words)
        message = re.sub(rf"(?<![A-Za-z0-9]){re.escape(password)}(?![A-Za-z0-9])", "***", message)
    lines = [line.strip() for line in message.splitlines() if line.strip()]
    # libpq adds a second line of advice ("Is the server running ...?"); ours follows.
    return " ".join(lines[0].split()) if lines else "no reason given"


def check_numbers(args: argparse.Namespace) -> None:
    if not 1 <= args.port <= 65535:
        raise ServeError(f"--port {args.port} is out of range; give a port from 1 to 65535")
    if not math.isfinite(args.bot_delay) or args.bot_delay < 0:
        raise ServeError(
            f"--bot-delay {args.bot_delay} must be a number of seconds, 0 or more (e.g. 0.4)"
        )
    if args.bot_workers < 0:
        raise ServeError(
            f"--bot-workers {args.bot_workers} must be 0 or more "
            "(worker processes for bot moves and hints)"
        )
    if not 1 <= args.workers <= 256:
        raise ServeError(f"--workers {args.workers} must be from 1 to 256 (server processes)")


def check_clients(args: argparse.Namespace) -> None:
    """--trusted-proxy and --create-limit."""
    try:
        parse_proxies(args.trusted_proxy)
    except ValueError as exc:
        raise ServeError(f"--trusted-proxy {exc}") from None
    if args.create_limit < 0:
        raise ServeError(f"--create-limit {args.create_limit} must be 0 (no limit) or more")


def check_admin(args: argparse.Namespace) -> None:
    """Read the admin secret into `args.admin_secret` (None: no admin page)."""
    from ekimae.server.admin_auth import read_secret

    try:
        args.admin_secret = read_secret(args.admin_secret_file, dict(os.environ))
    except ValueError as exc:
        raise ServeError(str(exc)) from None


def check_processes(args: argparse.Namespace, url: str) -> None:
    """Several processes need PostgreSQL: SQLite serves one process (its games' sockets,
    locks and bots live in that process's memory, and nothing tells another process of a
    write). A Ray address needs Ray."""
    if args.workers > 1 and not normalise_url(url).startswith("postgresql"):
        raise ServeError(
            f"--workers {args.workers} needs PostgreSQL (--database-url postgresql://...): "
            "SQLite serves one process; drop --workers or use PostgreSQL"
        )
    if args.ray_address:
        from ekimae.server.workers import ray_available

        if not ray_available():
            raise ServeError(
                f"--ray-address {args.ray_address[:80]}: Ray is not installed; "
                "pip install 'ray[default]' or drop --ray-address"
            )


def check_notify(args: argparse.Namespace) -> None:
    """The e-mail and link options: a usable SMTP URL with a From address, an http(s)
    public URL. Messages never show the SMTP password."""
    from urllib.parse import urlsplit

    from ekimae.server.notify import parse_smtp

    if args.smtp_url:
        try:
            parse_smtp(args.smtp_url, args.smtp_from)
        except ValueError as exc:
            raise ServeError(f"--smtp-url {mask_url(args.smtp_url)}: {exc}") from None
    elif args.smtp_from:
        raise ServeError("--smtp-from needs --smtp-url (the mail server to send through)")
    if args.public_url:
        parts = urlsplit(args.public_url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ServeError(
                f"--public-url {args.public_url[:80]!r} must be http(s)://host[:port], "
                "the address people open this server at"
            )


def check_data_dir(data_dir: Path) -> str:
    """Create `data_dir`, prove it writable, and return the SQLite URL inside it."""
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=data_dir, prefix=".ekimae-probe-"):
            pass
        url = sqlite_url(data_dir)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise ServeError(
            f"cannot use --data-dir {data_dir}: {reason}; "
            "give a folder this user can create and write to"
        ) from None
    database = Path(url.removeprefix("sqlite:///"))
    if database.exists() and not os.access(database, os.R_OK | os.W_OK):
        raise ServeError(
            f"cannot use --data-dir {data_dir}: {database.name} there is not writable; "
            "fix its permissions or give another folder"
        )
    return url


def check_database(url: str) -> None:
    """Parse `url` and connect once (a few seconds at most), or raise `ServeError`."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import SQLAlchemyError
    from sqlalchemy.pool import NullPool

    shown = mask_url(url)
    expected = "expected postgresql://user:password@host:5432/dbname or sqlite:///path/file"
    try:
        backend = make_url(url).get_backend_name()
    except (SQLAlchemyError, ValueError) as exc:
        raise ServeError(
            f"--database-url {shown} is malformed ({_one_line(str(exc), url)}); {expected}"
        ) from None
    if backend not in ("postgresql", "sqlite"):
        raise ServeError(
            f"--database-url {shown}: {backend!r} is not supported; {expected}"
        ) from None
    connect_args: dict[str, Any] = (
        {"connect_timeout": DB_CONNECT_TIMEOUT}
        if backend == "postgresql"
        else {"timeout": DB_CONNECT_TIMEOUT}
    )
    try:
        engine = create_engine(normalise_url(url), poolclass=NullPool, connect_args=connect_args)
    except (SQLAlchemyError, ValueError, ImportError) as exc:
        raise ServeError(
            f"--database-url {shown} is malformed or needs a driver that is not installed "
            f"({_one_line(str(exc), url)}); {expected}"
        ) from None
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
    except (SQLAlchemyError, OSError, ValueError) as exc:
        reason = str(getattr(exc, "orig", None) or exc)
        hint = (
            "check that the file's folder exists and is writable"
            if backend == "sqlite"
            else "check that it is running and that the URL (host, port, user, password, "
            "database name) is right"
        )
        raise ServeError(
            f"cannot connect to the database {shown}: {_one_line(reason, url)}; {hint}"
        ) from None
    finally:
        engine.dispose()


def bind_socket(host: str, port: int) -> socket.socket:
    """The listening socket uvicorn will serve on, bound and listening now."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        raise ServeError(
            f"--host {host}: cannot resolve it ({exc}); give an address of this machine "
            "such as 127.0.0.1"
        ) from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        # Lets a restarted server take its port while old connections sit in TIME_WAIT;
        # still refused while another socket listens on it.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(BACKLOG)
    except OSError as exc:
        sock.close()
        reason = exc.strerror or str(exc)
        if exc.errno == errno.EADDRINUSE:
            hint = f"stop the program using port {port} or choose another with --port"
        else:
            hint = "check --host and --port (ports below 1024 need privileges)"
        raise ServeError(f"cannot listen on {host}:{port}: {reason}; {hint}") from None
    sock.set_inheritable(True)
    return sock


# ---------------------------------------------------------------------------- run


def run_serve(args: argparse.Namespace) -> int:
    try:
        check_numbers(args)
        check_notify(args)
        check_clients(args)
        check_admin(args)
        if args.database_url:
            url: str = args.database_url
            where = f"ekimae: database {mask_url(url)}"
        else:
            data_dir: Path = args.data_dir or default_data_dir()
            url = check_data_dir(data_dir)
            where = (
                f"ekimae: data in {data_dir.resolve()} (SQLite {url.removeprefix('sqlite:///')})"
            )
        check_processes(args, url)
        check_database(url)
        sock = bind_socket(args.host, args.port)
    except ServeError as exc:
        print(f"ekimae serve: {exc}", file=sys.stderr)
        return USAGE_ERROR
    with sock:
        return serve(args, url, where, sock)


def main(argv: list[str] | None = None) -> int:
    """Stand-alone entry (`python -m ekimae.server.cli`) until main.py wires `serve` in."""
    parser = argparse.ArgumentParser(prog="ekimae")
    add_serve_command(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    raise SystemExit(main())
