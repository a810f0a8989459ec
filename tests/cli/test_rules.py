"""`ekimae rules` and `rules ID` typed during a game: the rules reference (docs/rules)."""

from __future__ import annotations

import io
import sys

import pytest

from ekimae.cli.main import main


def test_one_rule_by_its_id(capsys: pytest.CaptureFixture[str]) -> None:
    """TM-7.2 (Station): its own section only."""
    assert main(["rules", "TM-7.2"]) == 0
    out = capsys.readouterr().out
    assert "TM-7.2 Station" in out and "pyramid" in out and "TM-7.3" not in out


def test_the_alias_and_a_whole_reference(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["metro", "rules", "tm-9.3"]) == 0
    assert "TM-9.3 Stocks pay next" in capsys.readouterr().out
    assert main(["rules", "--game", "tokyo-metro"]) == 0
    out = capsys.readouterr().out
    assert "TM-1.1 Map" in out and "SOLO-1 Solo game" in out


def test_an_unknown_id_or_game_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "TM-7.20"]) == 2
    err = capsys.readouterr().err
    assert "no rule 'TM-7.20'" in err and "TM-7.2" in err
    assert main(["rules", "--game", "nope"]) == 2
    assert "known: " in capsys.readouterr().err
    assert main(["rules", "TM-7.2", "--game", "sealed-auction"]) == 2
    assert "is a rule of tokyo-metro" in capsys.readouterr().err


def test_rules_typed_at_the_prompt(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`rules TM-3.3` shows the turn order rule; a refusal says how to read its rule."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("rules TM-3.3\nrules TM-99\nturn-bid 999999\n"))
    assert main(["metro", "play", "--seats", "human,random", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "TM-3.3 Turn order" in out
    assert "no rule 'TM-99'" in out
    assert "type 'rules TM-3.3' to read the rule" in out
