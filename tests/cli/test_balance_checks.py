"""The balance report's two checks (issue 14): the 2 % check by the seeds' action types,
and whether one action type wins by itself — on made-up games whose answer is known."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from ekimae.cli.common import REPORTS, report_path
from ekimae.cli.titles.tokyo_metro.balance import (
    GameStats,
    _seed_types_section,
    _winning_section,
    report_name,
)
from ekimae.cli.tournament_stats import wilson


def _game(winner: int, *seats: dict[str, int]) -> GameStats:
    by_seat = [Counter(s) for s in seats]
    return GameStats(
        names=["normal"] * len(seats),
        kinds=sum(by_seat, Counter()),
        kinds_by_seat=by_seat,
        winner=winner,
    )


def test_tm_7_10_loan_and_repay_are_one_action_in_the_2_percent_check() -> None:
    # 1 repay in 100 actions is under 2 % alone, but the seeds print one Loan action (↓¥/¥↑).
    games = [_game(0, {"invest": 97, "loan": 2, "repay": 1}, {})]
    text = "\n".join(_seed_types_section(["invest", "loan", "repay"], games))
    assert "| loan (↓¥ and ¥↑) | 3.0% " in text
    assert "repay |" not in text
    assert "Under 2 %: none." in text


def test_a_type_under_2_percent_is_named() -> None:
    games = [_game(0, {"invest": 99, "bid": 1}, {})]
    text = "\n".join(_seed_types_section(["invest", "bid"], games))
    assert "| bid | 1.0%" in text and "| yes |" in text
    assert "Under 2 %: bid." in text


def test_the_seat_taking_a_type_most_wins_with_ties_sharing_the_game() -> None:
    games = [
        _game(0, {"sell": 3}, {"sell": 1}),  # the keenest seller wins: 1
        _game(1, {"sell": 2}, {"sell": 2}),  # two tied leaders, one wins: 1/2
        _game(1, {"sell": 0}, {"sell": 0}),  # nobody sold: not counted
        _game(1, {"sell": 4}, {"sell": 0}),  # the keenest seller loses: 0
    ]
    rows = [r for r in _winning_section(["sell"], games) if r.startswith("| sell |")]
    # 1.5 wins of 3 games taken; the winners took 3+2+0+0 = 5 in 4 games, the others 1+2+0+4.
    low, high = wilson(1.5, 3)
    assert rows == [f"| sell | 3 | 50.0% [{100 * low:.1f}–{100 * high:.1f}] | 1.25 | 1.75 |"]
    assert "par 50.0%" in "\n".join(_winning_section(["sell"], games))


def test_reports_default_to_docs_reports() -> None:
    """`--out` alone: the report's own name under docs/reports/; a bare file name goes
    there too; any other path is used as given (issue 34)."""
    own = report_name("card-balance", {"map": "osaka", "cards": "tokyo", "drinks": "on"})
    assert report_path("", own) == REPORTS / "card-balance-drinks-osaka-tokyo.md"
    assert report_path("mine.md", own) == REPORTS / "mine.md"
    assert report_path("/tmp/x/mine.md", own) == Path("/tmp/x/mine.md")
