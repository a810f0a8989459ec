"""Reading packaged component data (TOML) with errors that name the file and the field.

The rules never parse files: each game turns its data into frozen dataclasses once, through
these helpers, and raises `DataError` on the first value that does not fit.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from ekimae.core.errors import DataError


def read_toml(source: str | Path, package: str | None = None) -> dict[str, Any]:
    """Read a TOML file from a package's data (``package`` given) or from a path."""
    name = str(source)
    try:
        if package is not None:
            text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
        else:
            text = Path(source).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(name, "-", "file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(name, "-", f"cannot be read ({exc})") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(name, "-", f"not valid TOML ({exc})") from None


def fingerprint(package: str, suffix: str = ".toml") -> str:
    """A short hash of a package's data files (names and bytes): the printed values a record
    was played with. Records carry it, so a replay after a data change can say so."""
    digest = hashlib.sha256()
    files = sorted(
        (f for f in resources.files(package).iterdir() if f.name.endswith(suffix)),
        key=lambda f: f.name,
    )
    for f in files:
        digest.update(f.name.encode() + b"\0" + f.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


class Fields:
    """Typed access to one table of a data file; every failure names file and field path."""

    def __init__(self, source: str, path: str, table: Any) -> None:
        if not isinstance(table, Mapping):
            raise DataError(source, path or "-", f"expected a table, got {type(table).__name__}")
        self.source = source
        self.path = path
        self.table: Mapping[str, Any] = table

    def _where(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def fail(self, key: str, message: str) -> DataError:
        return DataError(self.source, self._where(key), message)

    def _get(self, key: str, kind: type | tuple[type, ...], label: str) -> Any:
        if key not in self.table:
            raise self.fail(key, "missing")
        value = self.table[key]
        if isinstance(value, bool) and kind is not bool:
            raise self.fail(key, f"expected {label}, got a boolean")
        if not isinstance(value, kind):
            raise self.fail(key, f"expected {label}, got {value!r}")
        return value

    def text(self, key: str) -> str:
        value: str = self._get(key, str, "a string")
        return value

    def integer(self, key: str, low: int | None = None, high: int | None = None) -> int:
        value: int = self._get(key, int, "an integer")
        if (low is not None and value < low) or (high is not None and value > high):
            raise self.fail(key, f"{value} is outside {low}..{high}")
        return value

    def number(self, key: str) -> float:
        value = self._get(key, (int, float), "a number")
        return float(value)

    def items(self, key: str) -> list[Any]:
        value: list[Any] = self._get(key, list, "a list")
        return value

    def texts(self, key: str) -> list[str]:
        items = self.items(key)
        for i, item in enumerate(items):
            if not isinstance(item, str):
                raise self.fail(f"{key}[{i}]", f"expected a string, got {item!r}")
        return items

    def tables(self, key: str) -> list[Fields]:
        return [
            Fields(self.source, f"{self._where(key)}[{i}]", t)
            for i, t in enumerate(self.items(key))
        ]

    def sub(self, key: str) -> Fields:
        return Fields(self.source, self._where(key), self._get(key, Mapping, "a table"))

    def has(self, key: str) -> bool:
        return key in self.table


def unique(source: str, field: str, values: Sequence[str]) -> None:
    """Raise a DataError naming the first value that appears twice."""
    seen: set[str] = set()
    for value in values:
        if value in seen:
            raise DataError(source, field, f"{value!r} appears twice")
        seen.add(value)
