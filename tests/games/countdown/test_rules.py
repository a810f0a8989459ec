"""COUNTDOWN: one short test per rule ID (CD-1 … CD-3), the timing edge cases included."""

from __future__ import annotations

import json

import pytest

from ekimae.core.actions import Action
from ekimae.core.errors import IllegalActionError
from ekimae.core.game import SYSTEM
from ekimae.core.record import GameRecord, replay
from ekimae.games.countdown.actions import Done, Pick, Place, Return, Take, TimeUp
from ekimae.games.countdown.game import GAME
from ekimae.games.countdown.state import CountdownState

RULES = GAME.data.rules


def _snapshot(state: CountdownState) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


def _refused(state: CountdownState, seat: int, action: Action, rule: str) -> None:
    before = _snapshot(state)
    assert not state.is_legal(seat, action)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(seat, action)
    assert caught.value.rule == rule
    assert _snapshot(state) == before


def _started(seats: int = 1) -> CountdownState:
    state = GAME.new_state(seats, 1)
    for seat in range(seats):
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.phase == "build" and state.round == 1
    return state


def _place_one(state: CountdownState, seat: int = 0) -> Place:
    """Take the largest element that fits on this round's floor and place it (the floors
    above then still have room)."""
    takes = [a for a in state.legal_actions(seat) if isinstance(a, Take)]
    takes.sort(key=lambda a: -GAME.data.elements[a.element].size)
    for take in takes:
        if state.placements(seat, take.element):
            state.apply(seat, take)
            place = next(a for a in state.legal_actions(seat) if isinstance(a, Place))
            state.apply(seat, place)
            return place
    raise AssertionError("nothing fits")


def _time_up(state: CountdownState) -> None:
    state.apply(SYSTEM, state.legal_actions(SYSTEM)[0])


def test_cd_1_each_player_picks_a_card_of_their_own() -> None:
    """CD-1: every seat picks at once; a card picked is nobody else's."""
    state = GAME.new_state(2, 1)
    assert state.current_players() == (0, 1)
    state.apply(1, Pick(0, "ueno-2"))
    assert state.current_players() == (0,)
    _refused(state, 0, Pick(0, "ueno-2"), "CD-1")
    _refused(state, 0, Pick(0, "no-such-card"), "CD-1")
    state.apply(0, Pick(500, "ginza-1"))
    assert state.cards == ["ginza-1", "ueno-2"] and state.phase == "build"
    assert state.phase_start == 500  # the first round starts with the last pick


def test_cd_1_a_seat_that_has_not_picked_at_the_time_out_gets_the_first_card_left() -> None:
    """CD-1 RULING: the picking time runs out at `pick_ms`; the system gives a card."""
    state = GAME.new_state(2, 1)
    first = next(iter(GAME.data.cards))
    state.apply(0, Pick(0, first))
    assert state.deadline() == RULES.pick_ms
    _refused(state, 1, Pick(RULES.pick_ms + 1, "ueno-1"), "CD-2")
    _time_up(state)
    assert state.cards[1] == list(GAME.data.cards)[1] and state.round == 1


def test_cd_1_the_whole_card_is_the_border() -> None:
    """CD-1: the printed border is ignored: an element may lie in the card's corners."""
    state = _started()
    element = GAME.data.elements["1-01"]  # the single square
    for x, y in ((0, 0), (6, 6)):
        trial = state.clone()
        trial.apply(0, Take(0, element.id))
        trial.apply(0, Place(RULES.hand_ms, element.id, 0, x, y))
        assert trial.scores() == [1]
    state.apply(0, Take(0, "7-01"))
    _refused(state, 0, Place(RULES.hand_ms, "7-01", 0, 6, 6), "CD-1")  # off the card


def test_cd_2_round_lengths_come_from_the_data() -> None:
    """CD-2: 60 s, 45 s, 30 s, then 15 s for every later floor."""
    assert (RULES.rounds_ms, RULES.later_ms) == ((60_000, 45_000, 30_000), 15_000)
    state = _started()
    lengths = []
    for _ in range(5):
        lengths.append(state.deadline() - state.phase_start)  # type: ignore[operator]
        _place_one(state)
        _time_up(state)
    assert lengths == [60_000, 45_000, 30_000, 15_000, 15_000]
    assert state.round == 6 and state.scores() == [5]


def test_cd_2_elements_go_on_this_rounds_floor_only() -> None:
    """CD-2: round 2 builds floor 2: the ground beside floor 1 is refused (JU-5)."""
    state = _started()
    first = _place_one(state)
    _time_up(state)
    assert state.round == 2
    state.apply(0, Take(state.now, "1-01"))
    ground = next(
        (x, y)
        for x in range(7)
        for y in range(7)
        if not state.spot("1-01", 0, x, y) & state.floors(0)[0]
    )
    _refused(state, 0, Place(state.now + RULES.hand_ms, "1-01", 0, *ground), "CD-2")
    on_top = state.placements(0, "1-01")
    assert on_top and all(state.spot("1-01", *p) & state.floors(0)[0] for p in on_top)
    assert first.element not in state.pool()  # elements built stay built


