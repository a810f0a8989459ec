"""A short fingerprint of the code a game's result depends on: engine, game data and bots.

A tournament log (`--log`) records it with every game, so a run resumed on changed code is
refused instead of mixing two bots into one figure. Only what can change a game counts:
the `core`, `games` and `bots` packages, their data files included. Blank lines and whole
comment lines do not, so rewording a comment leaves the fingerprint (and a long run) alone.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import ekimae

PACKAGES = ("core", "games", "bots")
TEXT_SUFFIXES = (".py", ".toml", ".json")


def code_version(root: Path | None = None) -> str:
    """12 hex digits naming the game-playing code under `root` (default: this ekimae)."""
    base = root if root is not None else Path(ekimae.__file__).parent
    digest = hashlib.sha256()
    for package in PACKAGES:
        for path in sorted((base / package).rglob("*")):
            if not path.is_file() or "__pycache__" in path.parts or path.suffix == ".pyc":
                continue
            name = path.relative_to(base).as_posix().encode()
            digest.update(name + b"\0" + _file_digest(path))
    return digest.hexdigest()[:12]


def _file_digest(path: Path) -> bytes:
    data = path.read_bytes()
    return hashlib.sha256(_meaningful(data) if path.suffix in TEXT_SUFFIXES else data).digest()


def _meaningful(data: bytes) -> bytes:
    """The text without blank lines and whole-line comments (`#` first on the line)."""
    kept = (line.rstrip() for line in data.splitlines())
    return b"\n".join(line for line in kept if line and not line.lstrip().startswith(b"#"))
