"""Issue 33: a compiled build is used only while it matches the sources it was built from."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from ekimae import compiled

NAME = "ekimae.games.tokyo_metro.movement"


def _build(root: Path, digest: str, python: str = sys.version) -> None:
    root.mkdir(parents=True)
    (root / "movement.so").write_bytes(b"")
    manifest = {
        "python": python,
        "cache_tag": sys.implementation.cache_tag,
        "modules": {NAME: {"file": "movement.so", "source_sha256": digest}},
        "shared": {},
    }
    (root / compiled.MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")


def test_a_build_of_the_current_sources_is_served(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(compiled, "build_dir", lambda: tmp_path / "b")
    _build(tmp_path / "b", compiled.source_digest(compiled.source_of(NAME)))
    assert compiled.matching_build() == {NAME: tmp_path / "b" / "movement.so"}


@pytest.mark.parametrize("stale", ["source", "python", "none"])
def test_a_stale_or_missing_build_leaves_pure_python(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stale: str
) -> None:
    monkeypatch.setattr(compiled, "build_dir", lambda: tmp_path / "b")
    digest = compiled.source_digest(compiled.source_of(NAME))
    if stale == "source":
        _build(tmp_path / "b", "0" * 64)  # the source was edited since the build
    elif stale == "python":
        _build(tmp_path / "b", digest, python="2.7")
    assert compiled.matching_build() == {}
