"""The conformance suite, run on every registered game: random playouts with invariants.

Every listed legal action applies; refused actions leave the state exactly as it was;
clone, JSON round-trip and replay give equal states; every yen is accounted for; views
leak nothing hidden; action texts round-trip and are unique; games end on time.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from ekimae.core.actions import Action
from ekimae.core.errors import IllegalActionError, MalformedActionError
from ekimae.core.game import Game
from ekimae.core.record import GameRecord, record_from_json, replay
from ekimae.games import games
from tests.conformance.hooks import HOOKS

GAMES = sorted(games().items())


def _snapshot(state: Any) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


def _check_actions_round_trip(game: Game[Any], legal: list[Action]) -> None:
    texts = [game.format_action(a) for a in legal]
    assert len(set(texts)) == len(texts), "two legal actions share a text form"
    for action, text in zip(legal, texts, strict=True):
        assert game.parse_action(text) == action
        assert game.codec.from_dict(json.loads(json.dumps(action.to_dict()))) == action


def _illegal_candidates(game: Game[Any], state: Any, seat: int, rng: random.Random) -> list[Any]:
    """Actions that must be refused: other seats' actions and mutated legal ones."""
    out: list[tuple[int, Action]] = []
    legal = set(state.legal_actions(seat))
    for other in range(len(state.scores())):
        if other not in state.current_players():
            out.extend((other, a) for a in list(legal)[:2])
    for action in rng.sample(sorted(legal, key=str), min(3, len(legal))):
        data = action.to_dict()
        for key, value in data.items():
            if isinstance(value, int) and not isinstance(value, bool):
                mutated = game.codec.from_dict({**data, key: value + 100_000})
            elif key != "type" and isinstance(value, str):
                mutated = game.codec.from_dict({**data, key: value + "x"})
            else:
                continue
            if mutated not in legal:
                out.append((seat, mutated))
    return out


def _step_checks(game: Game[Any], state: Any, rng: random.Random, deep: bool) -> None:
    hooks = HOOKS[game.name]
    held, expected = hooks.money_balance(state)
    assert held == expected, "yen not accounted for"
    to_act = state.current_players()
    seat = rng.choice(to_act)
    legal = list(state.legal_actions(seat))
    assert legal, f"seat {seat} is to act but has no legal action"
    if not deep:
        return
    _check_actions_round_trip(game, legal)
    copy = state.clone()
    assert copy == state
    restored = game.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert restored == state
    before = _snapshot(state)
    for who, bad in _illegal_candidates(game, state, seat, rng):
        with pytest.raises(IllegalActionError):
            state.apply(who, bad)
        assert _snapshot(state) == before, f"refused {bad} changed the state"
    for action in rng.sample(legal, min(4, len(legal))):
        trial = state.clone()
        trial.apply(seat, action)  # every listed action applies
    assert _snapshot(state) == before, "applying to a clone changed the original"
    for viewer in range(len(state.scores())):
        other = hooks.perturb_hidden(state, viewer, rng)
        assert other.view(viewer) == state.view(viewer), "a view shows hidden information"
        assert other.legal_actions(viewer) == state.legal_actions(viewer)


def playout(game: Game[Any], seats: int, seed: int, deep_every: int) -> tuple[Any, GameRecord]:
    rng = random.Random(seed)
    state = game.new_state(seats, seed)
    record = GameRecord(game.name, seats, seed)
    step = 0
    while not state.is_terminal():
        _step_checks(game, state, rng, deep=deep_every > 0 and step % deep_every == 0)
        seat = rng.choice(state.current_players())
        action = rng.choice(list(state.legal_actions(seat)))
        state.apply(seat, action)
        record.actions.append((seat, action))
        step += 1
    return state, record


def _end_checks(game: Game[Any], state: Any, record: GameRecord) -> None:
    hooks = HOOKS[game.name]
    assert state.current_players() == ()
    assert state.winner() in range(record.seats)
    held, expected = hooks.money_balance(state)
    assert held == expected
    assert state.round == hooks.expected_rounds(state)
    again = replay(record_from_json(record.to_json(), game), game)
    assert again == state and again.scores() == state.scores()
    with pytest.raises((IllegalActionError, MalformedActionError)):
        state.apply(0, record.actions[-1][1])


@pytest.mark.parametrize(("name", "game"), GAMES)
@pytest.mark.parametrize("seats", [1, 2, 3, 4, 5])
def test_random_playouts_keep_every_invariant(name: str, game: Game[Any], seats: int) -> None:
    for seed in range(3):
        state, record = playout(game, seats, seed, deep_every=7)
        _end_checks(game, state, record)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "game"), GAMES)
def test_thousands_of_playouts(name: str, game: Game[Any]) -> None:
    for seed in range(2000):
        seats = 1 + seed % 5
        state, record = playout(game, seats, 10_000 + seed, deep_every=0)
        _end_checks(game, state, record)


@pytest.mark.parametrize(("name", "game"), GAMES)
def test_malformed_actions_are_refused_without_change(name: str, game: Game[Any]) -> None:
    state = game.new_state(3, 1)
    before = _snapshot(state)
    for data in ({"type": "nope"}, {"type": "turn-bid"}, {"type": "turn-bid", "amount": "x"}):
        with pytest.raises(MalformedActionError):
            game.codec.from_dict(data)
    assert _snapshot(state) == before
