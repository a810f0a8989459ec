"""TOKYO METRO's log in French, Italian and Japanese (issue 20).

The engine keeps writing its log in English (the goldens record it); each line comes from
a template of `games/tokyo_metro/log_forms.py`, and a page in another language reads it
back through the same templates (`ekimae.core.logtext`) and shows the translated one
(`ekimae.i18n.log`, `WebTitle.log_lines`, the payload's `log`)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ekimae.bots import make_bot
from ekimae.core.game import SYSTEM
from ekimae.games.tokyo_metro.game import GAME
from ekimae.games.tokyo_metro.log_forms import FORMS
from ekimae.server.app import create_app
from ekimae.server.config import Settings, sqlite_url
from ekimae.server.titles.tokyo_metro import TITLE
from tests.server.conftest import create

COMBINATIONS = [(m, c) for m in ("tokyo", "osaka") for c in ("tokyo", "osaka")]


def _log(options: dict[str, str], seed: int, bot: str | None) -> list[str]:
    """The whole log of a seeded game: uniform random choices, or `bot` in every seat."""
    state = GAME.new_state(3, seed, options)
    rng = random.Random(seed)
    bots = [make_bot("tokyo-metro", bot, seed + i, untimed=True) for i in range(3)] if bot else []
    while not state.is_terminal():
        seat = next((s for s in state.current_players() if state.legal_actions(s)), SYSTEM)
        legal = state.legal_actions(seat)
        if bots and seat != SYSTEM:
            action = bots[seat].choose(state.view(seat), legal, rng)
        else:
            action = legal[rng.randrange(len(legal))]
        state.apply(seat, action)
    log: list[str] = state.view(0)["log"]
    return log


@pytest.mark.parametrize(("map_name", "cards"), COMBINATIONS)
@pytest.mark.parametrize("bot", [None, "normal"])
def test_every_line_of_a_game_is_read_back_by_a_template(
    map_name: str, cards: str, bot: str | None
) -> None:
    options = {"map": map_name, "cards": cards, "drinks": "on"}
    for seed in (1, 2):
        for line in _log(options, seed, bot):
            parsed = FORMS.parse(line)
            assert parsed is not None, f"no log form reads {line!r}"
            again = FORMS.render(parsed, lambda form: form, lambda kind, value: value)
            assert again == line  # the same template, the same fields


def test_the_log_in_french_and_japanese_keeps_every_value() -> None:
    options = {"map": "tokyo", "cards": "tokyo", "drinks": "on"}
    log = _log(options, 3, "normal")
    assert TITLE.log_lines(log, options, "en") == log
    french = TITLE.log_lines(log, options, "fr")
    japanese = TITLE.log_lines(log, options, "ja")
    assert len(french) == len(japanese) == len(log)
    revealed = next(i for i, line in enumerate(log) if line.startswith("bids revealed"))
    assert french[revealed].startswith("enchères révélées : place ")
    assert japanese[revealed].startswith("入札公開：")
    over = log[-1]
    assert over.startswith("game over: ")
    assert french[-1].startswith("fin de la partie : place 1 ")
    assert "勝者" in japanese[-1] and "円" in japanese[-1] and "¥" not in japanese[-1]


def test_japanese_names_stations_in_japanese_script() -> None:
    line = "train G at Ginza: line value +¥500 → ¥1,500 (seat 2's station, who holds stock: TM-8.3)"
    assert FORMS.parse(line) is not None
    japanese = TITLE.log_lines([line], {"map": "tokyo"}, "ja")[0]
    assert japanese.startswith("列車Gが銀座に停車："), japanese
    assert "1,500円" in japanese and "2番席の駅" in japanese
    italian = TITLE.log_lines([line], {"map": "tokyo"}, "it")[0]
    assert italian.startswith("Treno G a Ginza: valore della linea +500\u00a0¥"), italian


def test_an_action_is_named_by_the_booklets_word() -> None:
    line = (
        "seat 1: invest CY1a G — pays ¥600 for stock #1 (TM-7.4); line G value +¥600 → ¥600"
        "; money ¥1,000 → ¥400"
    )
    assert TITLE.log_lines([line], {}, "fr")[0] == (
        "place 1 : Investissement CY1a G — paie 600\u00a0¥ pour le Stock n° 1 (TM-7.4) ; "
        "valeur de la ligne G +600\u00a0¥ → 600\u00a0¥ ; argent 1\u202f000\u00a0¥ → 400\u00a0¥"
    )


def test_a_line_no_template_reads_is_shown_as_it_is() -> None:
    assert TITLE.log_lines(["a note from elsewhere"], {}, "ja") == ["a note from elsewhere"]


def _state(client: TestClient, game: str, token: str, **params: str) -> dict[str, Any]:
    reply: dict[str, Any] = client.get(
        f"/api/games/{game}", params={"token": token, **params}
    ).json()
    return reply


def test_a_page_payload_carries_the_log_in_its_language(tmp_path: Path) -> None:
    settings = Settings(database_url=sqlite_url(tmp_path / "data"), bot_delay=0)
    with TestClient(create_app(settings)) as client:
        made = create(client, [{"name": "Ann"}, {"bot": "random"}], seed=3)  # TOKYO METRO
        game, token = made["id"], made["me"]["token"]
        with client.websocket_connect(f"/ws/{game}?token={token}") as ws:
            for key in range(40):  # through the bids into the actions phase
                msg = ws.receive_json()
                if msg["type"] != "state" or not msg["legal"]:
                    continue
                if any(line.startswith("bids revealed") for line in msg["view"]["log"]):
                    break
                guard = {"seq": msg["seq"]} if msg["simultaneous"] else {}
                ws.send_json(
                    {"type": "act", "action": msg["legal"][0]["action"], "key": f"k{key}", **guard}
                )
        english = _state(client, game, token)
        french = _state(client, game, token, lang="fr")
        japanese = _state(client, game, token, lang="ja")
    log = english["view"]["log"]
    assert "log" not in english  # an English page reads the view's own lines
    assert french["view"]["log"] == japanese["view"]["log"] == log  # the view unchanged
    assert len(french["log"]) == len(japanese["log"]) == len(log)
    assert any(line.startswith("enchères révélées") for line in french["log"])
    assert any(line.startswith("入札公開") for line in japanese["log"])
    assert "seat 1 bids in secret" in log
    assert "place 1 enchérit en secret" in french["log"]
