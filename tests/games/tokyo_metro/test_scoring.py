"""TM-9.1 to TM-9.7: the end of the game and the final scoring."""

from __future__ import annotations

import pytest

from tests.games.tokyo_metro.helpers import (
    Phase,
    TokyoMetroState,
    actions_phase,
    do,
    end_game,
    find_spot,
    fresh,
    line,
    put_cards,
)


def _scored(seats: int, value: int, holders: tuple[int, ...], letter: str = "G") -> TokyoMetroState:
    """Set-up: line `letter` of value `value` with these stock holders (#1 first); the game
    then ends with no other income."""
    state = actions_phase(seats)
    index = line(state.ctx, letter)
    state.s.value[index] = value
    state.s.stocks[index] = holders
    return end_game(state)


def test_tm_9_1_game_over_after_the_last_trains_phase() -> None:
    """TM-9.1: the game ends when card renewal finds no card to draw."""
    state = _scored(2, 0, ())
    assert state.is_terminal()
    assert state.s.phase is Phase.END
    assert state.current_players() == ()
    assert state.legal_actions(0) == []
    assert state.s.money == [2000, 2000]


def test_tm_9_3_seed_example_one_holder_2900() -> None:
    """TM-9.3 (seed example at ¥2,900): one holder takes 2900."""
    state = _scored(2, 2900, (1,))
    assert state.scores() == [2000, 2000 + 2900]


def test_tm_9_3_seed_example_two_holders_2000_and_900() -> None:
    """TM-9.3 (seed example at ¥2,900): #1 takes high 2000, #2 low 900."""
    state = _scored(2, 2900, (1, 0))
    assert state.scores() == [2000 + 900, 2000 + 2000]


def test_tm_9_3_seed_example_three_holders_1500_1000_400() -> None:
    """TM-9.3 (seed example at ¥2,900): #1 half rounded up to ¥100 = 1500; on the rest
    (1400), #2 high 1000 and #3 low 400."""
    state = _scored(3, 2900, (2, 0, 1))
    assert state.scores() == [2000 + 1000, 2000 + 400, 2000 + 1500]


def test_tm_9_3_final_breakdown_per_line() -> None:
    """TM-9.3: the record of the final scoring names what each stock took."""
    state = _scored(3, 2900, (2, 0, 1), letter="Y")
    final = state.final
    assert final is not None
    y = final["lines"][line(state.ctx, "Y")]
    assert y["value"] == 2900
    assert y["stocks"] == [
        {"seat": 2, "stock": 1, "paid": 1500},
        {"seat": 0, "stock": 2, "paid": 1000},
        {"seat": 1, "stock": 3, "paid": 400},
    ]


@pytest.mark.parametrize(
    ("value", "holders", "paid"),
    [
        (6300, 1, [6300]),
        (6300, 2, [4200, 2100]),  # TM-2.4: 6300 -> 4000 + 200 and 2000 + 100
        (6300, 3, [3200, 2100, 1000]),  # half up 3200; rest 3100 -> 2100 + 1000
        (12000, 2, [8000, 4000]),
        (3000, 3, [1500, 1000, 500]),
        (100, 2, [100, 0]),
    ],
)
def test_tm_9_3_tm_2_4_values_past_6000_and_small(
    value: int, holders: int, paid: list[int]
) -> None:
    """TM-9.3 with TM-2.4: past ¥6,000 the numbers of the 6000 row are added."""
    state = _scored(3, value, tuple(range(holders)))
    assert state.scores()[:holders] == [2000 + p for p in paid]


def test_tm_9_3_lines_pay_one_by_one() -> None:
    """TM-9.3: every line pays its own holders."""
    state = actions_phase(2)
    ctx = state.ctx
    state.s.value[line(ctx, "G")] = 1400
    state.s.stocks[line(ctx, "G")] = (0, 1)
    state.s.value[line(ctx, "E")] = 900
    state.s.stocks[line(ctx, "E")] = (1,)
    state = end_game(state)
    assert state.scores() == [2000 + 1000, 2000 + 400 + 900]


def test_tm_9_2_speculation_receives_min_of_twice_the_stake_and_low_v() -> None:
    """TM-9.2: each speculation receives min(2 x stake, low(V)), the stake comes back,
    the value falls by what was paid before the stocks are paid (TM-9.3)."""
    state = actions_phase(2)
    ctx = state.ctx
    g = line(ctx, "G")
    spec = find_spot(ctx, "speculation")
    put_cards(state, spec.spot)
    state.s.value[g] = 2900  # low 900
    state.s.stocks[g] = (1,)
    state = fresh(state)
    do(state, 0, f"speculation {spec.spot} G 900")
    assert state.s.money[0] == 1100
    state = end_game(state)
    # seat 0: 1100 + 900 paid (min(1800, 900)) + 900 stake back; value 2900 - 900 = 2000
    assert state.scores() == [2900, 2000 + 2000]
    final = state.final
    assert final is not None
    assert final["lines"][g]["value_after_speculations"] == 2000


