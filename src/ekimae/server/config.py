"""Where the server keeps its data, and which database it talks to."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path


def default_data_dir() -> Path:
    """`$EKIMAE_DATA_DIR`, else the XDG data folder (~/.local/share/ekimae)."""
    explicit = os.environ.get("EKIMAE_DATA_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "ekimae"


@dataclass(frozen=True)
class Limits:
    """What one client may ask of the server, so a few requests cannot stall it for all."""

    max_body: int = 64 * 1024  # bytes of one HTTP request body
    max_ws_message: int = 64 * 1024  # bytes of one WebSocket message
    # Games one client (address) may create per window (0: no limit; `serve --create-limit`);
    # hints one seat may ask per window.
    creates_per_window: int = 30
    hints_per_window: int = 12
    window_seconds: float = 600.0
    # Searches (bot moves and hints) waiting for a worker at once, over all games; past
    # this, a hint is refused as busy (bots wait their turn instead).
    max_pending_searches: int = 64
    # Chat: characters in one message; messages one seat may post per chat window.
    chat_max_chars: int = 500
    chat_per_window: int = 10
    chat_window_seconds: float = 30.0
    # Messages a page is sent on connect (and `GET .../chat` returns): the newest ones.
    chat_history: int = 200
    # Turn notifications (e-mail, webhook) one seat, or one destination over all games,
    # may be sent per window: a game against fast bots must not become a mail bomb.
    notify_per_window: int = 20
    # The admin page (`routes.admin`): its writes per client address and window, and its
    # login attempts (a wrong secret counts; guessing it must be slow).
    admin_writes_per_window: int = 300
    admin_logins_per_window: int = 10


@dataclass(frozen=True)
class Settings:
    database_url: str
    # Seconds a bot waits before acting, so people can follow its moves; 0 in tests.
    bot_delay: float = 0.0
    # Milliseconds a page shows each move of another seat before the next one (issue 31:
    # a burst of bots' moves is shown one by one; each page may change it per game; real-
    # time games are never held back); 0 in most browser tests.
    pace_ms: int = 900
    # Worker processes for bot moves and hints (searches hold the interpreter lock, so they
    # must not run in the web process's threads). 0: a thread of this process (tests of
    # other things only, where the pool's start-up would dominate).
    bot_workers: int = 1
    limits: Limits = field(default_factory=Limits)
    # Turn notifications (`server.notify`). E-mail: an SMTP URL (smtp://, smtp+starttls://
    # or smtps://, user:password@ for AUTH) and the From address; none: no e-mail.
    smtp_url: str | None = None
    smtp_from: str | None = None
    # The address people open the server at (links in e-mails); default: where it listens.
    public_url: str = "http://127.0.0.1:8000"
    # Webhooks to loopback, private or link-local addresses (off: a seat could otherwise
    # make the server POST into its own network). Tests turn it on for a loopback server.
    webhook_private: bool = False
    # Seconds an SMTP conversation or a webhook POST may take.
    notify_timeout: float = 10.0
    # Bot moves and hints on a Ray cluster at this address (`auto`, `ray://host:10001`,
    # `local`) instead of this machine's worker processes; `bot_workers` bounds how many
    # searches one server process has running there at once.
    ray_address: str | None = None
    # Several processes on one PostgreSQL (issue 21): a game's bots and timer run in the
    # process holding its lease for this many seconds (renewed while they run; taken
    # over when it expires), and each process compares the games it serves with the
    # table this often (events lost while its listener was down).
    lease_seconds: float = 6.0
    check_seconds: float = 2.0
    # The logs as one JSON object per line (`--log-format json`), for a log collector.
    log_json: bool = False
    # Proxies whose `X-Forwarded-For` names the client (addresses or networks); none by
    # default: the connection's peer is the client (`server.forwarded`).
    trusted_proxies: tuple[str, ...] = ()
    # The admin page's secret (`serve --admin-secret-file`, $EKIMAE_ADMIN_SECRET(_FILE));
    # None: no admin page at all (404).
    admin_secret: str | None = None


def sqlite_url(data_dir: Path) -> str:
    """The embedded database in `data_dir`, created (folder and file) on first use."""
    data_dir.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{(data_dir / 'ekimae.sqlite3').resolve()}"


def normalise_url(url: str) -> str:
    """`postgresql://` means psycopg 3 here (SQLAlchemy would default to psycopg2)."""
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def mask_url(url: str) -> str:
    """`url` with its password (if any) shown as `***`; works on unparsable URLs too (up to
    the last `@`, in case the password has an unescaped `/` or `@`)."""
    return re.sub(r"(://[^:/?#@]*:).*@", r"\1***@", url)
