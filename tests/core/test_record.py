"""Records carry the data files they were played with (`Game.data_version`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ekimae.bots import Bot, make_bot, play_game
from ekimae.core.data import fingerprint
from ekimae.core.errors import DataError
from ekimae.core.record import data_mismatch, record_from_dict, record_from_json, replay
from ekimae.games.tokyo_metro.components import PACKAGE
from ekimae.games.tokyo_metro.game import GAME


def test_the_game_fingerprints_its_data_files() -> None:
    assert GAME.data_version == fingerprint(PACKAGE)
    assert len(GAME.data_version) == 12 and int(GAME.data_version, 16) >= 0


def test_a_changed_printed_value_changes_the_fingerprint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "fake_game_data"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "rules.toml").write_text("fare = 100\n")
    (package / "notes.txt").write_text("not data")
    monkeypatch.syspath_prepend(str(tmp_path))
    before = fingerprint("fake_game_data")
    (package / "notes.txt").write_text("other words")  # not a data file: no change
    assert fingerprint("fake_game_data") == before
    (package / "rules.toml").write_text("fare = 200\n")
    assert fingerprint("fake_game_data") != before


def random_seats() -> list[Bot | None]:
    return [make_bot(GAME.name, "random", 1), make_bot(GAME.name, "random", 2)]


def test_played_records_carry_the_data_version_through_json() -> None:
    _, record = play_game(GAME, random_seats(), seed=3)
    assert record.data_version == GAME.data_version
    again = record_from_json(record.to_json(), GAME)
    assert again.data_version == GAME.data_version
    assert again.truncated(5).data_version == GAME.data_version
    assert data_mismatch(again, GAME) is None


def test_records_without_a_version_still_read_and_replay() -> None:
    _, record = play_game(GAME, random_seats(), seed=4)
    data = record.to_dict()
    del data["data_version"]
    old = record_from_dict(data, GAME)
    assert old.data_version == "" and data_mismatch(old, GAME) is None
    assert replay(old, GAME).scores() == replay(record, GAME).scores()
    assert "data_version" not in old.to_dict()


def test_a_bad_data_version_field_is_named() -> None:
    with pytest.raises(DataError, match="data_version"):
        record_from_dict({"game": GAME.name, "seats": 2, "seed": 1, "data_version": 7}, GAME)


def test_a_record_from_other_data_files_says_so_when_it_fails() -> None:
    _, record = play_game(GAME, random_seats(), seed=5)
    data = json.loads(record.to_json())
    data["data_version"] = "0123456789ab"
    data["actions"][3] = {"seat": data["actions"][3]["seat"], "type": "repay", "spot": "XX1a"}
    other = record_from_dict(data, GAME)
    note = data_mismatch(other, GAME)
    assert note is not None and "0123456789ab" in note and GAME.data_version in note
    with pytest.raises(DataError, match=r"actions\[3\].*recorded with data files 0123456789ab"):
        replay(other, GAME)


def test_a_record_carries_the_data_files_of_its_options() -> None:
    """An Osaka game (MOD-1) uses data/osaka too: its record says so, and a TOKYO game's
    record keeps the base version, so old records replay without a warning."""
    osaka = {"map": "osaka", "cards": "osaka"}
    bots = [make_bot("tokyo-metro", "random", s) for s in range(2)]
    _, record = play_game(GAME, bots, seed=3, options=osaka)
    assert record.data_version == GAME.data_version_for(osaka) != GAME.data_version
    assert data_mismatch(record, GAME) is None
    assert GAME.data_version_for({"map": "tokyo", "cards": "tokyo"}) == GAME.data_version
