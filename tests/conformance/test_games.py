"""The conformance suite, run on every registered game: random playouts with invariants.

Only the public API (`ekimae.core.game`) is used, so a new title is checked as soon as it
is registered (tests/conftest.py switches the examples on), for every seat count and
option value its `GameType` offers; per-title knowledge is optional and lives in
hooks.py.

At every step a seat to act has a legal action. Every few steps, more: every listed
action applies and `is_legal` agrees with the listing (parts included); refused actions
leave the state exactly as it was; clone and JSON round-trip give equal states; views
are JSON and leak nothing (a sealed action's content changes no other seat's view; the
title's own perturbation changes nothing the seat sees); a determinized state shows the
view it came from; action texts round-trip and are unique. At the end: the ranking
partitions the seats and agrees with the winners and the title's ties, and the record
replays to the same state.

How many games: a fixed budget of actions per title over every seat count and option
combination (budget.py), never a time; thousands more per title with `make soak`.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import orjson
import pytest

from ekimae.core.actions import Action
from ekimae.core.errors import DataError, IllegalActionError, MalformedActionError
from ekimae.core.game import Game, Ties
from ekimae.core.record import GameRecord, record_from_json, replay
from ekimae.games import games
from tests.conformance import budget
from tests.conformance.hooks import Hooks, hooks_for, no_perturbation

GAMES = sorted(games().items())
SEATED = [
    pytest.param(game, seats, id=f"{name}-{seats}p")
    for name, game in GAMES
    for seats in range(game.type.min_seats, game.type.max_seats + 1)
]
GAME_IDS = [name for name, _ in GAMES]


# orjson, not json: the snapshots and round trips are most of the suite's own CPU (issue
# 28). Both sides of every comparison go through the same encoder, and orjson refuses
# what json would silently coerce (a tuple or an int key is still caught by `== view`).
_SORTED = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS


def _snapshot(state: Any) -> bytes:
    return orjson.dumps(state.to_dict(), option=_SORTED)


def _round_trip(value: Any) -> Any:
    """`value` through JSON text and back (what a wire or a file does to it)."""
    return orjson.loads(orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS))


def _check_actions_round_trip(game: Game[Any], legal: list[Action]) -> None:
    texts = [game.format_action(a) for a in legal]
    assert len(set(texts)) == len(texts), "two legal actions share a text form"
    for action, text in zip(legal, texts, strict=True):
        assert game.parse_action(text) == action
        assert game.codec.from_dict(_round_trip(action.to_dict())) == action


def _illegal_candidates(
    game: Game[Any], state: Any, seats: int, seat: int, rng: random.Random
) -> list[tuple[int, Action]]:
    """Actions that must be refused: other seats' actions and mutated legal ones."""
    out: list[tuple[int, Action]] = []
    legal = set(state.legal_actions(seat))
    for other in range(seats):
        if other not in state.current_players():
            out.extend((other, a) for a in list(legal)[:2])
    for action in rng.sample(sorted(legal, key=str), min(3, len(legal))):
        data = action.to_dict()
        for key, value in data.items():
            if isinstance(value, int) and not isinstance(value, bool):
                # A real-time action's `at` past the step's deadline (a slow clock's limits
                # are longer than 100 s; issue 30), any other number far off.
                late = max(value, state.deadline() or 0) if key == "at" else value
                mutated = game.codec.from_dict({**data, key: late + 100_000})
            elif key != "type" and isinstance(value, str):
                mutated = game.codec.from_dict({**data, key: value + "x"})
            else:
                continue
            if mutated not in legal:
                out.append((seat, mutated))
    return out


def _check_listing(state: Any, seats: int, seat: int, legal: list[Action]) -> None:
    """`is_legal` and the parts agree with `legal_actions`; seats not to act have none."""
    assert all(state.is_legal(seat, a) for a in legal)
    parts = list(state.legal_parts(seat))
    assert len(set(parts)) == len(parts), "a part is named twice"
    in_parts = [a for part in parts for a in state.legal_actions_in(seat, part)]
    assert Counter(in_parts) == Counter(legal), "the parts are not exactly the listing"
    assert list(state.legal_actions_in(seat, "no such part")) == []
    for other in set(range(seats)) - set(state.current_players()):
        assert list(state.legal_actions(other)) == [], f"seat {other} is not to act"


