"""IZAKAYA at the terminal (`ekimae play --game izakaya`): a person plays a whole game
against `normal` by typing the text notation (IZ-2 … IZ-3.4), seeing the grid, the Colour
cards and their own cards with the buildings."""

from __future__ import annotations

import io
import sys

import pytest

from ekimae.cli.main import main


def test_a_person_plays_to_the_end_with_the_text_notation(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    moves = "help\nbid 0\nclaim A1-B1 B1\nclaim A1-B1 A1\nbuild 1-01\nbottle black b1\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(moves + "1\n" * 400))
    assert main(["play", "--game", "izakaya", "--seats", "human,normal", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "place A1 0 2 3 1" in out  # the notation in help
    assert "IZ-3.4" in out  # a build before owning a card is refused, naming its rule
    assert "a           b           c           d" in out  # the grid's corner lines
    assert "B2 xx" in out  # the centre out of play (IZ-1)
    assert "black ¥100 ×6" in out  # the Colour cards
    assert "at most" in out and "border 0" in out  # the person's own card and its plan
    assert "Ranking" in out
