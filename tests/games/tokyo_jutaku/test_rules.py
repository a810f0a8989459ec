"""TOKYO JUTAKU: a short test per rule (JU-1 … JU-8), reaching positions by playing."""

from __future__ import annotations

import json

import pytest

from ekimae.core.errors import DataError, IllegalActionError
from ekimae.core.game import SYSTEM
from ekimae.core.record import GameRecord, replay
from ekimae.games.tokyo_jutaku.actions import (
    Check,
    Concede,
    Keep,
    Move,
    Place,
    Return,
    Start,
    Stop,
    Take,
    TimeUp,
)
from ekimae.games.tokyo_jutaku.game import GAME
from ekimae.games.tokyo_jutaku.solver import solve
from ekimae.games.tokyo_jutaku.state import JutakuState

DATA = GAME.data
RULES = DATA.rules
HAND = RULES.hand_ms


def started(seats: int, seed: int = 3, **options: str) -> JutakuState:
    state = GAME.new_state(seats, seed, options)
    for seat in range(seats):
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.phase == "build"
    return state


def build_card(state: JutakuState, seat: int, at: int) -> int:
    """Build the seat's card with the solver's plan; returns the next free time."""
    card = state.held[seat]
    assert card is not None
    side = state.side(card)
    pool = [DATA.elements[e] for e in state.pool()]
    plan = solve(side.plots[0].cells, side.floors, side.elements, pool).steps
    assert plan is not None
    for ident, turn, x, y, _ in plan:
        state.apply(seat, Take(at, ident))
        state.apply(seat, Place(at + HAND, ident, 0, turn, x, y))
        at += 2 * HAND
    return at


def test_ju1_components_counts() -> None:
    """JU-1: 69 different elements, 32 district cards of 8 districts plus 4 Roppongi."""
    assert len(DATA.elements) == 69
    assert len(DATA.cards) == 36
    districts = {c.district for c in DATA.cards.values()}
    assert len(districts) == 9 and RULES.bonus in districts
    for card in DATA.cards.values():
        for side in (card.blue, card.white):
            assert 1 <= len(side.plots) <= 2
        assert card.white.yen > card.blue.yen  # the white side is the hard one
    with pytest.raises(DataError):
        GAME.new_state(9, 0)


def test_ju2_setup_plan_perimeter_and_roppongi() -> None:
    """JU-2: 32 cards by district around the 4-space pool; architects on perimeter cards."""
    state = GAME.new_state(3, 4)
    assert len(state.grid) == 32 and all(state.grid.values())
    assert state.current_players() == (0,)
    spaces = {a.space for a in state.legal_actions(0) if isinstance(a, Start)}
    assert len(spaces) == 20 and "C3" not in spaces
    with pytest.raises(IllegalActionError, match="JU-2"):
        state.apply(0, Start(0, "B2"))  # not on the edge
    state.apply(0, Start(0, "A1"))
    assert state.held[0] is not None and state.grid["A1"] is None
    assert state.architects[0] == "A1"
    with pytest.raises(IllegalActionError, match="JU-2"):
        state.apply(1, Start(0, "A1"))  # taken
    for letter, district in RULES.districts.items():
        spaces_of = [
            f"{'ABCDEF'[c]}{r + 1}"
            for r, row in enumerate(RULES.plan)
            for c, ch in enumerate(row)
            if ch == letter
        ]
        dealt = GAME.new_state(1, 4).grid
        assert {DATA.cards[str(dealt[s])].district for s in spaces_of} == {district}
    with_bonus = GAME.new_state(1, 4, {"roppongi": "on"}).grid
    districts = {DATA.cards[c].district for c in with_bonus.values() if c}
    assert RULES.bonus in districts and len(districts) == 8


def test_ju3_exact_floors_and_elements() -> None:
    """JU-3: a building with one element too many or too few fails, with the reason."""
    state = started(1)
    at = build_card(state, 0, 0)
    assert state.check_building(0) is None
    state.apply(0, Return(at, state.built[0][-1][0]))
    assert "element" in (state.check_building(0) or "") or "floor" in (
        state.check_building(0) or ""
    )


def test_ju4_shared_pool_first_grab_wins_and_returns() -> None:
    """JU-4: an element taken by one is gone for the other, who is refused naming JU-4."""
    state = started(2)
    first = state.pool()[0]
    state.apply(1, Take(100, first))
    before = json.dumps(state.to_dict(), sort_keys=True)
    with pytest.raises(IllegalActionError) as refused:
        state.apply(0, Take(100, first))
    assert refused.value.rule == "JU-4" and "seat 2" in str(refused.value)
    assert json.dumps(state.to_dict(), sort_keys=True) == before
    with pytest.raises(IllegalActionError, match="JU-4"):
        state.apply(1, Take(100 + HAND - 1, state.pool()[0]))  # one at a time, at a pace
    state.apply(1, Return(100 + HAND, first))
    assert first in state.pool()


