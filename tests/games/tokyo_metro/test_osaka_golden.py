"""Golden transcripts of OSAKA METRO and mixed games (MOD-1): `make golden` writes them
(tools/golden.py, OSAKA_CASES); any change of behaviour shows up here as a diff."""

from __future__ import annotations

import pytest

from ekimae.core.record import record_from_json, replay
from ekimae.games.tokyo_metro.game import GAME, data_version_for
from tools.golden import GOLDEN, OSAKA_CASES, osaka_name, transcript


@pytest.mark.parametrize(("seats", "seed", "map_name", "cards"), OSAKA_CASES)
def test_osaka_transcript_unchanged(seats: int, seed: int, map_name: str, cards: str) -> None:
    options = {"map": map_name, "cards": cards}
    expected = (GOLDEN / f"{osaka_name(seats, seed, map_name, cards)}.txt").read_text("utf-8")
    actual, record, scores = transcript(seats, seed, options)
    assert actual == expected, "behaviour changed: diff it, then run `make golden` if intended"
    # The record carries the Osaka data version and replays to the same scores.
    assert record.data_version == data_version_for(options) != GAME.data_version
    again = replay(record_from_json(record.to_json(), GAME), GAME)
    assert again.scores() == scores