def test_tm_9_2_small_stake_receives_twice_the_stake() -> None:
    """TM-9.2: a stake below half of low(V) earns twice the stake."""
    state = actions_phase(2)
    ctx = state.ctx
    g = line(ctx, "G")
    state.s.value[g] = 3000  # low 1000
    state.s.speculations[g] = ((0, 300),)
    state.s.money[0] -= 300  # set-up: the stake is set aside
    state.s.stocks[g] = (1,)
    state = end_game(state)
    assert state.scores() == [2000 + 600, 2000 + 2400]


def test_tm_9_2_two_discs_of_one_player_are_paid_separately() -> None:
    """TM-9.2: two speculations of one player on one line are paid one by one, each
    against low(V) of the value before payouts."""
    state = actions_phase(2)
    ctx = state.ctx
    g = line(ctx, "G")
    state.s.value[g] = 2900  # low 900
    state.s.speculations[g] = ((0, 300), (0, 600))
    state.s.money[0] -= 900
    state.s.stocks[g] = (1,)
    state = end_game(state)
    # 600 + 900 paid, stakes back; value 2900 - 1500 = 1400 for the holder
    assert state.scores() == [2000 + 1500, 2000 + 1400]


def test_tm_9_2_speculations_past_6000() -> None:
    """TM-9.2/TM-2.4: low(6300) = 2000 + 100."""
    state = actions_phase(2)
    ctx = state.ctx
    g = line(ctx, "G")
    state.s.value[g] = 6300
    state.s.speculations[g] = ((0, 1500),)
    state.s.money[0] -= 1500
    state = end_game(state)
    assert state.scores() == [2000 + 2100, 2000]


def test_tm_9_2_speculations_of_several_players_on_a_line() -> None:
    """TM-9.2: each speculation on the line is paid; the value falls by the total."""
    state = actions_phase(3)
    ctx = state.ctx
    e = line(ctx, "E")
    state.s.value[e] = 4500  # low 1500
    state.s.speculations[e] = ((0, 400), (1, 1000))
    state.s.money[0] -= 400
    state.s.money[1] -= 1000
    state.s.stocks[e] = (2,)
    state = end_game(state)
    assert state.scores() == [2000 + 800, 2000 + 1500, 2000 + 4500 - 2300]


def test_tm_9_5_loans_cost_1500_each_and_may_go_below_zero() -> None:
    """TM-9.5/TM-5.1: ¥1,500 per Loan token still held; money may end below 0."""
    state = actions_phase(2)
    state.s.loans = [2, 1]
    state.s.money = [1000, 2000]
    state = end_game(state)
    assert state.scores() == [1000 - 3000, 2000 - 1500]
    assert state.winner() == 1


def test_tm_9_6_most_yen_wins() -> None:
    """TM-9.6: most yen wins."""
    state = actions_phase(3)
    state.s.money = [2000, 2600, 2500]
    state = end_game(state)
    assert state.winner() == 1


def test_tm_9_6_tie_goes_to_the_player_furthest_left_on_the_turn_order_track() -> None:
    """TM-9.6: a tie goes to the tied player first in turn order."""
    state = actions_phase(3)
    state.s.money = [2500, 2000, 2500]
    state.s.order = [1, 2, 0]
    state = end_game(state)
    assert state.winner() == 2
    final = state.final
    assert final is not None and final["winner"] == 2


def test_tm_9_6_tie_break_with_the_other_order() -> None:
    """TM-9.6: the same tie with seat 0 ahead on the track goes to seat 0."""
    state = actions_phase(3)
    state.s.money = [2500, 2000, 2500]
    state.s.order = [0, 1, 2]
    state = end_game(state)
    assert state.winner() == 0


def test_tm_9_7_stock_and_speculation_on_one_line_earn_nothing() -> None:
    """TM-9.7: a player holding stock and a speculation on the same line gets nothing
    from either (the other holder is paid as usual)."""
    state = actions_phase(2)
    g = line(state.ctx, "G")
    state.s.value[g] = 2900
    state.s.stocks[g] = (0, 1)
    state.s.speculations[g] = ((0, 900),)
    state.s.money[0] -= 900
    state = end_game(state)
    final = state.final
    assert final is not None
    assert final["lines"][g]["speculations"][0]["paid"] == 0
    assert final["lines"][g]["stocks"][0] == {"seat": 0, "stock": 1, "paid": 0}
    assert final["lines"][g]["stocks"][1] == {"seat": 1, "stock": 2, "paid": 900}
    assert state.scores()[1] == 2000 + 900
