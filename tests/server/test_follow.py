"""Following a game and finishing it, on the server (issue 31): the side log's entries
(each action's log lines cut into parts, a seat by its index, no internal id), what they
keep secret (another seat's sealed choice, replays before the end), the end screen's
breakdown and length, and a replay step as the title's page payload."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ekimae.core.game import SYSTEM
from ekimae.games import games
from ekimae.server import follow
from ekimae.server.titles import web_title
from tests.server.conftest import act, create, state, wait_finished
from tests.server.following import INTERNAL_ID


def _bots(client: TestClient, game: str, seats: int = 2) -> str:
    res = client.post("/api/games", json={"game": game, "seats": [{"bot": "random"}] * seats})
    assert res.status_code == 201, res.text
    gid: str = res.json()["id"]
    wait_finished(client, gid)
    return gid


def test_a_sealed_bid_is_an_entry_without_its_amount_for_the_other_seats(
    client: TestClient,
) -> None:
    """TM-3.3: seat 1 seals a bid; seat 2's side log says it was sealed, nothing more;
    seat 1's own entry keeps its amount; the log line names the seat by index."""
    game = create(client, [{"name": "Ann"}, {"name": "Ben"}])
    gid, ann, ben = game["id"], game["seats"][0]["token"], game["seats"][1]["token"]
    assert act(client, gid, ann, {"type": "turn-bid", "amount": 300}).status_code == 200
    theirs = state(client, gid, ben)["moves"]
    (entry,) = theirs
    assert entry["sealed"] and entry["action"] is None and entry["seat"] == 0
    assert "300" not in str(entry)
    assert entry["lines"][0][0] == ["seat", 0, "seat 1"]
    (mine,) = state(client, gid, ann)["moves"]
    assert mine["action"] == {"type": "turn-bid", "amount": 300} and not mine["sealed"]
    # The whole list, as a spectator: sealed too; a seat's view of it opens at the end.
    listed = client.get(f"/api/games/{gid}/moves").json()["moves"]
    assert [e["action"] for e in listed] == [None]
    assert client.get(f"/api/games/{gid}/moves", params={"seat": "all"}).status_code == 403
    assert client.get(f"/api/games/{gid}/replay/page", params={"step": 1}).status_code == 403


def test_after_the_end_the_replay_shows_every_sealed_choice_or_one_seats_view(
    client: TestClient,
) -> None:
    gid = _bots(client, "izakaya")
    opened = client.get(f"/api/games/{gid}/moves", params={"seat": "all"}).json()["moves"]
    bids = [e for e in opened if e["kind"] == "bid"]
    assert bids and all(e["action"] is not None for e in bids)
    as_zero = client.get(f"/api/games/{gid}/moves", params={"seat": "0"}).json()["moves"]
    hidden = [(e["action"] is None, e["kind"] == "bid" and e["seat"] != 0) for e in as_zero[1:]]
    assert as_zero[0]["i"] == -1 and all(a == b for a, b in hidden)
    # A replay step is the page's payload then: nothing to choose, the step's own move.
    page = client.get(f"/api/games/{gid}/replay/page", params={"step": 2, "seat": "1"}).json()
    assert page["replay"] == {"step": 2, "total": len(opened) - 1, "seat": 1}
    assert page["legal"] == [] and not page["can_undo"] and page["actions"] == 2
    assert [e["i"] for e in page["moves"]] == [1]
    assert page["view"]["seat"] == 1
    assert client.get(f"/api/games/{gid}/replay/page", params={"seat": "7"}).status_code == 400


def test_the_end_screen_names_where_the_yen_came_from(client: TestClient) -> None:
    gid = _bots(client, "shopping")
    end = state(client, gid)["end"]
    assert end["replay_url"] == f"/replay/{gid}"
    assert sorted(s for place in end["ranking"] for s in place) == [0, 1]
    assert all(t.startswith("¥") for t in end["totals"])
    table = end["table"]
    assert table["columns"][:2] == ["Exit 1", "Exit 2"]
    assert set(table["rows"]) == {"0", "1"}
    assert end["length"]["actions"] == end["length"]["moves"] > 0
    # SH-5: whoever was still inside is told that the crate paid nothing.
    cells = [c for row in table["rows"].values() for c in row]
    inside = [p for p in state(client, gid)["view"]["players"] if p["at"] != "out"]
    assert bool(inside) == any("still inside" in c for c in cells)
    french = client.get(f"/api/games/{gid}", params={"lang": "fr"}).json()["end"]
    assert french["table"]["columns"][0] == "Sortie 1" and "\u00a0¥" in french["totals"][0]


@pytest.mark.parametrize(
    "game",
    [
        "tokyo-metro",
        "izakaya",
        "shopping",
        "chocolate-milk",
        "tokyo-jutaku",
        "countdown",
        "bottle-bonus",
    ],
)
def test_a_random_games_side_log_shows_no_internal_id(game: str) -> None:
    """Every field the log's templates read is said with a name: a shop by its place, a
    drink by its name, a card by its place, a station by its name (issue 31)."""
    web = web_title(game)
    engine = games()[game]
    rng = random.Random(3)
    state_ = engine.new_state(2, 3, {})
    texts: list[str] = []
    notes = getattr(web, "note_lines", None)
    while not state_.is_terminal() and len(texts) < 3000:
        players = state_.current_players()
        seat = players[0] if players else SYSTEM
        legal = list(state_.legal_actions(seat))
        if not legal:
            break
        before = len(state_.view(None).get("log", []))
        state_.apply(seat, rng.choice(legal))
        view = state_.view(None)
        for line in view.get("log", [])[before:]:
            texts.append(_said(game, line))
        if notes is not None:
            for parts in notes(web.step_note(view), {}, "en"):  # type: ignore[attr-defined]
                texts.append(follow.plain(parts))
    assert texts
    found = [t for t in texts if INTERNAL_ID.search(t)]
    assert not found, found[:5]


def _said(game: str, line: str) -> str:
    parts: Any = follow.line_parts(game, (), line, "en")
    return follow.plain(parts)
