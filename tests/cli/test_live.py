"""The real-time table at the terminal (cli/live.py, issue 32): the game's timers and its
bots on one clock, a person's actions stamped with it, and the record replaying exactly.
The clock is moved by hand: the games are the same on any machine."""

from __future__ import annotations

from collections import Counter

import pytest

from ekimae.bots import make_bot
from ekimae.cli.live import LiveTable, ManualClock
from ekimae.core.record import replay
from ekimae.games import find_game
from ekimae.games.tokyo_jutaku.actions import Take


def table(name: str, seats: list[str], seed: int = 5) -> tuple[LiveTable, ManualClock]:
    game = find_game(name)
    clock = ManualClock()
    bots = [None if s == "human" else make_bot(name, s, seed + i) for i, s in enumerate(seats)]
    return LiveTable(game, seats, bots, seed, {}, clock), clock


def run_out(live: LiveTable, clock: ManualClock, step: int = 100, limit: int = 20_000) -> None:
    for _ in range(limit):
        if live.is_over():
            return
        clock.advance(step)
        live.tick()


@pytest.mark.parametrize(
    ("name", "seats"),
    [
        ("tokyo-jutaku", ["builder", "builder-slow"]),
        ("countdown", ["builder", "builder"]),
        ("bottle-bonus", ["builder", "builder-steady"]),
    ],
)
def test_bots_play_to_the_end_on_the_clock_and_the_record_replays(
    name: str, seats: list[str]
) -> None:
    live, clock = table(name, seats)
    run_out(live, clock)
    assert live.is_over()
    assert replay(live.record, live.game).to_dict() == live.state.to_dict()
    times = [getattr(a, "at", 0) for _, a in live.record.actions]
    assert times == sorted(times)  # stamped by one clock, never back in time
    assert max(live.state.scores()) > 0


def test_the_timers_run_out_on_the_clock_alone() -> None:
    """JU-2 RULING: nobody chooses a start card within 20 s: the game gives one."""
    live, clock = table("tokyo-jutaku", ["human"])
    clock.advance(19_999)
    live.tick()
    assert live.state.view(0)["phase"] == "setup"
    clock.advance(1)
    live.tick()
    assert live.state.view(0)["phase"] == "build"
    assert live.record.actions[-1][0] == -1  # the system seat, recorded


def test_a_persons_action_is_stamped_with_the_clock() -> None:
    live, clock = table("tokyo-jutaku", ["human"])
    clock.advance(1_234)
    assert live.act(0, find_game("tokyo-jutaku").parse_action("start 0 A1")) is None
    assert live.record.actions[-1][1].at == 1_234  # type: ignore[attr-defined]


def test_an_action_allowed_a_little_later_waits_for_then() -> None:
    """RULING (JU-4): a seat's grabs are 2 s apart; a take 0.5 s after a return waits."""
    game = find_game("tokyo-jutaku")
    live, clock = table("tokyo-jutaku", ["human"])
    live.act(0, game.parse_action("start 0 A1"))
    assert live.act(0, Take(0, "1-01")) is None
    clock.advance(1_500)
    assert live.act(0, game.parse_action("return 0 1-01")) is None
    assert live.waits(0) == 2_000 and live.state.view(0)["hand"][0] == "1-01"
    clock.advance(500)
    live.tick()
    assert live.waits(0) is None and live.state.view(0)["hand"][0] is None


def test_a_refusal_names_its_rule_and_changes_nothing() -> None:
    live, clock = table("tokyo-jutaku", ["human", "builder"])
    clock.advance(100)
    refusal = live.act(0, find_game("tokyo-jutaku").parse_action("take 0 1-01"))
    assert refusal is not None and refusal.rule == "JU-2"
    assert "architect" in refusal.message
    assert live.record.actions == []


def test_the_builder_builds_while_a_person_keeps_taking_and_returning_an_element() -> None:
    """Issue 32: a person who takes the first element of the pool, puts it back, takes it
    again … turned the builder's plan over each time; it put back and took again and the
    12-round game ended 0–0. Now it keeps to a plan that still holds, and wins."""
    live, clock = table("tokyo-jutaku", ["human", "builder"], seed=3)
    for _ in range(3_000):
        if live.is_over():
            break
        clock.advance(500)
        live.tick()
        if 0 in live.state.current_players():
            for action in live.state.legal_actions(0):
                if action.kind in ("take", "return", "start", "keep", "move"):
                    live.act(0, action)
                    break
    assert live.is_over()
    kinds = Counter(a.kind for seat, a in live.record.actions if seat == 1)
    assert kinds["stop"] >= 4 and kinds["concede"] == 0
    assert live.state.scores()[1] > 0 and live.state.view(0)["round"] <= 6
