"""The terminal in the four languages (issue 20): `ekimae --lang` (else the locale's
LC_ALL / LC_MESSAGES / LANG) chooses the language of the generic game texts."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator

import pytest

from ekimae import i18n
from ekimae.cli.main import main

PLAY = ["play", "--game", "sealed-auction", "--seats", "random,random", "--seed", "3"]
LOCALE = ("LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True)
def english_after(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in LOCALE:
        monkeypatch.delenv(name, raising=False)
    yield
    i18n.set_language("en")  # the process-wide language: leave it as other tests expect


def test_lang_chooses_the_ranking_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "fr", *PLAY]) == 0
    out = capsys.readouterr().out
    assert "Classement" in out and "rang" in out and "places : place 1 (random)" in out
    assert "Secret : enchère" in out  # the glossary's word for the kind (sa.bid)
    assert "1\u202f125" in out  # a score grouped as French writes numbers
    assert main(["--lang", "ja", *PLAY]) == 0
    out = capsys.readouterr().out
    assert "順位" in out and "得点" in out and "席:" in out
    assert main(PLAY) == 0
    assert "Ranking" in capsys.readouterr().out


def test_the_locale_chooses_without_lang(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    assert main(PLAY) == 0
    assert "Classifica" in capsys.readouterr().out
    monkeypatch.setenv("LC_ALL", "ja_JP.UTF-8")  # LC_ALL outranks LANG
    assert main(PLAY) == 0
    assert "順位" in capsys.readouterr().out
    assert main(["--lang", "en", *PLAY]) == 0  # --lang outranks the locale
    assert "Ranking" in capsys.readouterr().out


def test_a_person_is_prompted_in_the_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("999\nhelp\n"))
    args = ["--lang", "fr", "play", "--game", "sealed-auction", "--seats", "human,random"]
    assert main([*args, "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Pas d’action 999 : choisissez de 1 à" in out
    assert "Tapez le numéro d’une action" in out and "toute la table" in out
    assert "Partie arrêtée après 0 actions." in out
    assert "enchère — secret" in out  # the kind `bid` in the glossary's words (sa.bid)


def test_an_unknown_lang_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "de", *PLAY]) == 2
    assert "invalid choice: 'de'" in capsys.readouterr().err
