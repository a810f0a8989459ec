"""Payloads from one snapshot per change (issue 29): each part built once, shared by every
socket that reads it; TOKYO METRO's overlay the same for every reader; the encoding the
same text as the standard library's."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from ekimae.core.game import State
from ekimae.core.record import GameRecord
from ekimae.games import find_game
from ekimae.server.clients import encode
from ekimae.server.payloads import Snapshot, state_payload
from ekimae.server.store import GameInfo
from ekimae.server.titles import web_title
from ekimae.server.undoing import Verdict

METRO = find_game("tokyo-metro")
OPTIONS = [{}, {"map": "osaka"}, {"cards": "osaka"}, {"drinks": "on"}]


class Live:
    """A table's fields, as the payloads read them."""

    def __init__(
        self, state: State, seed: int, options: dict[str, str], actions: list[Any]
    ) -> None:
        seats = len(state.to_dict().get("players", [])) or 3
        names = [f"p{i}" for i in range(seats)]
        self.info = GameInfo(
            "g", METRO.name, seats, seed, options, names, [None] * seats, 0, [], False, None, ""
        )
        # The record the state was reached by: the side log replays it (issue 31).
        self.record = GameRecord(METRO.name, seats, seed, options, actions, names)
        self.state: Any = state
        self.game, self.web = METRO, web_title(METRO.name)
        self.claimed, self.verdict, self.accepted_wall = [True] * seats, Verdict(), 12.5


def positions(options: dict[str, str], seed: int, every: int = 7) -> list[Live]:
    state = METRO.new_state(3, seed, options)
    rng, actions, out = random.Random(seed), [], []
    while not state.is_terminal():
        seat = state.current_players()[0]
        legal = state.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        state = state.clone()
        state.apply(seat, action)
        actions.append((seat, action))
        if len(actions) % every == 0 or state.is_terminal():
            out.append(Live(state, seed, options, list(actions)))
    return out


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o.values()) or "tokyo")
def test_tokyo_metro_draws_the_same_overlay_for_every_reader(options: dict[str, str]) -> None:
    """`shared_overlay`: the overlay draws only what every seat sees, so the one drawn
    from a spectator's view is each seat's (no seat loses a piece it may see, none is
    shown one it may not)."""
    web = web_title(METRO.name)
    assert web.shared_overlay  # type: ignore[attr-defined]
    for live in positions(options, seed=11):
        shown = {web.overlay(live.state.view(s), options) for s in (None, 0, 1, 2)}
        assert len(shown) == 1


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o.values()) or "tokyo")
def test_an_overlay_kept_by_its_pieces_is_the_one_drawn_afresh(options: dict[str, str]) -> None:
    """The overlays drawn lately are kept by the pieces they show (a bid or a card moves
    none): what is handed out again is exactly what drawing that view gives (MD-4's
    drinks and OS-2's pairs included)."""
    from ekimae.games.tokyo_metro.board import load_board
    from ekimae.games.tokyo_metro.render import overlay_from_view, overlay_svg
    from ekimae.games.tokyo_metro.view import metro_view

    web = web_title(METRO.name)
    board = load_board(options.get("map", "tokyo"))
    for live in positions(options, seed=5, every=3):
        view = live.state.view(None)
        fresh = overlay_svg(board, overlay_from_view(board, metro_view(view)))
        assert web.overlay(view, options) == fresh
        assert web.overlay(view, options) == fresh  # handed out again, the same


def test_a_snapshot_builds_each_part_once_for_any_number_of_sockets() -> None:
    live = positions({}, seed=3, every=20)[1]
    web, views, overlays = live.web, [], []
    real_overlay = web.overlay

    class Counted:
        """The state, its views counted."""

        def __init__(self, state: State) -> None:
            self.state = state

        def __getattr__(self, name: str) -> Any:
            return getattr(self.state, name)

        def view(self, seat: int | None) -> dict[str, Any]:
            views.append(seat)
            return self.state.view(seat)

    def overlay(view: Any, options: Any) -> str | None:
        overlays.append(1)
        return real_overlay(view, options)

    live.state = Counted(live.state)
    counted: Any = type("CountedWeb", (), {})()
    for name in ("prompt", "label", "log_lines", "shared_overlay"):
        setattr(counted, name, getattr(web, name))
    counted.overlay = overlay
    live.web = counted
    snap = Snapshot(live)
    readers = [(0, "en"), (0, "en"), (1, "en"), (None, "en"), (None, "fr"), (None, "en")]
    texts = [snap.text(seat, lang) for seat, lang in readers]
    assert texts[0] is texts[1] and texts[3] is texts[5], "one encoding per (seat, language)"
    assert sorted(views, key=str) == sorted([0, 1, None], key=str), "one view per seat"
    assert len(overlays) == 1, "TOKYO METRO's overlay: once for every reader"


@pytest.mark.parametrize("options", OPTIONS[:2], ids=["tokyo", "osaka"])
def test_the_snapshot_payload_is_the_payload_and_its_encoding_the_standard_one(
    options: dict[str, str],
) -> None:
    for live in positions(options, seed=5, every=15):
        for seat in (None, 0, 1, 2):
            for lang in ("en", "ja"):
                snap = Snapshot(live)
                fresh = state_payload(live, seat, lang)
                assert snap.payload(seat, lang) == fresh
                standard = json.dumps(fresh, separators=(",", ":"), ensure_ascii=False)
                assert snap.text(seat, lang) == standard == encode(fresh)


def test_a_snapshot_is_current_until_its_table_changes() -> None:
    first, second = positions({}, seed=9, every=10)[:2]
    snap = Snapshot(first)
    assert snap.current(first)
    first.accepted_wall = 13.0
    assert not snap.current(first)
    first.accepted_wall, first.claimed = 12.5, [True, False, True]
    assert not snap.current(first)
    first.claimed, first.state = [True] * 3, second.state
    assert not snap.current(first)
