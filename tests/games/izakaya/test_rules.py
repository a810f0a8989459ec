"""One short test per IZAKAYA rule (IZ-1 … IZ-5), citing it."""

from __future__ import annotations

import pytest

from ekimae.core.errors import IllegalActionError
from ekimae.games.izakaya.actions import Bid, Bottle, Build, Claim, Free, Pass, Place, Price
from ekimae.games.izakaya.board import board
from ekimae.games.izakaya.components import load_data
from ekimae.games.izakaya.state import IzakayaState
from tests.games.izakaya.helpers import act, bid_all, finish_phase, first_of, new

DATA = load_data()


def refused(state: IzakayaState, seat: int, action: object, rule: str) -> IllegalActionError:
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as caught:
        state.apply(seat, action)  # type: ignore[arg-type]
    assert caught.value.rule == rule, caught.value
    assert state.to_dict() == before
    return caught.value


@pytest.mark.parametrize(
    ("seats", "size", "playable"), [(2, 3, 8), (3, 3, 8), (4, 4, 16), (5, 5, 25)]
)
def test_iz_1_setup_by_player_count(seats: int, size: int, playable: int) -> None:
    """IZ-1: the grid by player count (3×3 with the centre out for 2-3), a claim-spot card,
    Colour cards at ¥100/¥100/¥200/¥200/¥300/¥300, ¥1,000, 3 discs, 6 claims, 6 pyramids,
    a random turn order."""
    state = new(seats, 7)
    assert state.board.size == size and len(state.board.playable) == playable
    cards = [*state.grid.values(), state.claim_card]
    assert len(set(cards)) == size * size + 1
    assert all(DATA.jutaku.cards[c].district != "roppongi" for c in cards)
    assert state.prices == [100, 100, 200, 200, 300, 300]
    assert sorted(state.order) == list(range(seats))
    assert {new(seats, seed).order[0] for seed in range(12)} != {0}
    for p in range(seats):
        player = state.view(p)["players"][p]
        assert (player["money"], player["discs"], player["claim_discs"], player["pyramids"]) == (
            1000,
            3,
            6,
            6,
        )
    centre = state.board.centre
    assert (centre is not None) == (seats <= 3)
    if centre is not None:
        assert all(centre not in e.cards for e in state.board.edges.values())


def test_iz_2_bids_are_sealed_then_revealed_highest_first() -> None:
    """IZ-2: bids are secret until all are in, then highest first; the yen go to the pile."""
    state = new(3, 2)
    state.apply(1, Bid(300))
    assert state.view(0)["bids"] == [None, None, None]
    assert state.view(0)["players"][1]["has_bid"] and state.view(1)["bids"][1] == 300
    assert "300" not in " ".join(state.view(0)["log"])
    refused(state, 1, Bid(100), "IZ-2")
    refused(state, 0, Bid(1100), "IZ-2")
    refused(state, 0, Bid(150), "IZ-2")
    state.apply(0, Bid(500))
    state.apply(2, Bid(0))
    assert state.order == [0, 1, 2]
    assert state.pile == 800 and state.money == [500, 700, 1000]
    assert state.phase == "act"
    refused(state, 0, Bid(100), "IZ-2")


def test_iz_2_ties_swap_places_relative_to_the_previous_order() -> None:
    """IZ-2: tied players swap places relative to the previous order."""
    state = new(3, 2)
    before = list(state.order)
    bid_all(state, [200, 200, 200])
    assert state.order == before[::-1]
    state2 = new(3, 2)
    a, b, c = state2.order
    amounts = [0, 0, 0]
    amounts[a], amounts[b], amounts[c] = 100, 100, 400
    bid_all(state2, amounts)
    assert state2.order == [c, b, a]


def test_iz_3_one_disc_at_a_time_in_turn_order_three_each() -> None:
    """IZ-3: in turn order, one disc each go, until every player has placed 3; then the
    discs come back and a new round of bids starts."""
    state = new(2, 3)
    bid_all(state, [100, 0])
    seen = []
    while state.phase == "act":
        seat = act(state, first_of(state, "bottle"))
        seen.append(seat)
    assert seen == [0, 1, 0, 1, 0, 1]
    assert state.phase == "bid" and state.round == 2
    assert state.colour_discs == {}
    refused(state, 0, Pass(), "IZ-2")


