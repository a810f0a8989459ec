"""Typed views (issue 34): each title whose view is declared as a TypedDict keeps to it.

Two sides of one contract:
- run time: every view met in seeded random games, for every seat and a spectator, has
  exactly the declared keys, each value of the declared type, nested dicts included
  (`problems`), so the declaration cannot drift from what the state builds;
- type check: mypy refuses a read of a key the declaration lacks (a renamed key), and
  accepts the declared one, so readers of the view are checked against it.
"""

from __future__ import annotations

import functools
import random
import types
import typing
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Union, cast, get_args, get_origin, get_type_hints, is_typeddict

import pytest
from mypy import api as mypy_api

from ekimae.bots import make_bot
from ekimae.bots.base import play_game
from ekimae.core.game import Game
from ekimae.games.bottle_bonus.game import GAME as BOTTLE
from ekimae.games.bottle_bonus.view import BottleView, bottle_bonus_view
from ekimae.games.chocolate_milk.game import GAME as MILK
from ekimae.games.chocolate_milk.view import MilkView, milk_view
from ekimae.games.countdown.game import GAME as COUNTDOWN
from ekimae.games.countdown.view import CountdownView, countdown_view
from ekimae.games.izakaya.game import GAME as IZAKAYA
from ekimae.games.izakaya.view import IzakayaView, izakaya_view
from ekimae.games.quick_draw.game import GAME as QUICK_DRAW
from ekimae.games.quick_draw.view import QuickDrawView, quick_draw_view
from ekimae.games.sealed_auction.game import GAME as AUCTION
from ekimae.games.sealed_auction.view import AuctionView, auction_view
from ekimae.games.shopping.game import GAME as SHOPPING
from ekimae.games.shopping.view import ShoppingView, shopping_view
from ekimae.games.tokyo_jutaku.game import GAME as JUTAKU
from ekimae.games.tokyo_jutaku.view import JutakuView, jutaku_view
from ekimae.games.tokyo_metro.game import GAME as METRO
from ekimae.games.tokyo_metro.view import MetroView, metro_view

SRC = Path(__file__).resolve().parents[2] / "src"


def optioned(game: Game[Any], name: str, **options: str) -> Game[Any]:
    """`game` played with `options`: for the keys a view has only with them (its name
    tells the test ids apart)."""

    def new_state(seats: int, seed: int) -> Any:
        return game.new_state(seats, seed, options)

    return cast(Game[Any], types.SimpleNamespace(name=name, new_state=new_state))


@dataclass(frozen=True)
class Typed:
    """One title's typed view: its game, its TypedDict (module and name, for the mypy
    snippet), a key it has and a near miss it lacks, the reader from the generic view."""

    game: Game[Any]
    view_type: type
    module: str
    key: str
    renamed: str
    reader: Callable[[Mapping[str, Any]], Any]
    seats: tuple[int, ...]
    # Bots that play the games, seat by seat in turn (none: random choices). A real-time
    # title's random games give up or fail their checks and never build, score or drop
    # drinks; a builder beside a random player reaches all of it.
    bots: tuple[str, ...] = ()


TITLES = [
    Typed(MILK, MilkView, "ekimae.games.chocolate_milk.view", "crates_left", "crate_left",
          milk_view, (1, 3, 8)),
    Typed(SHOPPING, ShoppingView, "ekimae.games.shopping.view", "tuna_price", "tuna_prices",
          shopping_view, (2, 4)),
    Typed(METRO, MetroView, "ekimae.games.tokyo_metro.view", "turn_busy", "turns_busy",
          metro_view, (1, 2, 4)),
    Typed(optioned(METRO, "osaka-metro-drinks", map="osaka", cards="osaka", drinks="on"),
          MetroView, "ekimae.games.tokyo_metro.view", "trains_phase", "train_phase",
          metro_view, (1, 3, 5)),
    Typed(IZAKAYA, IzakayaView, "ekimae.games.izakaya.view", "end_pile", "end_piles",
          izakaya_view, (2, 3, 5)),
    Typed(JUTAKU, JutakuView, "ekimae.games.tokyo_jutaku.view", "architects", "architect",
          jutaku_view, (3,), ("builder", "random")),
    Typed(COUNTDOWN, CountdownView, "ekimae.games.countdown.view", "solo_best", "solo_bests",
          countdown_view, (1, 3), ("builder", "random")),
    Typed(BOTTLE, BottleView, "ekimae.games.bottle_bonus.view", "spendable", "spendables",
          bottle_bonus_view, (3,), ("builder", "random")),
    Typed(AUCTION, AuctionView, "ekimae.games.sealed_auction.view", "lots_to_come",
          "lot_to_come", auction_view, (2, 3, 6)),
    Typed(QUICK_DRAW, QuickDrawView, "ekimae.games.quick_draw.view", "round_end_ms",
          "round_ends_ms", quick_draw_view, (1, 3)),
]  # fmt: skip


