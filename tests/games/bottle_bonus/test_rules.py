"""BOTTLE BONUS: a short test per rule (BB-1, BB-2), timing edges included; JUTAKU's rules
(JU-1 … JU-8) are tested in tests/games/tokyo_jutaku and hold here as they are."""

from __future__ import annotations

import json

import pytest

from ekimae.core.actions import Action
from ekimae.core.errors import IllegalActionError
from ekimae.core.game import SYSTEM
from ekimae.core.record import GameRecord, record_from_dict, replay
from ekimae.games.bottle_bonus.actions import Catch, Ready, Spend
from ekimae.games.bottle_bonus.game import GAME
from ekimae.games.bottle_bonus.state import BottleState
from ekimae.games.tokyo_jutaku.actions import Move, Place, Return, Stop, Take, TimeUp
from ekimae.games.tokyo_jutaku.solver import solve

DATA = GAME.data
HAND = DATA.rules.hand_ms
BONUS = GAME.bonus.rules
DRINKS = GAME.bonus.drinks


def drink(colour: str, k: int = 0) -> str:
    return DRINKS.crate(colour)[k]


def snapshot(state: BottleState) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


def refused(state: BottleState, seat: int, action: Action, rule: str, words: str = "") -> None:
    before = snapshot(state)
    assert not state.is_legal(seat, action)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(seat, action)
    assert caught.value.rule == rule and words in str(caught.value)
    assert snapshot(state) == before


Played = list[tuple[int, Action]]


def act(state: BottleState, seat: int, action: Action, played: Played | None) -> None:
    state.apply(seat, action)
    if played is not None:
        played.append((seat, action))


def started(
    seats: int,
    seed: int = 3,
    held: dict[int, list[str]] | None = None,
    played: Played | None = None,
) -> BottleState:
    """Every seat on its first listed start card; `held` drinks given before the round."""
    state = GAME.new_state(seats, seed, {"side": "blue"})
    for seat, drinks in (held or {}).items():
        state.drinks[seat].extend(drinks)
    for seat in range(seats):
        act(state, seat, state.legal_actions(seat)[0], played)
    return state


def plan(state: BottleState, seat: int) -> list[tuple[str, int, int, int, int]]:
    card = state.held[seat]
    assert card is not None
    side = state.side(card)
    pool = [DATA.elements[e] for e in state.pool()]
    steps = solve(side.plots[0].cells, side.floors, side.elements, pool).steps
    assert steps is not None
    return list(steps)


def complete(state: BottleState, seat: int, at: int = 0, played: Played | None = None) -> None:
    """The seat builds its card with the solver's plan and calls Stop!; the window closes
    (JU-6)."""
    for ident, turn, x, y, _ in plan(state, seat):
        act(state, seat, Take(at, ident), played)
        act(state, seat, Place(at + HAND, ident, 0, turn, x, y), played)
        at += 2 * HAND
    act(state, seat, Stop(at), played)
    if state.phase == "window":
        act(state, SYSTEM, state.legal_actions(SYSTEM)[0], played)


def test_bb1_the_winner_drops_a_drink_per_other_player() -> None:
    """BB-1: after the round, before moving, the completer drops one JIDOHANBAIKI drink per
    other player; only the others may catch."""
    state = started(3)
    complete(state, 0)
    assert state.phase == "catch" and state.droppers == [0]
    assert len(state.machine) == 2 and set(state.machine) <= set(DRINKS.drinks)
    assert state.current_players() == (1, 2)
    assert {a.drink for a in state.legal_actions(1) if isinstance(a, Catch)} == set(state.machine)
    refused(state, 0, Catch(state.now, state.machine[0]), "BB-1", "dropped")
    assert state.legal_actions(SYSTEM) == [TimeUp(state.now + BONUS.catch_ms)]


def test_bb1_two_catches_of_one_drink_the_recorded_order_decides() -> None:
    """BB-1 RULING: first claim wins, one drink each; the second claim is refused."""
    state = started(3)
    complete(state, 0)
    first, other = state.machine
    state.apply(2, Catch(state.now + 10, first))
    assert state.drinks[2] == [first] and state.machine == [other]
    refused(state, 1, Catch(state.now + 10, first), "BB-1", "seat 3 caught")
    refused(state, 2, Catch(state.now + 20, other), "BB-1", "one drink at most")
    state.apply(1, Catch(state.now + 20, other))
    assert state.phase == "move" and state.drinks[1] == [other]  # every catcher served


def test_bb1_the_window_ends_with_the_recorded_time_up() -> None:
    """BB-1 RULING: after `catch_ms` the game's time-up closes the machine; a catch stamped
    at that moment is refused; uncaught drinks go back in the box."""
    state = started(2)
    complete(state, 0)
    end = state.now + BONUS.catch_ms
    (left,) = state.machine
    refused(state, 1, Catch(end, left), "BB-1", "until")
    refused(state, SYSTEM, TimeUp(end - 1), "BB-1")
    state.apply(SYSTEM, TimeUp(end))
    assert state.phase == "move" and not state.machine and left in state.box()
    assert state.drinks == [[], []]