def test_iz_3_a_player_passes_only_with_nowhere_to_go() -> None:
    """IZ-3 RULING: `pass` is offered only when no disc can go anywhere."""
    state = new(2, 3)
    bid_all(state, [0, 0])
    (seat,) = state.current_players()
    refused(state, seat, Pass(), "IZ-3")
    state.price_disc = 1 - seat
    state.colour_discs = dict.fromkeys(DATA.colours(), 1 - seat)
    state.claims = dict.fromkeys(state.board.edges, 1 - seat)
    assert state.legal_actions(seat) == [Pass()]


def test_iz_3_1_four_card_corners_first_one_disc_a_colour() -> None:
    """IZ-3.1: a drink of the colour on a free corner; four-card corners before two-card
    ones; never a one-card corner; one disc per colour a phase."""
    state = new(4, 5)
    bid_all(state, [0, 0, 0, 0])
    b = state.board
    four = [k for k, c in b.corners.items() if len(c.cards) == 4]
    assert sorted({a.corner for a in state.bottles()}) == sorted(four)
    assert "a0" not in b.corners  # the grid's outer corner touches one card only
    seat = state.current_players()[0]
    refused(state, seat, Bottle("black", "a1"), "IZ-3.1")  # a two-card corner, too early
    refused(state, seat, Bottle("black", "a0"), "IZ-3.1")
    act(state, Bottle("black", four[0]))
    assert state.drinks[four[0]] == DATA.drinks.crate("black")[0]
    refused(state, state.current_players()[0], Bottle("black", four[1]), "IZ-3.1")
    for corner in four[1:]:
        state.drinks[corner] = DATA.drinks.crate("mint")[0]
    assert {a.corner for a in state.bottles()} == {k for k in b.corners if k not in four}


def test_iz_3_2_one_coin_moves_once_a_phase() -> None:
    """IZ-3.2: one ¥100 coin from a Colour card to another, one disc a phase."""
    state = new(2, 4)
    bid_all(state, [0, 0])
    act(state, Price("black", "purple"))
    assert state.prices == [0, 100, 200, 200, 300, 400]
    seat = state.current_players()[0]
    refused(state, seat, Price("mint", "white"), "IZ-3.2")
    finish_phase(state)
    bid_all(state, [0, 0])
    seat = state.current_players()[0]
    refused(state, seat, Price("black", "mint"), "IZ-3.2")  # the black card is empty
    act(state, Price("mint", "black"))
    assert state.prices[:2] == [100, 0]


def test_iz_3_3_claim_disc_and_pyramid_one_player_a_card() -> None:
    """IZ-3.3: a claim disc on a free edge, a pyramid on a free card beside it; one player
    a card; any number of claims a phase."""
    state = new(2, 4)
    bid_all(state, [0, 0])
    first = act(state, Claim("A1-B1", "A1"))
    assert state.claims == {"A1-B1": first} and state.owners == {"A1": first}
    other = state.current_players()[0]
    refused(state, other, Claim("A1-B1", "B1"), "IZ-3.3")  # the edge is taken
    refused(state, other, Claim("A1-A2", "A1"), "IZ-3.3")  # the card is taken
    refused(state, other, Claim("A1-B2", "A1"), "IZ-3.3")  # no such edge
    refused(state, other, Claim("A2-B2", "B2"), "IZ-3.3")  # the centre is out of play
    act(state, Claim("A1-A2", "A2"))
    act(state, Claim("B1-C1", "B1"))
    assert state.pyramids_left(first) == 4 and state.claim_discs_left(first) == 4


def test_iz_3_3_three_claims_in_a_line_give_a_free_element() -> None:
    """IZ-3.3: a claim completing 3 of a player's claim discs in a straight line gives a
    free element, placed at once under the building rules."""
    state = new(4, 6)
    bid_all(state, [0, 0, 0, 0])
    seat = state.current_players()[0]
    state.claims = {"A1-B1": seat, "A2-B2": seat}
    state.owners = {"A1": seat, "A2": seat}
    assert ("A1-B1", "A2-B2", "A3-B3") in state.board.lines(3)
    act(state, Claim("A3-B3", "A3"))
    assert state.current_players() == (seat,) and state.pending == ("free", "")
    refused(state, seat, Build("1-01"), "IZ-3.3")
    act(state, Free("1-01"))
    place = first_of(state, "place")
    act(state, place)
    assert state.building(place.space, place.plot)[0][0] == "1-01"  # type: ignore[attr-defined]
    assert state.current_players() != (seat,) and state.discs_left(seat) == 2