def test_ju5_placement_inside_touching_and_supported() -> None:
    """JU-5: refused outside the border, off the level below; every listed spot is valid."""
    state = started(1)
    ident = "1-01"  # the cube
    state.apply(0, Take(0, ident))
    spots = [a for a in state.legal_actions(0) if isinstance(a, Place)]
    card = state.held[0]
    assert card is not None
    cells = state.side(card).plots[0].cells | (
        state.side(card).plots[1].cells if len(state.side(card).plots) > 1 else 0
    )
    assert len(spots) == cells.bit_count()
    outside = next((x, y) for y in range(7) for x in range(7) if not cells >> (y * 8 + x) & 1)
    with pytest.raises(IllegalActionError, match="JU-5"):
        state.apply(0, Place(HAND, ident, 0, 0, *outside))
    state.apply(0, spots[0])
    state.apply(0, Take(2 * HAND, "2-01"))
    for action in state.legal_actions(0):
        if isinstance(action, Place):
            trial = state.clone()
            trial.apply(0, action)
            floors = trial.floors(0)
            assert all(floors[z] & ~floors[z - 1] == 0 for z in range(1, len(floors)))


def test_ju6_stop_checks_with_reason_and_window_checks_all() -> None:
    """JU-6: a failing stop resumes play with the reason; stops in the window are all
    checked and every passing building completes."""
    state = started(2)
    state.apply(0, Stop(10))
    assert state.phase == "window" and state.current_players() == (1,)
    with pytest.raises(IllegalActionError, match="JU-6"):
        state.apply(1, Take(10, state.pool()[0]))  # everyone is frozen
    assert state.legal_actions(SYSTEM) == [Check(10 + RULES.stop_window_ms)]
    state.apply(SYSTEM, Check(10 + RULES.stop_window_ms))
    assert state.phase == "build" and "fails: 0 floor(s)" in state.log_lines()[-1]
    # two passing buildings in one window
    at = build_card(state, 0, 3000)
    at = build_card(state, 1, at)
    state.apply(1, Stop(at))
    state.apply(0, Stop(at + 1))  # the last still building: checked at once
    assert len(state.completed[0]) == len(state.completed[1]) == 1
    assert state.pool() == list(DATA.elements) and state.phase == "move"


def test_ju7_movement_richest_first_up_to_two_steps() -> None:
    """JU-7: completers move first (the richest first), then the others clockwise; a
    non-completer may keep; an occupied space is no destination (RULING)."""
    state = started(3)
    at = build_card(state, 2, 0)
    state.apply(2, Stop(at))
    state.apply(0, Stop(at))
    state.apply(1, Stop(at))
    assert state.completed[2] and state.movers == [2, 0, 1]
    moves = [a for a in state.legal_actions(2) if isinstance(a, Move)]
    assert moves and not any(isinstance(a, Keep) for a in state.legal_actions(2))
    others = {state.architects[0], state.architects[1]}
    assert not {m.space for m in moves} & others
    state.apply(2, moves[0])
    assert state.held[2] is not None and state.grid[moves[0].space] is None
    held = state.held[0]
    state.apply(0, Keep(at))
    assert state.held[0] == held
    old = state.architects[1]
    assert old is not None
    move = next(a for a in state.legal_actions(1) if isinstance(a, Move))
    card = state.held[1]
    state.apply(1, move)
    assert state.grid[old] == card  # the unfinished card goes back to its place
    assert state.phase == "build" and state.round == 2


def test_ju7_the_hole_is_skipped() -> None:
    """JU-7: from C2 one step down crosses the central hole as if absent (C5)."""
    state = started(1)
    state.architects[0] = "C2"
    assert "C5" in state._reach("C2", 1) and "C6" not in state._reach("C2", 1)
    assert "C6" in state._reach("C2", 2)


def test_ju8_fourth_card_ends_and_ties_share() -> None:
    """JU-8: the game ends at a 4th completed card; equal yen share a place."""
    state = started(1)
    at = 0
    for _ in range(RULES.cards_to_end):
        at = build_card(state, 0, at)
        state.apply(0, Stop(at))
        if not state.is_terminal():
            state.apply(0, state.legal_actions(0)[0])
    assert state.is_terminal() and len(state.completed[0]) == 4
    assert state.scores()[0] == sum(state.side(c).yen for c in state.completed[0])
    two = started(2)
    two.apply(SYSTEM, TimeUp(RULES.round_ms))
    two.phase = "over"
    assert two.ranking() == [[0, 1]] and two.winner() is None


def test_rulings_give_up_and_time_up_end_a_round() -> None:
    """RULING (JU-6): a round everyone gives up, or whose time is up, completes nothing."""
    state = started(2)
    state.apply(0, Concede(5))
    assert state.current_players() == (1,)
    state.apply(1, Concede(6))
    assert state.phase == "move" and not any(state.completed)
    with pytest.raises(IllegalActionError, match="JU-6"):
        state.apply(0, TimeUp(0))