def _check_refusals(game: Game[Any], state: Any, seats: int, seat: int, rng: random.Random) -> None:
    before = _snapshot(state)
    for who, bad in _illegal_candidates(game, state, seats, seat, rng):
        assert not state.is_legal(who, bad), f"is_legal accepts {bad} for seat {who}"
        with pytest.raises(IllegalActionError):
            state.apply(who, bad)
        assert _snapshot(state) == before, f"refused {bad} changed the state"


def _check_views(state: Any, seat: int) -> None:
    for viewer in (seat, None):  # the acting seat varies: over a playout, all are seen
        view = state.view(viewer)
        assert _round_trip(view) == view, "a view is not plain JSON data"
    table = state.open_view()
    assert _round_trip(table) == table


def _check_sealed(game: Game[Any], state: Any, seats: int, rng: random.Random) -> None:
    """While others still owe theirs, what a seat seals changes nothing another seat or a
    spectator sees (nor what they may do)."""
    to_act = state.current_players()
    if not game.type.sealed or len(to_act) < 2:
        return
    sealer = rng.choice(to_act)
    sealed = [a for a in state.legal_actions(sealer) if a.kind in game.type.sealed]
    if len(sealed) < 2:
        return
    one, two = state.clone(), state.clone()
    first, second = rng.sample(sealed, 2)
    one.apply(sealer, first)
    two.apply(sealer, second)
    assert one.current_players() == two.current_players()
    for viewer in [*(p for p in range(seats) if p != sealer), None]:
        assert one.view(viewer) == two.view(viewer), f"{viewer} sees a sealed {first.kind}"
    for other in one.current_players():
        assert one.legal_actions(other) == two.legal_actions(other)


def _check_perturbed(state: Any, seats: int, hooks: Hooks, rng: random.Random) -> None:
    if hooks.perturb_hidden is no_perturbation:
        return
    for viewer in range(seats):
        other = hooks.perturb_hidden(state, viewer, rng)
        assert other.view(viewer) == state.view(viewer), "a view shows hidden information"
        assert other.legal_actions(viewer) == state.legal_actions(viewer)


def _check_determinized(
    game: Game[Any], state: Any, seat: int, hooks: Hooks, rng: random.Random
) -> None:
    """A state sampled from a seat's view shows that view and offers the same actions."""
    view = state.view(seat)
    sample = game.determinize(view, seat, rng.randrange(2**32))
    made = sample.view(seat)
    for key in view.keys() - hooks.not_determinized:
        assert made[key] == view[key], f"determinize changed the view's {key!r}"
    assert sample.current_players() == state.current_players()
    assert list(sample.legal_actions(seat)) == list(state.legal_actions(seat))


def _check_unfinished(state: Any) -> None:
    assert state.ranking() == [] and state.winners() == [] and state.winner() is None


def _step_checks(game: Game[Any], state: Any, seats: int, rng: random.Random, deep: bool) -> None:
    hooks = hooks_for(game.name)
    if hooks.money_balance is not None:
        held, expected = hooks.money_balance(state)
        assert held == expected, "money not accounted for"
    to_act = state.current_players()
    seat = rng.choice(to_act)
    legal = list(state.legal_actions(seat))
    assert legal, f"seat {seat} is to act but has no legal action"
    if not deep:
        return
    _check_unfinished(state)
    _check_actions_round_trip(game, legal)
    _check_listing(state, seats, seat, legal)
    assert _snapshot(state.clone()) == _snapshot(state)
    restored = game.state_from_dict(_round_trip(state.to_dict()))
    assert _snapshot(restored) == _snapshot(state)
    _check_refusals(game, state, seats, seat, rng)
    before = _snapshot(state)
    for action in rng.sample(legal, min(4, len(legal))):
        trial = state.clone()
        trial.apply(seat, action)  # every listed action applies
    _check_sealed(game, state, seats, rng)
    assert _snapshot(state) == before, "applying to a clone changed the original"
    _check_views(state, seat)
    _check_perturbed(state, seats, hooks, rng)
    _check_determinized(game, state, seat, hooks, rng)