def test_cd_2_the_pool_is_shared_and_one_element_at_a_time() -> None:
    """CD-2 RULING (JU-4): an element taken is gone for the others; a seat's actions are
    `hand_ms` apart; one element in hand at a time."""
    state = _started(2)
    state.apply(0, Take(100, "5-01"))
    _refused(state, 1, Take(100, "5-01"), "CD-2")
    _refused(state, 0, Take(100 + RULES.hand_ms, "5-02"), "CD-2")  # already holds one
    state.apply(0, Return(100 + RULES.hand_ms, "5-01"))
    state.apply(1, Take(100 + RULES.hand_ms, "5-01"))
    _refused(state, 1, Return(100 + RULES.hand_ms + 1, "5-01"), "CD-2")  # too soon


def test_cd_2_only_this_rounds_last_element_goes_back() -> None:
    """CD-2 RULING: a return undoes this round's floor only."""
    state = _started()
    placed = _place_one(state)
    _time_up(state)
    assert placed.element not in state.pool()
    _refused(state, 0, Return(state.now, placed.element), "CD-2")
    again = _place_one(state)
    state.apply(0, Return(state.now + RULES.hand_ms, again.element))
    assert again.element in state.pool() and state.scores() == [1]


def test_cd_2_time_up_is_the_systems_at_the_deadline() -> None:
    """CD-2: only the game calls time, exactly at the deadline; later stamps are refused."""
    state = _started()
    end = state.deadline()
    assert end == RULES.rounds_ms[0]
    _refused(state, 0, TimeUp(end), "CD-2")
    _refused(state, SYSTEM, TimeUp(end - 1), "CD-2")
    _refused(state, 0, Take(end + 1, "1-01"), "CD-2")
    assert state.legal_actions(SYSTEM) == [TimeUp(end)]


def test_cd_2_an_element_placed_as_the_timer_expires_the_recorded_order_decides() -> None:
    """CD-2 RULING: a placement stamped at the deadline counts if recorded before the
    time-up, and is refused after it; each record replays to its own end."""
    state = _started()
    end = state.deadline()
    assert end is not None
    state.apply(0, Take(end - RULES.hand_ms, "1-01"))
    place = Place(end, "1-01", 0, 3, 3)
    before = state.clone()
    state.apply(0, place)  # recorded first: it counts
    _time_up(state)
    assert state.scores() == [1] and state.round == 2
    late = before.clone()
    _time_up(late)  # time-up recorded first: the element goes back
    assert late.is_terminal() and late.scores() == [0]
    _refused(late, 0, place, "CD-3")
    head = [(0, Pick(0, next(iter(GAME.data.cards)))), (0, Take(end - RULES.hand_ms, "1-01"))]
    one = GameRecord(GAME.name, 1, 1, {}, [*head, (0, place), (SYSTEM, TimeUp(end))])
    two = GameRecord(GAME.name, 1, 1, {}, [*head, (SYSTEM, TimeUp(end))])
    replayed = replay(one, GAME)
    assert replayed.scores() == [1] and not replayed.is_terminal()
    assert replay(two, GAME).is_terminal()


def test_cd_2_done_ends_ones_floor_and_the_round_once_all_are_done() -> None:
    """CD-2 RULING: `done` returns the element in hand; the last `done` ends the round."""
    state = _started(2)
    _place_one(state, 0)
    _place_one(state, 1)
    state.apply(0, Take(state.now + RULES.hand_ms, state.pool()[0]))
    state.apply(0, Done(state.now))
    assert state.hand[0] is None and state.current_players() == (1,)
    assert state.legal_actions(0) == []
    state.apply(1, Done(state.now + 10))
    assert state.round == 2 and state.phase_start == state.now
    assert state.current_players() == (0, 1)


def test_cd_3_an_empty_round_puts_a_seat_out_and_the_game_ends_when_all_are() -> None:
    """CD-3: no element added in a round: out; score = elements; ties share a place."""
    state = _started(3)
    for seat in (0, 1, 2):
        _place_one(state, seat)
    _place_one(state, 0)
    _time_up(state)
    assert state.active() == [0, 1, 2]
    _place_one(state, 0)
    _time_up(state)  # seats 1 and 2 added nothing on floor 2
    assert state.out == [0, 2, 2] and state.current_players() == (0,)
    _refused(state, 1, Take(state.now, state.pool()[0]), "CD-3")
    assert not state.is_terminal()
    _time_up(state)
    assert state.is_terminal() and state.out == [3, 2, 2]
    assert state.scores() == [3, 1, 1]
    assert state.ranking() == [[0], [1, 2]] and state.winner() == 0
    table = state.view(None)["results"]
    assert [(r["per_floor"], r["elements"], r["out_in_round"]) for r in table] == [
        ([2, 1], 3, 3),
        ([1], 1, 2),
        ([1], 1, 2),
    ]
    assert state.legal_actions(0) == [] and state.deadline() is None


def test_cd_3_a_solo_game_offers_its_score_to_remember_for_its_card() -> None:
    """CD-3: solo, the finished game's view names the card and the score (the server
    keeps the best per card)."""
    state = _started()
    _place_one(state)
    assert state.view(0)["solo_best"] is None
    _time_up(state)
    _time_up(state)
    assert state.view(0)["solo_best"] == {"card": state.cards[0], "elements": 1}
    assert _started(2).view(0)["solo_best"] is None


def test_the_view_shows_the_countdown() -> None:
    """The server's timer, visible to all: the deadline and the round's length."""
    state = _started()
    view = state.view(None)
    assert view["deadline_ms"] == RULES.rounds_ms[0] and view["round_ms"] == RULES.rounds_ms[0]
    assert GAME.determinize(view, 0, 1) == state
