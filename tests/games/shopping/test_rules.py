"""THE SHOPPING GAME: one short test per rule ID (SH-1 … SH-6), and the seed's worked exit."""

from __future__ import annotations

from collections import Counter

import pytest

from ekimae.core.errors import DataError, IllegalActionError
from ekimae.games.shopping.actions import Machine, Move, Pass, Take
from ekimae.games.shopping.components import OUT
from ekimae.games.shopping.game import GAME
from ekimae.games.shopping.market import payout
from ekimae.games.shopping.state import ShoppingState

DATA = GAME.data
MALL = DATA.mall


def new(seats: int = 3, seed: int = 1) -> ShoppingState:
    return GAME.new_state(seats, seed)


def refused(state: ShoppingState, seat: int, action: object) -> str:
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as caught:
        state.apply(seat, action)  # type: ignore[arg-type]
    assert state.to_dict() == before  # a refusal changes nothing
    return caught.value.rule


def shop_at(column: int, row: int) -> str:
    return next(s.id for s in DATA.shops.values() if (s.column, s.row) == (column, row))


def test_sh_1_setup_follows_the_seed_steps() -> None:
    """SH-1: steps 1-15 — machine crate of black drinks, five drinks on each second-row
    card, a garment on each of 16 cards, salmon, fish, magazines, 3 barrels per player."""
    state = new(4)
    assert Counter(DATA.drinks.drinks[d].colour for d in state.machine) == {"black": 6}
    second_row = [s for s in DATA.shops.values() if s.row == 1]
    assert len(second_row) == 6
    assert all(len(state.stock[s.id]) == 5 for s in second_row)
    dealt = [d for s in second_row for d in state.stock[s.id]]
    assert sorted(dealt) == sorted(DATA.dealt_drinks())  # every other drink, once
    garments = [
        s
        for s in DATA.shops.values()
        if any(DATA.items[i].pile in ("linen", "shirts", "underwear") for i, _ in s.stock)
    ]
    assert len(garments) == 16 and all(len(state.stock[s.id]) == 1 for s in garments)
    assert state.stock[shop_at(3, 4)] == ["magazine"] * 6  # the middle card at the bottom
    assert {tuple(state.stock[shop_at(c, 0)][:1]) for c in (2, 3, 4)} == {
        ("washing-machine",),
        ("dryer",),
    }
    assert state.stock[shop_at(1, 0)] == state.stock[shop_at(5, 0)] == ["salmon"] * 5
    assert state.stock[shop_at(0, 0)] == ["tuna-15", "tuna-15"]
    assert state.stock[shop_at(6, 0)] == ["crab-4", "crab-4"]
    assert state.barrels_left == 3 * 4
    assert state.pos == [OUT] * 4 and state.money == [0] * 4
    assert state.piles == {"appliances": 500, "linen": 400, "shirts": 300, "underwear": 200}
    assert state.colours["black"] == 200
    assert {v for c, v in state.colours.items() if c != "black"} == {300}


def test_sh_1_the_mall_graph() -> None:
    """SH-1: outside joins only the central double aisles; the machine's two points touch
    its slot; a point is in front of the cards whose corner it is."""
    assert MALL.aisles[OUT] == MALL.exits
    assert [p for p in MALL.points if OUT in MALL.aisles[p]] == list(MALL.exits)
    mx, my = MALL.machine
    for point in MALL.machine_points:
        x, y = MALL.xy(point)
        assert x in (mx, mx + 1) and y in (my, my + 1)
    assert MALL.fronts["a0"] == (shop_at(0, 0),)
    assert set(MALL.fronts["b2"]) == {shop_at(0, 1), shop_at(1, 1), shop_at(0, 2), shop_at(1, 2)}


def test_sh_2_move_one_to_three_steps_never_back_to_the_start() -> None:
    """SH-2: 1-3 steps (a U-turn counts), not ending where you started."""
    state = new()
    state.pos[0], state.phase = "d3", "move"
    ends = {a.to for a in state.legal_actions(0) if isinstance(a, Move)}
    assert "d3" not in ends
    assert {"c3", "e3", "d2", "d4"} <= ends  # one step, or three with a U-turn
    assert {"b3", "d1", "g3", "c1"} <= ends  # two and three steps
    assert "a2" not in ends and "h3" not in ends  # four steps away
    assert refused(state, 0, Move("d3")) == "SH-2"
    assert refused(state, 0, Move("h3")) == "SH-2"
    assert refused(state, 0, Pass()) == "SH-2"


