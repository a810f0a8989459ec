"""CHOCOLATE MILK, short tests per rule ID (CM-1 to CM-4).

Positions come from playing, or from a saved position (`to_dict`) with the table changed,
read back through `state_from_dict` as a saved game would be.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from ekimae.core.errors import DataError, IllegalActionError
from ekimae.core.game import Ties
from ekimae.games.chocolate_milk.actions import Buy, BuyCrate, Pass, Sell
from ekimae.games.chocolate_milk.game import GAME
from ekimae.games.chocolate_milk.state import MilkState, crate_score
from ekimae.games.chocolate_milk.supply import die_pick

DATA = GAME.data
MINT = [d for d in DATA.drinks.drinks if d.startswith("mint-")]


def act(state: MilkState, seat: int, text: str) -> None:
    state.apply(seat, GAME.parse_action(text))


def refused(state: MilkState, seat: int, text: str) -> IllegalActionError:
    """The refusal of `text` for `seat`, after checking that it changed nothing."""
    before = json.dumps(state.to_dict())
    action = GAME.parse_action(text)
    assert not state.is_legal(seat, action)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(seat, action)
    assert json.dumps(state.to_dict()) == before
    return caught.value


def position(seats: int = 2, seed: int = 1, **changes: Any) -> MilkState:
    """A new game with some of its saved fields replaced (drinks moved out of the supply
    or back into it as needed, so every drink stays somewhere)."""
    raw = GAME.new_state(seats, seed, changes.pop("options", None)).to_dict()
    raw.update(changes)
    placed = [d for c in raw["cells"] for d in c] + [
        d for crates in raw["crates"] for crate in crates for d in crate
    ]
    raw["supply"] = sorted(set(DATA.drinks.drinks) - set(placed))
    return GAME.state_from_dict(raw)


def every_drink(state: MilkState) -> Counter[str]:
    raw = state.to_dict()
    return Counter(
        [d for c in raw["cells"] for d in c]
        + [d for crates in raw["crates"] for crate in crates for d in crate]
        + raw["supply"]
    )


# -- CM-1 ---------------------------------------------------------------------------------


def test_cm_1_setup_grid_drinks_money_crates() -> None:
    """CM-1: 9 parcel cards in a 3×3 grid, one drink on each outer card and two on the
    centre with every architect; ¥500 and one crate each; Stock cards empty."""
    assert (GAME.min_seats, GAME.max_seats) == (1, 8)
    for seats in (0, 9):
        with pytest.raises(DataError):
            GAME.new_state(seats, 1)
    view = GAME.new_state(4, 5).view(None)
    assert [c["cell"] for c in view["grid"]] == [
        "a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"
    ]  # fmt: skip
    cards = [c["card"] for c in view["grid"]]
    assert len(set(cards)) == 9 and set(cards) <= {p.id for p in DATA.parcels}
    assert [len(c["drinks"]) for c in view["grid"]] == [1, 1, 1, 1, 2, 1, 1, 1, 1]
    assert view["grid"][4]["architects"] == [0, 1, 2, 3]
    assert all(p["money"] == 500 and p["crates"] == [[]] for p in view["players"])
    assert all(m["yen"] == 0 for m in view["market"])
    assert [m["card"] for m in view["market"]][:6] == list(DATA.colour_row)
    assert len(view["supply"]) == 36 - 10
    assert every_drink(GAME.new_state(4, 5)) == Counter(list(DATA.drinks.drinks))


def test_cm_1_crates_beside_the_machine_depend_on_the_seats() -> None:
    """CM-1: one JIDOHANBAIKI copy's 6 crates, a second copy's at 7–8 seats; one each."""
    assert GAME.new_state(2, 1).view(0)["crates_left"] == 4
    assert GAME.new_state(6, 1).view(0)["crates_left"] == 0
    assert GAME.new_state(7, 1).view(0)["crates_left"] == 5
    assert GAME.new_state(8, 1).view(0)["crates_left"] == 4


def test_cm_1_the_deal_follows_the_seed() -> None:
    """CM-1: drinks and parcel cards at random, the same for the same seed."""
    assert GAME.new_state(3, 9).to_dict() == GAME.new_state(3, 9).to_dict()
    deals = {json.dumps(GAME.new_state(3, seed).view(None)["grid"]) for seed in range(8)}
    assert len(deals) == 8


# -- CM-2 (a) ---------------------------------------------------------------------------


def test_cm_2_buy_moves_pays_raises_both_cards_and_refills() -> None:
    """CM-2 (a): one step, ¥100, the drink kept (strategic), ¥100 onto its Colour and its
    Shape card, the card refilled at once from the supply."""
    state = GAME.new_state(2, 3, {"variant": "strategic"})
    drink = state.view(0)["grid"][0]["drinks"][0]
    act(state, 0, f"buy a1 {drink} 1")
    view = state.view(1)
    me = view["players"][0]
    assert me["cell"] == "a1" and me["money"] == 400 and me["crates"] == [[drink]]
    colour, shape = DATA.drinks.drinks[drink].colour, DATA.drinks.drinks[drink].shape
    yen = {m["card"]: m["yen"] for m in view["market"]}
    assert yen[colour] == 100 and yen[shape] == 100 and sum(yen.values()) == 200
    refill = view["last"]["refill"]
    assert view["grid"][0]["drinks"] == [refill] and refill not in view["supply"]
    assert len(view["supply"]) == 25 and view["to_act"] == [1]
    assert every_drink(state) == Counter(list(DATA.drinks.drinks))


def test_cm_2_buy_only_one_step_away() -> None:
    """CM-2 (a): a step in any of 8 directions; never staying, never two steps."""
    state = GAME.new_state(2, 3, {"variant": "strategic"})
    legal = {a.cell for a in state.legal_actions(0) if isinstance(a, Buy)}
    assert legal == {"a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"}
    drink = state.view(0)["grid"][0]["drinks"][0]
    act(state, 0, f"buy a1 {drink} 1")
    act(state, 1, f"buy a1 {state.view(1)['grid'][0]['drinks'][0]} 1")
    assert {a.cell for a in state.legal_actions(0) if isinstance(a, Buy)} == {"b1", "a2", "b2"}
    far = state.view(0)["grid"][8]["drinks"][0]
    assert refused(state, 0, f"buy c3 {far} 1").rule == "CM-2"
    here = state.view(0)["grid"][0]["drinks"][0]
    assert refused(state, 0, f"buy a1 {here} 1").rule == "CM-2"
    assert refused(state, 0, "buy z9 black-pet-bottle 1").rule == "CM-2"


def test_cm_2_buy_needs_the_drink_money_and_a_crate_with_room() -> None:
    """CM-2 (a): only a drink on that card, with ¥100, into a crate of yours with room."""
    state = GAME.new_state(2, 3)
    there = state.view(0)["grid"][1]["drinks"][0]
    other = next(d for d in DATA.drinks.drinks if d not in state.view(0)["grid"][1]["drinks"])
    assert refused(state, 0, f"buy b1 {other} 1").rule == "CM-2"
    assert refused(state, 0, f"buy b1 {there} 2").rule == "CM-2"
    assert refused(state, 1, f"buy b1 {there} 1").rule == "CM-2"  # not seat 2's turn
    poor = position(money=[99, 500])
    assert refused(poor, 0, f"buy b1 {there} 1").rule == "CM-2"
    assert not any(isinstance(a, Buy) for a in poor.legal_actions(0))
    full = position(crates=[[MINT], [[]]])
    assert refused(full, 0, f"buy b1 {there} 1").rule == "CM-2"


def test_cm_2_the_machine_keeps_some_drinks_which_go_back_to_the_supply() -> None:
    """CM-2 (a) DATA: in the standard game a drink comes out 5 times in 6; a stuck one goes
    back to the supply, yet the two cards are raised and the card is refilled."""
    outcomes: Counter[bool] = Counter()
    for seed in range(600):
        state = GAME.new_state(2, seed)
        drink = state.view(0)["grid"][0]["drinks"][0]
        act(state, 0, f"buy a1 {drink} 1")
        view = state.view(1)
        out = view["last"]["came_out"]
        outcomes[out] += 1
        assert (view["players"][0]["crates"] == [[drink]]) is out
        assert (drink in view["supply"] or drink in view["grid"][0]["drinks"]) is not out
        assert sum(m["yen"] for m in view["market"]) == 200
        assert view["players"][0]["money"] == 400 and len(view["grid"][0]["drinks"]) == 1
    # 5/6 of 600 is 500; a binomial's 99.99% range is about ±40.
    assert 460 <= outcomes[True] <= 540


def test_cm_2_strategic_keeps_every_drink() -> None:
    """CM-2 (a): the strategic variant skips the machine: the drink is kept at once."""
    for seed in range(50):
        state = GAME.new_state(2, seed, {"variant": "strategic"})
        drink = state.view(0)["grid"][0]["drinks"][0]
        act(state, 0, f"buy a1 {drink} 1")
        assert state.view(0)["players"][0]["crates"] == [[drink]]


def test_cm_2_die_refill_reads_the_stock_cards_left_to_right() -> None:
    """CM-2 (the seed's die): a 3 then a 6 gives the black short can; without it the black
    tallest bottle; without any black drink, the colour to the right (blue)."""
    everything = list(DATA.drinks.drinks)
    assert die_pick(DATA, everything, 2, 5) == "black-short-can"
    without = [d for d in everything if d != "black-short-can"]
    assert die_pick(DATA, without, 2, 5) == "black-tall-bottle"
    no_black = [d for d in everything if not d.startswith("black-")]
    assert die_pick(DATA, no_black, 2, 5) == "blue-short-can"
    assert die_pick(DATA, [], 0, 0) is None
    state = GAME.new_state(2, 4, {"refill": "die"})
    act(state, 0, f"buy a1 {state.view(0)['grid'][0]['drinks'][0]} 1")
    assert state.view(0)["last"]["refill"] in DATA.drinks.drinks


def test_cm_2_an_empty_supply_leaves_the_card_empty() -> None:
    """CM-2 (a): the refill comes from the supply; with none left the card stays bare."""
    state = GAME.new_state(2, 3, {"variant": "strategic"})
    raw = state.to_dict()
    raw["crates"][1] = [[]]
    raw["supply"] = []
    lost = [d for d in DATA.drinks.drinks if d not in [x for c in raw["cells"] for x in c]]
    state = GAME.state_from_dict(raw)
    assert lost
    act(state, 0, f"buy a1 {state.view(0)['grid'][0]['drinks'][0]} 1")
    assert state.view(0)["grid"][0]["drinks"] == [] and state.view(0)["last"]["refill"] is None
    assert not any(a.cell == "a1" for a in state.legal_actions(1) if isinstance(a, Buy))


# -- CM-2 (b) ---------------------------------------------------------------------------


def test_cm_2_sell_the_seeds_example_two_mint_at_200_each() -> None:
    """CM-2 (b): 2 mint drinks sold at the Mint card's ¥200 each; the card then goes to ¥0
    and the drinks back to the supply."""
    two = MINT[:2]
    market = dict.fromkeys(DATA.cards, 0) | {"mint": 200, "squat-can": 300}
    state = position(crates=[[[*two, "black-pet-bottle"]], [[]]], market=market)
    act(state, 0, f"sell mint drinks={','.join(two)}")
    view = state.view(1)
    assert view["players"][0]["money"] == 500 + 400
    assert view["players"][0]["crates"] == [["black-pet-bottle"]]
    yen = {m["card"]: m["yen"] for m in view["market"]}
    assert yen["mint"] == 0 and yen["squat-can"] == 300
    assert set(two) <= set(view["supply"])
    assert view["last"] == {
        "seat": 0, "kind": "sell", "card": "mint", "drinks": two, "price": 200, "paid": 400
    }  # fmt: skip


def test_cm_2_sell_any_chosen_matching_drinks_of_ones_own() -> None:
    """CM-2 (b): any non-empty choice of one's drinks matching the card, from any crate."""
    state = position(crates=[[MINT[:2], [MINT[2]]], [["black-pet-bottle"]]])
    sales = [a for a in state.legal_actions(0) if isinstance(a, Sell) and a.card == "mint"]
    assert len(sales) == 7  # every non-empty subset of 3
    act(state, 0, f"sell mint drinks={MINT[0]},{MINT[2]}")
    assert state.view(0)["players"][0]["crates"] == [[MINT[1]], []]
    assert refused(state, 1, "sell mint drinks=black-pet-bottle").rule == "CM-2"
    assert refused(state, 1, "sell black").rule == "CM-2"
    assert refused(state, 1, "sell gold drinks=black-pet-bottle").rule == "CM-2"
    assert refused(state, 1, f"sell mint drinks={MINT[1]}").rule == "CM-2"  # not its own


def test_cm_2_sell_names_each_drink_once_in_order() -> None:
    """CM-2 (b): one text per sale: the drinks in JIDOHANBAIKI's order, none twice."""
    state = position(crates=[[MINT[:2]], [[]]])
    assert refused(state, 0, f"sell mint drinks={MINT[1]},{MINT[0]}").rule == "CM-2"
    assert refused(state, 0, f"sell mint drinks={MINT[0]},{MINT[0]}").rule == "CM-2"


# -- CM-2 (c) and passing -----------------------------------------------------------------


def test_cm_2_buy_a_crate_for_200_while_any_is_left() -> None:
    """CM-2 (c): ¥200 for a crate from beside the machine; none when none is left."""
    state = GAME.new_state(5, 2)
    act(state, 0, "crate")
    view = state.view(0)
    assert view["players"][0]["money"] == 300 and view["players"][0]["crates"] == [[], []]
    assert view["crates_left"] == 0
    assert refused(state, 1, "crate").rule == "CM-2"
    poor = position(money=[199, 500])
    assert refused(poor, 0, "crate").rule == "CM-2"
    assert BuyCrate() in GAME.new_state(2, 2).legal_actions(0)


def test_cm_2_a_seat_that_can_do_nothing_passes() -> None:
    """CM-2 RULING: no drink money, no drink to sell, no crate: the only action is pass."""
    stuck = position(money=[0, 500])
    assert stuck.legal_actions(0) == [Pass()]
    act(stuck, 0, "pass")
    assert stuck.view(0)["to_act"] == [1] and not stuck.is_terminal()
    assert refused(GAME.new_state(2, 2), 0, "pass").rule == "CM-2"


# -- CM-3 -------------------------------------------------------------------------------


def test_cm_3_ends_at_2000_yen() -> None:
    """CM-3: the game ends as soon as a player has ¥2,000."""
    market = dict.fromkeys(DATA.cards, 0) | {"mint": 750}
    state = position(crates=[[MINT[:2]], [[]]], market=market, money=[499, 500])
    act(state, 0, f"sell mint drinks={','.join(MINT[:2])}")
    assert not state.is_terminal()
    state = position(crates=[[MINT[:2]], [[]]], market=market, money=[500, 500])
    act(state, 0, f"sell mint drinks={','.join(MINT[:2])}")
    assert state.is_terminal() and state.current_players() == ()
    assert refused(state, 1, "crate").rule == "CM-3"


def test_cm_3_ends_at_six_alike_in_one_crate() -> None:
    """CM-3: 6 drinks of one colour or one shape in one crate end it; split across two
    crates they do not."""
    cans = [d for d in DATA.drinks.drinks if d.endswith("-short-can") and d not in MINT]
    state = GAME.new_state(2, 3, {"variant": "strategic"})
    raw = state.to_dict()
    target = raw["cells"][0][0]
    shape = DATA.drinks.drinks[target].shape
    five = [d for d in DATA.drinks.drinks if d.endswith(shape) and d != target][:5]
    assert len(five) == 5
    raw["crates"][0] = [five]
    state = position(**{k: raw[k] for k in ("cells", "crates")}, options={"variant": "strategic"})
    act(state, 0, f"buy a1 {target} 1")
    assert state.is_terminal() and "6" in str(state.view(0)["ended"])
    split = position(crates=[[cans[:3], cans[3:5]], [[]]], options={"variant": "strategic"})
    assert not split.is_terminal()


def test_cm_3_ends_when_nobody_can_act() -> None:
    """CM-3 RULING: when every seat has passed in a row, nobody can ever act again."""
    state = position(money=[0, 0])
    act(state, 0, "pass")
    assert not state.is_terminal()
    act(state, 1, "pass")
    assert state.is_terminal() and state.view(None)["ended"] == "nobody can act"


# -- CM-4 -------------------------------------------------------------------------------


def test_cm_4_five_mint_pay_2500() -> None:
    """CM-4 (the seed's example): 5 mint drinks in a crate pay 5 × 5 = ¥2,500."""
    assert crate_score(DATA, MINT[:5]) == (2500, "mint")
    state = position(crates=[[MINT[:5]], [[]]], money=[300, 500])
    assert state.scores() == [2800, 500]


def test_cm_4_each_crate_scores_its_best_attribute() -> None:
    """CM-4: each crate separately, for one attribute (the best one); yen added."""
    cans = [d for d in DATA.drinks.drinks if d.endswith("-short-can") and d not in MINT]
    mixed = [MINT[0], MINT[1], cans[0], cans[1], cans[2]]  # 2 mint, 3 short cans
    assert crate_score(DATA, mixed) == (900, "short-can")
    assert crate_score(DATA, []) == (0, None)
    state = position(crates=[[mixed, [MINT[2], MINT[3]]], [[]]], money=[0, 0])
    assert state.scores()[0] == 900 + 400
    assert state.view(0)["players"][0]["crate_scores"] == [
        {"points": 900, "attribute": "short-can"}, {"points": 400, "attribute": "mint"}
    ]  # fmt: skip


def test_cm_4_most_wins_and_equal_totals_share() -> None:
    """CM-4: most yen wins; the seeds break no tie, so equal totals share the place."""
    assert GAME.type.ties is Ties.SHARED
    state = position(seats=3, money=[0, 0, 0])
    for seat in range(3):
        act(state, seat, "pass")
    assert state.ranking() == [[0, 1, 2]] and state.winner() is None
    state = position(seats=3, money=[0, 0, 0], crates=[[[MINT[0]]], [[]], [[]]])
    act(state, 0, "sell mint drinks=" + MINT[0])  # at ¥0
    act(state, 1, "pass")
    act(state, 2, "pass")
    act(state, 0, "pass")
    assert state.ranking() == [[0, 1, 2]]


# -- hidden information -------------------------------------------------------------------


def test_views_hide_only_the_generator_and_determinize_rebuilds_the_table() -> None:
    """CM-2: the machine and the draws are chance; the view shows the supply's drinks (they
    lie on the table) but not what comes next; a determinized state shows the same view."""
    state = GAME.new_state(3, 11)
    act(state, 0, f"buy a1 {state.view(0)['grid'][0]['drinks'][0]} 1")
    view = state.view(1)
    assert "rng" not in json.dumps(view)
    sample = GAME.determinize(view, 1, 5)
    assert sample.view(1) == view and sample.legal_actions(1) == state.legal_actions(1)
    other = GAME.determinize(view, 1, 6)
    assert other.to_dict()["rng"] != sample.to_dict()["rng"]
