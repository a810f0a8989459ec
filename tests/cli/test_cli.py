"""The `ekimae` command, driven in-process (and once as a real process with a pipe)."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from ekimae.cli.common import rotated
from ekimae.cli.main import main
from ekimae.core.record import record_from_json, replay
from ekimae.games.tokyo_metro.game import GAME

PLAY_PIPED = ["metro", "play", "--seats", "human,greedy", "--seed", "2"]
SIMULATE_KEYS = {"seed", "rounds", "scores", "winner", "seats", "line_values", "actions"}


def feed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("records") / "game.json"
    assert (
        main(["metro", "play", "--seats", "greedy,random", "--seed", "3", "--save", str(path)]) == 0
    )
    return path


def final_scores(path: Path) -> list[int]:
    record = record_from_json(path.read_text(encoding="utf-8"), GAME)
    return replay(record, GAME).scores()


# ------------------------------------------------------------------------------ play


def test_play_with_bots_only_ends_with_ranking_and_saves(
    saved_game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["metro", "play", "--seats", "greedy,random", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "seed 3" in out
    assert "Final payouts" in out and "Ranking" in out
    record = json.loads(saved_game.read_text(encoding="utf-8"))
    assert record["names"] == ["greedy", "random"] and record["seed"] == 3
    assert len(final_scores(saved_game)) == 2


def test_play_without_a_seed_keeps_it_secret_until_the_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 11: a terminal game's decks come from 256 secret bits, not from a printed
    six-digit seed; the seed is told at the end and kept in the record for replays."""
    path = tmp_path / "game.json"
    assert main(["metro", "play", "--seats", "greedy,random", "--save", str(path)]) == 0
    out = capsys.readouterr().out
    record = json.loads(path.read_text(encoding="utf-8"))
    seed = record["seed"]
    assert seed.bit_length() > 128
    assert "seed secret until the end" in out
    assert out.index(str(seed)) > out.index("Ranking")  # only once the game is over
    assert main(["metro", "replay", str(path)]) == 0


