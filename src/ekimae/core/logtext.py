"""A game's log lines as named templates, and an English line read back into its fields.

The engine records its log as events (`core.log`), each a template of the title's
`log_forms` module and its values: `PASSES = _N("{seat} passes: +{income} …")`; `english`
writes one in English (the goldens and the pages' animations read those lines). A reader
in another language gets the same line from the translated template (gettext msgid = the
English template) with each field said in that language (issue 20): from the event
(`render_event`), or for a line that is text alone (a saved position's, an engine's
refusal) by reading it back with regular expressions built FROM the templates (`parse`,
`render`), so the two cannot drift.

A field's *kind* (`LogForms.kinds`, by field name) says what its text is: a kind of
`PATTERNS` (a seat, an amount of yen, a number) is matched by its own pattern, any other
by the shortest text that fits; a `Parts` field is one of several sub-templates (a part of
a sentence present or not, or its variants), or with `sep` a list of them.
No I/O, no title named: a title's forms module and the reader's layer use it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from string import Formatter
from typing import Any, Union

from ekimae.core.game import seat_name


def _N(message: str) -> str:  # noqa: N802 (gettext's name for "mark, translate later")
    """Marks a message for the catalogue extractor: the engine formats its templates in
    English, the reader's layers translate what they show (`ekimae.i18n` re-exports this
    one marker: the core and the engines import nothing of the project's i18n)."""
    return message


# How the engine writes these kinds of values (`core.game.seat_name`, the titles' `yen`).
PATTERNS: dict[str, str] = {
    "seat": r"seat \d+|the game",
    "yen": r"−?¥\d{1,3}(?:,\d{3})*",
    "int": r"\d+",
    "time": r"\d+\.\d{3} s",  # a real-time game's clock: "12.345 s"
    # an action's text form (`core.actions.format_action`): its kind, then words
    "action": r"[a-z][a-z0-9-]*(?: [^ ;—(]+)*",
}


@dataclass(frozen=True)
class Parts:
    """A field made of sub-templates: one of `forms` (an empty form: the part is absent),
    or with `sep` a list of them joined by `sep` (translated like a template)."""

    forms: tuple[str, ...]
    sep: str | None = None


Kind = str | Parts
Value = Union[str, "Parsed", list["Parsed"]]  # Parsed is defined below


@dataclass(frozen=True)
class Parsed:
    """A line (or part) read back: its template and each field's value."""

    form: str
    fields: dict[str, Value] = field(default_factory=dict)


@dataclass(frozen=True)
class _Field:
    name: str
    group: str
    kind: Kind
    children: tuple[tuple[str, _Node], ...] = ()  # (marker group, sub-form) of a Parts


@dataclass(frozen=True)
class _Node:
    form: str
    fields: tuple[_Field, ...]


def fields_of(form: str) -> list[str]:
    """The field names of a template, in order (a repeated one once)."""
    names: list[str] = []
    for _literal, name, _spec, _conv in Formatter().parse(form):
        if name is not None and name not in names:
            names.append(name)
    return names


# How the engine writes a plain field of these kinds in English (`english`); a title adds
# its own (TOKYO METRO's yen), any other kind is written by `str`.
WRITERS: dict[str, Callable[[Any], str]] = {"seat": seat_name}