def test_iz_3_4_build_choose_then_place_on_your_card() -> None:
    """IZ-3.4: choose one element without trying it, then place it on one of your cards
    under JU-5; nothing else in between; never on another's card."""
    state = new(2, 4)
    bid_all(state, [0, 0])
    refused(state, state.current_players()[0], Build("1-01"), "IZ-3.4")  # no card yet
    me = act(state, Claim("A1-B1", "A1"))
    act(state, Claim("A2-A3", "A3"))
    act(state, Build("1-01"))
    assert "1-01" not in state.pool() and state.current_players() == (me,)
    refused(state, me, Build("2-01"), "IZ-3.4")
    refused(state, me, Place("A3", 0, 0, 3, 3), "IZ-3.4")  # the other player's card
    places = state.legal_actions(me)
    assert places and all(isinstance(a, Place) and a.space == "A1" for a in places)
    act(state, places[0])
    assert len(state.floors("A1", places[0].plot)) == 1  # type: ignore[attr-defined]


def test_iz_3_4_two_borders_two_buildings_and_the_card_limits() -> None:
    """IZ-3.4: a card with two borders holds two buildings; RULING: a building has at most
    the card's floors and elements."""
    state = new(2, 4)
    two = next(c for c in DATA.parcel_cards() if len(DATA.jutaku.cards[c].white.plots) == 2)
    state.grid["A1"] = two
    bid_all(state, [0, 0])
    me = act(state, Claim("A1-B1", "A1"))
    act(state, Claim("A2-A3", "A3"))
    act(state, Build("1-01"))
    assert {a.plot for a in state.legal_actions(me)} == {0, 1}  # type: ignore[attr-defined]
    side = state.side("A1")
    assert side.floors < 7
    # a tower of cubes stops at the card's floors
    cube = DATA.jutaku.elements["1-01"]
    x, y = next((t[1], t[2]) for t in cube.spots if t[3] & side.plots[0].cells)
    state.buildings["A1"] = [[("1-01", 0, x, y, z) for z in range(side.floors - 1)], []]
    assert Place("A1", 0, 0, x, y) in state.legal_actions(me)
    state.buildings["A1"] = [[("1-01", 0, x, y, z) for z in range(side.floors)], []]
    refused(state, me, Place("A1", 0, 0, x, y), "IZ-3.4")  # above the card's floors
    state.buildings["A1"] = [[("1-01", 0, x, y, 0)] * side.elements, []]
    assert all(a.plot == 1 for a in state.legal_actions(me))  # type: ignore[attr-defined]


def test_iz_4_the_pile_at_the_end_makes_the_phase_the_last() -> None:
    """IZ-4: when the bid pile reaches ¥1,500 (2 players), that round's action phase is the
    last, then scoring; RULING: the game also ends after `max_rounds` rounds."""
    state = new(2, 8)
    bid_all(state, [700, 700])
    assert not state.last
    finish_phase(state)
    bid_all(state, [100, 0])
    assert state.pile == 1500 and state.last
    finish_phase(state)
    assert state.is_terminal() and state.round == 2
    refused(state, 0, Bid(0), "IZ-4")
    idle = new(2, 8)
    while not idle.is_terminal():
        bid_all(idle, [0, 0])
        finish_phase(idle)
    assert idle.round == DATA.max_rounds


def test_iz_5_the_seeds_example_three_floors_times_700() -> None:
    """IZ-5: a 3-floor building with 2 white drinks (¥200) and a blue (¥300) on its card's
    corners earns 3 × ¥700 = ¥2,100; plus yen kept; a tie goes to the most yen kept."""
    state = new(4, 3)
    state.owners = {"B2": 0}
    state.buildings = {"B2": [[("1-01", 0, 3, 3, 0), ("2-01", 0, 3, 3, 1), ("3-01", 0, 3, 3, 2)]]}
    corners = board(4, False).corners_of["B2"]
    white = DATA.drinks.crate("white")
    state.drinks = {
        corners[0]: white[0],
        corners[1]: white[1],
        corners[2]: DATA.drinks.crate("blue")[0],
    }
    assert state.corner_sum("B2") == 700
    assert state.earnings(0) == 2100
    assert state.scores()[0] == 1000 + 2100
    state.phase = "over"
    state.money = [0, 3100, 3100, 0]
    state.owners = {"B2": 0}
    assert state.scores()[:3] == [2100, 3100, 3100]
    assert state.ranking() == [[1, 2], [0], [3]]
    state.money[2] = 3000
    assert state.ranking()[0] == [1] and state.winner() == 1
