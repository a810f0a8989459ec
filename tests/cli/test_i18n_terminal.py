"""Every message of the terminal in the chosen language (issue 32): command-line errors
(ours and argparse's), refusals at a person's turn, prompts, and the full-screen games'
words and refusals."""

from __future__ import annotations

import asyncio
import io
import sys
from collections.abc import Iterator

import pytest

from ekimae import i18n
from ekimae.bots import make_bot
from ekimae.cli.live import LiveTable, ManualClock
from ekimae.cli.main import main
from ekimae.cli.titles.tokyo_jutaku.live import JutakuApp
from ekimae.games import find_game


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")  # the process-wide language: leave it as other tests expect


def error_line(capsys: pytest.CaptureFixture[str]) -> str:
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--lang", "fr", "play", "--game", "chess"],
         ["ekimae : erreur : --game : jeu inconnu 'chess' (connus :"]),
        (["--lang", "it", "play", "--game", "sealed-auction", "--seats", "human"],
         ["ekimae: errore: --seats: 1 posti (da 2 a 6)"]),
        (["--lang", "ja", "simulate", "--game", "sealed-auction", "--option", "lots=huge"],
         ["--option lots：不明な値 'huge'（既知：short, long）"]),
        (["--lang", "ja", "plya"], ["引数 COMMAND：無効な選択 'plya'", "「ekimae --help」を参照"]),
        (["--lang=fr", "play", "--players"], ["argument --players : une valeur attendue"]),
        (["--lang", "fr", "replay", "nowhere.json"], ["nowhere.json: -: fichier introuvable"]),
    ],
)  # fmt: skip
def test_command_line_errors_in_the_language(
    args: list[str], words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    line = error_line(capsys)
    for word in words:
        assert word in line, line


def test_a_refusal_at_a_persons_turn_and_the_save_prompt_in_french(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("buy z9 red-pet-bottle 1\nfly\nquit\n\n"))
    args = ["--lang", "fr", "play", "--game", "chocolate-milk", "--seats", "human,normal"]
    assert main([*args, "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "CM-2 : il n'y a pas de carte « z9 » (permis : a1 … c3)" in out
    assert "action inconnue 'fly'" in out
    assert "Enregistrer l'historique dans un fichier ? (un chemin, ou Entrée pour non)" in out
    assert "there is no card" not in out and "unknown action" not in out


def test_the_full_screen_game_in_japanese() -> None:
    i18n.set_language("ja")
    game = find_game("tokyo-jutaku")
    table = LiveTable(game, ["human", "builder"], [None, make_bot(game.name, "builder", 1)], 1,
                      {}, ManualClock())  # fmt: skip
    app = JutakuApp(table, 0, tick_seconds=None)

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("s")  # Stop! before choosing a start card: refused (JU-2)
            message = str(app.query_one("#message").render())
            assert "JU-2：まず各プレイヤーが外周のカードに建築家を置きます" in message
            status = str(app.query_one("#status").render())
            assert "最初のカード選び" in status and "残り" in status
            keys = str(app.query_one("#keys").render())
            assert "一時停止" in keys and "ヘルプ" in keys

    asyncio.run(run())
