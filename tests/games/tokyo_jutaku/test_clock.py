"""The slow clock (issue 30, RULING; a game option for a first game): every time limit of
TOKYO JUTAKU, COUNTDOWN and BOTTLE BONUS is the data's `slow` times as long; the hands'
pace and JUTAKU's Stop! window are not."""

from __future__ import annotations

from ekimae.games.bottle_bonus.game import GAME as BOTTLE
from ekimae.games.countdown.game import GAME as COUNTDOWN
from ekimae.games.tokyo_jutaku.actions import Start
from ekimae.games.tokyo_jutaku.game import GAME as JUTAKU


def test_a_jutaku_turn_and_round_on_the_slow_clock() -> None:
    rules = JUTAKU.data.rules
    standard = JUTAKU.new_state(1, 1, {})
    slow = JUTAKU.new_state(1, 1, {"clock": "slow"})
    assert standard.deadline() == rules.turn_ms  # JU-2: choosing the start card
    assert slow.deadline() == rules.slow * rules.turn_ms
    start = next(a for a in slow.legal_actions(0) if isinstance(a, Start))
    slow.apply(0, start)
    assert slow.deadline() == start.at + rules.slow * rules.round_ms  # the building round
    assert slow.hand_ms() == rules.hand_ms  # the pace of the hands stays


def test_countdowns_pick_and_rounds_on_the_slow_clock() -> None:
    rules = COUNTDOWN.data.rules
    state = COUNTDOWN.new_state(1, 1, {"clock": "slow"})
    assert state.deadline() == rules.slow * rules.pick_ms  # CD-1
    state.apply(0, state.legal_actions(0)[0])
    assert state.deadline() == state.now + rules.slow * rules.round_ms(1)  # CD-2
    assert state.view(0)["round_ms"] == rules.slow * rules.round_ms(1)


def test_the_default_is_the_rules_clock_and_bottle_bonus_has_it_too() -> None:
    assert JUTAKU.type.check_options(None)["clock"] == "standard"
    assert COUNTDOWN.type.check_options(None)["clock"] == "standard"
    assert "clock" in {o.name for o in BOTTLE.type.options}