def test_sh_2_take_one_item_in_front_then_the_next_player() -> None:
    """SH-2: after moving, one item from a card directly in front of you (or nothing)."""
    state = new()
    state.pos[0] = "b3"
    state.apply(0, Move("b4"))  # in front of clothes-7, clothes-8, clothes-13, clothes-14
    takes = {(a.shop, a.item) for a in state.legal_actions(0) if isinstance(a, Take)}
    assert takes == {(shop_at(c, r), state.stock[shop_at(c, r)][0]) for c in (0, 1) for r in (3, 4)}
    far = shop_at(6, 4)
    assert refused(state, 0, Take(far, state.stock[far][0])) == "SH-2"
    assert refused(state, 0, Move("b3")) == "SH-2"  # one move a turn
    shop, item = sorted(takes)[0]
    state.apply(0, Take(shop, item))
    assert state.crates[0] == [item] and state.stock[shop] == []
    assert state.current_players() == (1,) and state.phase == "move"


def test_sh_2_nothing_in_front_ends_the_turn() -> None:
    """SH-2: a move onto a point that faces no item passes the turn at once."""
    state = new()
    state.pos[0] = "d3"
    state.apply(0, Move("d5"))  # a corner of the magazine stand: magazines to take
    assert state.phase == "take" and state.turn == 0
    empty = new()
    empty.stock[shop_at(3, 4)] = []
    empty.pos[0] = "d3"
    empty.apply(0, Move("d5"))
    assert empty.turn == 1 and empty.phase == "move"


def test_sh_3_leave_only_through_the_central_double_aisles() -> None:
    """SH-3: "out" is reachable only from near the exits; refusals name SH-3."""
    state = new()
    state.pos[0] = "a1"
    assert Move(OUT) not in state.legal_actions(0)
    assert refused(state, 0, Move(OUT)) == "SH-3"
    state.pos[0] = "d3"
    assert Move(OUT) in state.legal_actions(0)


def test_sh_3_re_enter_through_the_central_aisles() -> None:
    """SH-3: from outside, a move starts at one of the central double aisles."""
    state = new()
    ends = {a.to for a in state.legal_actions(0) if isinstance(a, Move)}
    assert set(MALL.exits) <= ends and OUT not in ends
    assert all(min(abs(MALL.xy(e)[0] - MALL.xy(x)[0]) for x in MALL.exits) <= 2 for e in ends)
    assert refused(state, 0, Move("a0")) == "SH-3"


def test_sh_3_the_seeds_worked_exit() -> None:
    """SH-3 example: first out with two shirts, a red drink, a salmon and crab "6": ¥600
    (shirts pile -¥100), ¥300 (red card -¥100), ¥500 (salmon "f"), ¥600 — ¥2,000."""
    state = new()
    red = next(d.id for d in DATA.drinks.drinks.values() if d.colour == "red")
    state.crates[0] = ["shirt", "shirt", red, "salmon", "crab-6"]
    state.pos[0] = "d4"
    machine = list(state.machine)
    state.apply(0, Move(OUT))
    assert state.money[0] == 600 + 300 + 500 + 600
    assert state.piles["shirts"] == 200 and state.colours["red"] == 200
    assert state.colours["blue"] == 300 and state.piles["linen"] == 400
    assert state.barrels == [1, 0, 0] and state.barrels_left == 8
    assert state.kept[0] == ["shirt", "shirt", "salmon", "crab-6"]
    assert sorted(state.machine) == sorted([*machine, red])  # SH-4: sold drinks join it
    assert state.turn == 1 and state.pos[0] == OUT


def test_sh_3_each_card_loses_only_100_whatever_the_count() -> None:
    """SH-3: a card that paid three items still loses only ¥100, never below ¥0."""
    state = new()
    state.piles["underwear"] = 100
    state.crates[0] = ["bra", "socks", "underwear", "sheet"]
    state.pos[0] = "e4"
    state.apply(0, Move(OUT))
    assert state.money[0] == 3 * 100 + 400
    assert state.piles["underwear"] == 0 and state.piles["linen"] == 300


def test_sh_4_detergent_doubles_one_garment_each() -> None:
    """SH-4 example: 2 bras, a shirt, 2 detergents: the shirt and one bra are doubled."""
    paid = payout(
        DATA,
        ["bra", "bra", "shirt", "detergent", "detergent"],
        dict(GAME.new_state(2, 0).piles),
        DATA.colour_prices,
        False,
    )
    assert paid.total == 2 * 200 + 300 + (300 + 200)
    one = payout(DATA, ["bra", "detergent", "detergent"], new().piles, DATA.colour_prices, False)
    assert one.total == 200 + 200  # never two detergents on one item
    none = payout(DATA, ["washing-machine", "detergent"], new().piles, DATA.colour_prices, False)
    assert none.total == 500  # an appliance is no garment


