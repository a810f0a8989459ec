"""The terminal in the four languages (issue 20): `ekimae --lang` (else the locale's
LC_ALL / LC_MESSAGES / LANG) chooses the language of the generic game texts."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from pathlib import Path

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


METRO = ["metro", "play", "--seats", "human,random", "--seed", "3"]


def test_the_metro_table_in_japanese(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("help\nquit\nn\n"))
    assert main(["--lang", "ja", *METRO]) == 0
    out = capsys.readouterr().out
    # The app's words, the booklet's terms (TM-3.1's phase, the actions) and yen as
    # Japanese writes it.
    words = ("ラウンド 1/", "手番順決めフェイズ", "路線", "所持金", "2,000円", "投資", "捨て札")
    for text in words:
        assert text in out, text
    assert "その他のコマンド" in out  # the help text
    assert "Lines" not in out and "money" not in out


def test_the_metro_table_in_french_and_english(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\nn\n"))
    assert main(["--lang", "fr", *METRO]) == 0
    out = capsys.readouterr().out
    for text in ("Manche 1/", "phase d’ordre du tour", "Lignes", "argent", "2\u202f000\u00a0¥"):
        assert text in out, text
    assert "Investissement" in out  # tm.action.invest, as the French booklet prints it
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\nn\n"))
    assert main(METRO) == 0
    out = capsys.readouterr().out
    assert "Round 1/" in out and "turn order" in out and "¥2000" in out and "invest ¥" in out


def test_the_metro_map_in_japanese_script(tmp_path: Path) -> None:
    out = tmp_path / "map.svg"
    assert main(["--lang", "ja", "metro", "render", "--out", str(out)]) == 0
    assert "銀座線" in out.read_text(encoding="utf-8")
    assert main(["metro", "render", "--out", str(out)]) == 0
    assert "銀座線" not in out.read_text(encoding="utf-8")
