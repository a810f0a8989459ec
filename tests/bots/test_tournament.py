"""`ekimae metro tournament` on a tiny run, and its statistics."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ekimae.cli.main import main
from ekimae.cli.tournament_stats import wilson


def test_tournament_json_on_a_tiny_run(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = main(
        ["metro", "tournament", "--seats", "normal,random", "--games", "4", "--workers", "2",
         "--seed", "3", "--untimed", "--json", "--out", str(tmp_path)]
    )  # fmt: skip
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["win_rate"]) == {"normal", "random"}
    assert sum(data["win_rate"].values()) == pytest.approx(1.0)
    assert data["games"] == 4
    assert (tmp_path / "win_rates.csv").exists() and (tmp_path / "games.csv").exists()


def test_tournament_rejects_unknown_seats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["metro", "tournament", "--seats", "nobody,random", "--games", "1"]) == 2


def test_wilson_interval() -> None:
    lo, hi = wilson(95, 100)
    assert 0.88 < lo < 0.89 and 0.97 < hi < 0.98


@pytest.mark.slow
def test_tournament_runs_on_ray_in_local_mode(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`--ray-address local` starts Ray on this machine and gives the same kind of result."""
    code = main(
        ["metro", "tournament", "--seats", "greedy,random", "--games", "2", "--seed", "5",
         "--json", "--ray-address", "local", "--out", str(tmp_path)]
    )  # fmt: skip
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 2
    assert set(data["win_rate"]) == {"greedy", "random"}
