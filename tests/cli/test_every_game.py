"""The CLI for every registered game (issue 12): `--game NAME` on every command, the
generic front end of a game without a terminal part of its own, real time in the
simulator, and `ekimae metro …` as a short alias for `--game tokyo-metro`."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest
from rich.console import Console

from ekimae.cli import table
from ekimae.cli.main import main
from ekimae.cli.menu import build_menu
from ekimae.cli.terminal import GenericTerminal, terminal_title
from ekimae.cli.tournament_stats import GameResult, summarize
from ekimae.core.record import record_from_json, replay
from ekimae.games import EXAMPLES, find_game, games

GAMES = sorted(games())
GENERIC = [name for name in GAMES if type(terminal_title(name)) is GenericTerminal]


def feed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))


def one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


def test_the_examples_are_registered_and_have_no_terminal_part() -> None:
    assert {"sealed-auction", "quick-draw"} <= set(GENERIC)


# ------------------------------------------------------------------------------ every game


@pytest.mark.parametrize("name", GAMES)
def test_every_game_simulates_with_json_lines(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    game = find_game(name)
    args = ["simulate", "--game", name, "--games", "3", "--seed", "5", "--json"]
    assert main([*args, "--seats", "random", "--players", str(max(2, game.min_seats))]) == 0
    captured = capsys.readouterr()
    lines = [json.loads(line) for line in captured.out.splitlines()]
    assert [line["seed"] for line in lines] == [5, 6, 7]
    for line in lines:
        seats = len(line["seats"])
        assert len(line["scores"]) == seats and sum(line["actions"].values()) > 0
        assert line["winner"] is None or 0 <= line["winner"] < seats
    assert "win rate" in captured.err and "actions per game" in captured.err


@pytest.mark.parametrize("name", GAMES)
def test_every_game_plays_with_bots_saves_and_replays(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = find_game(name)
    path = tmp_path / "game.json"
    seats = ",".join(["random"] * max(2, game.min_seats))
    assert main(["play", "--game", name, "--seats", seats, "--seed", "4", "--save", str(path)]) == 0
    assert "record saved" in capsys.readouterr().out
    record = record_from_json(path.read_text(encoding="utf-8"), game)
    scores = replay(record, game).scores()
    assert main(["replay", str(path)]) == 0  # the record names its game
    out = capsys.readouterr().out
    assert f"{len(record.actions)} actions" in out and "    1  seat" in out
    if name in GENERIC:
        ranking = out[out.index("Ranking") :]
        assert all(f"{score:,}" in ranking for score in scores)
    assert main(["replay", str(path), "--game", name, "--upto", "1"]) == 0
    assert "    2  seat" not in capsys.readouterr().out


@pytest.mark.parametrize("name", GAMES)
def test_every_game_benches(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--game", name, "--games", "2", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "games/s" in out and "applies/s" in out and "steps per game" in out


def test_ekimae_games_lists_every_game_with_its_seats_options_and_bots(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["games", "--json"]) == 0
    found = {item["name"]: item for item in map(json.loads, capsys.readouterr().out.splitlines())}
    assert sorted(found) == GAMES
    auction = found["sealed-auction"]
    assert auction["sealed"] == ["bid"] and auction["bots"][0] == "random"
    assert [o["name"] for o in auction["options"]] == ["lots"]
    assert found["tokyo-metro"]["terminal"] == {"alias": "metro", "extras": ["balance", "render"]}
    assert main(["games"]) == 0
    assert "quick-draw" in capsys.readouterr().out


# ------------------------------------------------------------------------------ the metro alias


def test_metro_is_short_for_game_tokyo_metro(capsys: pytest.CaptureFixture[str]) -> None:
    """Same games, same bytes: the alias and `--game tokyo-metro` (and the default game).
    The progress line says how long the run took (cli/progress.py): the only bytes that
    may differ (issue 28: compared whole, it failed whenever a run crossed a second)."""
    args = ["--games", "3", "--seed", "2", "--seats", "greedy,random,random", "--json"]
    outputs = []
    for head in (["metro", "simulate"], ["simulate", "--game", "tokyo-metro"], ["simulate"]):
        assert main([*head, *args]) == 0
        captured = capsys.readouterr()
        took, *summary = captured.err.splitlines()
        assert re.fullmatch(r"games 3/3 \(100%\), [0-9hmins ]+ in", took), took
        outputs.append((captured.out, summary))
    assert outputs[0] == outputs[1] == outputs[2]
    assert "actions per game" in "\n".join(outputs[0][1])
    first = json.loads(outputs[0][0].splitlines()[0])
    assert list(first) == ["seed", "rounds", "scores", "winner", "seats", "line_values", "actions"]


def test_a_record_of_another_game_is_refused_by_the_alias(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "auction.json"
    main(["play", "--game", "sealed-auction", "--seats", "random,random", "--save", str(path)])
    capsys.readouterr()
    assert main(["metro", "replay", str(path)]) == 2
    line = one_error_line(capsys)
    assert "expected 'tokyo-metro', got 'sealed-auction'" in line and str(path) in line


# ------------------------------------------------------------------------------ errors


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["play", "--game", "chess"], ["--game", "unknown game 'chess'", "sealed-auction"]),
        (["simulate", "--game", "sealed-auction", "--option", "lots=huge"],
         ["--option lots", "'huge'", "short, long"]),
        (["simulate", "--game", "sealed-auction", "--option", "colour=red"],
         ["--option colour", "unknown option", "lots"]),
        (["simulate", "--game", "quick-draw", "--option", "length"], ["KEY=VALUE", "'length'"]),
        (["simulate", "--game", "sealed-auction", "--seats", "greedy,random"],
         ["'greedy'", "known: random, flat-mc, ismcts"]),
        (["play", "--game", "sealed-auction", "--seats", "human"], ["1 seats", "allowed 2–6"]),
        (["tournament", "--game", "quick-draw", "--seats", "random,human"], ["'human'"]),
        (["bench", "--game", "sealed-auction", "--players", "9"], ["allowed 2–6"]),
        (["render", "--game", "quick-draw", "--out", "x.svg"],
         ["quick-draw has no picture", "games with one: tokyo-metro"]),
        (["balance", "--game", "sealed-auction"],
         ["sealed-auction has no balance report", "games with one: tokyo-metro"]),
    ],
)  # fmt: skip
def test_bad_game_option_bot_or_seat_count_is_one_line_and_exit_2(
    args: list[str], words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    line = one_error_line(capsys)
    for word in words:
        assert word in line


def test_a_record_naming_an_unknown_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "go.json"
    path.write_text(json.dumps({"game": "go", "seats": 2, "seed": 1}), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    line = one_error_line(capsys)
    assert f"{path}: game: unknown game 'go'" in line


# ------------------------------------------------------------------------------ the front end


def test_the_generic_front_end_plays_a_sealed_auction_from_piped_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "auction.json"
    feed(monkeypatch, "help\n99\nbid 33\nbid 150\nshow\n" + "1\n" * 10)
    args = ["play", "--game", "sealed-auction", "--seats", "human,random,random", "--seed", "7"]
    assert main([*args, "--option", "lots=short", "--save", str(path)]) == 0
    out = capsys.readouterr().out
    assert "SEALED AUCTION · lots=short · seed 7" in out
    assert "bid — sealed" in out  # the menu says the kind is sealed
    assert "type 'bid <amount>'" in out and "any 0..1000 in steps of 50" in out  # collapsed
    assert "No action 99" in out and "SA-3" in out  # a bad number, an illegal amount
    assert "seat 2 (random): bid (sealed)" in out  # the others' amounts stay hidden
    assert "players:" in out and "money" in out  # the view, as readable data
    assert "Ranking" in out and "record saved" in out
    game = find_game("sealed-auction")
    record = record_from_json(path.read_text(encoding="utf-8"), game)
    assert record.options == {"lots": "short"} and len(record.actions) == 15
    assert record.actions[0][1] == game.parse_action("bid 150")


def test_end_of_input_stops_a_generic_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    feed(monkeypatch, "1\n")
    assert main(["play", "--game", "sealed-auction", "--seed", "3"]) == 0
    assert "Game stopped after" in capsys.readouterr().out


def test_a_person_plays_quick_draw_in_turns(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Real time taken in turns: each listed action carries its game time; the game ends."""
    feed(monkeypatch, "1\n" * 1000)
    assert main(["play", "--game", "quick-draw", "--seats", "human,random", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Real time, taken in turns here" in out
    assert "1) tap 0" in out and "1) tap 250" in out
    assert "the game is over" in out and "Ranking" in out


def test_shared_places_are_shown() -> None:
    game = find_game("sealed-auction")
    state = game.new_state(3, 1)
    while not state.is_terminal():  # everyone bids 0: every lot is shared by all
        for seat in state.current_players():
            state.apply(seat, game.parse_action("bid 0"))
    out = Console(file=io.StringIO(), width=100)
    out.print(table.ranking_table(state, ["a", "b", "c"], str))
    text = out.file.getvalue()  # type: ignore[attr-defined]
    assert text.count("1=") == 3 and "a shared first place" in text


def test_the_generic_view_reads_as_nested_data() -> None:
    view = {
        "round": 2,
        "over": False,
        "lot": None,
        "options": {"lots": "short"},
        "players": [{"seat": 0, "money": 5}, {"seat": 1, "money": 7}],
        "pairs": [[1, 2], {"x": {"y": [3]}}],
        "log": ["hidden from the table"],
    }
    out = Console(file=io.StringIO(), width=100)
    out.print(table.view_table(view))
    text = out.file.getvalue()  # type: ignore[attr-defined]
    assert "round: 2" in text and "over: no" in text and "lot: —" in text
    assert "options:\n  lots: short" in text
    assert "money" in text and "seat" in text  # the list of players as a table
    assert "1. 1, 2" in text and "y: 3" in text
    assert "hidden from the table" not in text


def test_a_short_list_is_numbered_in_full_a_long_range_collapsed() -> None:
    game = find_game("sealed-auction")
    state = game.new_state(2, 1)
    menu = build_menu(game, state.legal_actions(0))
    assert len(menu.choices) == 5  # 0, 50, 100, 150 and 1000, of 21 amounts
    assert [game.format_action(a) for a in menu.choices][-1] == "bid 1000"
    draw = find_game("quick-draw")
    menu = build_menu(draw, draw.new_state(2, 1).legal_actions(0))
    assert [draw.format_action(a) for a in menu.choices] == ["tap 0"]


# ------------------------------------------------------------------------------ real time


def test_quick_draw_simulates_to_the_end_of_every_round(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--game", "quick-draw", "--players", "3", "--games", "4", "--json"]
    assert main([*args, "--option", "length=long"]) == 0
    captured = capsys.readouterr()
    for line in map(json.loads, captured.out.splitlines()):
        ends = line["actions"].get("stop", 0) + line["actions"].get("time-up", 0)
        assert ends == 5  # every round ended, by a Stop! or the clock
        assert sorted(s for place in line["ranking"] for s in place) == [0, 1, 2]


def test_quick_draw_time_runs_out_when_nobody_can_act(capsys: pytest.CaptureFixture[str]) -> None:
    """One seat alone, a bot that only taps: the game's clock ends every round."""
    assert (
        main(["simulate", "--game", "quick-draw", "--players", "1", "--games", "1", "--json"]) == 0
    )
    line = json.loads(capsys.readouterr().out)
    assert line["actions"].get("time-up", 0) + line["actions"].get("stop", 0) == 3


@pytest.mark.parametrize("name", ["quick-draw", "sealed-auction"])
def test_a_tournament_of_an_example(
    name: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "games.jsonl"
    args = ["tournament", "--game", name, "--seats", "random,random", "--games", "4"]
    assert main([*args, "--workers", "1", "--json", "--log", str(log), "--out", str(tmp_path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 4 and sum(data["seat_win_rate"]) == pytest.approx(1.0)
    assert "line_values" not in data and not (tmp_path / "lines.csv").exists()
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert {line["game"] for line in lines} == {name}
    other = "sealed-auction" if name == "quick-draw" else "quick-draw"
    resumed = ["tournament", "--game", other, "--seats", "random,random", "--games", "4"]
    assert main([*resumed, "--workers", "1", "--log", str(log)]) == 2
    assert f"a game of {name}, not of this run" in one_error_line(capsys)


def test_a_shared_win_counts_as_a_share() -> None:
    shared = GameResult(1, ["a", "b", "c"], [5, 5, 1], 0, {}, [{}, {}, {}], [0, 1])
    alone = GameResult(2, ["a", "b", "c"], [1, 2, 9], 2, {}, [{}, {}, {}])
    assert GameResult.from_dict(json.loads(json.dumps(shared.to_dict()))) == shared
    assert "winners" not in alone.to_dict()
    summary = summarize([shared, alone], None)
    assert summary["win_rate"] == {"a": 0.25, "b": 0.25, "c": 0.5}
    assert summary["seat_win_rate"] == [0.25, 0.25, 0.5]
    with pytest.raises(ValueError, match="disagree"):
        GameResult.from_dict({**shared.to_dict(), "winners": [1, 0]})


# The examples only: a title's random playouts may be far longer (TOKYO JUTAKU: ~24 s a
# decision at the 1,000-playout cap), and a title brings its own ladder for play.
@pytest.mark.slow
@pytest.mark.parametrize("name", [name for name in GENERIC if name in EXAMPLES])
def test_the_generic_searches_play_a_tournament_of_every_example(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["tournament", "--game", name, "--seats", "flat-mc,ismcts,random", "--games", "3"]
    assert main([*args, "--workers", "2", "--untimed", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["win_rate"]) == {"flat-mc", "ismcts", "random"}


# ------------------------------------------------------------------------------ issue 32


def test_ekimae_games_cuts_nothing_off_on_120_columns(capsys: pytest.CaptureFixture[str]) -> None:
    from rich.cells import cell_len

    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "…" not in out.replace("metro …", "")  # a cut word ends with "…"
    assert max(cell_len(line) for line in out.splitlines()) <= 120
    flat = " ".join(line.strip("│ ") for line in out.splitlines())
    for name, game in games().items():
        assert name in out and game.title.split()[0] in out
        for option in game.type.options:
            assert f"{option.name}={option.choices[0]}" in flat.replace("│", " ").replace("  ", " ")


def test_help_names_a_rule_of_the_game_itself(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 32: "rules IDone rule (e.g. 'rules SA-3')" in every game's help."""
    feed(monkeypatch, "help\nquit\n\n")
    assert main(["play", "--game", "chocolate-milk", "--seats", "human,random", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "  rules ID  one rule (e.g. 'rules CM-2')" in out and "SA-3" not in out


def test_the_generic_table_numbers_seats_from_one(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    feed(monkeypatch, "show\nquit\n\n")
    assert main(["play", "--game", "sealed-auction", "--seats", "human,random", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "seat: 1" in out and "to act: 1, 2" in out and "seat: 0" not in out
