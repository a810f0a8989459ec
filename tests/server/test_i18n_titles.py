"""The newer titles' pages and sentences in French, Italian and Japanese (issue 20), as
TOKYO METRO's are (test_i18n_live.py, test_i18n_metro.py): the prompt the hub sends a seat
is in the seat's language, and a page rendered in a language shows none of its template's
English messages (the scripts' messages are held complete by test_i18n_catalogues.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import extract_from_file
from fastapi.testclient import TestClient
from markupsafe import escape

from ekimae.i18n import translator
from ekimae.server.app import create_app
from ekimae.server.config import Settings, sqlite_url

TITLES = Path(__file__).resolve().parents[2] / "src" / "ekimae" / "server" / "titles"
# game name -> its web part's folder
GAMES = {
    "tokyo-jutaku": "tokyo_jutaku",
    "countdown": "countdown",
    "bottle-bonus": "bottle_bonus",
    "shopping": "shopping",
    "chocolate-milk": "chocolate_milk",
    "izakaya": "izakaya",
}
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
SCRIPT = re.compile(r"<script\b.*?</script>", re.S)
# Attributes that are names for the page's code, not words for its reader.
CODE = re.compile(r'\s(?:id|class|for|type|href|src|rel|name|data-[\w-]+)="[^"]*"')


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(database_url=sqlite_url(tmp_path / "data"), bot_delay=0)
    with TestClient(create_app(settings)) as c:
        yield c


def _made(client: TestClient, game: str) -> dict[str, Any]:
    res = client.post(
        "/api/games",
        json={
            "game": game,
            "seats": [{"name": "Ann"}, {"name": "Ben"}],
            "practice": True,
            "seed": 3,
        },
    )
    assert res.status_code == 201, res.text
    made: dict[str, Any] = res.json()
    return made


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_prompt_is_in_the_seats_language(client: TestClient, game: str) -> None:
    made = _made(client, game)
    url = f"/api/games/{made['id']}"
    token = made["me"]["token"]
    prompts = {
        lang: client.get(url, params={"token": token, "lang": lang}).json()["prompt"]
        for lang in ("en", "fr", "it", "ja")
    }
    assert prompts["en"] and prompts["en"].isascii(), prompts
    assert len(set(prompts.values())) == 4, prompts  # each language its own sentence
    assert JAPANESE.search(prompts["ja"]), prompts


def _template_messages(folder: str) -> set[str]:
    found: set[str] = set()
    for path in (TITLES / folder / "templates").glob("*.html"):
        options = {"extensions": "jinja2.ext.i18n"}
        for _line, msgid, _c, _ctx in extract_from_file(
            "jinja2.ext:babel_extract", str(path), options=options
        ):
            found.add(msgid if isinstance(msgid, str) else msgid[0])
    return found


@pytest.mark.parametrize("lang", ["fr", "it", "ja"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_page_shows_no_english_message(client: TestClient, game: str, lang: str) -> None:
    made = _made(client, game)
    page = client.get(made["me"]["url"], params={"lang": lang}).text
    assert f'<html lang="{lang}">' in page
    shown = CODE.sub("", SCRIPT.sub("", page))  # the catalogue's JSON has every msgid
    gettext = translator(lang).gettext
    # A game's name in capitals is also the header's, which names the game as printed.
    messages = {m for m in _template_messages(GAMES[game]) if not m.isupper()}
    assert messages, game
    left = {
        m
        for m in messages
        if gettext(m) != m and re.search(rf"(?<![\w]){re.escape(str(escape(m)))}(?![\w])", shown)
    }
    assert not left, left
    english = SCRIPT.sub("", client.get(made["me"]["url"], params={"lang": "en"}).text)
    assert any(str(escape(m)) in english for m in messages)  # the check can see them


def test_every_parcel_card_has_its_japanese_place() -> None:
    from ekimae.games.tokyo_jutaku.game import GAME
    from ekimae.server.titles.jutaku_kit.words import Words, places_ja

    names = {card.name for card in GAME.data.cards.values()}
    assert names <= set(places_ja()), names - set(places_ja())
    assert Words("ja").place("Higashi-Ikebukuro") == "東池袋"
    assert Words("fr").place("Higashi-Ikebukuro") == "Higashi-Ikebukuro"


def test_the_drawn_names_are_catalogue_messages() -> None:
    """THE SHOPPING GAME's items and piles, the drinks and their shapes are said in the page's
    language from the catalogue: each name of the data files is a message there."""
    from ekimae.games.jidohanbaiki.names import DRINK_NAMES as DRINKS
    from ekimae.games.jidohanbaiki.names import SHAPE_NAMES as SHAPES
    from ekimae.games.shopping.game import GAME
    from ekimae.server.titles.chocolate_milk.board import DATA
    from ekimae.server.titles.shopping.board import NAMES

    names = {i.name for i in GAME.data.items.values()} | {p.name for p in GAME.data.piles.values()}
    names |= {s.draws for s in GAME.data.shops.values() if s.draws}
    assert names <= set(NAMES), names - set(NAMES)
    assert {s.name for s in DATA.drinks.shapes} <= set(SHAPES)
    assert {d.name for d in DATA.drinks.drinks.values()} <= set(DRINKS)
    for lang in ("fr", "it", "ja"):
        gettext = translator(lang).gettext
        assert all(gettext(name) != name for name in (*NAMES, *SHAPES) if name != "magazine")
