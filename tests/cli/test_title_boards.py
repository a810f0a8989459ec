"""The titles drawn in the terminal as IZAKAYA's and THE SHOPPING GAME's are (issue 32):
CHOCOLATE MILK's grid, Stock cards and crates; COUNTDOWN's and TOKYO JUTAKU's boards in a
replay and into a pipe; no raw data, seats from 1."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from ekimae.cli.main import main


def feed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))


def test_chocolate_milk_shows_its_grid_stock_cards_and_crates(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    feed(monkeypatch, "3\n1\nshow\nquit\n\n")
    assert main(["play", "--game", "chocolate-milk", "--seats", "human,normal", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    # CM-1: the grid's cards by place, their drinks by name, both architects on b2
    assert "a1 Osaki" in out and "b2 Toranomon @1 @2" in out and "Energy drink" in out
    assert "colours: white ¥0" in out and "shapes: tall-bottle ¥0" in out  # the Stock cards
    assert "seat 1 (human)" in out and "1: empty" in out  # crates, seats from 1
    # each move with its plain label, and what the last one did
    assert "Step to a1 and buy Energy drink (red, bottle can) for ¥100, into crate 1" in out
    assert "Seat 1 bought Mint soda on c1" in out
    assert "seat: 0" not in out and "architects:" not in out  # no raw data


def test_chocolate_milk_in_french(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    feed(monkeypatch, "quit\n\n")
    args = ["--lang", "fr", "play", "--game", "chocolate-milk", "--seats", "human,normal"]
    assert main([*args, "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Energy drink" not in out and "colours:" not in out


def test_countdown_and_jutaku_replays_draw_the_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for game, seats in (("countdown", "builder,builder"), ("tokyo-jutaku", "builder,builder")):
        path = tmp_path / f"{game}.json"
        assert (
            main(["play", "--game", game, "--seats", seats, "--seed", "3", "--save", str(path)])
            == 0
        )
        capsys.readouterr()
        assert main(["replay", str(path), "--upto", "12"]) == 0
        out = capsys.readouterr().out
        assert "game time" in out and "pool: " in out and "seat 2 (builder)" in out
        assert "last act: -1000000000" not in out and "seat: 0" not in out
        if game == "countdown":
            assert "elements by floor" in out and "floor 1" in out
        else:
            assert "A1" in out and "F6" in out and "cards done" in out