def test_sh_4_salmon_first_exit_then_400() -> None:
    """SH-4: ¥500 a salmon for the first exit with salmon (anyone's), ¥400 after."""
    state = new()
    state.crates[0], state.crates[1] = ["salmon", "salmon"], ["salmon"]
    state.pos[0], state.pos[1] = "d4", "e4"
    state.apply(0, Move(OUT))
    state.apply(1, Move(OUT))
    assert state.money[:2] == [1000, 400]


def test_sh_4_tuna_paid_first_then_drawn_and_dearer() -> None:
    """SH-4: a tuna needs ¥500 paid to the bank first, then is drawn from the bag; each
    further tuna costs ¥500 more."""
    state = new()
    state.pos[0], state.phase = "a0", "take"
    assert Take("tuna", "tuna") not in state.legal_actions(0)
    assert refused(state, 0, Take("tuna", "tuna")) == "SH-4"
    state.money[0] = 1200
    bag = len(state.bag)
    state.apply(0, Take("tuna", "tuna"))
    assert state.money[0] == 700 and state.tunas == 1 and len(state.bag) == bag - 1
    assert state.crates[0][0].startswith("tuna-") and state.crates[0][0] not in state.bag
    assert state.stock["tuna"] == ["tuna-15", "tuna-15"]  # shown ones stay while the bag has tuna
    assert GAME.new_state(2, 0).tuna_price() == 500 and state.tuna_price() == 1000
    state.turn, state.phase = 0, "take"
    assert refused(state, 0, Take("tuna", "tuna")) == "SH-4"  # ¥700 < ¥1,000


def test_sh_4_crabs_are_drawn_at_random_then_from_the_card() -> None:
    """SH-4: a crab is drawn from the bag (draws differ by seed); once the bag has no crab,
    the ones shown on the card are taken."""
    drawn = set()
    for seed in range(12):
        state = new(seed=seed)
        state.pos[0], state.phase = "h0", "take"
        state.apply(0, Take("crab", "crab"))
        drawn.add(state.crates[0][0])
    assert len(drawn) > 2 and all(t.startswith("crab-") for t in drawn)
    state = new()
    state.bag = [t for t in state.bag if not t.startswith("crab-")]
    state.pos[0], state.phase = "h0", "take"
    state.apply(0, Take("crab", "crab"))
    assert state.crates[0] == ["crab-4"] and state.stock["crab"] == ["crab-4"]


def test_sh_4_vending_machine() -> None:
    """SH-4: only from the two points touching it; every drink goes in, those out are
    yours, the stuck ones go back to its crate."""
    state = new()
    state.pos[0], state.phase = "c2", "take"
    assert refused(state, 0, Machine()) == "SH-4"
    outcomes = set()
    for seed in range(10):
        state = new(seed=seed)
        state.pos[0], state.phase = MALL.machine_points[seed % 2], "take"
        before = sorted(state.machine)
        state.apply(0, Machine())
        assert sorted(state.crates[0] + state.machine) == before
        outcomes.add(len(state.crates[0]))
    assert len(outcomes) > 1  # seeded, not fixed
    empty = new()
    empty.machine = []
    empty.pos[0], empty.phase = MALL.machine_points[0], "take"
    assert refused(empty, 0, Machine()) == "SH-4"


def test_sh_4_magazines_break_ties() -> None:
    """SH-4/SH-5: equal yen: more magazines first; equal both: a shared place."""
    state = new()
    state.money = [500, 500, 500]
    state.kept = [["magazine"], ["magazine", "magazine"], ["magazine"]]
    state.phase = "over"
    assert state.ranking() == [[1], [0, 2]]
    assert state.winner() == 1


def test_sh_5_the_game_ends_when_all_but_one_are_out_twice() -> None:
    """SH-5: at once when all but one hold 2 barrels; the one inside gets nothing for the
    crate; players done are skipped."""
    state = new()
    state.barrels = [2, 1, 0]
    state.turn, state.pos[1], state.crates[2] = 1, "d4", ["dryer"]
    state.apply(1, Move(OUT))
    assert state.is_terminal() and state.current_players() == ()
    assert state.money[2] == 0
    assert refused(state, 2, Move("d5")) == "SH-5"
    skip = new()
    skip.barrels = [0, 2, 0]
    skip.apply(0, Move("d5"))
    if skip.phase == "take":
        skip.apply(0, Pass())
    assert skip.turn == 2


def test_sh_6_economic_version_only() -> None:
    """SH-6: the economic version is the default; there is no dexterity option."""
    assert GAME.type.options == ()
    with pytest.raises(DataError):
        GAME.new_state(2, 0, {"version": "dexterity"})
