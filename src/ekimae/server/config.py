"""Where the server keeps its data, and which database it talks to."""

from __future__ import annotations

import os
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
    # Games one client (address) may create per window; hints one seat may ask per window.
    creates_per_window: int = 30
    hints_per_window: int = 12
    window_seconds: float = 600.0
    # Searches (bot moves and hints) waiting for a worker at once, over all games; past
    # this, a hint is refused as busy (bots wait their turn instead).
    max_pending_searches: int = 64


@dataclass(frozen=True)
class Settings:
    database_url: str
    # Seconds a bot waits before acting, so people can follow its moves; 0 in tests.
    bot_delay: float = 0.0
    # Worker processes for bot moves and hints (searches hold the interpreter lock, so they
    # must not run in the web process's threads). 0: a thread of this process (tests of
    # other things only, where the pool's start-up would dominate).
    bot_workers: int = 1
    limits: Limits = field(default_factory=Limits)


def sqlite_url(data_dir: Path) -> str:
    """The embedded database in `data_dir`, created (folder and file) on first use."""
    data_dir.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{(data_dir / 'ekimae.sqlite3').resolve()}"


def normalise_url(url: str) -> str:
    """`postgresql://` means psycopg 3 here (SQLAlchemy would default to psycopg2)."""
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url
