"""Undo's one rule (`core.undo`), checked for every registered title over random playouts.

An action is final (never taken back) exactly when it drew at random or showed its seat
something hidden. At every step the core's verdict is compared with an oracle written
here independently of it: draws counted by wrapping `Rng.next64` itself, reveals found
with many more determinizations than the core takes (its own seeds among them), always
varying pending sealed choices (the core does so only for sealed actions). Both ways:
every draw and reveal is final (undo refused), every other action is not (undo works as
before). A verdict reached again after a reload (a state replayed from the record) is
the same.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import pytest

from ekimae.core import rng as core_rng
from ekimae.core.actions import Action
from ekimae.core.errors import EkimaeError
from ekimae.core.game import Game
from ekimae.core.record import GameRecord, replay
from ekimae.core.undo import DREW, REVEALED, SAMPLES, apply_judged
from ekimae.games import games

GAMES = sorted(games().items())
GAME_IDS = [name for name, _ in GAMES]
ORACLE_SAMPLES = 4 * SAMPLES
# The core's sample seeds for action i are seed_for(i) + 0, 1, …; the oracle's include them.
STRIDE = 1000


def seed_for(index: int) -> int:
    return index * STRIDE


@contextmanager
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Count calls of `Rng.next64` (the one source of every title's chance) directly."""
    calls = [0]
    plain = core_rng.Rng.next64

    def counted(self: core_rng.Rng) -> int:
        calls[0] += 1
        return plain(self)

    with monkeypatch.context() as patch:
        patch.setattr(core_rng.Rng, "next64", counted)
        yield calls


def _appended(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(after)
    old, new = before.get("log"), after.get("log")
    if isinstance(old, list) and isinstance(new, list) and new[: len(old)] == old:
        out["log"] = new[len(old) :]
    return out


def oracle_reveals(
    game: Game[Any], before: Any, seat: int, action: Action, after: Any, index: int
) -> bool:
    """Whether some state the seat cannot tell from the true one gives it another view
    after `action`: many determinizations, pending sealed choices varied until they differ.

    (Not hooks.py's perturbations: they may build positions the rules cannot reach, such
    as a TOKYO METRO deck out of its dot order, whose next cards the seat does know.)"""
    view = before.view(seat)
    truth = _appended(view, after.view(seat))
    table = before.open_view()
    pending = game.type.sealed and table != before.view(None)
    varied = not pending
    for i in range(ORACLE_SAMPLES + (0 if varied else 4 * ORACLE_SAMPLES)):
        if i >= ORACLE_SAMPLES and varied:
            break
        sample = game.determinize(view, seat, seed_for(index) + i)
        sample_view = sample.view(seat)
        if not varied:
            other = sample.open_view()
            keys = [k for k in table if sample_view.get(k) == view.get(k)]
            varied = any(other.get(k) != table.get(k) for k in keys)
        try:
            sample.apply(seat, action)
        except EkimaeError:
            return True
        if _appended(sample_view, sample.view(seat)) != truth:
            return True
    return False


def _seats(game: Game[Any], seed: int) -> int:
    low, high = game.type.min_seats, max(game.type.min_seats, min(game.type.max_seats, 4))
    return low + seed % (high - low + 1)


@pytest.mark.parametrize(("name", "game"), GAMES, ids=GAME_IDS)
def test_exactly_draws_and_reveals_are_final(
    name: str, game: Game[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    kinds: dict[str | None, int] = {}
    for seed in range(2):
        seats = max(2, _seats(game, seed)) if game.type.max_seats > 1 else 1
        rng = random.Random(seed)
        state = game.new_state(seats, seed)
        index = 0
        while not state.is_terminal():
            seat = rng.choice(state.current_players())
            action = rng.choice(list(state.legal_actions(seat)))
            before = state.clone()
            trial = state.clone()
            with drawn(monkeypatch) as calls:
                trial.apply(seat, action)
            why = apply_judged(game, state, seat, action, seed_for(index))
            if calls[0]:
                assert why == DREW, f"{action} drew {calls[0]} numbers and may be undone"
            else:
                reveals = oracle_reveals(game, before, seat, action, state, index)
                assert why == (REVEALED if reveals else None), (
                    f"step {index}, seat {seat}, {action}: core says {why!r}, "
                    f"the oracle {'found' if reveals else 'found no'} reveal"
                )
            kinds[why] = kinds.get(why, 0) + 1
            index += 1
    assert kinds.get(None), "no action at all could be undone"


def _record_of(game: Game[Any], seats: int, seed: int) -> tuple[GameRecord, list[str | None]]:
    """A random playout's record and each action's verdict as it was played."""
    rng = random.Random(seed)
    state = game.new_state(seats, seed)
    record = GameRecord(game.name, seats, seed)
    verdicts: list[str | None] = []
    while not state.is_terminal() and len(record.actions) < 60:
        seat = rng.choice(state.current_players())
        action = rng.choice(list(state.legal_actions(seat)))
        verdicts.append(apply_judged(game, state, seat, action, seed_for(len(record.actions))))
        record.actions.append((seat, action))
    return record, verdicts


@pytest.mark.parametrize(("name", "game"), GAMES, ids=GAME_IDS)
def test_a_reloaded_game_knows_its_last_actions_verdict(name: str, game: Game[Any]) -> None:
    """A server that loads a game replays all but the last action and judges that one:
    the verdict is the one given when it was played (the seeds come from its index)."""
    record, verdicts = _record_of(game, min(3, game.type.max_seats), 5)
    for n in range(1, len(record.actions) + 1, 7):
        state = replay(record, game, n - 1)
        seat, action = record.actions[n - 1]
        assert apply_judged(game, state, seat, action, seed_for(n - 1)) == verdicts[n - 1]


@pytest.mark.parametrize(("name", "game"), GAMES, ids=GAME_IDS)
def test_determinized_views_agree_on_what_they_do_not_rebuild(name: str, game: Game[Any]) -> None:
    """The core reads one sample's view before the action for every sample (the log a
    determinized state leaves out is the same whatever the seed)."""
    rng = random.Random(3)
    state = game.new_state(min(3, game.type.max_seats), 3)
    for _ in range(40):
        if state.is_terminal():
            break
        seat = rng.choice(state.current_players())
        view = state.view(seat)
        assert game.determinize(view, seat, 1).view(seat) == game.determinize(view, seat, 2).view(
            seat
        )
        state.apply(seat, rng.choice(list(state.legal_actions(seat))))
