"""TOKYO METRO in the reader's language (issue 20): the map's labels in Japanese script on
the Japanese page (the data's ``name_ja``), the page's own words through the catalogue."""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ekimae.core.game import State
from ekimae.games import find_game
from ekimae.games.tokyo_metro.board import load_board
from ekimae.games.tokyo_metro.render import (
    FONT,
    FONT_JA,
    Overlay,
    _wrappings_ja,
    overlay_svg,
    render_svg,
)
from ekimae.server.app import create_app
from ekimae.server.config import Settings, sqlite_url
from ekimae.server.titles.tokyo_metro.prompts import action_label, trains_prompt

MAPS = ("tokyo", "osaka")
GAME = find_game("tokyo-metro")


def _wide(text: str) -> bool:
    return any(unicodedata.east_asian_width(c) in "WF" for c in text)


def _texts(svg: str, group: str) -> list[str]:
    found = re.search(rf'<g id="{group}"[^>]*>(.*?)</g>', svg, re.S)
    assert found is not None, group
    return re.findall(r"<text[^>]*>([^<]*)</text>", found.group(1))


@pytest.mark.parametrize("name", MAPS)
def test_the_japanese_map_names_stations_and_lines_in_japanese_script(name: str) -> None:
    board = load_board(name)
    svg = render_svg(board, lang="ja")
    assert f'font-family="{FONT_JA}"' in svg and "Noto Sans CJK JP" in FONT_JA
    labels = set(_texts(svg, "labels"))
    for station in board.stations:
        if not station.halt:  # OS-2: halts are never named
            # whole, or wrapped between characters
            assert any(set(lines) <= labels for lines in _wrappings_ja(station.name_ja)), (
                station.name_ja
            )
    legend = _texts(svg, "legend")
    for line in board.lines:
        assert line.name_ja in legend


@pytest.mark.parametrize("name", MAPS)
def test_the_english_map_keeps_its_latin_names_and_font(name: str) -> None:
    board = load_board(name)
    svg = render_svg(board)
    assert f'font-family="{FONT}"' in svg and not _wide(svg)
    assert render_svg(board, lang="fr") == svg  # only Japanese has its own script
    assert [line.name for line in board.lines] == _texts(svg, "legend")[1::2]


def test_a_long_japanese_name_wraps_between_characters_not_at_spaces() -> None:
    assert _wrappings_ja("銀座") == [("銀座",)]
    assert _wrappings_ja("長堀鶴見緑地線") == [("長堀鶴見緑地線",), ("長堀鶴見", "緑地線")]


def test_the_overlay_is_drawn_the_same_on_both_maps() -> None:
    board = load_board("tokyo")
    pieces = Overlay(pyramids={0: 1}, meeples={0: 5}, trains={0: (board.lines[0].stops[0], 1)})
    assert render_svg(board, pieces, "ja").endswith(overlay_svg(board, pieces) + "\n</svg>\n")


@pytest.fixture
def app_client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(Settings(database_url=sqlite_url(tmp_path / "data")))) as c:
        yield c


def _metro_page(client: TestClient, lang: str, options: dict[str, str] | None = None) -> str:
    made = client.post(
        "/api/games",
        json={
            "game": "tokyo-metro",
            "seats": [{"name": "Ann"}, {"bot": "random"}],
            "options": options or {},
        },
    ).json()
    return str(client.get(made["spectator_url"], params={"lang": lang}).text)


def test_the_japanese_game_page_draws_the_japanese_map(app_client: TestClient) -> None:
    page = _metro_page(app_client, "ja")
    assert '<html lang="ja">' in page and "銀座線" in page and "池袋" in page
    english = _metro_page(app_client, "en")
    assert "Ginza" in english and "銀座線" not in english
    osaka = _metro_page(app_client, "ja", {"map": "osaka", "cards": "osaka"})
    assert "御堂筋線" in osaka


def _played(options: dict[str, str], actions: int, seed: int = 4) -> State:
    state: State = GAME.new_state(2, seed, options)
    pick = random.Random(seed)
    while len(state.view(None)["log"]) < actions and not state.is_terminal():
        seat = state.current_players()[0]
        state.apply(seat, pick.choice(state.legal_actions(seat)))
    return state


def test_the_sentences_speak_the_pages_language() -> None:
    """Each language's sentence for every legal action: translated (no English sentence
    left), its yen written that language's way, and in Japanese the Japanese names."""
    for options in ({}, {"map": "osaka", "cards": "osaka", "drinks": "on"}):
        state = _played(options, 40)
        seat = state.current_players()[0]
        view = state.view(seat)
        m, c = options.get("map", "tokyo"), options.get("cards", "tokyo")
        for action in state.legal_actions(seat):
            wire = action.to_dict()
            english = action_label(view, seat, wire, m, c)
            if english is None:
                continue
            for lang in ("fr", "it", "ja"):
                said = action_label(view, seat, wire, m, c, lang)
                assert said and said != english, (lang, english)
                assert "¥" not in said or lang != "ja", said  # 円 in Japanese
    ja = action_label(_played({}, 0).view(0), 0, {"type": "place", "cell": "a11"}, lang="ja")
    assert ja == "ミープルをマスa11に置く、代々木上原に接する"


def test_a_trains_prompt_in_japanese() -> None:
    state = GAME.new_state(2, 4)
    pick = random.Random(4)
    while state.view(None).get("trains_phase") is None:
        assert not state.is_terminal(), "no trains phase reached"
        seat = state.current_players()[0]
        state.apply(seat, pick.choice(state.legal_actions(seat)))
    said = trains_prompt(state.view(None), None, "tokyo", "ja")
    assert said is not None and "判断中" in said and "列車" in said
    assert trains_prompt(state.view(None), None) != said
