"""Compiled modules, when a build of them matches the sources (issue 33).

`tools/compile_engine.py` (`make compiled`) compiles TOKYO METRO's hottest modules (the
engine's, and the search bots' playout policy) with mypyc into the virtual environment
(`<venv>/ekimae-compiled/`), with a manifest naming each module and the SHA-256 of the
source it was built from. At `import ekimae`, if that manifest exists, was built by this
very Python and every listed source is unchanged, a finder serves those modules from the
build; otherwise (no build, a source edited since, another Python, or
`EKIMAE_PURE_PYTHON=1`) nothing changes and every module is the plain Python one. The
compiled modules behave identically (the goldens replay byte for byte, the searches choose
the same moves); they are only faster. A fresh checkout never has a build: `make run` and
`make test` run pure Python unless `make compiled` was run in that environment.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any

BUILD = "ekimae-compiled"  # under sys.prefix
MANIFEST = "manifest.json"
PURE = "EKIMAE_PURE_PYTHON"

_served: list[str] = []


def build_dir() -> Path:
    return Path(sys.prefix) / BUILD


def source_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def source_of(name: str) -> Path:
    """The source file of module `name` of this package (`ekimae.games.x.y`)."""
    here = Path(__file__).resolve().parent
    return here.joinpath(*name.split(".")[1:]).with_suffix(".py")


class _Finder(importlib.abc.MetaPathFinder):
    """Serves the compiled modules of a matching build, by exact name."""

    def __init__(self, table: dict[str, Path]) -> None:
        self.table = table

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        found = self.table.get(fullname)
        if found is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(found))
        return importlib.util.spec_from_file_location(fullname, found, loader=loader)


def install() -> None:
    """Put the compiled modules in use if a build matches the sources (module docstring)."""
    if os.environ.get(PURE) or _served:
        return
    table = matching_build()
    if table:
        sys.meta_path.insert(0, _Finder(table))
        _served.extend(name for name in table if name.startswith("ekimae."))


def matching_build() -> dict[str, Path]:
    """Module name -> compiled file of the build, if there is one and it matches."""
    root = build_dir()
    try:
        data: dict[str, Any] = json.loads((root / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if data.get("python") != sys.version or data.get("cache_tag") != sys.implementation.cache_tag:
        return {}
    table: dict[str, Path] = {}
    for name, entry in data.get("modules", {}).items():
        source = source_of(name)
        if not source.is_file() or source_digest(source) != entry.get("source_sha256"):
            return {}  # a source changed since the build: the whole build is stale
        table[name] = root / entry["file"]
    for name, file in data.get("shared", {}).items():
        table[name] = root / file
    if not all(path.is_file() for path in table.values()):
        return {}
    return table


def served() -> list[str]:
    """The modules served compiled in this process (empty: pure Python)."""
    return list(_served)
