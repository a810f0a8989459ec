"""Actions as values: frozen dataclasses with a wire form and a readable text form.

Every game declares its action classes (subclasses of `Action`, each with a unique
`kind`) and builds one `ActionCodec` over them. The codec is the only place that turns
dicts and text into actions, so every consumer (web, CLI, bots, records) reads them the
same way and a bad one is always a `MalformedActionError`.

Text form: the kind, then positional fields, then non-empty tuple fields as
``name=a,b``. For example ``station HT2b shinjuku discounts=GM1a``.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from ekimae.core.errors import MalformedActionError


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. Subclasses set `kind` and declare their fields."""

    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        """The wire form: ``{"type": kind, field: value, ...}`` (tuples become lists)."""
        out: dict[str, Any] = {"type": self.kind}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            out[field.name] = list(value) if isinstance(value, tuple) else value
        return out

    def __str__(self) -> str:
        return format_action(self)


_SCALARS = (int, str, bool)


def _field_kinds(cls: type[Action]) -> dict[str, type]:
    """Map each field to `int`, `str`, `bool` or `tuple` (a tuple of str)."""
    hints = typing.get_type_hints(cls)
    kinds: dict[str, type] = {}
    for field in dataclasses.fields(cls):
        hint = hints[field.name]
        origin = typing.get_origin(hint)
        if hint in _SCALARS:
            kinds[field.name] = hint
        elif origin is tuple and typing.get_args(hint) == (str, ...):
            kinds[field.name] = tuple
        else:
            raise TypeError(f"{cls.__name__}.{field.name}: unsupported field type {hint!r}")
    return kinds


def _is_optional_tuple(field: dataclasses.Field[Any]) -> bool:
    return field.default_factory is not dataclasses.MISSING or field.default == ()


class ActionCodec:
    """Reads and writes one game's actions (wire dicts and text)."""

    def __init__(self, classes: Iterable[type[Action]]) -> None:
        self.classes: dict[str, type[Action]] = {}
        self.kinds: dict[str, dict[str, type]] = {}
        for cls in classes:
            if not cls.kind or cls.kind in self.classes:
                raise TypeError(f"{cls.__name__}: missing or duplicate kind {cls.kind!r}")
            self.classes[cls.kind] = cls
            self.kinds[cls.kind] = _field_kinds(cls)

    def from_dict(self, data: Any) -> Action:
        """Build an action from its wire form; `MalformedActionError` on anything off."""
        if not isinstance(data, Mapping):
            raise MalformedActionError(f"an action must be an object, got {_short(data)}")
        kind = data.get("type")
        if not isinstance(kind, str) or kind not in self.classes:
            known = ", ".join(sorted(self.classes))
            what = (
                f"unknown action type {_short(kind)}"
                if isinstance(kind, str)
                else (f"an action's type is a word, not {_json_kind(kind)}")
            )
            raise MalformedActionError(f"{what} (known: {known})")
        fields = self.kinds[kind]
        extra = set(data) - set(fields) - {"type"}
        if extra:
            raise MalformedActionError(
                f"{kind}: unknown field(s) {_short(', '.join(sorted(map(str, extra))))}"
            )
        values: dict[str, Any] = {}
        for name, ftype in fields.items():
            if name not in data:
                if ftype is tuple:
                    continue
                raise MalformedActionError(f"{kind}: missing field {name!r}")
            values[name] = _check_value(kind, name, ftype, data[name])
        return self.classes[kind](**values)

    def parse(self, text: str) -> Action:
        """Read the text form (see module docstring)."""
        words = text.split()
        if not words:
            raise MalformedActionError("empty action text")
        kind, args = words[0].lower(), words[1:]
        if kind not in self.classes:
            known = ", ".join(sorted(self.classes))
            raise MalformedActionError(f"unknown action {_short(kind)} (known: {known})")
        fields = self.kinds[kind]
        positional = [n for n, t in fields.items() if t is not tuple]
        data: dict[str, Any] = {"type": kind}
        plain = [a for a in args if "=" not in a]
        if len(plain) != len(positional):
            usage = " ".join([kind, *(f"<{n}>" for n in positional)])
            raise MalformedActionError(f"{kind}: expected {usage!r}, got {_short(text)}")
        for name, word in zip(positional, plain, strict=True):
            data[name] = _read_word(kind, name, fields[name], word)
        for arg in (a for a in args if "=" in a):
            name, _, value = arg.partition("=")
            if fields.get(name) is not tuple:
                raise MalformedActionError(f"{kind}: unknown list field {name!r}")
            data[name] = [v for v in value.split(",") if v]
        return self.from_dict(data)


def _short(value: Any, limit: int = 60) -> str:
    """`repr(value)` cut to `limit` characters: errors name bad input but never echo a
    whole one back (a 5 MB action must not come back in a 5 MB error)."""
    text = repr(value) if len(str(value)) < 10 * limit else repr(str(value)[: 2 * limit])
    return text if len(text) <= limit else f"{text[: limit - 1]}…"


_NAMES = {int: "a whole number", str: "a word", bool: "true or false"}


def _json_kind(value: Any) -> str:
    """What a JSON value is, in words (errors name it instead of echoing it)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "a word"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


def _check_value(kind: str, name: str, ftype: type, value: Any) -> Any:
    if ftype is tuple:
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
            raise MalformedActionError(f"{kind}.{name}: expected a list of words")
        return tuple(value)
    if (isinstance(value, bool) and ftype is not bool) or not isinstance(value, ftype):
        shown = _short(value) if isinstance(value, int | str | float) else _json_kind(value)
        raise MalformedActionError(
            f"{kind}.{name}: expected {_NAMES.get(ftype, ftype.__name__)}, got {shown}"
        )
    return value


def _read_word(kind: str, name: str, ftype: type, word: str) -> Any:
    if ftype is int:
        try:
            return int(word.replace("¥", "").replace(",", ""))
        except ValueError:
            raise MalformedActionError(f"{kind}.{name}: {word!r} is not a number") from None
    if ftype is bool:
        if word not in ("yes", "no"):
            raise MalformedActionError(f"{kind}.{name}: expected yes or no, got {word!r}")
        return word == "yes"
    return word


def format_action(action: Action) -> str:
    """The text form; `ActionCodec.parse` reads it back to an equal action."""
    words = [action.kind]
    lists = []
    for field in dataclasses.fields(action):
        value = getattr(action, field.name)
        if isinstance(value, tuple):
            if value:
                lists.append(f"{field.name}={','.join(value)}")
        elif isinstance(value, bool):
            words.append("yes" if value else "no")
        else:
            words.append(str(value))
    return " ".join(words + lists)


__all__ = ["Action", "ActionCodec", "format_action"]
