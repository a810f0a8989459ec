"""A live page's sentences in its reader's language (issue 20): the hub passes each
connection's language (``?lang=`` > cookie > Accept-Language) to the title's labels and
prompt, so two people at one table read the same position in their own words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from ekimae.server.app import create_app
from ekimae.server.config import Settings, sqlite_url
from tests.server.conftest import create


def _labels(payload: dict[str, Any]) -> list[str]:
    return [item["label"] for item in payload["legal"] if "label" in item]


def test_each_connection_reads_the_labels_in_its_own_language(tmp_path: Path) -> None:
    settings = Settings(database_url=sqlite_url(tmp_path / "data"), bot_delay=0)
    with TestClient(create_app(settings)) as client:
        made = create(client, [{"name": "Ann"}, {"bot": "random"}], seed=3)  # TOKYO METRO
        game, token = made["id"], made["me"]["token"]
        french: list[str] = []
        with client.websocket_connect(f"/ws/{game}?token={token}&lang=fr") as ws:
            for key in range(60):  # bid (said in words too, issue 30) until the actions phase
                msg = ws.receive_json()
                if msg["type"] != "state":
                    continue
                bidding = any(item["kind"] == "turn-bid" for item in msg["legal"])
                french = [] if bidding else _labels(msg)
                if french or not msg["legal"]:
                    if french:
                        break
                    continue
                guard = {"seq": msg["seq"]} if msg["simultaneous"] else {}
                ws.send_json(
                    {"type": "act", "action": msg["legal"][0]["action"], "key": f"k{key}", **guard}
                )
        assert french and french[0].startswith("Placer votre meeple"), french
        url = f"/api/games/{game}"
        english = _labels(client.get(url, params={"token": token}).json())
        italian = _labels(client.get(url, params={"token": token, "lang": "it"}).json())
        japanese = _labels(
            client.get(url, params={"token": token}, headers={"Accept-Language": "ja"}).json()
        )
        assert english[0].startswith("Place your meeple"), english
        assert italian[0].startswith("Piazzare il vostro Meeple"), italian
        assert japanese[0].startswith("ミープルを"), japanese
        assert len(english) == len(french) == len(italian) == len(japanese)
