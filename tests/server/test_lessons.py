"""Lessons (issue 30): every lesson file loads and is checked (every text in four
languages, at most two English sentences a step, no rule ID in running text), its expected
actions are each exactly one legal action when the server's own bots answer (`rehearse`),
and the API makes the lesson's game as the script says: unlisted, unrated, the learner at
seat 1 against the named bot, from the lesson's seed and setup."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ekimae.core.errors import DataError
from ekimae.games import find_game, titles
from ekimae.games.glossary import LANGUAGES
from ekimae.server.learn import check_all, lessons, load_lesson, rehearse
from tests.server.conftest import state

KEYS = sorted(check_all())


def test_every_registered_title_has_a_first_game() -> None:
    titled = {lesson.game for lesson in lessons().values()}
    assert set(titles()) <= titled, set(titles()) - titled


@pytest.mark.parametrize("key", KEYS)
def test_a_lesson_plays_as_written_with_the_servers_bots(key: str) -> None:
    lesson = lessons()[key]
    played = rehearse(lesson)
    assert [r.step for r in played] == list(range(len(lesson.steps)))
    acts = [r for r in played if r.expected is not None]
    assert acts, "a lesson lets the learner play"
    assert lesson.steps[-1].expect is None, "the last step says what comes next"
    for step in lesson.steps:
        assert set(step.say) == set(LANGUAGES)


def test_a_bad_lesson_is_refused_naming_the_field(tmp_path: Path) -> None:
    folder = tmp_path / "chocolate_milk" / "lessons"
    folder.mkdir(parents=True)
    good = (
        Path(__file__).resolve().parents[2]
        / "src/ekimae/server/titles/chocolate_milk"
        / "lessons/chocolate-milk.toml"
    ).read_text(encoding="utf-8")
    path = folder / "chocolate-milk.toml"
    cases = {
        'ja = "はじめてのゲーム"': ("", "title", "no text in ja"),
        'bot = "learning"': ('bot = "expert"', "bot", "no 'expert' level"),
        "seed = 11": ("seed = -1", "seed", "≥ 0"),
        'en = "Welcome to CHOCOLATE MILK!': (
            'en = "See CM-1. Welcome to CHOCOLATE MILK!',
            "step[0]",
            "rule ID",
        ),
    }
    for old, (new, field, why) in cases.items():
        assert old in good, old
        path.write_text(good.replace(old, new, 1), encoding="utf-8")
        with pytest.raises(DataError) as caught:
            load_lesson(path)
        assert field in str(caught.value) and why in str(caught.value), str(caught.value)


def test_a_wrong_expected_action_fails_the_rehearsal(tmp_path: Path) -> None:
    lesson = lessons()["chocolate-milk"]
    step = next(i for i, s in enumerate(lesson.steps) if s.expect)
    broken = lesson.steps[step].__class__(lesson.steps[step].say, (), {"type": "buy", "cell": "c3"})
    steps = (*lesson.steps[:step], broken, *lesson.steps[step + 1 :])
    with pytest.raises(DataError, match="0 legal actions match"):
        rehearse(lesson.__class__(**{**lesson.__dict__, "steps": steps}))


def test_starting_a_lesson_makes_its_game(client: TestClient) -> None:
    res = client.post("/api/learn/chocolate-milk")
    assert res.status_code == 201, res.text
    body = res.json()
    assert body["url"] == f"/g/{body['id']}?t={body['token']}&learn=chocolate-milk"
    data = state(client, body["id"], body["token"])
    lesson = lessons()["chocolate-milk"]
    fresh = find_game("chocolate-milk").new_state(2, lesson.seed, lesson.options)
    assert data["view"]["grid"] == fresh.view(0)["grid"]  # the lesson's seed, no fake state
    assert data["bots"] == [None, "learning"]
    assert data["practice"] is True  # unrated: the lesson chose the seed
    assert body["id"] not in {g["id"] for g in client.get("/api/games").json()}  # unlisted


def test_the_script_in_each_language(client: TestClient) -> None:
    for lang in LANGUAGES:
        res = client.get("/api/learn/chocolate-milk", params={"lang": lang})
        assert res.status_code == 200
        script = res.json()
        assert script["steps"][0]["say"] == lessons()["chocolate-milk"].steps[0].say[lang]
        assert script["bot"] == "learning"
    assert client.get("/api/learn/nope").status_code == 404
    assert client.post("/api/learn/nope").status_code == 404


def test_the_learn_page_and_the_links_to_it(client: TestClient) -> None:
    page = client.get("/learn", params={"lang": "fr"})
    assert page.status_code == 200
    assert "Apprendre à jouer" in page.text
    for name in {lesson.game for lesson in lessons().values()}:
        assert f'id="learn-{name}"' in page.text
    assert 'data-lesson="chocolate-milk"' in page.text
    assert "<script>" not in page.text and "onclick=" not in page.text  # CSP: no inline code
    lobby = client.get("/")
    assert 'href="/learn"' in lobby.text
    res = client.post(
        "/api/games", json={"game": "chocolate-milk", "seats": [{"name": "A"}, {"bot": "learning"}]}
    )
    game = client.get(res.json()["me"]["url"])
    assert 'href="/learn#learn-chocolate-milk"' in game.text


def test_the_lobby_names_the_levels_and_starts_at_learning(client: TestClient) -> None:
    listed = {t["name"]: t for t in client.get("/api/titles").json()}
    for name in titles():
        title = listed[name]
        assert title["levels"][0] == {"level": "learning", "bot": title["default_bot"]}, name
    assert listed["tokyo-metro"]["levels"] == [
        {"level": "learning", "bot": "beginner"},
        {"level": "casual", "bot": "normal"},
        {"level": "strong", "bot": "strong"},
        {"level": "expert", "bot": "expert"},
    ]
