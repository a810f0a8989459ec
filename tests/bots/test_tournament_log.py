"""`ekimae metro tournament --log FILE`: games written as they end, a run resumed from them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ekimae.cli import tournament
from ekimae.cli.code_version import PACKAGES, code_version
from ekimae.cli.main import main
from ekimae.cli.tournament_stats import GameResult
from tools import measurement

RUN = ["metro", "tournament", "--seats", "normal,random", "--games", "4", "--workers", "1",
       "--seed", "3", "--untimed", "--json"]  # fmt: skip


def _run(capsys: pytest.CaptureFixture[str], log: Path, *extra: str) -> dict[str, Any]:
    assert main([*RUN, "--log", str(log), *extra]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def _no_games(task: object) -> GameResult:
    raise AssertionError(f"played {task} again")


def test_every_game_is_logged_and_a_finished_run_plays_none_again(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "games.jsonl"
    first = _run(capsys, log)
    lines = log.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["seed"] for line in lines] == [3, 4, 5, 6]
    monkeypatch.setattr(tournament, "play_one", _no_games)
    assert _run(capsys, log) == first
    assert log.read_text(encoding="utf-8").splitlines() == lines


def test_an_interrupted_run_resumes_to_the_same_figures(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    full = _run(capsys, tmp_path / "full.jsonl")
    lines = (tmp_path / "full.jsonl").read_text(encoding="utf-8").splitlines()
    cut = tmp_path / "cut.jsonl"
    # two games written, the third killed mid-write
    cut.write_text(lines[0] + "\n" + lines[1] + "\n" + lines[2][:25], encoding="utf-8")
    assert main([*RUN, "--log", str(cut)]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out) == full
    assert "line 3 was cut short; playing it again" in err
    assert cut.read_text(encoding="utf-8").splitlines() == lines
    # a whole last line without its newline is kept, and the next game starts a line
    unended = tmp_path / "unended.jsonl"
    unended.write_text(lines[0] + "\n" + lines[1], encoding="utf-8")
    assert _run(capsys, unended) == full
    assert unended.read_text(encoding="utf-8").splitlines() == lines


def test_a_log_of_another_run_or_a_bad_line_is_refused_untouched(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "games.jsonl"
    _run(capsys, log)
    before = log.read_text(encoding="utf-8")
    assert main([*RUN, "--seed", "10", "--log", str(log)]) == 2
    err = capsys.readouterr().err
    assert "seed 3, seats normal,random untimed is not a game of this run" in err
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"seed": 3}\n' + before, encoding="utf-8")
    assert main([*RUN, "--log", str(bad)]) == 2
    assert "line 1: not a game record" in capsys.readouterr().err
    assert log.read_text(encoding="utf-8") == before
    assert bad.read_text(encoding="utf-8") == '{"seed": 3}\n' + before


def test_game_results_round_trip_and_refuse_wrong_fields() -> None:
    result = GameResult(1, ["normal", "random"], [900, 300], 0, {"G": 200}, [{"invest": 2}, {}])
    assert GameResult.from_dict(json.loads(json.dumps(result.to_dict()))) == result
    with pytest.raises(ValueError, match="'scores'"):
        GameResult.from_dict({**result.to_dict(), "scores": "900"})
    with pytest.raises(ValueError, match="disagree"):
        GameResult.from_dict({**result.to_dict(), "winner": 2})
    with pytest.raises(ValueError, match="unknown fields: colour"):
        GameResult.from_dict({**result.to_dict(), "colour": 1})


def test_the_measurement_tool_reads_a_growing_log(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "games.jsonl"
    full = _run(capsys, log)
    games = measurement.read(log)
    assert sorted(games) == [3, 4, 5, 6]
    wins = round(full["win_rate"]["normal"] * 4)
    assert measurement.summary(games, "normal").startswith(f"normal won {wins}/4 = ")
    with log.open("a", encoding="utf-8") as f:
        f.write('{"seed": 7, "sea')  # the tournament is writing the next game
    assert measurement.read(log) == games
    assert measurement.paired(games, games, "normal") == (
        "on the same 4 deals: won only in the first log 0, only in the second 0"
    )


def test_a_game_played_by_other_code_is_refused_and_old_lines_are_taken(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "games.jsonl"
    full = _run(capsys, log)
    before = log.read_text(encoding="utf-8")
    lines = [json.loads(line) for line in before.splitlines()]
    assert {line["code"] for line in lines} == {code_version()}
    # the engine, data or bots changed since: resuming would mix two bots in one figure
    monkeypatch.setattr(tournament, "code_version", lambda: "0123456789ab")
    assert main([*RUN, "--log", str(log)]) == 2
    err = capsys.readouterr().err
    assert f"line 1: played by other code (version {code_version()}; this is 0123456789ab)" in err
    assert log.read_text(encoding="utf-8") == before
    # lines written before versions were recorded name no code: taken as they are
    old = tmp_path / "old.jsonl"
    old.write_text("".join(json.dumps({k: v for k, v in line.items() if k != "code"}) + "\n"
                           for line in lines[:2]), encoding="utf-8")  # fmt: skip
    assert _run(capsys, old) == full


def test_the_code_version_ignores_comments_but_not_code(tmp_path: Path) -> None:
    for package in PACKAGES:
        (tmp_path / package).mkdir()
    module = tmp_path / "bots" / "bot.py"
    module.write_text("def f() -> int:\n    return 1\n", encoding="utf-8")
    first = code_version(tmp_path)
    module.write_text("# why it is 1\ndef f() -> int:\n\n    return 1\n", encoding="utf-8")
    assert code_version(tmp_path) == first
    module.write_text("def f() -> int:\n    return 2\n", encoding="utf-8")
    assert code_version(tmp_path) != first
    module.write_text("def f() -> int:\n    return 1\n", encoding="utf-8")
    (tmp_path / "games" / "cards.toml").write_text("price = 100\n", encoding="utf-8")
    assert code_version(tmp_path) != first  # printed data plays a game as much as code
