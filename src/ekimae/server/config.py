"""Where the server keeps its data, and which database it talks to."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


def default_data_dir() -> Path:
    """`$EKIMAE_DATA_DIR`, else the XDG data folder (~/.local/share/ekimae)."""
    explicit = os.environ.get("EKIMAE_DATA_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "ekimae"


@dataclass(frozen=True)
class Settings:
    database_url: str
    # Seconds a bot waits before acting, so people can follow its moves; 0 in tests.
    bot_delay: float = 0.0


def sqlite_url(data_dir: Path) -> str:
    """The embedded database in `data_dir`, created (folder and file) on first use."""
    data_dir.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{(data_dir / 'ekimae.sqlite3').resolve()}"


def normalise_url(url: str) -> str:
    """`postgresql://` means psycopg 3 here (SQLAlchemy would default to psycopg2)."""
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url
