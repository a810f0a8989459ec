"""The browser app's language (issue 20): ``?lang=`` > the ``lang`` cookie >
Accept-Language > English; the pages say it in ``<html lang>`` and speak it; the scripts'
catalogue at /api/i18n/{lang}; yen per locale."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ekimae.games.glossary import term, terms
from ekimae.i18n import (
    UnknownLanguageError,
    accepted,
    catalog,
    choose_language,
    format_yen,
    game_terms,
    glossary_prefix,
    translator,
)
from ekimae.server.app import create_app
from ekimae.server.config import Settings, sqlite_url
from tests.server.conftest import wait_finished


@pytest.fixture
def app_client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(Settings(database_url=sqlite_url(tmp_path / "data")))) as c:
        yield c


def test_the_query_outranks_the_cookie_which_outranks_the_header() -> None:
    assert choose_language("it", "fr", "ja") == "it"
    assert choose_language(None, "fr", "ja") == "fr"
    assert choose_language(None, None, "ja-JP,en;q=0.5") == "ja"
    assert choose_language(None, None, None) == "en"
    # An unknown choice is passed over, not an error: the next source decides.
    assert choose_language("de", "xx", "fr-CH") == "fr"


def test_accept_language_is_read_by_quality() -> None:
    assert accepted("de-DE, en;q=0.3, it;q=0.8") == "it"
    assert accepted("ja;q=0, fr;q=0.1") == "fr"  # q=0 means "not this one"
    assert accepted("de, es") is None
    assert accepted("") is None


def test_yen_reads_as_each_language_writes_it() -> None:
    assert format_yen(1600, "en") == "¥1,600"
    assert format_yen(1600, "fr") == "1\u202f600\u00a0¥"  # narrow no-break space groups
    assert format_yen(1600, "it") == "1.600\u00a0¥"
    assert format_yen(1600, "ja") == "1,600円"
    assert format_yen(-300, "en") == "−¥300"
    assert format_yen(0, "ja") == "0円"
    with pytest.raises(UnknownLanguageError, match="known: en, fr, it, ja"):
        format_yen(1, "de")


def test_a_translator_translates_and_english_is_the_msgid() -> None:
    assert translator("fr").gettext("Create game") == "Créer la partie"
    assert translator("ja").gettext("Create game") == "ゲームを作成"
    assert translator("en").gettext("Create game") == "Create game"
    assert translator("it").gettext("no such message") == "no such message"


def _lobby(
    client: TestClient,
    params: dict[str, str] | None = None,
    headers: dict[str, str] | None = None,
) -> str:
    res = client.get("/", params=params, headers=headers)
    assert res.status_code == 200
    return str(res.text)


def test_the_lobby_speaks_the_requests_language(app_client: TestClient) -> None:
    page = _lobby(app_client, params={"lang": "ja"})
    assert '<html lang="ja">' in page and "ゲームを作成" in page
    app_client.cookies.set("lang", "fr")
    page = _lobby(app_client, headers={"accept-language": "it"})
    assert '<html lang="fr">' in page and "Créer la partie" in page  # cookie > header
    page = _lobby(app_client, params={"lang": "it"}, headers={"accept-language": "ja"})
    assert '<html lang="it">' in page and "Crea partita" in page  # query > cookie
    app_client.cookies.clear()
    page = _lobby(app_client, headers={"accept-language": "ja-JP,ja;q=0.9"})
    assert '<html lang="ja">' in page
    page = _lobby(app_client)
    assert '<html lang="en">' in page and "Create game" in page


def test_the_picker_offers_every_language_and_marks_the_current_one(
    app_client: TestClient,
) -> None:
    page = _lobby(app_client, params={"lang": "it"})
    for code, name in (("en", "English"), ("fr", "Français"), ("ja", "日本語")):
        assert f'<option value="{code}" lang="{code}">{name}</option>' in page
    assert '<option value="it" lang="it" selected>Italiano</option>' in page
    # The rules link keeps the language (rules_pages takes ?lang=).
    assert 'href="/rules?lang=it"' in page


def test_the_page_carries_its_scripts_catalogue(app_client: TestClient) -> None:
    page = _lobby(app_client, params={"lang": "fr"})
    assert '"Copy": "Copier"' in page  # i18n.js's t() reads #i18n-catalog


def test_the_catalogue_route(app_client: TestClient) -> None:
    ja = app_client.get("/api/i18n/ja").json()
    assert ja == catalog("ja") and ja["Seat {n}"] == "{n}番席"
    assert app_client.get("/api/i18n/en").json() == {}
    res = app_client.get("/api/i18n/de")
    assert res.status_code == 404 and "known: en, fr, it, ja" in res.json()["detail"]


def test_a_generic_game_page_in_japanese(app_client: TestClient) -> None:
    made = app_client.post(
        "/api/games",
        json={"game": "sealed-auction", "seats": [{"name": "Ann"}, {"bot": "random"}]},
    ).json()
    page = app_client.get(made["spectator_url"], params={"lang": "ja"}).text
    assert '<html lang="ja">' in page
    for text in ("卓", "あなたの手番", "最終結果", "チャット", "手番の通知"):
        assert text in page
    # The game's terms, from the glossary, for the scripts (table.js's keys, kinds).
    found = re.search(r'<script type="application/json" id="i18n-terms">(.*?)</script>', page)
    assert found is not None
    terms = json.loads(found.group(1))
    assert terms["lot"] == "出品物" and terms["bid"] == "入札"


def test_a_games_terms_come_from_the_glossary() -> None:
    assert glossary_prefix("tokyo-metro") == "tm"
    assert glossary_prefix("sealed-auction") == "sa"
    assert game_terms("sealed-auction", "fr")["bid"] == term("sa.bid", "fr") == "enchère"
    assert game_terms("tokyo-metro", "ja")["action.invest"] == term("tm.action.invest", "ja")
    assert game_terms("sealed-auction", "en") == {}  # English: the view's own keys


def test_the_invitation_host_and_replay_pages_in_each_language(app_client: TestClient) -> None:
    made = app_client.post(
        "/api/games",
        json={"game": "sealed-auction", "seats": [{"name": "Ann"}, {"name": "Ben"}]},
    ).json()
    invite = next(s["invite_url"] for s in made["seats"] if s["invite_url"])
    assert "Prendi il posto" in app_client.get(invite, params={"lang": "it"}).text
    host = app_client.get(made["host_url"] + "&lang=ja").text  # the URL has ?h=
    assert "ゲームを観戦" in host and '<html lang="ja">' in host
    bots = app_client.post(
        "/api/games",
        json={"game": "sealed-auction", "seats": [{"bot": "random"}, {"bot": "random"}]},
    ).json()
    wait_finished(app_client, bots["id"])
    replay = app_client.get(f"/replay/{bots['id']}", params={"lang": "fr"}).text
    # "revoir", never "rejouer" (play again) for a replay (issue 31).
    for text in ("Revoir la partie", "Début", "tout visible (tous les choix secrets montrés)"):
        assert text in replay


def test_a_views_common_keys_are_in_every_games_terms() -> None:
    """The generic page shows any game's view keys: money, to act … are the glossary's
    common words (common.view.*) in every game; a game's own word for a key wins."""
    for game in ("shopping", "chocolate-milk", "sealed-auction"):
        fr = game_terms(game, "fr")
        assert fr["money"] == "argent" and fr["to-act"] == "à jouer"
        assert game_terms(game, "ja")["points"] == "点"
    # The game's own words are all there, each as the game's glossary entry says.
    for game in ("sealed-auction", "quick-draw", "tokyo-metro"):
        head = glossary_prefix(game) + "."
        own = {k.removeprefix(head) for k in terms("ja") if k.startswith(head)}
        found = game_terms(game, "ja")
        assert own and all(found[key] == term(head + key, "ja") for key in own)
