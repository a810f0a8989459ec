"""QUICK DRAW, the real-time example: a short test per rule (QD-1 to QD-5)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from ekimae.core.actions import Action
from ekimae.core.errors import DataError, IllegalActionError, MalformedActionError
from ekimae.core.game import SYSTEM, stamp
from ekimae.core.record import GameRecord, replay
from ekimae.games.quick_draw.actions import Stop, Tap, TimeUp
from ekimae.games.quick_draw.components import parse_rules
from ekimae.games.quick_draw.game import GAME

RULES = GAME.rules


@dataclass(frozen=True, slots=True)
class Untimed(Action):
    kind = "untimed"


def test_qd1_setup_seats_and_length() -> None:
    state = GAME.new_state(3, 0, {"length": "long"})
    assert state.scores() == [0, 0, 0] and state.view(None)["rounds"] == 5
    assert GAME.new_state(1, 0).view(None)["rounds"] == 3
    with pytest.raises(DataError):
        GAME.new_state(9, 0)
    with pytest.raises(DataError):
        GAME.new_state(2, 0, {"length": "forever"})


def test_qd2_actions_carry_game_time_and_never_go_back() -> None:
    state = GAME.new_state(2, 0)
    state.apply(0, Tap(1000))
    with pytest.raises(IllegalActionError, match="QD-2"):
        state.apply(1, Tap(999))  # before the last action
    with pytest.raises(IllegalActionError, match="QD-2"):
        state.apply(1, Tap(RULES.round_ms))  # the round is over at round_ms
    state.apply(1, Tap(1000))  # the same moment is fine
    assert stamp(Tap(0), 1234) == Tap(1234)
    with pytest.raises(MalformedActionError):
        stamp(Untimed(), 5)


def test_qd3_taps_score_and_keep_their_gap() -> None:
    state = GAME.new_state(2, 0)
    state.apply(0, Tap(0))
    with pytest.raises(IllegalActionError, match="QD-3"):
        state.apply(0, Tap(RULES.gap_ms - 1))
    state.apply(1, Tap(1))  # another seat's gap is its own
    state.apply(0, Tap(RULES.gap_ms))
    assert state.scores() == [2, 1]
    assert state.legal_actions(0) == [Tap(2 * RULES.gap_ms)]  # its earliest next tap


def test_qd4_stop_after_target_taps_ends_the_round_with_a_bonus() -> None:
    state = GAME.new_state(2, 0)
    with pytest.raises(IllegalActionError, match="QD-4"):
        state.apply(0, Stop(0))
    at = 0
    for _ in range(RULES.target):
        state.apply(0, Tap(at))
        at += RULES.gap_ms
    assert Stop(at - RULES.gap_ms) in state.legal_actions(0)
    state.apply(0, Stop(at))
    view = state.view(None)
    assert view["round"] == 2 and view["round_start_ms"] == at
    assert state.scores()[0] == RULES.target + RULES.stop_bonus
    assert state.deadline() == at + RULES.round_ms


def test_qd5_time_up_is_the_systems_at_exactly_the_deadline_and_ties_are_shared() -> None:
    state = GAME.new_state(2, 0)
    assert state.deadline() == RULES.round_ms
    assert state.legal_actions(SYSTEM) == [TimeUp(RULES.round_ms)]
    with pytest.raises(IllegalActionError, match="QD-5"):
        state.apply(0, TimeUp(RULES.round_ms))  # a seat cannot call time
    with pytest.raises(IllegalActionError, match="QD-5"):
        state.apply(SYSTEM, TimeUp(RULES.round_ms - 1))
    state.apply(0, Tap(5))
    state.apply(1, Tap(6))
    for _ in range(3):
        due = state.deadline()
        assert due is not None
        state.apply(SYSTEM, TimeUp(due))
    assert state.is_terminal() and state.deadline() is None and not state.current_players()
    assert state.ranking() == [[0, 1]] and state.winners() == [0, 1] and state.winner() is None
    with pytest.raises(IllegalActionError, match="QD-5"):
        state.apply(0, Tap(10**9))


def test_a_record_with_system_actions_replays_exactly() -> None:
    state = GAME.new_state(2, 0)
    actions = [(0, Tap(10)), (1, Tap(20)), (SYSTEM, TimeUp(RULES.round_ms)), (1, Tap(16000))]
    for seat, action in actions:
        state.apply(seat, action)
    record = GameRecord(GAME.name, 2, 0, {}, list(actions))
    assert replay(record, GAME) == state
    assert GAME.state_from_dict(state.to_dict()) == state
    assert GAME.determinize(state.view(1), 1, 7) == state  # nothing is hidden


def test_bad_rules_files_name_the_field() -> None:
    table = {
        "min_seats": 1,
        "max_seats": 8,
        "round_ms": 100,
        "gap_ms": 10,
        "target": 3,
        "stop_bonus": 1,
    }
    good = {"table": table, "lengths": {"short": {"label": "x", "rounds": 1}}}
    assert parse_rules(good).round_ms == 100
    with pytest.raises(DataError, match="gap_ms"):
        parse_rules({**good, "table": {**table, "gap_ms": 1000}})
    with pytest.raises(DataError, match="lengths"):
        parse_rules({**good, "lengths": {}})
