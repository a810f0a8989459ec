"""SOLO-1: one player, set up as for two, normal rules, the final yen is the score."""

from __future__ import annotations

from tests.games.tokyo_metro.helpers import (
    Phase,
    actions_phase,
    default_action,
    end_game,
    line,
    new_game,
)


def test_solo_1_set_up_as_for_two_players() -> None:
    """SOLO-1: two cards per column (TM-2.2 for two players), one player's pieces."""
    state = new_game(1, seed=3)
    s = state.s
    assert s.n == 1
    assert [len(column) for column in s.grid] == [2] * 6
    assert [len(deck) for deck in s.decks] == [7] * 6
    assert s.money == [2000]
    assert s.front == [3]
    assert state.current_players() == (0,)


def test_solo_1_eight_rounds_like_two_players() -> None:
    """SOLO-1/TM-3.2: as for two players, 10 - 2 = 8 rounds; passing every turn earns
    ¥300 a round, so the final yen are 2000 + 8 x 300."""
    state = new_game(1, seed=3)
    assert state.rounds == 8
    rounds = set()
    while not state.is_terminal():
        rounds.add(state.s.round)
        seat = state.current_players()[0]
        state.apply(seat, default_action(state, seat))
    assert state.is_terminal()
    assert rounds == set(range(1, 9))
    assert state.scores() == [2000 + 8 * 300]
    assert state.winner() == 0


def test_solo_1_normal_rules_apply() -> None:
    """SOLO-1: normal rules, e.g. the final stock payout of a line (TM-9.3)."""
    state = actions_phase(1)
    g = line(state.ctx, "G")
    state.s.value[g] = 2900
    state.s.stocks[g] = (0,)
    state = end_game(state)
    assert state.scores() == [2000 + 2900]
    assert state.s.phase is Phase.END