def test_human_seat_plays_a_whole_game_from_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    feed(monkeypatch, "1\n" * 3000)
    assert main(["metro", "play", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "seat 1 (human) > 1" in out  # the piped answer is echoed
    assert "turn-bid 0" in out and "type 'turn-bid <yen>'" in out
    assert "Ranking" in out


def test_end_of_input_quits_cleanly_and_saves_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    feed(monkeypatch, "1\n1\n")
    target = tmp_path / "never.json"
    assert main(["metro", "play", "--seed", "5", "--save", str(target)]) == 0
    assert "Game stopped after" in capsys.readouterr().out
    assert not target.exists()


def test_bad_input_shows_the_reason_and_asks_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    feed(monkeypatch, "99\nfly away\nturn-bid 999999\nstation HT1a ginza\nhelp\nturn-bid 100\n")
    assert main(["metro", "play", "--seats", "human,random", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "No action 99" in out
    assert "unknown action 'fly'" in out
    assert "TM-3.3" in out and "999999" in out
    assert "no station action is possible now" in out
    assert "Other commands" in out
    assert "seat 1 bids in secret" in out


def test_quit_offers_to_save_the_record(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "stopped.json"
    feed(monkeypatch, f"turn-bid 0\nquit\n{target}\n")
    assert main(["metro", "play", "--seats", "human,greedy", "--seed", "2"]) == 0
    assert "record saved" in capsys.readouterr().out
    record = record_from_json(target.read_text(encoding="utf-8"), GAME)
    assert [a.kind for _, a in record.actions][:1] == ["turn-bid"]


@pytest.mark.parametrize(
    ("answer", "saved"),
    [("", "nothing"), ("no", "nothing"), ("", "default"), ("no", "none"), ("other", "other")],
)
def test_the_save_prompt_does_what_it_says(
    answer: str,
    saved: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    """Issue 32: without --save, Enter saves nothing (the prompt says so); with --save,
    the prompt names the file, Enter saves there and `no` saves nothing."""
    default = tmp_path / "default.json"
    other = tmp_path / "other.json"
    typed = str(other) if answer == "other" else answer
    feed(monkeypatch, f"turn-bid 0\nquit\n{typed}\n")
    args = ["metro", "play", "--seats", "human,greedy", "--seed", "2"]
    if saved != "nothing":
        args += ["--save", str(default)]
    assert main(args) == 0
    out = capsys.readouterr().out
    if saved == "nothing":
        assert "(a path, or Enter for no)" in out
    else:
        assert f"Save the record to {default}? (Enter: yes; another path; or 'no')" in out
    assert default.exists() == (saved == "default")
    assert other.exists() == (saved == "other")
    assert ("record saved" in out) == (saved in ("default", "other"))


def test_map_command_writes_an_svg(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    feed(monkeypatch, "map\n")
    assert main(["metro", "play", "--seats", "human,random", "--seed", "1"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if "map written to" in x)
    svg = Path(line.split("map written to ")[1].strip())
    assert ET.parse(svg).getroot().tag.endswith("svg")
    svg.unlink()


def test_play_as_a_process_with_a_pipe() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ekimae.cli.main", *PLAY_PIPED],
        input="1\n" * 3000,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Ranking" in done.stdout
    assert "\x1b[" not in done.stdout  # no colour codes into a pipe


def test_piped_real_time_play_lets_the_bot_act_every_round(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """In real time a person acts at the time of the action chosen, like a bot (issue 32):
    answered `1` at every prompt, the person went first at every step and overtook each
    of the bot's dated choices, so from round 2 on the bot never acted again."""
    feed(monkeypatch, "1\n" * 150)
    main(["play", "--game", "tokyo-jutaku", "--seed", "1"])
    out = capsys.readouterr().out
    second = out[out.index("round 2: build!") :]
    assert "seat 2 (builder-slow): place" in second


# ------------------------------------------------------------------------------ simulate


def test_simulate_json_lines(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["metro", "simulate", "--players", "2", "--games", "3", "--seed", "10", "--json"]
    assert main(args) == 0
    captured = capsys.readouterr()
    games = [json.loads(line) for line in captured.out.splitlines()]
    assert [g["seed"] for g in games] == [10, 11, 12]
    for game in games:
        assert set(game) >= SIMULATE_KEYS
        assert game["seats"] == ["greedy", "random"]
        assert len(game["scores"]) == 2 and game["winner"] in (0, 1)
        assert sum(game["actions"].values()) > 0 and len(game["line_values"]) == 12
    assert "win rate" in captured.err  # the summary stays off the JSON stream


def test_simulate_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["metro", "simulate", "--seats", "random,random,greedy", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "win share" in out and "rounds per game" in out


# ------------------------------------------------------------------------------ balance


def test_balance_report_of_one_bot(tmp_path: Path) -> None:
    out = tmp_path / "balance.md"
    args = ["metro", "balance", "--players", "3", "--seats", "greedy", "--games", "4"]
    assert main([*args, "--workers", "1", "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# Card balance: 4 games, seats greedy, greedy, greedy\n")
    for section in ("Action types taken", "Cards:", "Lines at the end", "How games end"):
        assert f"## {section}" in text
    assert "| invest |" in text and "| 1 | greedy |" in text  # seats count from 1
    assert "rotating" not in text  # one bot: nothing to rotate, no columns per bot


def test_balance_with_two_bots_rotates_the_seats_and_splits_by_bot(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["metro", "balance", "--seats", "greedy,random", "--games", "6", "--workers", "1"]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "seats greedy, random (rotating game by game)" in text
    assert "| type | taken | per game | share | greedy share | random share |" in text
    bots = dict(re.findall(r"^\| (greedy|random) \| 6 \| (\d+) \|", text, re.M))
    assert set(bots) == {"greedy", "random"}  # each played 6 seats: 3 as seat 1, 3 as seat 2
    assert int(bots["greedy"]) + int(bots["random"]) == 6
    seats = re.findall(r"^\| (\d) \| [\d.]+% \|$", text, re.M)
    assert seats == ["1", "2"]


@pytest.mark.slow
def test_balance_on_ray_in_local_mode_gives_the_same_report(tmp_path: Path) -> None:
    """Where one machine is too small: the same games on Ray, the same report, whatever
    order they finish in."""
    args = ["metro", "balance", "--seats", "greedy,random,greedy", "--games", "5"]
    here, ray = tmp_path / "here.md", tmp_path / "ray.md"
    assert main([*args, "--workers", "1", "--out", str(here)]) == 0
    assert main([*args, "--ray-address", "local", "--out", str(ray)]) == 0
    assert ray.read_text(encoding="utf-8") == here.read_text(encoding="utf-8")


def test_runners_refuse_no_workers(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("balance", "tournament"):
        args = ["metro", command, "--seats", "greedy,random", "--games", "1", "--workers", "0"]
        assert main(args) == 2
        assert "--workers: expected at least 1, got 0" in capsys.readouterr().err


def test_rotated_seats() -> None:
    assert rotated(["a", "b", "c"], 0) == ["a", "b", "c"]
    assert rotated(["a", "b", "c"], 4) == ["b", "c", "a"]


# ------------------------------------------------------------------------------ replay


def test_replay_reaches_the_same_final_scores(
    saved_game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["metro", "replay", str(saved_game)]) == 0
    out = capsys.readouterr().out
    ranking = out[out.index("Ranking") :]
    for score in final_scores(saved_game):
        assert (f"¥{score}" if score >= 0 else f"−¥{-score}") in ranking
    assert "    1  seat" in out


def test_replay_of_a_record_from_other_data_files_warns_and_explains_a_failure(
    saved_game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(saved_game.read_text(encoding="utf-8"))
    assert data["data_version"] == GAME.data_version  # saved games carry it
    data["data_version"] = "feedfacecafe"
    other = tmp_path / "other.json"
    other.write_text(json.dumps(data), encoding="utf-8")
    assert main(["metro", "replay", str(other)]) == 0  # the same actions still replay here
    err = capsys.readouterr().err
    assert "warning" in err and "recorded with data files feedfacecafe" in err
    data["actions"][2] = {"seat": data["actions"][2]["seat"], "type": "repay", "spot": "XX1a"}
    other.write_text(json.dumps(data), encoding="utf-8")
    assert main(["metro", "replay", str(other)]) == 2
    line = one_error_line(capsys)
    assert "actions[2]" in line and "recorded with data files feedfacecafe" in line


def test_replay_upto_shows_the_position(
    saved_game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["metro", "replay", str(saved_game), "--upto", "5"]) == 0
    out = capsys.readouterr().out
    assert "    5  seat" in out and "    6  seat" not in out
    assert "Players" in out and "Ranking" not in out


# ------------------------------------------------------------------------------ render


def test_render_the_bare_map_and_a_position(saved_game: Path, tmp_path: Path) -> None:
    bare, played = tmp_path / "map.svg", tmp_path / "pos.svg"
    assert main(["metro", "render", "--out", str(bare)]) == 0
    args = ["metro", "render", "--record", str(saved_game), "--upto", "60", "--out", str(played)]
    assert main(args) == 0
    for path in (bare, played):
        assert ET.parse(path).getroot().tag.endswith("svg")
    assert 'id="overlay"' in played.read_text(encoding="utf-8")


# ------------------------------------------------------------------------------ bench


def test_bench_small(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--games", "1", "--repeat", "1", "--players", "2"]) == 0
    out = capsys.readouterr().out
    assert "games/s" in out and "clones/s" in out and "steps per game" in out
    assert "normal-policy playouts/s" in out and "distilled playouts/s" in out
    assert "per CPU second" in out and "this bench: seconds" in out


def test_bench_every_game_prints_a_line_per_title(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--every-game", "--games", "1", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "decisions/s (CPU)" in out and "CPU s" in out
    for title in ("TOKYO METRO", "TOKYO JUTAKU", "BOTTLE BONUS", "CHOCOLATE MILK"):
        assert title in out


# ------------------------------------------------------------------------------ errors


def one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


def test_bad_record_file_names_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text("{not json", encoding="utf-8")
    assert main(["metro", "replay", str(bad)]) == 2
    assert str(bad) in one_error_line(capsys)


def test_bad_record_field_names_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "seats.json"
    bad.write_text(json.dumps({"game": "tokyo-metro", "seats": "two", "seed": 1}), "utf-8")
    assert main(["metro", "render", "--record", str(bad), "--out", str(tmp_path / "x.svg")]) == 2
    line = one_error_line(capsys)
    assert str(bad) in line and "seats" in line


def test_illegal_action_in_a_record_names_its_index(
    saved_game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(saved_game.read_text(encoding="utf-8"))
    data["actions"][3] = {"seat": 0, "type": "station", "spot": "HT1a", "station": "ginza"}
    bad = tmp_path / "illegal.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["metro", "replay", str(bad)]) == 2
    assert f"{bad}: actions[3]" in one_error_line(capsys)


def test_missing_record_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["metro", "replay", str(tmp_path / "nope.json")]) == 2
    assert "nope.json" in one_error_line(capsys)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["metro", "play", "--seats", "greedy,wizard"], ["wizard", "known: random, greedy"]),
        (["metro", "simulate", "--seats", "human,greedy"], ["human"]),
        (["metro", "play", "--players", "3", "--seats", "greedy,random"], ["--players"]),
        (["metro", "play", "--players", "6"], ["allowed 1–5"]),
        (["metro", "play", "--colour", "red"], ["--colour"]),
        (["metro", "render", "--out", "x.gif"], ["x.gif"]),
        (["metro"], ["required"]),
    ],
)
def test_usage_errors_are_one_line_and_exit_2(
    args: list[str], words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    line = one_error_line(capsys)
    for word in words:
        assert word in line


def test_replay_step_waits_for_enter_and_q_runs_to_the_end(
    saved_game: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    feed(monkeypatch, "\n\nq\n")
    assert main(["metro", "replay", str(saved_game), "--step"]) == 0
    out = capsys.readouterr().out
    assert out.count("Enter: next") == 3
    assert "Ranking" in out


def test_long_action_lists_are_compact(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    feed(monkeypatch, "turn-bid 0\n1\n")
    assert (
        main(["metro", "play", "--seats", "human,greedy,greedy,random,random", "--seed", "11"]) == 0
    )
    out = capsys.readouterr().out
    assert re.search(r"move GM\d[ab]: +\d+\) [a-t]\d+ ", out)  # one line per card spot
    assert "type 'speculation" in out  # stakes: the lowest, and the range to type
    assert "turn-bid 300" in out and "turn-bid 400" not in out


def test_help_returns_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["metro", "simulate", "--help"]) == 0
    assert "--json" in capsys.readouterr().out


def test_hint_names_a_legal_move_with_a_win_chance(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The `hint` command asks the strong bot (issue 4) for this seat's move."""
    feed(monkeypatch, "hint\n")
    assert main(["metro", "play", "--seats", "human,random", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "hint: turn-bid " in out and "estimated win chance" in out
