"""SEALED AUCTION, one short test per rule ID (SA-1 to SA-5).

Positions are reached by playing bids, never by editing fields; checks read views.
"""

from __future__ import annotations

import json

import pytest

from ekimae.core.errors import DataError, IllegalActionError
from ekimae.core.game import Ties
from ekimae.games.sealed_auction.actions import Bid
from ekimae.games.sealed_auction.game import GAME
from ekimae.games.sealed_auction.state import SealedAuctionState


def bid(state: SealedAuctionState, seat: int, amount: int) -> None:
    state.apply(seat, GAME.parse_action(f"bid {amount}"))


def refused(state: SealedAuctionState, seat: int, text: str) -> IllegalActionError:
    """The refusal of `text` for `seat`, after checking that it changed nothing."""
    before = json.dumps(state.to_dict())
    action = GAME.parse_action(text)
    assert not state.is_legal(seat, action)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(seat, action)
    assert json.dumps(state.to_dict()) == before
    return caught.value


def test_sa_1_seats_money_lots_and_a_seeded_order() -> None:
    """SA-1: 2–6 seats with ¥1,000 each; `lots` picks 5 or 8 lots, shuffled by the seed."""
    assert (GAME.min_seats, GAME.max_seats) == (2, 6)
    for seats in (1, 7):
        with pytest.raises(DataError):
            GAME.new_state(seats, 1)
    state = GAME.new_state(3, 1)
    assert state.view(0)["players"][2]["money"] == 1000
    assert len(state.order) == 5 and len(GAME.new_state(3, 1, {"lots": "long"}).order) == 8
    assert GAME.new_state(3, 1).order == state.order
    assert len({GAME.new_state(3, seed).order for seed in range(10)}) > 1
    with pytest.raises(DataError):
        GAME.new_state(3, 1, {"lots": "huge"})


def test_sa_1_only_the_count_of_lots_to_come_is_shown() -> None:
    """SA-1: the lot up for auction is face up; the ones to come are only counted."""
    view = GAME.new_state(2, 3).view(None)
    text = json.dumps(view)
    upcoming = GAME.new_state(2, 3).order[1:]
    assert view["lot"]["id"] == GAME.new_state(2, 3).order[0]
    assert view["lots_to_come"] == 4
    assert not any(f'"{lot}"' in text for lot in upcoming)
    assert not any(GAME.data.lots[lot].name in text for lot in upcoming)


def test_sa_2_every_seat_bids_at_once_and_once() -> None:
    """SA-2: all seats are to act together; a seat that has bid waits for the others."""
    state = GAME.new_state(3, 1)
    assert state.current_players() == (0, 1, 2)
    bid(state, 1, 100)
    assert state.current_players() == (0, 2)
    assert state.legal_actions(1) == []
    error = refused(state, 1, "bid 50")
    assert error.rule == "SA-2" and "already sealed a bid" in str(error)
    assert refused(state, 5, "bid 0").rule == "SA-2"  # no such seat


def test_sa_2_others_see_only_that_a_seat_has_bid() -> None:
    """SA-2: the bid is sealed: its seat sees it, others and spectators only `has_bid`."""
    state = GAME.new_state(3, 1)
    bid(state, 0, 350)
    assert state.view(0)["players"][0] == {
        "seat": 0,
        "money": 1000,
        "points": 0,
        "has_bid": True,
        "bid": 350,
    }
    for viewer in (1, 2, None):
        assert state.view(viewer)["players"][0]["bid"] is None
        assert state.view(viewer)["players"][0]["has_bid"] is True
    assert state.open_view()["players"][0]["bid"] == 350
    assert GAME.type.sealed == frozenset({"bid"})


def test_sa_3_bids_from_zero_to_all_money_in_steps_of_50() -> None:
    """SA-3: ¥0 up to the seat's money, in steps of ¥50; anything else is refused."""
    state = GAME.new_state(2, 1)
    assert state.legal_actions(0) == [Bid(x) for x in range(0, 1001, 50)]
    for text in ("bid 1050", "bid -50", "bid 70"):
        error = refused(state, 0, text)
        assert error.rule == "SA-3" and "¥0 to ¥1,000 in steps of ¥50" in str(error)


def test_sa_4_the_highest_bid_pays_and_takes_the_lot() -> None:
    """SA-4: once all have bid, bids are shown; the highest pays the bank, takes the lot."""
    state = GAME.new_state(3, 1)
    lot = state.order[0]
    bid(state, 0, 100)
    bid(state, 1, 300)
    bid(state, 2, 200)
    result = state.view(2)["results"][0]
    assert (result["lot"], result["bids"], result["takers"]) == (lot, [100, 300, 200], [1])
    assert [p["money"] for p in state.view(None)["players"]] == [1000, 700, 1000]
    assert state.view(None)["players"][1]["points"] == GAME.data.lots[lot].value
    assert state.view(None)["lot"]["id"] == state.order[1]  # the next lot comes up
    assert state.current_players() == (0, 1, 2)


def test_sa_4_tied_highest_bids_all_pay_and_share_the_lot() -> None:
    """SA-4: tied seats each pay their bid and score the value split, rounded down."""
    state = GAME.new_state(3, 1)
    value = GAME.data.lots[state.order[0]].value
    for seat in range(3):
        bid(state, seat, 150)
    assert [p["money"] for p in state.view(None)["players"]] == [850, 850, 850]
    assert [p["points"] for p in state.view(None)["players"]] == [value // 3] * 3


def play_out(state: SealedAuctionState, amounts: list[int]) -> None:
    """Every remaining lot: seat p bids amounts[p] (capped by its money)."""
    while not state.is_terminal():
        for seat in state.current_players():
            bid(state, seat, min(amounts[seat], state.money[seat] // 50 * 50))


def test_sa_5_score_is_lots_plus_money_and_the_game_ends() -> None:
    """SA-5: after the last lot the game ends; score = lot values + money left."""
    state = GAME.new_state(2, 1)
    play_out(state, [200, 0])
    lots = sum(GAME.data.lots[lot].value for lot in state.order)
    assert state.is_terminal() and state.current_players() == ()
    assert state.scores() == [1000 - 5 * 200 + lots, 1000]
    assert state.ranking() == [[0], [1]] and state.winner() == 0 and state.winners() == [0]
    assert refused(state, 1, "bid 0").rule == "SA-5"


def test_sa_5_equal_scores_share_a_place_and_there_is_no_single_winner() -> None:
    """SA-5: equal scores share a place; a shared first place has winners, no winner."""
    assert GAME.type.ties is Ties.SHARED
    state = GAME.new_state(4, 1)
    play_out(state, [0, 0, 0, 0])  # every lot split four ways, nobody pays
    assert state.ranking() == [[0, 1, 2, 3]]
    assert state.winners() == [0, 1, 2, 3] and state.winner() is None
    assert GAME.new_state(4, 1).ranking() == []  # no places before the end
