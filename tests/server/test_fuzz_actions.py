"""Issue 26: malformed actions, fuzzed per title, over HTTP and WebSocket.

An action whose `type` or a field is a list or an object used to answer HTTP 500 and drop
the WebSocket without a close frame. Now every malformed action is a 400 with one clear
sentence over HTTP, and an error frame over the socket (which stays open). Per title, one
game, at least 1,000 malformed actions (wrong JSON kinds in every place, missing and
unknown fields, and well-typed values that name nothing in the game): none is answered
5xx, the game's state is unchanged, and the server still serves (a legal action after
them is taken). In-process (TestClient), one SQLite file, so it stays fast.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ekimae.games import games
from ekimae.server.app import create_app
from ekimae.server.config import Limits, Settings, sqlite_url

GAMES = sorted(games().items())
HTTP_ACTIONS = 250
WS_ACTIONS = 1000
# JSON values of every kind, for a place that expects another one.
ODD: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    2**70,
    1.5,
    -0.0,
    "",
    "x" * 300,
    "\u202e\u200bseat",
    [],
    [1],
    ["a", ["b"]],
    [{"type": "x"}],
    {},
    {"type": "pass"},
    {"a": [1, {"b": None}]},
]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    data = Path(tmp_path_factory.mktemp("fuzz"))
    limits = Limits(creates_per_window=100)
    app = create_app(Settings(database_url=sqlite_url(data), bot_workers=0, limits=limits))
    # A 5xx must be seen as the answer it is, not raised into the test.
    with TestClient(app, raise_server_exceptions=False) as opened:
        yield opened


def malformed(codec_kinds: dict[str, dict[str, type]], legal: list[Any], rng: random.Random) -> Any:
    """One action that cannot be taken: a wrong JSON kind somewhere, a field missing or
    unknown, or a well-typed value the game has no such thing as."""
    base = dict(rng.choice(legal)) if legal else {"type": rng.choice(sorted(codec_kinds))}
    fields = codec_kinds.get(base["type"], {})
    roll = rng.randrange(8)
    if roll == 0:
        return rng.choice(ODD)  # the action itself is not an object
    if roll == 1:
        return {**base, "type": rng.choice([v for v in ODD if not isinstance(v, str)])}
    if roll == 2 and fields:
        name = rng.choice(sorted(fields))
        wrong = [v for v in ODD if not _fits(fields[name], v)]
        return {**base, name: rng.choice(wrong)}
    if roll == 3 and fields:
        name = rng.choice(sorted(fields))
        if fields[name] is not tuple:
            return {k: v for k, v in base.items() if k != name}
    if roll == 4:
        return {**base, rng.choice(["extra", "seat", "", "__class__"]): rng.choice(ODD)}
    if roll == 5:
        return {**base, "type": rng.choice(["nope", "PASS", "pass ", "bid\u0000", "x" * 80])}
    if roll == 6 and set(fields) - {"at"}:  # `at`: the server stamps its own clock
        name = rng.choice(sorted(set(fields) - {"at"}))
        return {**base, name: _nonsense(fields[name], rng)}
    return {**base, "type": rng.choice([[base["type"]], {"type": base["type"]}])}


def _fits(ftype: type, value: Any) -> bool:
    if ftype is tuple:
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    if ftype is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, ftype)


def _nonsense(ftype: type, rng: random.Random) -> Any:
    """A value of the right JSON kind that names nothing in any game."""
    if ftype is int:
        return rng.choice([-(10**9), 10**12 + 7, 2**80, -1])
    if ftype is bool:
        return rng.choice([True, False])  # may be legal: only with a wrong other field
    if ftype is tuple:
        return rng.choice([["no-such-thing"], ["\u202e"] * 3, ["x" * 200]])
    return rng.choice(["no-such-thing", "\u202e\u200b", "x" * 200, "A0", "../../etc"])


def _new_game(client: TestClient, name: str) -> tuple[str, str]:
    game = games()[name]
    # People only (the others' invitations unclaimed): nobody else acts meanwhile.
    seats = [{"name": "Fuzz"}] + [{"name": "Away"}] * (game.type.min_seats - 1)
    res = client.post("/api/games", json={"game": name, "seats": seats})
    assert res.status_code == 201, res.text
    return res.json()["id"], res.json()["me"]["token"]


def _table(client: TestClient, gid: str, token: str) -> dict[str, Any]:
    payload: dict[str, Any] = client.get(f"/api/games/{gid}", params={"token": token}).json()
    return {k: v for k, v in payload.items() if k != "accepted_at"}


@pytest.mark.parametrize(("name", "game"), GAMES, ids=[n for n, _ in GAMES])
def test_malformed_actions_are_refused_clearly(client: TestClient, name: str, game: Any) -> None:
    gid, token = _new_game(client, name)
    before = _table(client, gid, token)
    legal = [x["action"] for x in before["legal"]]
    kinds = {kind: dict(fields) for kind, fields in game.codec.kinds.items()}
    rng = random.Random(name)
    for i in range(HTTP_ACTIONS):
        action = malformed(kinds, legal, rng)
        if isinstance(action, dict) and action in legal:
            continue
        body = {"token": token, "action": action, "key": f"fuzz-{i}", "seq": before["seq"]}
        res = client.post(f"/api/games/{gid}/actions", json=body)
        assert res.status_code == 400, (action, res.status_code, res.text)
        message = res.json()["error"]["message"]
        assert message and "\n" not in message and len(message) <= 300, message
    with client.websocket_connect(f"/ws/{gid}?token={token}") as ws:
        assert ws.receive_json()["type"] == "state"
        for _ in range(WS_ACTIONS):
            action = malformed(kinds, legal, rng)
            if isinstance(action, dict) and action in legal:
                continue
            ws.send_text(json.dumps({"type": "act", "action": action, "seq": before["seq"]}))
            frame = ws.receive_json()
            assert frame["type"] == "error" and frame["error"]["message"], frame
        ws.send_json({"type": "chat", "text": "still open"})
        assert ws.receive_json()["type"] == "chat"
    assert _table(client, gid, token) == before
    # Still serving: the first legal action is taken.
    if legal:
        body = {"token": token, "action": legal[0], "key": "real", "seq": before["seq"]}
        assert client.post(f"/api/games/{gid}/actions", json=body).status_code == 200
