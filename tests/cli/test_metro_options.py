"""Issue 14: `ekimae metro …` with the Osaka map and cards (MOD-1) — the `--map`/`--cards`
shortcuts, and `bench` and `balance` playing the chosen map and card set."""

from __future__ import annotations

from pathlib import Path

import pytest

from ekimae.cli import bench
from ekimae.cli.common import UsageError, chosen_game
from ekimae.cli.main import build_parser, main
from ekimae.games.tokyo_metro.components import load_cards
from ekimae.games.tokyo_metro.game import GAME


def test_map_and_cards_shortcuts_are_options() -> None:
    """`--map osaka --cards osaka` is `--option map=osaka --option cards=osaka`."""
    args = build_parser().parse_args(["metro", "play", "--map", "osaka", "--cards", "osaka"])
    assert chosen_game(args)[1] == {"map": "osaka", "cards": "osaka"}
    both = build_parser().parse_args(["metro", "simulate", "--map", "osaka", "--option", "x=1"])
    assert sorted(both.option) == ["map=osaka", "x=1"]
    plain = build_parser().parse_args(["metro", "play"])
    assert chosen_game(plain)[1] == {}


def test_a_map_the_game_does_not_have_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["metro", "play", "--map", "nagoya"]) == 2
    assert "invalid choice: 'nagoya'" in capsys.readouterr().err
    with pytest.raises(UsageError, match="--option map"):
        chosen_game(build_parser().parse_args(["metro", "play", "--option", "map=nagoya"]))


def test_bench_extras_play_the_chosen_map(monkeypatch: pytest.MonkeyPatch) -> None:
    """The title's playouts run on the game's own options (OS-1: the Osaka lines)."""
    seen: list[object] = []
    real = GAME.new_state

    def spy(players: int, seed: int, options: object = None) -> object:
        seen.append(options)
        return real(players, seed, options)  # type: ignore[arg-type]

    monkeypatch.setattr(GAME, "new_state", spy)
    osaka = {"map": "osaka", "cards": "osaka"}
    work = bench.title_extras(GAME, 2, 1, 1, osaka)
    assert next(iter(work.values()))() == 1
    assert seen == [osaka]


def test_balance_reports_the_osaka_cards(tmp_path: Path) -> None:
    """OS-5: the report lists the Osaka cards and their kinds (Sell, Copy, Invest by disc)."""
    out = tmp_path / "balance.md"
    args = ["metro", "balance", "--seats", "random", "--players", "3", "--games", "2"]
    assert (
        main([*args, "--map", "osaka", "--cards", "osaka", "--workers", "1", "--out", str(out)])
        == 0
    )
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# Card balance: 2 games, seats random, random, random — map osaka")
    assert "| sell |" in text and "| copy |" in text and "| invest-disc |" in text
    assert all(f"| {card} |" in text for card in load_cards("osaka").cards)
    assert "| BUS |" in text and "| P |" in text  # the Osaka lines (OS-1)