def test_a_record_replays_to_the_same_game() -> None:
    """Real time, reproducible: the actions in order rebuild the same state."""
    state = GAME.new_state(2, 9)
    record = GameRecord(GAME.name, 2, 9, {"side": "blue", "roppongi": "off"})
    for seat in (0, 1):
        action = state.legal_actions(seat)[0]
        state.apply(seat, action)
        record.actions.append((seat, action))
    for seat, action in ((0, Take(50, "3-01")), (1, Take(50, "4-01")), (0, Stop(60))):
        state.apply(seat, action)
        record.actions.append((seat, action))
    assert replay(record, GAME).to_dict() == state.to_dict()


def _start_on(state: JutakuState, spaces: list[str]) -> None:
    for seat, space in enumerate(spaces):
        state.apply(seat, Start(0, space))
    assert state.phase == "build"


def test_ju7_a_taken_card_is_a_hole_crossed_as_if_absent() -> None:
    """JU-7: "S'il y a un trou, traversez simplement cette case comme si elle n'existait
    pas." A card kept by its completer leaves a hole like the centre (RULING): from A1,
    with A2's card taken, one step reaches A3, and two steps A4 (issue 27)."""
    state = GAME.new_state(2, 3)
    _start_on(state, ["A1", "A2"])
    at = build_card(state, 1, 0)
    state.apply(1, Stop(at))
    state.apply(0, Stop(at))  # fails: seat 1 completes A2's card alone
    assert state.completed[1] and state.movers[0] == 1
    state.apply(1, Move(at, "C2"))
    assert state.grid["A2"] is None and state.architects == ["A1", "C2"]
    moves = {a.space for a in state.legal_actions(0) if isinstance(a, Move)}
    # A2 and A1's own space are holes; C2 has an architect (and no card)
    assert moves == {"A3", "A4", "B1", "B2", "B3", "C1"}


def test_ju7_the_richest_completer_first_then_everybody_clockwise() -> None:
    """JU-7: "Si plusieurs joueurs ont construit avec succès des cartes Parcelle pendant la
    manche de construction, le joueur qui a le plus de yens déplace son architecte en
    premier" and "Cela continue dans le sens horaire jusqu'à ce que tous les joueurs se
    soient déplacés": seats 1 and 3 complete, seat 3 is richer: 3, 4, 1, 2 (issue 27)."""
    state = GAME.new_state(4, 5)
    perimeter = sorted(
        (s for s, c in state.grid.items() if c is not None and s[0] in "AF"),
        key=lambda s: state.side(state.grid[s] or "").yen,
    )
    cheap, rich = perimeter[0], perimeter[-1]
    assert state.side(state.grid[cheap] or "").yen < state.side(state.grid[rich] or "").yen
    others = [s for s in perimeter if s not in (cheap, rich)]
    _start_on(state, [cheap, others[0], rich, others[-1]])
    at = build_card(state, 0, 0)
    at = build_card(state, 2, at)
    for seat in range(4):
        state.apply(seat, Stop(at))
    assert [len(c) for c in state.completed] == [1, 0, 1, 0]
    assert state.yen(2) > state.yen(0)
    assert state.movers == [2, 3, 0, 1]


def test_ju6_a_failed_building_calls_stop_again_only_once_changed() -> None:
    """JU-6: "Si le joueur n'a pas rempli toutes les exigences, tout le monde continue à
    construire jusqu'à ce qu'un autre joueur dise « stop ! »". A building that failed and
    has not changed would fail again: its Stop! is refused (issue 27: two seats called
    Stop! at 88 s again and again, and the 90 s round never ended)."""
    state = started(2)
    state.apply(0, Stop(80_000))
    state.apply(1, Stop(80_000))  # both fail, checked at once
    assert state.phase == "build" and state.now == 80_000
    for seat in (0, 1):
        assert Stop(80_000) not in state.legal_actions(seat)
        with pytest.raises(IllegalActionError, match="JU-6") as caught:
            state.apply(seat, Stop(80_000))
        assert "has not changed since" in str(caught.value)
    take = next(a for a in state.legal_actions(0) if isinstance(a, Take))
    state.apply(0, take)
    assert Stop(80_000) not in state.legal_actions(0)  # an element in hand changes nothing
    place = next(a for a in state.legal_actions(0) if isinstance(a, Place))
    state.apply(0, place)
    assert Stop(place.at) in state.legal_actions(0)
    state.apply(0, Stop(place.at))
    assert state.phase == "build"  # seat 1, unchanged, may not join: checked at once
    assert "seat 1's building fails" in state.log_lines()[-1]


def test_ju4_a_round_ends_by_its_clock_whatever_the_seats_do() -> None:
    """JU-4/JU-6 (issue 27): seats that always take the first listed action (the
    terminal's "1") still see game time advance and every round end by its 90 s."""
    state = GAME.new_state(2, 1)
    actions = 0
    while not state.is_terminal():
        to_act = [s for s in state.current_players() if state.legal_actions(s)]
        seat = to_act[0] if to_act else SYSTEM
        action = state.legal_actions(seat)[0]
        state.apply(seat, action)
        actions += 1
        assert actions < 5_000, f"stuck at {state.now} ms in {state.phase}"
        if state.phase == "build":
            assert state.now < state.phase_start + RULES.round_ms
