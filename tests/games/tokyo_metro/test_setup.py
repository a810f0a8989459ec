"""TM-2.1 to TM-2.3 and TM-1.3/TM-1.5: setting up the game."""

from __future__ import annotations

import pytest

from tests.games.tokyo_metro.helpers import NOBODY, OFF_MAP, Phase, new_game


def test_tm_2_1_values_zero_trains_off_map_stocks_untaken() -> None:
    """TM-2.1: stock cards stacked per line, trains off the map, all values 0."""
    state = new_game(3, seed=5)
    s = state.s
    assert s.value == [0] * 12
    assert s.train_pos == [OFF_MAP] * 12
    assert s.stocks == [()] * 12
    assert s.speculations == [()] * 12
    assert s.speed_on_line == [0] * 12
    assert set(s.owner) == {NOBODY}


def test_tm_1_1_lines_in_game_order() -> None:
    """TM-1.1: 12 lines in the order G M H T C Y Z N A I S E."""
    state = new_game()
    assert "".join(state.ctx.letters) == "GMHTCYZNAISE"
    assert [shown["letter"] for shown in state.view(None)["lines"]] == list("GMHTCYZNAISE")


def test_tm_1_3_three_stock_cards_per_line_with_surcharges() -> None:
    """TM-1.3/TM-7.4: stock #1, #2, #3 per line; surcharges 0, ¥300, ¥600."""
    assert new_game().ctx.rules.stock_surcharges == (0, 300, 600)


def test_tm_1_4_54_action_cards_in_6_decks_of_9() -> None:
    """TM-1.4: 6 decks of 9 (G/M, H/T, C/Y, Z/N, A/I, S/E), 1-3 dots on the back; each
    card shows one or two actions of 1-3 slots."""
    cards = new_game().ctx.cards
    assert [deck.lines for deck in cards.decks] == [
        ("G", "M"), ("H", "T"), ("C", "Y"), ("Z", "N"), ("A", "I"), ("S", "E")
    ]  # fmt: skip
    assert [len(deck.cards) for deck in cards.decks] == [9] * 6
    assert len(cards.cards) == 54
    for card in cards.cards.values():
        assert card.dots in (1, 2, 3)
        assert 1 <= len(card.actions) <= 2
        assert all(1 <= a.slots <= 3 for a in card.actions)


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_tm_2_2_one_card_per_player_in_each_column(seats: int) -> None:
    """TM-2.2: from each of the 6 decks of 9, as many cards as players are dealt face up."""
    state = new_game(seats, seed=seats)
    s = state.s
    assert len(s.grid) == 6
    for col, deck in enumerate(state.ctx.cards.decks):
        assert len(s.grid[col]) == seats
        assert len(s.decks[col]) == 9 - seats
        assert s.discards[col] == ()
        dealt = set(s.grid[col]) | set(s.decks[col])
        assert dealt == set(deck.cards)


def test_tm_2_2_decks_stacked_1_dot_on_top_3_dot_at_the_bottom() -> None:
    """TM-2.2: 3-dot cards at the bottom, 2-dot in the middle, 1-dot on top; with 4
    players the three 1-dot cards fill the bottom rows and a 2-dot card the top row."""
    state = new_game(4, seed=11)
    cards = state.ctx.cards.cards
    for col in range(6):
        column = [cards[c].dots for c in state.s.grid[col]]  # bottom row first
        assert column == [1, 1, 1, 2]
        deck = [cards[c].dots for c in reversed(state.s.decks[col])]  # top first
        assert deck == [2, 2, 3, 3, 3]


def test_tm_2_2_each_dot_group_is_shuffled() -> None:
    """TM-2.2: each part is shuffled, so the seed changes the order within a dot group."""
    columns = {tuple(new_game(3, seed=seed).s.grid[0]) for seed in range(12)}
    assert len(columns) > 1
    for column in columns:
        assert sorted(column) == ["GM1", "GM2", "GM3"]


def test_tm_2_3_player_supplies() -> None:
    """TM-2.3: ¥2,000, 6 pyramids, 3 action discs in front, 2 speculation discs, 3 discs
    in the general supply; the meeple is not yet on the map."""
    state = new_game(5, seed=2)
    s = state.s
    assert s.money == [2000] * 5
    assert s.pyramids == [6] * 5
    assert s.front == [3] * 5
    assert s.action_discs == [3] * 5
    assert s.spec_discs == [2] * 5
    assert s.supply_discs == [3] * 5
    assert s.meeple == [OFF_MAP] * 5
    assert s.loans == [0] * 5
    assert s.bikes == [False] * 5
    assert s.speed_tokens == [0] * 5
    assert s.bid_bonus == [0] * 5


def test_tm_1_5_general_supply() -> None:
    """TM-1.5: 12 Speed tokens, 8 Loan tokens, 4 Bike tokens."""
    shown = new_game().view(None)["supply"]
    assert shown == {"speed": 12, "loans": 8, "bikes": 4}


def test_tm_3_1_the_game_opens_with_turn_order_of_round_1() -> None:
    """TM-3.1: no card renewal in round 1; the round starts with the turn-order bids."""
    state = new_game(3)
    assert state.s.round == 1
    assert state.s.phase is Phase.TURN_ORDER
    assert state.current_players() == (0, 1, 2)
