"""`core.saved`: a state's fields declared once give its copy, its save and its load."""

from __future__ import annotations

import dataclasses
import enum
import json
from collections.abc import Callable, Mapping
from typing import Annotated, Any, ClassVar

import pytest

from ekimae.core import log
from ekimae.core.log import LogEntry
from ekimae.core.logtext import LogForms
from ekimae.core.rng import Rng
from ekimae.core.saved import (
    Context,
    Custom,
    Derived,
    Saved,
    Shared,
    SortedKeys,
    fields_of,
    generated_code,
)
from ekimae.games import games


class Colour(enum.IntEnum):
    RED = 1
    BLUE = 2


@dataclasses.dataclass(frozen=True)
class Card:
    name: str
    cost: int


def _save_total(state: Any, value: int) -> str:
    return f"¥{value}"


def _load_total(state: Any, raw: str) -> int:
    return int(raw.removeprefix("¥"))


class Base(Saved):
    data: Context[dict[str, int]]
    money: list[int]


class Sample(Base):
    LOG_FORMS: ClassVar[LogForms] = LogForms((), {})
    FIELD_DEFAULTS: ClassVar[Mapping[str, Callable[[Mapping[str, Any]], Any]]] = {
        "added": lambda raw: len(raw["money"]),
    }

    scale: Derived[int]
    options: Shared[dict[str, str]]
    colour: Colour
    ended: str | None
    hands: list[list[str]]
    decks: list[tuple[str, ...]]
    cards: list[Card]
    pair: tuple[int, str]
    taken: SortedKeys[dict[str, int]]
    total: Annotated[int, Custom(_save_total, _load_total)]
    rng: Rng
    log: LogEntry | None
    added: int

    def loaded(self) -> None:
        self.scale = self.data["scale"]


def _sample() -> Sample:
    state = object.__new__(Sample)
    state.data = {"scale": 3}
    state.loaded()
    state.money = [10, 20]
    state.options = {"variant": "a"}
    state.colour = Colour.BLUE
    state.ended = None
    state.hands = [["x"], []]
    state.decks = [("a", "b")]
    state.cards = [Card("tea", 2)]
    state.pair = (1, "one")
    state.taken = {"b": 1, "a": 0}
    state.total = 42
    state.rng = Rng(7)
    state.log = log.add_text(None, "Game starts.")
    state.added = 5
    return state


def test_fields_bases_first_context_and_derived_included() -> None:
    assert fields_of(Sample)[:3] == ["data", "money", "scale"]
    assert vars(Sample)["__slots__"][0] == "scale"  # own fields only: the base has its own slots


def test_save_is_json_in_declaration_order_without_context_or_derived() -> None:
    saved = _sample().to_dict()
    assert list(saved) == [
        "money", "options", "colour", "ended", "hands", "decks", "cards", "pair", "taken",
        "total", "rng", "log", "added",
    ]  # fmt: skip
    assert saved["colour"] == 2
    assert saved["decks"] == [["a", "b"]]
    assert saved["cards"] == [{"name": "tea", "cost": 2}]
    assert list(saved["taken"]) == ["a", "b"]
    assert saved["total"] == "¥42"
    assert saved["log"] == ["Game starts."]
    json.dumps(saved)


def test_load_gives_back_the_same_state_with_its_types() -> None:
    state = _sample()
    back = Sample.load(json.loads(json.dumps(state.to_dict())), {"scale": 3})
    assert back == state
    assert back.scale == 3
    assert back.colour is Colour.BLUE
    assert back.decks == [("a", "b")]
    assert back.cards == [Card("tea", 2)]
    assert back.pair == (1, "one")
    assert back.rng.state == Rng(7).state
    assert back.total == 42


def test_field_missing_from_an_older_save_gets_its_default() -> None:
    raw = _sample().to_dict()
    del raw["added"]
    assert Sample.load(raw, {"scale": 3}).added == 2


def test_clone_is_independent_and_shares_what_is_never_changed_in_place() -> None:
    state = _sample()
    copy = state.clone()
    assert copy == state
    copy.money[0] = 99
    copy.hands[0].append("y")
    copy.taken["c"] = 1
    copy.rng.next64()
    assert state.money == [10, 20]
    assert state.hands == [["x"], []]
    assert "c" not in state.taken
    assert copy.rng.state != state.rng.state
    assert copy.options is state.options  # Shared
    assert copy.decks[0] is state.decks[0]  # tuples are never changed
    assert copy.log is state.log  # the log is only ever extended
    assert copy.data is state.data  # Context


def test_a_type_it_cannot_save_is_refused_by_name() -> None:
    class Odd(Saved):
        things: set[int]

    with pytest.raises(TypeError, match="Odd: no way to save a field of type set"):
        generated_code(Odd)


@pytest.mark.parametrize("name", list(games()))
def test_every_title_declares_its_state_once(name: str) -> None:
    """The state, or the position a state wraps with its caches (TOKYO METRO's)."""
    state = games()[name].new_state(games()[name].type.min_seats, 1)
    held = [getattr(state, slot, None) for slot in getattr(type(state), "__slots__", ())]
    (position,) = [s for s in [state, *held] if isinstance(s, Saved)]
    assert "def clone(self):" in generated_code(type(position))