def test_bb1_no_drop_without_a_completion_nor_for_one_player() -> None:
    """BB-1: only a round's winner drops; alone, there is no other player to drop for."""
    state = started(2)
    state.apply(SYSTEM, state.legal_actions(SYSTEM)[0])  # the round's time is up
    assert state.phase == "move" and not state.machine
    solo = started(1)
    complete(solo, 0)
    assert solo.phase == "move" and not solo.machine


def test_bb1_drops_are_seeded_hidden_and_replay_exactly() -> None:
    """BB-1: the drinks come from the game's seed; a view hides the next draws; a record
    replays to the same drops."""
    played: Played = []
    a, b = started(3, seed=11, played=played), started(3, seed=11)
    complete(a, 0, played=played)
    complete(b, 0)
    assert a.machine == b.machine
    view = a.view(1)
    assert "rng_state" not in view and len(view["box"]) == 36 - 2
    other = a.clone()
    other.rng_state += 1
    assert other.view(1) == view
    again = GAME.determinize(view, 1, 5)
    assert again.view(1) == view
    act(a, 2, Catch(a.now + 1, a.machine[1]), played)
    record = GameRecord(GAME.name, 3, 11, {"side": "blue"}, played)
    replayed = replay(record_from_dict(json.loads(record.to_json()), GAME), GAME)
    assert replayed.to_dict() == a.to_dict() and a.drinks[2] == [b.machine[1]]


def test_bb2_black_flips_the_card_before_building_only() -> None:
    """BB-2 black: the card turns to its other side (the engine shows only the side in
    play); once an element is on it, too late."""
    black = drink("black")
    state = started(2, held={0: [black], 1: [drink("black", 1)]})
    card = state.held[0]
    assert card is not None and state.side(card) == DATA.cards[card].blue
    state.apply(0, Spend(0, black))
    assert state.side(card) == DATA.cards[card].white and state.drinks[0] == []
    assert state.view(0)["players"][0]["card"]["yen"] == DATA.cards[card].white.yen
    state.apply(1, Take(0, plan(state, 1)[0][0]))
    refused(state, 1, Spend(10, drink("black", 1)), "BB-2", "before building")


def test_bb2_white_places_one_element_before_the_round() -> None:
    """BB-2 white (RULING: in the step before the round): spent, one element is placed
    before anyone builds; without one, no element before the round."""
    white = drink("white")
    state = GAME.new_state(2, 3, {"side": "blue"})
    state.drinks[0].append(white)
    state.apply(0, state.legal_actions(0)[0])
    state.apply(1, state.legal_actions(1)[0])
    assert state.phase == "before" and state.current_players() == (0,)
    refused(state, 0, Take(0, state.pool()[0]), "BB-2", "white drink")
    refused(state, 1, Ready(0), "BB-2")
    state.apply(0, Spend(0, white))
    ident, turn, x, y, _ = plan(state, 0)[0]
    state.apply(0, Take(0, ident))
    state.apply(0, Place(HAND, ident, 0, turn, x, y))
    assert state.phase == "build" and len(state.built[0]) == 1 and state.round == 1
    assert state.phase_start == HAND  # the round's clock starts now


def test_bb2_white_not_placed_in_time_goes_back() -> None:
    """RULING: the step before the round ends with the game's time-up; an element still in
    hand goes back to the pool."""
    white = drink("white")
    state = GAME.new_state(1, 3, {"side": "blue"})
    state.drinks[0].append(white)
    state.apply(0, state.legal_actions(0)[0])
    state.apply(0, Spend(0, white))
    first = state.pool()[0]
    state.apply(0, Take(0, first))
    state.apply(SYSTEM, TimeUp(BONUS.before_ms))
    assert state.phase == "build" and state.hand[0] is None and first in state.pool()


def test_bb2_mint_sends_back_the_element_in_hand_or_the_last_placed() -> None:
    """BB-2 mint: every other player returns the element in hand (else the last placed)
    and takes another."""
    mint = drink("mint")
    state = started(3, held={0: [mint]})
    one = plan(state, 1)[0]
    state.apply(1, Take(0, one[0]))
    state.apply(1, Place(HAND, one[0], 0, *one[1:4]))
    two = plan(state, 2)[0]
    state.apply(2, Take(HAND, two[0]))
    state.apply(0, Spend(HAND, mint))
    assert state.built[1] == [] and state.hand[2] is None
    assert one[0] in state.pool() and two[0] in state.pool()
    refused(state, 2, Take(2 * HAND, two[0]), "BB-2", "another element")
    assert all(a.element != two[0] for a in state.legal_actions(2) if isinstance(a, Take))
    other = next(e for e in state.pool() if e != two[0])
    state.apply(2, Take(2 * HAND, other))
    refused(state, 0, Spend(3 * HAND, mint), "BB-2", "holds no")


