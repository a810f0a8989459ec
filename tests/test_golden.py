"""Golden transcripts diffed, recorded games replayed to their exact final scores, and
playthroughs (every seat's view and legal actions at every step) rebuilt exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ekimae.core.record import record_from_dict, replay
from ekimae.games import find_game
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


@pytest.mark.parametrize("case", playthrough.CASES, ids=lambda c: c.path.stem)
def test_playthrough_unchanged(case: playthrough.Case) -> None:
    """Every seat's view and listing at every step: the file's actions replayed give the
    file (SEALED AUCTION, QUICK DRAW with its system seat, TOKYO METRO's opening)."""
    expected = case.path.read_text(encoding="utf-8")
    actions = playthrough.actions_of(find_game(case.game), expected)
    assert actions == playthrough.choose(case)
    actual = playthrough.text_of(case, actions)
    assert actual == expected, "behaviour changed: diff it, then run `make golden` if intended"
