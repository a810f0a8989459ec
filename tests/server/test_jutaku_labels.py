"""TOKYO JUTAKU, COUNTDOWN and BOTTLE BONUS label the legal actions the hub sends: their
wire form (`Action.to_dict`, keyed by `type`), so the pages show plain words rather than
the engine's text ("start 0 A1")."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ekimae.core.game import SYSTEM, Game
from ekimae.games import titles
from ekimae.server.titles import web_title


@pytest.mark.parametrize("name", ["tokyo-jutaku", "countdown", "bottle-bonus"])
def test_every_kind_of_action_met_in_a_game_has_a_label(name: str) -> None:
    game: Game[Any] = titles()[name]
    web = web_title(name)
    state = game.new_state(2, 1, {})
    rng = random.Random(1)
    unlabelled: set[str] = set()
    kinds: set[str] = set()
    for _ in range(2000):
        if state.is_terminal():
            break
        for seat in state.current_players():
            if seat == SYSTEM:
                continue
            view = state.view(seat)
            for action in state.legal_actions(seat):
                kinds.add(action.kind)
                if web.label(view, seat, action.to_dict(), {}) is None:
                    unlabelled.add(action.kind)
        seat = next((s for s in state.current_players() if state.legal_actions(s)), SYSTEM)
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    assert {"take", "place"} <= kinds
    assert not unlabelled, unlabelled


def test_a_label_in_french() -> None:
    web = web_title("tokyo-jutaku")
    label = web.label({}, 0, {"type": "stop", "at": 1000}, {}, lang="fr")
    assert label == "Stop !"