def _options(game: Game[Any], seed: int) -> dict[str, str]:
    """Option values varied by the seed, counting through every combination (the first
    option fastest), the defaults where the title refuses the combination."""
    chosen = {}
    rest = seed
    for o in game.type.options:
        rest, pick = divmod(rest, len(o.choices))
        chosen[o.name] = o.choices[pick]
    try:
        return game.type.check_options(chosen)
    except DataError:
        return game.type.check_options(None)


def playout(
    game: Game[Any],
    seats: int,
    seed: int,
    deep_every: int,
    options: dict[str, str] | None = None,
) -> tuple[Any, GameRecord]:
    """A random game (the options `_options` picks from the seed unless given), with the
    step checks, the deep ones every `deep_every` steps (0: never)."""
    rng = random.Random(seed)
    options = _options(game, seed) if options is None else game.type.check_options(options)
    state = game.new_state(seats, seed, options)
    record = GameRecord(game.name, seats, seed, options)
    step = 0
    while not state.is_terminal():
        _step_checks(game, state, seats, rng, deep=deep_every > 0 and step % deep_every == 0)
        seat = rng.choice(state.current_players())
        action = rng.choice(list(state.legal_actions(seat)))
        state.apply(seat, action)
        record.actions.append((seat, action))
        step += 1
    return state, record


def _check_ranking(game: Game[Any], state: Any, seats: int) -> None:
    """The places partition the seats, agree with the winners, scores and ties."""
    places = state.ranking()
    assert all(places), "an empty place"
    assert sorted(p for place in places for p in place) == list(range(seats))
    assert state.winners() == places[0]
    assert state.winner() == (places[0][0] if len(places[0]) == 1 else None)
    if game.type.ties is Ties.BROKEN:
        assert all(len(place) == 1 for place in places), "a shared place, ties are broken"
    scores = state.scores()
    best = [max(scores[p] for p in place) for place in places]
    worst = [min(scores[p] for p in place) for place in places]
    assert all(w >= b for w, b in zip(worst, best[1:], strict=False)), "a place outscored"


def _end_checks(game: Game[Any], state: Any, record: GameRecord) -> None:
    hooks = hooks_for(game.name)
    assert state.current_players() == ()
    _check_ranking(game, state, record.seats)
    if hooks.money_balance is not None:
        held, expected = hooks.money_balance(state)
        assert held == expected
    if hooks.end_checks is not None:
        hooks.end_checks(state)
    again = replay(record_from_json(record.to_json(), game), game)
    assert _snapshot(again) == _snapshot(state) and again.scores() == state.scores()
    with pytest.raises((IllegalActionError, MalformedActionError)):
        state.apply(record.actions[-1][0], record.actions[-1][1])


@pytest.mark.parametrize(("game", "seats"), SEATED)
def test_random_playouts_keep_every_invariant(game: Game[Any], seats: int) -> None:
    """Every check every 7 steps: three games at least, one per option combination."""
    grid = budget.cells(game, seats)
    for cell, seed in itertools.islice(budget.round_robin(grid, 0), max(3, len(grid))):
        state, record = playout(game, seats, seed, deep_every=7, options=cell.chosen)
        _end_checks(game, state, record)


@pytest.mark.parametrize(("game", "seats"), SEATED)
def test_random_playouts_within_a_budget(game: Game[Any], seats: int) -> None:
    """Many games with the cheap checks at every step and all the end checks: the title's
    budget of actions (budget.py) at this seat count, each option combination at least
    once. `make soak` plays thousands of games per title the same way (tools/soak.py)."""
    grid = budget.cells(game, seats)
    allowed, played = budget.per_seat_count(game), 0
    for k, (cell, seed) in enumerate(budget.round_robin(grid, 1_000)):
        if played >= allowed and k >= len(grid):
            break
        state, record = playout(game, seats, seed, deep_every=0, options=cell.chosen)
        _end_checks(game, state, record)
        played += len(record.actions)