class LogForms:
    """A title's log templates (most specific first where two could read one line)."""

    def __init__(
        self,
        forms: Sequence[str],
        kinds: Mapping[str, Kind],
        writers: Mapping[str, Callable[[Any], str]] | None = None,
    ) -> None:
        self.forms = tuple(forms)
        self.kinds = dict(kinds)
        self.writers = {**WRITERS, **(writers or {})}
        self._count = 0
        self._compiled = [self._compile(form) for form in self.forms]
        self._lists: dict[Parts, LogForms] = {}

    def all_forms(self) -> list[str]:
        """Every template, the sub-templates of `Parts` fields too (the catalogue's)."""
        found = list(self.forms)
        for kind in self.kinds.values():
            if isinstance(kind, Parts):
                found.extend(f for f in kind.forms if f)
        return list(dict.fromkeys(found))

    # -- building the expressions ---------------------------------------------------------

    def _group(self) -> str:
        self._count += 1
        return f"g{self._count}"

    def _compile(self, form: str) -> tuple[re.Pattern[str], _Node]:
        pattern, node = self._pattern(form, ())
        return re.compile(pattern), node

    def _pattern(self, form: str, outer: tuple[str, ...]) -> tuple[str, _Node]:
        pieces: list[str] = []
        fields: list[_Field] = []
        seen: dict[str, str] = {}
        for literal, name, _spec, _conv in Formatter().parse(form):
            pieces.append(re.escape(literal))
            if name is None:
                continue
            if name in seen:  # the same value again
                pieces.append(f"(?P={seen[name]})")
                continue
            group = seen[name] = self._group()
            kind = self.kinds.get(name, "text")
            if isinstance(kind, Parts) and kind.sep is None:
                if name in outer:
                    raise ValueError(f"log form field {name!r} contains itself")
                alternatives: list[str] = []
                children: list[tuple[str, _Node]] = []
                for sub in kind.forms:
                    mark = self._group()
                    sub_pattern, sub_node = self._pattern(sub, (*outer, name))
                    alternatives.append(f"(?P<{mark}>{sub_pattern})")
                    children.append((mark, sub_node))
                pieces.append(f"(?P<{group}>{'|'.join(alternatives)})")
                fields.append(_Field(name, group, kind, tuple(children)))
            else:
                text = PATTERNS.get(kind, ".+?") if isinstance(kind, str) else ".+?"
                pieces.append(f"(?P<{group}>{text})")
                fields.append(_Field(name, group, kind))
        return "".join(pieces), _Node(form, tuple(fields))

    # -- writing an event (`core.log`) in English -----------------------------------------

    def english(self, event: Any) -> str:
        """The English line of an event (`core.log.Event`: a template and typed values),
        byte for byte what formatting the template with the written values gives."""
        if not event.values:
            return str(event.form)
        return str(event.form).format(
            **{name: self._value(name, value) for name, value in event.values.items()}
        )

    def _value(self, name: str, value: Any) -> str:
        kind = self.kinds.get(name, "text")
        if isinstance(kind, Parts):
            if isinstance(value, list | tuple):
                sep = kind.sep or ""
                return sep.join(self._part(item) for item in value)
            return self._part(value)
        writer = self.writers.get(kind)
        return str(value) if writer is None else writer(value)

    def _part(self, value: Any) -> str:
        """One of a `Parts` field's forms: a sub-event, or a form without fields as is."""
        return value if isinstance(value, str) else self.english(value)

    # -- writing an event in a reader's language ----------------------------------------

    def render_event(
        self,
        event: Any,
        form_text: Callable[[str], str],
        field_text: Callable[[str, Any, str], str],
    ) -> str:
        """An event (`core.log.Event`) written from `form_text(template)` (its
        translation) with each plain field given by `field_text(kind, value, english)`
        (its typed value and its English text): what `render` gives for the event's English
        line read back, without reading it back."""
        values: dict[str, str] = {}
        for name, value in event.values.items():
            kind = self.kinds.get(name, "text")
            if isinstance(kind, Parts):
                if isinstance(value, list | tuple):
                    sep = form_text(kind.sep) if kind.sep else ""
                    values[name] = sep.join(
                        self._render_part(item, form_text, field_text) for item in value
                    )
                else:
                    values[name] = self._render_part(value, form_text, field_text)
            else:
                values[name] = field_text(kind, value, self._value(name, value))
        if not event.form:
            return ""
        return form_text(event.form).format(**values)

    def _render_part(
        self,
        value: Any,
        form_text: Callable[[str], str],
        field_text: Callable[[str, Any, str], str],
    ) -> str:
        if isinstance(value, str):  # a form without fields ("": the part is absent)
            return form_text(value).format() if value else ""
        return self.render_event(value, form_text, field_text)

    # -- reading a line -------------------------------------------------------------------

    def parse(self, line: str) -> Parsed | None:
        """The template and fields `line` was written from, None if no template fits."""
        for pattern, node in self._compiled:
            match = pattern.fullmatch(line)
            if match is not None:
                parsed = self._read(node, match)
                if parsed is not None:
                    return parsed
        return None

    def _read(self, node: _Node, match: re.Match[str]) -> Parsed | None:
        values: dict[str, Value] = {}
        for f in node.fields:
            text = match.group(f.group)
            if f.children:
                _mark, child = next((m, c) for m, c in f.children if match.group(m) is not None)
                inner = self._read(child, match)
                if inner is None:
                    return None
                values[f.name] = inner
            elif isinstance(f.kind, Parts):
                items = self._list(f.kind, text)
                if items is None:
                    return None
                values[f.name] = items
            else:
                values[f.name] = text
        return Parsed(node.form, values)

    def _list(self, kind: Parts, text: str) -> list[Parsed] | None:
        """The items of a list field; an item may hold the separator itself ("Bra,
        underwear & socks"), so every way of cutting at a separator is tried, first cut
        first (a list is short)."""
        sep = kind.sep
        assert sep is not None
        forms = self._lists.get(kind)
        if forms is None:
            forms = self._lists[kind] = LogForms(kind.forms, self.kinds)
        ends = [m.start() for m in re.finditer(re.escape(sep), text)] + [len(text)]
        known: dict[int, list[Parsed] | None] = {}

        def items_from(start: int) -> list[Parsed] | None:
            if start not in known:
                known[start] = None
                for end in (e for e in ends if e >= start):
                    item = forms.parse(text[start:end])
                    if item is None:
                        continue
                    if end == len(text):
                        known[start] = [item]
                        break
                    rest = items_from(end + len(sep))
                    if rest is not None:
                        known[start] = [item, *rest]
                        break
            return known[start]

        return items_from(0)

    # -- writing it again -----------------------------------------------------------------

    def render(
        self,
        parsed: Parsed,
        form_text: Callable[[str], str],
        field_text: Callable[[str, str], str],
    ) -> str:
        """`parsed` written from `form_text(template)` (its translation) with each plain
        field given by `field_text(kind, value)`."""
        values: dict[str, str] = {}
        for name, value in parsed.fields.items():
            kind = self.kinds.get(name, "text")
            if isinstance(value, Parsed):
                values[name] = self.render(value, form_text, field_text)
            elif isinstance(value, list):
                # The separator is a message too ("、" between a Japanese list's items).
                sep = form_text(kind.sep) if isinstance(kind, Parts) and kind.sep else ""
                values[name] = sep.join(self.render(v, form_text, field_text) for v in value)
            else:
                values[name] = field_text(kind if isinstance(kind, str) else "text", value)
        if not parsed.form:
            return ""
        return form_text(parsed.form).format(**values)


def parse_yen(text: str) -> int:
    """`¥1,600` → 1600, `−¥300` → -300 (as `PATTERNS["yen"]` reads them)."""
    amount = int(text.replace("−", "").replace("¥", "").replace(",", ""))
    return -amount if text.startswith("−") else amount


def parse_seat(text: str) -> int | None:
    """`seat 2` → 1 (0-based), `the game` → None."""
    return int(text.split()[1]) - 1 if text.startswith("seat ") else None
