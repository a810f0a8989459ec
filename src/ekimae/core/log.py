"""A game's log as typed events, written out as text only when something reads it.

The engine records each line as an *event*: the template it is written from (a named
template of the title's `log_forms`, the English text that is also its gettext msgid) and
its values, typed (a seat as its number, yen as an int, an action as the action). Writing
the English text costs far more than recording the values, and most logs are never read:
search playouts, simulations and benchmarks play thousands of moves that nobody shows. So
the text of a line is written the first time it is read (a page, a terminal, a record's
`to_dict`), from the title's `LogForms` (`LogForms.english`), and kept.

Entries are linked to the one before: a state's clones share their past and extend it,
never change it. A line read back from a saved position is kept as its text (an entry
with no event).

The text a reader gets is a `Line`: a `str` (the English line, what `view["log"]`, the
goldens and records hold) that also carries the event it was written from, so that a
reader in another language writes the line from the event (`LogForms.render_event`)
instead of reading the English back.

A value of a `Parts` field is a sub-event (`Event`), a template without fields given as
its text (the absent part: ""), or for a list field (`Parts.sep`) a list of those; a
plain field's value is written by its kind (`LogForms.english`, e.g. a seat by
`core.game.seat_name`, yen by the title's writer), anything else by `str`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from ekimae.core.logtext import LogForms


class Event:
    """A part of a line (or a whole one): its template and each field's typed value."""

    __slots__ = ("form", "values")

    def __init__(self, form: str, values: dict[str, Any]) -> None:
        self.form = form
        self.values = values

    def __repr__(self) -> str:
        return f"Event({self.form!r}, {self.values!r})"


class Line(str):
    """A line of the log in English that keeps the event it was written from (None: a
    line read back from a saved position, only text). Equal to, hashed and serialized as
    its text."""

    event: Event | None

    def __new__(cls, text: str, event: Event | None = None) -> Line:
        made = super().__new__(cls, text)
        made.event = event
        return made


def event_of(line: str) -> Event | None:
    """The event a line of a view's log was written from, None if it is only text."""
    return line.event if isinstance(line, Line) else None


def view_lines(log: object) -> list[str]:
    """A view's `log` (a list of lines, else none) with each line kept as it is: `str()`
    of a `Line` would drop its event."""
    if not isinstance(log, list):
        return []
    return [line if isinstance(line, str) else str(line) for line in log]


class LogEntry(Event):
    """One line of a game's log, linked to the line before it (None: the first)."""

    __slots__ = ("previous", "written")

    def __init__(
        self,
        form: str,
        values: dict[str, Any],
        previous: LogEntry | None,
        written: str | None = None,
    ) -> None:
        self.form = form
        self.values = values
        self.previous = previous
        self.written = written  # the English text, once read

    def text(self, forms: LogForms) -> str:
        """The line in English (written from `forms` the first time, then kept), a `Line`
        carrying its event."""
        if self.written is None:
            self.written = Line(forms.english(self), Event(self.form, self.values))
        return self.written


def add(log: LogEntry | None, form: str, values: dict[str, Any]) -> LogEntry:
    """`log` with one more line (an event of `form` with `values`)."""
    return LogEntry(form, values, log)


def add_text(log: LogEntry | None, text: str) -> LogEntry:
    """`log` with one more line given as text (read back from a saved position)."""
    return LogEntry("", {}, log, text)


def from_lines(texts: Iterable[str]) -> LogEntry | None:
    """A log read back from its lines (a saved position), oldest first."""
    entry: LogEntry | None = None
    for text in texts:
        entry = LogEntry("", {}, entry, str(text))
    return entry


def entries(log: LogEntry | None) -> Iterator[LogEntry]:
    """The entries, newest first."""
    entry = log
    while entry is not None:
        yield entry
        entry = entry.previous


def lines(log: LogEntry | None, forms: LogForms) -> list[str]:
    """The log as English lines, oldest first."""
    out = [entry.text(forms) for entry in entries(log)]
    out.reverse()
    return out


def length(log: LogEntry | None) -> int:
    return sum(1 for _ in entries(log))
