"""Replays from one seat's view or all open; plain trains-phase prompts and labels."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

from fastapi.testclient import TestClient

from ekimae.core.game import State
from ekimae.games import find_game
from ekimae.server.hub import legal_payload
from ekimae.server.titles import web_title
from ekimae.server.titles.tokyo_metro.prompts import trains_prompt
from tests.server.conftest import create, wait_finished

GAME = find_game("tokyo-metro")


def _replay(client: TestClient, gid: str, step: int, seat: str) -> dict[str, Any]:
    res = client.get(f"/api/games/{gid}/replay", params={"step": step, "seat": seat})
    assert res.status_code == 200, res.text
    data: dict[str, Any] = res.json()
    return data


def test_replay_as_each_seat_saw_it_and_all_open(client: TestClient) -> None:
    game = create(client, [{"bot": "random"}] * 3, seed=8)
    gid = game["id"]
    wait_finished(client, gid)
    record = client.get(f"/api/games/{gid}/record").json()
    first = record["actions"][0]
    assert first["type"] == "turn-bid"
    bidder, amount = first["seat"], first["amount"]
    other = (bidder + 1) % 3
    # After the first sealed bid, before the reveal:
    mine = _replay(client, gid, 1, str(bidder))
    assert mine["seat"] == bidder and mine["view"]["players"][bidder]["bid"] == amount
    theirs = _replay(client, gid, 1, str(other))
    assert theirs["view"]["players"][bidder]["bid"] is None
    assert theirs["view"]["players"][bidder]["has_bid"] is True
    assert theirs["last"] == {"seat": bidder, "text": "sealed a turn-bid"}
    assert theirs["legal"], "the other seat still had its own bid to make"
    assert all(a["kind"] == "turn-bid" for a in theirs["legal"])
    everything = _replay(client, gid, 1, "all")
    assert everything["seat"] is None and everything["legal"] == []
    assert everything["view"]["players"][bidder]["bid"] == amount
    assert str(amount) in everything["last"]["text"]
    for bad in ("3", "-1", "x"):
        res = client.get(f"/api/games/{gid}/replay", params={"step": 1, "seat": bad})
        assert res.status_code == 400
    page = client.get(f"/replay/{gid}").text
    assert 'id="seat-view"' in page and "as seat 3" in page


def _trains_decisions(seed: int) -> Iterator[tuple[State, int]]:
    """Random play; each time a seat must decide about a train (board or alight)."""
    state = GAME.new_state(3, seed, {})
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.current_players()[0]
        legal = list(state.legal_actions(seat))
        if state.view(seat)["trains_phase"] and any(a.kind != "pass" for a in legal):
            yield state, seat
            # Prefer boarding and staying on, so that alighting comes up too.
            legal = [a for a in legal if a.kind == "board"] or legal
        state.apply(seat, rng.choice(legal))


WEB = web_title(GAME.name)


def test_trains_phase_prompts_name_the_train_the_station_and_the_choices() -> None:
    seen: set[str] = set()
    decisions = (d for seed in range(1, 30) for d in _trains_decisions(seed))
    for state, seat in decisions:
        view = state.view(seat)
        letter = view["trains_phase"]["line"]
        prompt = trains_prompt(view, seat)
        assert prompt is not None
        assert re.match(rf"Train {letter} stops at [A-Z][^(]+ \(", prompt), prompt
        labels = {
            a["action"]["type"]: a["label"] for a in legal_payload(GAME, WEB, state, seat, {})
        }
        for kind, label in labels.items():
            seen.add(kind)
            assert f"train {letter}".lower() in label.lower() or kind == "alight", label
        if "alight" in labels:
            assert "You are on it" in prompt and labels["alight"].startswith("Alight at ")
        if "board" in labels:
            assert "Board train" in labels["board"]
            # TM-8.5: the label says what boarding costs this seat.
            holds = seat in next(x for x in view["lines"] if x["letter"] == letter)["stocks"]
            cost = f"free: you hold a {letter} stock" if holds else "fare ¥100"
            assert cost in labels["board"], labels["board"]
            seen.add("free" if holds else "fare")
        # Other seats and spectators are told who decides.
        watcher = trains_prompt(state.view(None), None)
        assert watcher is not None and f"seat {seat + 1}" in watcher
        if {"board", "alight", "free", "fare"} <= seen:
            break
    assert {"board", "alight", "pass", "free", "fare"} <= seen
    # Outside the trains phase there is no trains prompt; the bids are said in their own
    # words (issue 30), never as a train's.
    fresh = GAME.new_state(3, 1, {})
    assert trains_prompt(fresh.view(0), 0) is None
    bids = legal_payload(GAME, WEB, fresh, 0, {})
    assert bids and all(a["label"].startswith("Bid ") for a in bids), bids[:2]
