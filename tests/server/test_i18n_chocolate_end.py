"""CHOCOLATE MILK's end (CM-3) in the reader's language (issue 20): the engine's English
sentence is read back through the game's templates; English stays byte for byte."""

from __future__ import annotations

import random

import pytest

from ekimae.games.chocolate_milk.end_forms import FORMS
from ekimae.games.chocolate_milk.game import GAME
from ekimae.server.titles.chocolate_milk import ended_reason


def _reasons(games: int) -> set[str]:
    seen = set()
    for seed in range(games):
        state = GAME.new_state(2, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_players()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        seen.add(state.view(None)["ended"])
    return seen


@pytest.mark.parametrize("lang", ["fr", "it", "ja"])
def test_every_end_of_random_games_is_said_in_the_readers_language(lang: str) -> None:
    for reason in _reasons(12):
        assert FORMS.parse(reason) is not None, reason  # CM-3's sentence has its template
        said = ended_reason(reason, lang)
        assert said != reason and "has" not in said and "crate" not in said


def test_english_keeps_the_engines_sentence() -> None:
    for reason in _reasons(4):
        assert ended_reason(reason, "en") == reason
