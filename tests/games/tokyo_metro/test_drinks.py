"""METRO DRINKS (MD-1 … MD-7), with the seeds' examples."""

from __future__ import annotations

from typing import Any

import pytest

from ekimae.core.actions import Action
from ekimae.core.errors import DataError
from ekimae.games.jidohanbaiki.components import load_components, parse_components
from ekimae.games.tokyo_metro import actions as act
from ekimae.games.tokyo_metro.context import HOLE, colour_card
from ekimae.games.tokyo_metro.drinks import station_bonus
from ekimae.games.tokyo_metro.state import NOBODY
from ekimae.games.tokyo_metro.turn_order import renew_cards

from .helpers import actions_phase, cell_touching, fresh, new_game, put_meeple

ON = {"drinks": "on"}


def _drinks_state(seats: int = 2, options: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    return actions_phase(seats, 1, 1, {**ON, **(options or {})})


def _own(state: Any, seat: int, key: str) -> int:
    st: int = state.ctx.board.station_by_key[key]
    state.s.owner[st] = seat
    return st


def _some_station(state: Any, index: int = 0) -> str:
    ctx = state.ctx
    keys: list[str] = [k for i, k in enumerate(ctx.station_keys) if not ctx.halt[i]]
    return keys[index * 7]


def test_md1_components() -> None:
    """MD-1: 36 drinks, 6 colours x 6 shapes, names in English and Japanese, 6 crates."""
    jh = load_components()
    assert len(jh.drinks) == 36 and jh.crates == 6
    assert [c.key for c in jh.colours] == ["black", "white", "mint", "blue", "red", "purple"]
    assert {"tall-bottle", "squat-can", "short-can"} <= {s.key for s in jh.shapes}
    assert all(d.name and d.ja for d in jh.drinks.values())
    assert len(jh.crate("red")) == 6


def test_md1_loader_names_the_bad_field() -> None:
    with pytest.raises(DataError, match="colour"):
        parse_components({"colour": [{"key": "black", "ja": "黒", "ink": "#000000"}]}, "x.toml")
    with pytest.raises(DataError, match=r"ink.*#RRGGBB"):
        parse_components({"colour": [{"key": "black", "ja": "黒", "ink": "black"}]}, "x.toml")


@pytest.mark.parametrize(("cards", "kept"), [("tokyo", 9), ("osaka", 8)])
def test_md1_extra_column(cards: str, kept: int) -> None:
    """MD-1: 3 Shape cards removed (4 with the Osaka cards); one card dealt per player."""
    state = new_game(3, 4, {**ON, "cards": cards})
    s, ctx = state.s, state.ctx
    col = ctx.drinks_column
    assert col == len(ctx.cards.decks) - 1 and ctx.deck_keys[col] == "JH"
    assert len(s.grid[col]) == 3
    cards_left = [*s.grid[col], *s.decks[col]]
    assert len(cards_left) == kept
    assert sum(c.startswith("JC-") for c in cards_left) == 6


def test_md1_off_leaves_tokyo_unchanged() -> None:
    plain = new_game(2, 7)
    assert len(plain.s.grid) == 6 and "drinks" not in plain.view(0)
    assert "drinks" not in plain.s.options


def _colour_in_grid(state, colour: str = "red", row: int = 0) -> str:  # type: ignore[no-untyped-def]
    s, ctx = state.s, state.ctx
    col = ctx.drinks_column
    card = colour_card(colour)
    column = list(s.grid[col])
    if card not in column:
        old = column[row]
        column[row] = card
        if card in s.decks[col]:
            s.decks[col] = tuple(old if c == card else c for c in s.decks[col])
        else:
            s.discards[col] = tuple(old if c == card else c for c in s.discards[col])
    s.grid[col] = tuple(column)
    return f"{card}a"


def test_md3_colour_card_takes_the_crate_and_a_disc() -> None:
    state = _drinks_state()
    spot = _colour_in_grid(state)
    state = fresh(state)
    discs = state.s.action_discs[0]
    state.apply(0, act.ColourCard(spot))
    s = state.s
    assert s.action_discs[0] == discs - 1  # MD-3: a disc back to the box
    assert s.colours[0] == ("red",) and len(s.drinks[0]) == 6
    assert HOLE in s.grid[state.ctx.drinks_column]  # MD-2: a hole


def test_md2_hole_in_bottom_row_discards_nothing_and_one_card_drawn() -> None:
    state = _drinks_state()
    s, ctx = state.s, state.ctx
    col = ctx.drinks_column
    s.grid[col] = (HOLE, *s.grid[col][1:])
    deck = s.decks[col]
    assert renew_cards(s)
    assert s.discards[col] == ()  # nothing discarded
    assert s.grid[col][-1] == deck[-1] and len(s.decks[col]) == len(deck) - 1


def test_md2_hole_slides_down() -> None:
    state = _drinks_state(3)
    s, ctx = state.s, state.ctx
    col = ctx.drinks_column
    bottom = s.grid[col][0]
    s.grid[col] = (bottom, s.grid[col][1], HOLE)
    assert renew_cards(s)
    assert s.discards[col][-1] == bottom
    assert s.grid[col][1] == HOLE  # the hole moved down a row


def _ready_to_build(seat_owner: int = 1):  # type: ignore[no-untyped-def]
    state = _drinks_state()
    key = _some_station(state)
    st = _own(state, seat_owner, key)
    put_meeple(state, 0, cell_touching(state.ctx, key))
    state.s.colours[0] = ("red",)
    state.s.drinks[0] = state.ctx.drinks.crate("red")
    return fresh(state), key, st


def test_md4_build_costs_a_disc_and_pays_the_owner_100_then_200() -> None:
    state, key, st = _ready_to_build()
    s = state.s
    front, money, theirs = s.front[0], s.money[0], s.money[1]
    state.apply(0, act.Build(key, "red-short-can"))
    assert s.front[0] == front - 1 and s.drink_at[st] == "red-short-can"
    assert s.money[0] == money - 100 and s.money[1] == theirs + 100  # 1st time: ¥100
    # A second build in another of that player's stations: ¥200 (the seeds' example).
    key2 = _some_station(state, 1)
    _own(state, 1, key2)
    put_meeple(state, 0, cell_touching(state.ctx, key2))
    state = fresh(state)
    state.s.cursor = 0
    state = fresh(state)
    state.apply(0, act.Build(key2, "red-squat-can"))
    assert state.s.money[1] == theirs + 300


def test_md4_no_build_without_pyramid_or_with_a_drink() -> None:
    state, _key, st = _ready_to_build()
    s = state.s
    s.drink_at[st] = "black-cola"
    state = fresh(state)
    assert not any(isinstance(a, act.Build) for a in state.legal_actions(0))
    s.drink_at[st] = ""
    s.owner[st] = NOBODY
    state = fresh(state)
    assert not any(isinstance(a, act.Build) for a in state.legal_actions(0))


def test_md4_own_station_is_free() -> None:
    state, key, _st = _ready_to_build(seat_owner=0)
    money = state.s.money[0]
    state.apply(0, act.Build(key, "red-tall-bottle"))
    assert state.s.money[0] == money


def test_md5_shape_card_free_builds_without_ending_the_turn() -> None:
    state, key, _st = _ready_to_build()
    s, ctx = state.s, state.ctx
    col = ctx.drinks_column
    shape = next(c for c in [*s.grid[col], *s.decks[col]] if c.startswith("JS-"))
    column = list(s.grid[col])
    if shape not in column:
        s.decks[col] = tuple(column[0] if c == shape else c for c in s.decks[col])
        column[0] = shape
        s.grid[col] = tuple(column)
    state = fresh(state)
    state.apply(0, act.ShapeCard(f"{shape}a"))
    assert s.shape_on[0]
    s.cursor = 0  # back to seat 0's turn
    state = fresh(state)
    front = s.front[0]
    state.apply(0, act.Build(key, "red-bottle-can", True))
    assert s.front[0] == front and s.money[1] == 2100  # free, still pays the owner
    assert state.current_players() == (0,)  # the turn goes on


def _shape_on_top(state: Any) -> str:
    """A Shape card in the JIDOHANBAIKI column's first row; its spot."""
    s, ctx = state.s, state.ctx
    col = ctx.drinks_column
    shape = next(c for c in [*s.grid[col], *s.decks[col]] if c.startswith("JS-"))
    column = list(s.grid[col])
    if shape not in column:
        s.decks[col] = tuple(column[0] if c == shape else c for c in s.decks[col])
        column[0] = shape
        s.grid[col] = tuple(column)
    return f"{shape}a"


@pytest.mark.parametrize("discs", [3, 1])
def test_md5_the_shape_card_builds_at_once_even_with_the_last_disc(discs: int) -> None:
    """MD-5: "Placez votre disque d'action sur la carte, puis effectuez un nombre illimité
    d'actions ... gratuites lors de vos tours jusqu'à la fin de cette phase d'action" (RULING:
    the free builds start on the same turn, right after the disc; issue 27). With the last
    disc on the card, the seat still builds before it passes."""
    state, key, st = _ready_to_build()
    s = state.s
    spot = _shape_on_top(state)
    s.front[0] = discs
    state = fresh(state)
    state.apply(0, act.ShapeCard(spot))
    assert s.shape_on[0] and s.front[0] == discs - 1
    assert state.current_players() == (0,)  # the turn goes on: free builds now
    legal = state.legal_actions(0)
    assert act.Build(key, "red-bottle-can", True) in legal and act.Stop() in legal
    assert not any(isinstance(a, act.ShapeCard | act.Pass) for a in legal)  # one disc a turn
    state.apply(0, act.Build(key, "red-bottle-can", True))
    assert s.drink_at[st] == "red-bottle-can" and s.front[0] == discs - 1
    assert state.current_players() == (0,)
    state.apply(0, act.Stop())  # the turn ends (with no disc left, its next is a pass)
    assert state.current_players() == (1,) and s.walk_left == -1


def test_md5_the_shape_card_with_nothing_to_build_ends_the_turn() -> None:
    """MD-5: with no station to build at now, taking the card ends the turn as usual."""
    state, _key, _st = _ready_to_build()
    s = state.s
    spot = _shape_on_top(state)
    s.drinks[0] = ()
    state = fresh(state)
    state.apply(0, act.ShapeCard(spot))
    assert s.shape_on[0] and s.walk_left == -1 and state.current_players() == (1,)


def test_md5_move_walked_cell_by_cell_with_builds() -> None:
    state, _key, _st = _ready_to_build()
    s, ctx = state.s, state.ctx
    s.shape_on[0] = True
    start = s.meeple[0]
    state = fresh(state)
    moves = [a for a in state.legal_actions(0) if isinstance(a, act.Move)]
    assert moves and all(a.cell == ctx.cell_names[start] for a in moves)
    state.apply(0, moves[0])
    assert s.walk_left > 0
    legal = state.legal_actions(0)
    assert any(isinstance(a, act.Build) and a.free for a in legal)  # a station passed
    steps = [a for a in legal if isinstance(a, act.Step)]
    assert steps
    state.apply(0, steps[0])
    state.apply(0, act.Stop())
    assert s.walk_left == -1 and state.current_players() == (1,)  # the Move ended the turn


def test_md5_never_while_riding() -> None:
    state, _key, _st = _ready_to_build()
    state.s.riding[0] = 0
    state = fresh(state)
    assert not any(isinstance(a, act.Build) for a in state.legal_actions(0))


def test_md5_ends_with_the_action_phase() -> None:
    from ekimae.games.tokyo_metro.flow import end_actions

    state, _, _ = _ready_to_build()
    state.s.shape_on[0] = True
    end_actions(state.s)
    assert not state.s.shape_on[0]


def test_md6_card_action_takes_only_a_shape_card_from_the_jh_pile() -> None:
    from ekimae.games.tokyo_metro.card_actions import Memo, _card
    from ekimae.games.tokyo_metro.tables import Spot

    state = _drinks_state()
    s, ctx = state.s, state.ctx
    col = ctx.drinks_column
    printed = next(a for a in ctx.cards.spots.values() if a.kind.value == "card")
    spot = Spot(ctx, printed, _card, None)

    def piles() -> list[str | None]:
        listed: list[Action] = []
        _card(listed, ctx, s, 0, spot, Memo(ctx, s, 0))
        return [getattr(a, "pile", None) for a in listed]

    s.discards[col] = ("JC-red",)
    assert "JH" not in piles()
    s.discards[col] = ("JC-red", "JS-short-can")
    assert "JH" in piles()


@pytest.mark.parametrize(("count", "bonus"), [(1, 100), (3, 100), (4, 200), (5, 200), (6, 300)])
def test_md7_bonus_by_drinks_of_the_colour_on_the_map(count: int, bonus: int) -> None:
    state = _drinks_state()
    s, ctx = state.s, state.ctx
    stations = [i for i in range(len(s.owner)) if not ctx.halt[i]][:count]
    crate = ctx.drinks.crate("blue")
    for k, st in enumerate(stations):
        s.owner[st] = k % 2  # RULING: whoever's stations hold them
        s.drink_at[st] = crate[k]
    money = s.money[0]
    station_bonus(ctx, s, stations[0])
    assert s.money[0] == money + bonus


def test_md7_owner_option_counts_only_the_owners_drinks() -> None:
    state = _drinks_state(options={"drinks_bonus": "owner"})
    s, ctx = state.s, state.ctx
    stations = [i for i in range(len(s.owner)) if not ctx.halt[i]][:4]
    crate = ctx.drinks.crate("blue")
    for k, st in enumerate(stations):
        s.owner[st] = 0 if k == 0 else 1
        s.drink_at[st] = crate[k]
    money = s.money[0]
    station_bonus(ctx, s, stations[0])
    assert s.money[0] == money + 100  # 1 in seat 0's stations, not 4


def test_view_hides_the_jh_deck_and_determinize_rebuilds_drinks() -> None:
    import random

    from ekimae.games.tokyo_metro.determinize import determinize

    state, key, _st = _ready_to_build()
    state.apply(0, act.Build(key, "red-short-can"))
    view = state.view(1)
    column = view["columns"][view["drinks_column"]]
    assert set(column) == {"deck", "deck_count", "cards", "discard_top", "discard_count"}
    sample = determinize(view, random.Random(3))
    assert sample.view(1)["drinks"] == view["drinks"] == {key: "red-short-can"}
    assert sample.view(1)["players"] == view["players"]


@pytest.mark.parametrize("map_name", ["tokyo", "osaka"])
def test_title_bots_play_with_drinks_on(map_name: str) -> None:
    """The cheap title bots finish a METRO DRINKS game from their views (no crash)."""
    import random

    from ekimae.bots.tokyo_metro import LADDER

    state = new_game(3, 11, {**ON, "map": map_name})
    bots = [LADDER[name](seat) for seat, name in enumerate(("greedy", "beginner", "normal"))]
    rng = random.Random(1)
    while not state.is_terminal():
        seat = state.current_players()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat), rng))
    assert state.is_terminal()


def test_greedy_values_a_drink_in_its_own_station() -> None:
    from ekimae.bots.tokyo_metro.greedy import Judge

    state, key, _st = _ready_to_build(seat_owner=0)
    judge = Judge(state.view(0))
    own = judge.score(act.Build(key, "red-short-can", True))
    assert own > 0
    state.s.owner[_st] = 1
    assert Judge(state.view(0)).score(act.Build(key, "red-short-can")) < own