def problems(value: Any, hint: Any, where: str = "view") -> list[str]:
    """Where `value` departs from the type `hint` (empty: it conforms)."""
    if hint is Any:
        return []
    if is_typeddict(hint):
        return _dict_problems(value, hint, where)
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        found = [problems(value, a, where) for a in args]
        return [] if any(not f for f in found) else min(found, key=len)
    if origin is Literal:
        return [] if value in args else [f"{where}: {value!r} is not one of {args}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__}, not a list"]
        return [p for i, v in enumerate(value) for p in problems(v, args[0], f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not a dict"]
        return [
            p
            for k, v in value.items()
            for p in [*problems(k, args[0], f"{where} key"), *problems(v, args[1], f"{where}.{k}")]
        ]
    if hint is type(None):
        return [] if value is None else [f"{where}: {value!r}, not None"]
    # bool is an int in Python; a view's int is never a bool, nor the other way round.
    if isinstance(value, bool) != (hint is bool) or not isinstance(value, hint):
        return [f"{where}: {type(value).__name__} {value!r}, not {hint.__name__}"]
    return []


@functools.cache
def _hints(typed: Any) -> dict[str, Any]:
    return get_type_hints(typed)


def _dict_problems(value: Any, hint: Any, where: str) -> list[str]:
    if not isinstance(value, dict):
        return [f"{where}: {type(value).__name__}, not a {hint.__name__}"]
    hints = _hints(hint)
    out = [f"{where}: key {k!r} not declared in {hint.__name__}" for k in value if k not in hints]
    missing = hint.__required_keys__ - set(value)
    out += [f"{where}: no key {k!r} of {hint.__name__}" for k in sorted(missing)]
    for key, inner in hints.items():
        if key in value:
            out += problems(value[key], inner, f"{where}.{key}")
    return out


def views(title: Typed, games: int = 1) -> Iterator[dict[str, Any]]:
    """Every seat's view and a spectator's at every step of seeded random games (of
    `title.bots` when it names some)."""
    for n, seats in enumerate(title.seats):
        for seed in range(games):
            if title.bots:
                state = title.game.new_state(seats, 1000 * n + seed)
                yield from (state.view(seat) for seat in (*range(seats), None))
                yield from _bot_views(title, seats, 1000 * n + seed)
                continue
            state = title.game.new_state(seats, 1000 * n + seed)
            rng = random.Random(seed)
            while True:
                for seat in (*range(seats), None):
                    yield state.view(seat)
                if state.is_terminal():
                    break
                seat = state.current_players()[0]
                state.apply(seat, rng.choice(list(state.legal_actions(seat))))


def _bot_views(title: Typed, seats: int, seed: int) -> list[dict[str, Any]]:
    """The views of a game of `title.bots` after each action (the system seat's too)."""
    names = [title.bots[s % len(title.bots)] for s in range(seats)]
    bots = [make_bot(title.game.name, name, seed + s) for s, name in enumerate(names)]
    found: list[dict[str, Any]] = []

    def seen(state: Any, seat: int, action: Any) -> None:
        found.extend(state.view(s) for s in (*range(seats), None))

    play_game(title.game, bots, seed, on_action=seen)
    return found


@pytest.mark.parametrize("title", TITLES, ids=lambda t: t.game.name)
def test_every_view_has_exactly_the_declared_keys_and_types(title: Typed) -> None:
    seen = 0
    phases: set[str] = set()
    placed = 0
    for view in views(title):
        assert problems(view, title.view_type) == []
        assert title.reader(view) is view  # read as typed, not converted
        seen += 1
        phases.add(str(view.get("phase")))
        placed = max(placed, *map(len, view.get("built") or [[]]))
    assert seen > 100, seen
    if title.bots:  # the bots' games reach what matters: buildings built, the end
        assert {"build", "over"} <= phases and placed >= 3, (phases, placed)


@pytest.mark.parametrize("title", TITLES, ids=lambda t: t.game.name)
def test_a_renamed_or_extra_key_is_found(title: Typed) -> None:
    """The run-time check can fail: a real view with one key renamed, or a nested value of
    the wrong type, is reported."""
    view = next(views(title, games=1))
    renamed = dict(view)
    renamed[title.renamed] = renamed.pop(title.key)
    found = problems(renamed, title.view_type)
    assert any(title.renamed in p for p in found) and any(title.key in p for p in found)
    assert problems({**view, title.key: "text"}, title.view_type) != []


def _mypy(snippet: str, tmp_path: Path) -> tuple[str, int]:
    path = tmp_path / "snippet.py"
    path.write_text(snippet)
    out, err, status = mypy_api.run(
        [
            "--strict",
            "--follow-imports=silent",
            "--no-incremental",
            "--cache-dir=/dev/null",
            "--config-file=",
            str(path),
        ]
    )
    return out + err, status


@pytest.mark.parametrize("title", TITLES, ids=lambda t: t.game.name)
def test_mypy_refuses_a_renamed_key(title: Typed, tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("MYPYPATH", str(SRC))
    name = title.view_type.__name__
    snippet = (
        f"from {title.module} import {name}\n\n\n"
        f"def read(view: {name}) -> object:\n"
        "    return view[{key!r}]\n"
    )
    said, status = _mypy(snippet.format(key=title.key), tmp_path)
    assert status == 0, said
    said, status = _mypy(snippet.format(key=title.renamed), tmp_path)
    assert status == 1 and "[typeddict-item]" in said and title.renamed in said, said


def test_the_typed_views_are_plain_dicts() -> None:
    """The wire form is unchanged: a typed view is the dict the generic API returns."""
    state = MILK.new_state(2, 7)
    assert type(state.view_for(0)) is dict
    assert state.view_for(0) == state.view(0)
    assert typing.get_type_hints(MilkView)["game"] == Literal["chocolate-milk"]
