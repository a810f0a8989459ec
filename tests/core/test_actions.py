"""The action codec: wire and text forms round-trip; anything off is MalformedActionError."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from ekimae.core.actions import Action, ActionCodec, format_action
from ekimae.core.errors import MalformedActionError


@dataclass(frozen=True, slots=True)
class Put(Action):
    kind = "put"
    spot: str
    count: int
    tags: tuple[str, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class Stop(Action):
    kind = "stop"


CODEC = ActionCodec([Put, Stop])


@pytest.mark.parametrize(
    "action", [Put("a1", 3), Put("b2", 0, ("x", "y")), Stop(), Put("c", -100, ("z",))]
)
def test_wire_and_text_round_trip(action: Action) -> None:
    assert CODEC.from_dict(action.to_dict()) == action
    assert CODEC.parse(format_action(action)) == action


def test_text_form_is_readable() -> None:
    assert format_action(Put("a1", 300, ("x", "y"))) == "put a1 300 tags=x,y"
    assert str(Stop()) == "stop"


def test_text_accepts_yen_signs_and_case() -> None:
    assert CODEC.parse("PUT a1 ¥1,200") == Put("a1", 1200)


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"type": "fly"},
        {"type": "put", "spot": "a1"},
        {"type": "put", "spot": "a1", "count": "3"},
        {"type": "put", "spot": "a1", "count": True},
        {"type": "put", "spot": "a1", "count": 1, "extra": 2},
        {"type": "put", "spot": "a1", "count": 1, "tags": "x"},
        {"type": "put", "spot": 5, "count": 1},
    ],
)
def test_malformed_wire_forms_are_refused(data: object) -> None:
    with pytest.raises(MalformedActionError):
        CODEC.from_dict(data)


@pytest.mark.parametrize(
    "text", ["", "fly", "put a1", "put a1 x", "put a1 1 2", "stop now", "put a1 1 no=x"]
)
def test_malformed_texts_are_refused(text: str) -> None:
    with pytest.raises(MalformedActionError):
        CODEC.parse(text)


def test_duplicate_kinds_are_a_programming_error() -> None:
    with pytest.raises(TypeError):
        ActionCodec([Put, Put])


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ({"type": ["put"]}, "type is a word, not a list"),
        ({"type": {"a": 1}}, "type is a word, not an object"),
        ({"type": None}, "type is a word, not null"),
        ({"type": "put", "spot": ["a1"], "count": 1}, "put.spot: expected a word, got a list"),
        ({"type": "put", "spot": "a1", "count": {}}, "expected a whole number, got an object"),
        ({"type": "put", "spot": "a1", "count": 1, "tags": [["x"]]}, "a list of words"),
    ],
)
def test_a_list_or_an_object_anywhere_is_malformed_in_one_sentence(
    data: dict[str, object], says: str
) -> None:
    """Issue 26: these raised TypeError (unhashable) and became HTTP 500."""
    with pytest.raises(MalformedActionError, match=says) as caught:
        CODEC.from_dict(data)
    assert "\n" not in str(caught.value)
