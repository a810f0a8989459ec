"""`make soak` (tools/soak.py): the conformance playouts by the thousand, every failure
reported with the command that plays that game again."""

from __future__ import annotations

import shlex
from typing import Any

import pytest

from ekimae.core.game import Game
from ekimae.games import find_game
from tests.conformance import budget
from tests.conformance.test_games import _end_checks
from tools import soak

EXAMPLES = ["--title", "sealed-auction", "--title", "quick-draw", "--workers", "1"]


def test_every_seat_count_meets_every_option_combination() -> None:
    game = find_game("bottle-bonus")
    grid = budget.cells(game)
    assert len(grid) == 8 * 4 * 2  # 1-8 seats x side x roppongi x clock (issue 30)
    planned = soak.plan(soak.parser().parse_args(["--title", game.name, "--games", "64"]))
    played = {(g.seats, g.options) for batch in planned for g in batch.games}
    assert played == {(c.seats, c.options) for c in grid}
    seeds = [g.seed for batch in planned for g in batch.games]
    assert seeds == list(range(soak.FIRST_SEED, soak.FIRST_SEED + 64))


def test_a_soak_plays_and_counts_every_title_asked(capsys: pytest.CaptureFixture[str]) -> None:
    assert soak.main([*EXAMPLES, "--games", "30", "--deep", "5"]) == 0
    out = capsys.readouterr()
    lines = out.out.splitlines()
    assert lines[0].startswith("quick-draw") and " 30 games" in lines[0]
    assert lines[1].startswith("sealed-auction") and " 30 games" in lines[1]
    assert lines[-1] == "60 games, 0 failed"
    assert "games 60/60 (100%)" in out.err  # the progress display


def test_a_failed_game_is_reported_with_the_command_that_plays_it_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(game: Game[Any], state: Any, record: Any) -> None:
        _end_checks(game, state, record)
        assert not (record.seed == 10_007 and game.name == "quick-draw"), "a planted defect"

    monkeypatch.setattr(soak, "_end_checks", broken)
    assert soak.main([*EXAMPLES, "--games", "12"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "24 games, 1 failed"
    failed = next(line for line in out if line.startswith("FAILED"))
    assert failed.startswith("FAILED quick-draw 4p length=long seed 10007: AssertionError")
    assert "a planted defect" in failed
    again = next(line for line in out if line.strip().startswith("again:"))
    argv = shlex.split(again.split("again:")[1])
    assert argv[:3] == [".venv/bin/python", "-m", "tools.soak"]
    assert soak.main([*argv[3:], "--workers", "1"]) == 1  # that game alone, failing again
    assert capsys.readouterr().out.splitlines()[-1] == "1 games, 1 failed"


def test_options_and_seats_that_match_no_game_are_refused() -> None:
    with pytest.raises(SystemExit, match="no game with --seats/--option"):
        soak.main(["--title", "quick-draw", "--option", "length=forever", "--workers", "1"])


@pytest.mark.slow
def test_a_soak_runs_on_ray_in_local_mode(capsys: pytest.CaptureFixture[str]) -> None:
    """Ray's workers import the suite's checks (tests/, tools/) from the checkout."""
    args = ["--title", "sealed-auction", "--games", "40", "--ray-address", "local"]
    assert soak.main(args) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "40 games, 0 failed"
