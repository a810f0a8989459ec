"""`ekimae rules` and `rules ID` typed during a game: the rules reference (docs/rules)."""

from __future__ import annotations

import io
import sys

import pytest

from ekimae.cli.main import main
from ekimae.cli.rules import LOCALE_VARIABLES, locale_language


@pytest.fixture(autouse=True)
def no_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests choose the locale; none set means English."""
    for name in LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)


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


def test_lang_picks_the_translation(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 20: `ekimae rules TM-7.2 --lang fr` is the French Station rule (TM-7.2)."""
    assert main(["rules", "TM-7.2", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "TM-7.2 Station" in out and "pyramide" in out and "TM-7.3" not in out
    assert main(["rules", "--game", "sealed-auction", "--lang", "ja"]) == 0
    assert "SA-3 金額" in capsys.readouterr().out


def test_the_locale_picks_the_language_when_lang_is_not_given(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert main(["rules", "TM-7.4"]) == 0
    assert "TM-7.4 Investissement" in capsys.readouterr().out
    monkeypatch.setenv("LC_ALL", "it_IT.UTF-8")  # LC_ALL comes before LANG
    assert main(["rules", "TM-7.4"]) == 0
    assert "TM-7.4 Investimento" in capsys.readouterr().out
    assert main(["rules", "TM-7.4", "--lang", "ja"]) == 0  # --lang comes before both
    assert "TM-7.4 投資" in capsys.readouterr().out
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")  # a language Ekimae does not speak
    assert main(["rules", "TM-7.4"]) == 0
    assert "TM-7.4 Invest" in capsys.readouterr().out


def test_locale_language_reads_the_variables_in_posix_order() -> None:
    assert locale_language({}) == "en"
    assert locale_language({"LANG": "ja_JP.UTF-8"}) == "ja"
    assert locale_language({"LANG": "ja_JP.UTF-8", "LC_MESSAGES": "fr_FR"}) == "fr"
    assert locale_language({"LANG": "ja_JP.UTF-8", "LC_ALL": "C.UTF-8"}) == "en"
    assert locale_language({"LANG": "it_IT", "LC_ALL": ""}) == "it"  # empty is unset


def test_an_unknown_lang_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "TM-7.2", "--lang", "de"]) == 2
    assert "invalid choice: 'de'" in capsys.readouterr().err


def test_the_global_lang_reaches_the_rules_command(capsys: pytest.CaptureFixture[str]) -> None:
    """`ekimae --lang ja rules TM-7.2`: the terminal's language, chosen once, is the
    reference's too (issue 20)."""
    try:
        assert main(["--lang", "ja", "rules", "TM-7.2"]) == 0
        assert "TM-7.2 駅" in capsys.readouterr().out
    finally:
        main(["--lang", "en", "games"])  # the process's terminal language back to English
        capsys.readouterr()