def test_bb2_blue_kept_for_a_won_round_else_discarded() -> None:
    """BB-2 blue: spent before a round; +¥200 at the end for its winner, else back."""
    state = started(2, held={0: [drink("blue")], 1: [drink("blue", 1)]})
    assert state.phase == "before"
    refused(state, 0, Spend(0, drink("red")), "BB-2", "holds no")
    state.apply(0, Spend(0, drink("blue")))
    state.apply(1, Spend(0, drink("blue", 1)))
    assert state.phase == "build" and state.bets == [[drink("blue")], [drink("blue", 1)]]
    complete(state, 0, 0)
    assert state.kept == [[drink("blue")], []] and state.bets == [[], []]
    assert drink("blue", 1) in state.box() or drink("blue", 1) in state.machine
    card = state.completed[0][0]
    assert state.scores()[0] == DATA.cards[card].blue.yen + BONUS.blue_yen


def test_bb2_red_two_elements_at_once() -> None:
    """BB-2 red: this round, take a second element while holding one (one at a time) and
    place the two at once: the second waits for no pace."""
    red = drink("red")
    state = started(1, held={0: [red]})
    first, second = plan(state, 0)[:2]
    state.apply(0, Take(0, first[0]))
    refused(state, 0, Take(HAND, second[0]), "JU-4", "already holds")
    state.apply(0, Spend(HAND, red))
    state.apply(0, Take(HAND, second[0]))
    assert state.hand[0] == first[0] and state.spare[0] == second[0]
    assert second[0] not in state.pool()
    refused(state, 0, Return(2 * HAND, first[0]), "JU-4", "return that one first")
    at = 2 * HAND
    state.apply(0, Place(at, first[0], 0, *first[1:4]))
    state.apply(0, Place(at, second[0], 0, *second[1:4]))  # the same moment
    assert [p[0] for p in state.built[0]] == [first[0], second[0]]
    refused(state, 0, Spend(at, drink("red", 1)), "BB-2")


def test_bb2_purple_moves_to_any_available_card() -> None:
    """BB-2 purple: in the movement step, any card on the plan with no other architect."""
    purple = drink("purple")
    state = started(2, held={1: [purple]})
    refused(state, 1, Spend(0, purple), "BB-2", "movement step")
    complete(state, 0)
    state.apply(SYSTEM, state.legal_actions(SYSTEM)[0])  # the drop's window closes
    state.apply(0, next(a for a in state.legal_actions(0) if isinstance(a, Move)))
    assert state.movers == [1]
    near = set(state.move_choices(1))
    state.apply(1, Spend(state.now, purple))
    anywhere = set(state.move_choices(1))
    assert near < anywhere and len(anywhere) == sum(
        1 for s, c in state.grid.items() if c is not None and s != state.architects[0]
    )
    far = sorted(anywhere - near)[0]
    state.apply(1, Move(state.now, far))
    assert state.architects[1] == far and not state.purple[1]


def test_bb_an_element_placed_as_the_round_ends_the_recorded_order_decides() -> None:
    """JU-4 with the round's timer: a placement stamped just before the end is accepted
    when recorded before the time-up; once the time-up is recorded, it is refused."""
    end = DATA.rules.round_ms
    ident, turn, x, y, _ = plan(started(2), 0)[0]
    first = started(2)
    first.apply(0, Take(0, ident))
    first.apply(0, Place(end - 1, ident, 0, turn, x, y))
    first.apply(SYSTEM, TimeUp(end))
    assert first.phase == "move" and ident in first.pool()
    assert any("time is up" in line for line in first.log_lines())
    late = started(2)
    late.apply(0, Take(0, ident))
    late.apply(SYSTEM, TimeUp(end))
    refused(late, 0, Place(end - 1, ident, 0, turn, x, y), "JU-4")


def test_bb1_as_jutaku_a_repeated_failed_stop_and_the_holes_of_taken_cards() -> None:
    """BB-1: "Cette partie se déroule exactement comme TOKYO JUTAKU" — JU-6: a building
    that failed its check calls Stop! again only once changed (a black drink's flip is a
    change, BB-2); JU-7: every taken card is a hole crossed as if absent (issue 27)."""
    black = drink("black")
    state = started(2, held={0: [black]})
    assert state.architects == ["A1", "B1"]
    state.apply(0, Stop(10))
    state.apply(1, Stop(10))
    assert state.phase == "build" and "fails" in state.log_lines()[-1]
    refused(state, 0, Stop(10), "JU-6", "has not changed since")
    state.apply(0, Spend(10, black))  # the other side: another check
    assert Stop(10) in state.legal_actions(0)
    complete(state, 0, at=20)
    state.apply(SYSTEM, state.legal_actions(SYSTEM)[0])  # the drop's window closes
    assert state.movers == [0, 1]
    # B1 (seat 1's card) is crossed: C1 in one step, D1 in two
    assert {"C1", "D1"} <= set(state.move_choices(0))
