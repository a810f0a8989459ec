"""MOD-1, MOD-2: either map with either card set; data versions and TOKYO compatibility."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ekimae.core.errors import DataError
from ekimae.core.record import record_from_dict, replay
from ekimae.games.tokyo_metro import actions as act
from ekimae.games.tokyo_metro.components import load_track
from ekimae.games.tokyo_metro.context import load_ctx
from ekimae.games.tokyo_metro.game import GAME, data_version_for
from tests.games.tokyo_metro.helpers import (
    OFF_MAP,
    actions_phase,
    find_spot,
    finish_trains,
    fresh,
    line,
    new_game,
    put_cards,
    to_trains,
)

COMBOS = [(m, c) for m in ("tokyo", "osaka") for c in ("tokyo", "osaka")]
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "tokyo_metro"
NEW_KEYS = {"copies", "stock_surcharges"}


@pytest.mark.parametrize(("map_name", "cards"), COMBOS)
@pytest.mark.parametrize("seats", [1, 2, 5])
def test_mod_1_rounds_follow_the_card_set(map_name: str, cards: str, seats: int) -> None:
    """MOD-1: 9-card decks give 10 - players rounds, 8-card decks 9 - players (SOLO-1: as
    for two)."""
    state = new_game(seats, 3, {"map": map_name, "cards": cards})
    players = max(seats, 2)
    assert state.rounds == (10 if cards == "tokyo" else 9) - players


@pytest.mark.parametrize(("map_name", "cards"), COMBOS)
def test_mod_1_the_map_brings_its_lines_track_and_stocks(map_name: str, cards: str) -> None:
    """MOD-1: the map's rules (lines, track, stock cards) and the card set's decks."""
    ctx = new_game(2, 1, {"map": map_name, "cards": cards}).ctx
    assert ctx.track is load_track(map_name)  # load_ctx asks for the map's own track
    assert len(ctx.letters) == (12 if map_name == "tokyo" else 10)
    assert len(ctx.cards.decks) == (6 if cards == "tokyo" else 5)
    if map_name == "tokyo":
        assert set(ctx.stock_cards) == {3} and ctx.surcharges == (0, 300, 600)  # TM-7.4
    else:
        assert ctx.surcharges == (0, 300, 300, 300)  # OS-4


def test_mod_2_tokyo_map_osaka_cards_a_sold_out_line_keeps_its_train() -> None:
    """MOD-2: on the Tokyo map with the Osaka cards a line left with no stock (by Sell)
    keeps its train when it comes back to its stop 1."""
    state = actions_phase(2, options={"map": "tokyo", "cards": "osaka"})
    ctx, s = state.ctx, state.s
    g = line(ctx, "G")
    s.stocks[g] = (0,)
    s.value[g] = 500
    s.train_pos[g] = 2
    s.train_dir[g] = -1
    spot = find_spot(ctx, "sell")
    put_cards(state, spot.spot)
    fresh(state).apply(0, act.Sell(spot.spot, "G"))
    assert s.stocks[g] == () and s.sold[0] == 500
    state = to_trains(fresh(state))
    finish_trains(state)
    assert state.s.train_pos[g] != OFF_MAP


def test_mod_2_osaka_map_tokyo_cards_a_started_train_stays() -> None:
    """MOD-2 (OS-8): with the Tokyo cards on the Osaka map, Start included, nothing leaves."""
    state = actions_phase(2, options={"map": "osaka", "cards": "tokyo"})
    ctx = state.ctx
    spot = find_spot(ctx, "start")
    put_cards(state, spot.spot)
    fresh(state).apply(0, act.Start(spot.spot, "P"))
    p = line(ctx, "P")
    assert state.s.train_started[p]
    assert all(state.s.train_pos[v] != OFF_MAP for v in ctx.line_vehicles[p])  # OS-2
    for _ in range(3):  # a few trains phases: the trams come back to their start and stay
        state.s.front = [0, 0]
        state = to_trains(fresh(state))
        finish_trains(state)
        while state.s.phase.name != "ACTIONS":
            seat = state.current_players()[0]
            state.apply(seat, state.legal_actions(seat)[0])
        assert all(state.s.train_pos[v] != OFF_MAP for v in ctx.line_vehicles[p])


def test_mod_2_tokyo_rules_still_remove_a_started_train() -> None:
    """TM-8.6 still holds on the Tokyo map with the Tokyo cards (the flag is per combination)."""
    assert load_ctx("tokyo", "tokyo").trains_leave
    assert not any(load_ctx(m, c).trains_leave for m, c in COMBOS if (m, c) != ("tokyo", "tokyo"))


def test_tokyo_data_version_unchanged_and_osaka_covered() -> None:
    """A TOKYO game keeps the base data version; any Osaka part gets one covering data/osaka."""
    tokyo = data_version_for({"map": "tokyo", "cards": "tokyo"})
    assert tokyo == GAME.data_version == data_version_for(None)
    others = {data_version_for({"map": m, "cards": c}) for m, c in COMBOS[1:]}
    assert len(others) == 1 and tokyo not in others


def test_tokyo_view_has_no_osaka_keys_and_osaka_view_has_them() -> None:
    """The TOKYO view is as before (pages and bots read it); an Osaka game's shows more."""
    tokyo = new_game(2, 1).view(0)
    assert not NEW_KEYS & tokyo.keys()
    assert "vehicles" not in tokyo["lines"][0] and "sold" not in tokyo["players"][0]
    osaka = new_game(2, 1, {"map": "osaka", "cards": "osaka"}).view(0)
    assert osaka.keys() >= NEW_KEYS
    assert {"vehicles", "stock_cards"} <= osaka["lines"][0].keys()
    assert {"sold", "copy_discs", "riding_vehicle"} <= osaka["players"][0].keys()


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.json")), ids=lambda p: p.stem)
def test_old_tokyo_records_replay(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    record = record_from_dict(data["record"], GAME, str(path))
    assert record.data_version == GAME.data_version
    assert replay(record, GAME).scores() == data["scores"]


def test_a_saved_tokyo_position_without_the_new_fields_loads() -> None:
    """A state saved before OSAKA METRO (no sold, copy_discs, copies) loads as before."""
    state = new_game(2, 1)
    data = json.loads(json.dumps(state.to_dict()))
    for key in ("sold", "copy_discs", "copies"):
        del data["state"][key]
    again = GAME.state_from_dict(data)
    assert again == state


def test_unknown_map_or_card_set_is_refused() -> None:
    with pytest.raises(DataError):
        GAME.new_state(2, 1, {"map": "nagoya"})
    with pytest.raises(DataError):
        GAME.new_state(2, 1, {"cards": "nagoya"})
