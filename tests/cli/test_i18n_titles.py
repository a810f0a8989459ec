"""The newer titles' terminal parts in the terminal's language (issue 20): IZAKAYA's and
THE SHOPPING GAME's table, help and prompts under `ekimae --lang ja play`, English as it
always was without it."""

from __future__ import annotations

import io
import sys

import pytest

from ekimae.cli.main import main


def _play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO("help\nshow\n"))  # then end of input
    main([*args, "--seats", "human,random", "--seed", "3"])
    out: str = capsys.readouterr().out
    return out


def test_izakaya_in_japanese(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _play(monkeypatch, capsys, "--lang", "ja", "play", "--game", "izakaya")
    assert "IZAKAYAのアクションの書き方" in out  # help: the notation explained (IZ-2 … IZ-3.4)
    assert "ラウンド1 · 入札 · 入札の山 0円／1,500円" in out  # the table's header
    assert "手番順 p1, p2" in out and "角錐コマ" in out
    assert "1番席 (human)の手番" in out and "to act" not in out
    english = _play(monkeypatch, capsys, "play", "--game", "izakaya")
    assert (
        "IZAKAYA's actions as text" in english and "round 1 · bids · pile ¥0 of ¥1,500" in english
    )


def test_the_shopping_game_in_french(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _play(monkeypatch, capsys, "--lang", "fr", "play", "--game", "shopping")
    assert "marché : Lave-linge et sèche-linge 500\u00a0¥" in out
    assert "sorties : " in out and "dehors : " in out
    english = _play(monkeypatch, capsys, "play", "--game", "shopping")
    assert "market: Washing machine & dryer ¥500" in english
