"""TOKYO METRO's log lines in the terminal's language (issue 20): the engine writes them in
English; `ekimae --lang` shows them from the translated templates, English as before."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ekimae import i18n
from ekimae.cli.main import main

METRO = ["metro", "play", "--seats", "random,random", "--seed", "3"]


@pytest.fixture(autouse=True)
def english_after(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    yield
    i18n.set_language("en")  # the process-wide language: leave it as other tests expect


def _log_lines(out: str) -> list[str]:
    return [line.strip() for line in out.splitlines() if line.startswith("  ")]


def test_the_metro_log_in_french_and_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(METRO) == 0
    english = _log_lines(capsys.readouterr().out)
    assert "seat 1 bids in secret" in english
    assert main(["--lang", "fr", *METRO]) == 0
    french = _log_lines(capsys.readouterr().out)
    assert "place 1 enchérit en secret" in french
    assert "place 2 : placer le meeple k9" in french  # the move's word, the cell's notation
    assert main(["--lang", "ja", *METRO]) == 0
    japanese = _log_lines(capsys.readouterr().out)
    assert "1番席が秘密裏に入札" in japanese
    assert any(
        line.startswith("ゲーム終了：1番席 2,200円、2番席 −900円。勝者 1番席") for line in japanese
    )
    assert not any("seat 1" in line for line in french + japanese)
