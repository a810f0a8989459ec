"""Golden transcripts diffed, recorded games replayed to their exact final scores, and
playthroughs (every seat's view and legal actions at every step) rebuilt exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ekimae.core.record import record_from_dict, replay
from ekimae.games.sealed_auction.game import GAME as AUCTION
from ekimae.games.tokyo_metro.game import GAME
from tools import playthrough
from tools.golden import CASES, FIXTURES, GOLDEN, transcript


@pytest.mark.parametrize(("seats", "seed"), CASES)
def test_golden_transcript_unchanged(seats: int, seed: int) -> None:
    expected = (GOLDEN / f"{seats}p_seed{seed}.txt").read_text(encoding="utf-8")
    actual, _, _ = transcript(seats, seed)
    assert actual == expected, "behaviour changed: diff it, then run `make golden` if intended"


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.json")), ids=lambda p: Path(p).stem)
def test_recorded_game_replays_exactly(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    record = record_from_dict(data["record"], GAME, str(path))
    state = replay(record, GAME)
    assert state.is_terminal()
    assert state.scores() == data["scores"]


@pytest.mark.parametrize(("seats", "seed", "options"), playthrough.CASES)
def test_playthrough_unchanged(seats: int, seed: int, options: dict[str, str]) -> None:
    """SEALED AUCTION: the file's actions replayed give the file, views and listings alike."""
    expected = playthrough.path_of(seats, seed, options).read_text(encoding="utf-8")
    actions = playthrough.actions_of(AUCTION, expected)
    assert actions == playthrough.choose(AUCTION, seats, seed, options)
    actual = playthrough.playthrough(AUCTION, seats, seed, options, actions)
    assert actual == expected, "behaviour changed: diff it, then run `make golden` if intended"