METRO_COMBOS = [
    pytest.param(seats, index, id=f"{seats}p-{index}")
    for seats in range(1, 6)
    for index in range(4)  # MOD-1: map tokyo/osaka x cards tokyo/osaka (see `_options`)
]


@pytest.mark.parametrize(("seats", "combo"), METRO_COMBOS)
def test_tokyo_metro_every_map_and_card_set(seats: int, combo: int) -> None:
    """MOD-1: all four map x card set combinations, 1-5 players (solo on each map), with
    every invariant of the suite, every yen accounted for (hooks.py)."""
    game = dict(GAMES)["tokyo-metro"]
    seed = 4 * (seats + 10) + combo  # `_options` picks the combination from seed % 4
    chosen = _options(game, seed)
    assert {k: chosen[k] for k in ("map", "cards")} == {
        "map": ("tokyo", "osaka")[combo % 2],
        "cards": ("tokyo", "osaka")[combo // 2],
    }
    state, record = playout(game, seats, seed, deep_every=9)
    _end_checks(game, state, record)


@pytest.mark.parametrize(("seats", "combo"), METRO_COMBOS)
def test_tokyo_metro_drinks_on_every_map_and_card_set(seats: int, combo: int) -> None:
    """MD-1 … MD-7 with MOD-1: METRO DRINKS on each map x card set, 1-5 players, both MD-7
    counts, every invariant, every yen accounted for (build fees move between players,
    MD-7 bonuses come from the bank)."""
    game = dict(GAMES)["tokyo-metro"]
    # `_options` counts map, cards, drinks, drinks_bonus (the first fastest).
    seed = 16 * (seats + 10) + 4 + combo + 8 * (seats % 2)
    chosen = _options(game, seed)
    assert chosen["drinks"] == "on"
    assert (chosen["map"], chosen["cards"]) == (
        ("tokyo", "osaka")[combo % 2],
        ("tokyo", "osaka")[combo // 2],
    )
    state, record = playout(game, seats, seed, deep_every=9)
    _end_checks(game, state, record)


@pytest.mark.parametrize(("name", "game"), GAMES, ids=GAME_IDS)
def test_malformed_actions_are_refused_without_change(name: str, game: Game[Any]) -> None:
    state = game.new_state(game.type.min_seats, 1)
    before = _snapshot(state)
    bad: list[dict[str, Any]] = [{"type": "nope"}]
    for kind, fields in game.codec.kinds.items():
        required = [f for f, t in fields.items() if t is not tuple]
        if required:
            bad.append({"type": kind})  # a field missing
        for field, ftype in fields.items():
            wrong: Any = "x" if ftype in (int, bool) else 5
            bad.append({"type": kind, field: wrong})
        bad.append({"type": kind, "no_such_field": 1})
    for data in bad:
        with pytest.raises(MalformedActionError):
            game.codec.from_dict(data)
    with pytest.raises(MalformedActionError):
        game.parse_action("nope 1 2 3")
    assert _snapshot(state) == before


@pytest.mark.parametrize(("name", "game"), GAMES, ids=GAME_IDS)
def test_options_and_seats_outside_the_game_type_are_refused(name: str, game: Game[Any]) -> None:
    kind = game.type
    assert kind.check_options(None) == {o.name: o.default for o in kind.options}
    with pytest.raises(DataError):
        kind.check_options({"no-such-option": "x"})
    for option in kind.options:
        with pytest.raises(DataError):
            kind.check_options({option.name: "no-such-value"})
        with pytest.raises(DataError):
            game.new_state(kind.min_seats, 1, {option.name: "no-such-value"})
    for seats in (kind.min_seats - 1, kind.max_seats + 1):
        with pytest.raises((DataError, ValueError)):
            game.new_state(seats, 1)
    assert (game.name, game.min_seats, game.max_seats) == (
        kind.name,
        kind.min_seats,
        kind.max_seats,
    )
