"""The log as typed events read in every language (issue 34): a title whose engine records
its log as events (`core.log`) gives lines that keep their event
(`core.log.Line`), and a reader writes a line in French, Italian or Japanese from the
event — the same text, and the same side-log parts, as reading the English line back
through the title's templates gives (`ekimae.i18n.log`, `server/follow.py`)."""

from __future__ import annotations

import pytest

from ekimae.core.log import Line, event_of
from ekimae.games import titles
from ekimae.i18n.log import forms_of, translate_line
from ekimae.server.follow import _names, line_parts
from ekimae.server.titles import web_title
from tests.server.test_i18n_log_titles import random_log

STEPS = 5000


def _options(name: str) -> dict[str, str]:
    return {"drinks": "on"} if name == "tokyo-metro" else {}


def _log(name: str) -> tuple[str, ...]:
    """A seeded random game's log (METRO with its drinks, whose lines it adds)."""
    return random_log(name, _seats(name), 1, tuple(sorted(_options(name).items())))


def _seats(name: str) -> int:
    kind = titles()[name].type
    return min(kind.max_seats, 3)


# The titles whose engine records events: a line of their log keeps one.
ON_EVENTS = sorted(name for name in titles() if any(event_of(x) for x in _log(name)))


def test_every_title_with_log_forms_records_events() -> None:
    """No title with templates writes its log as text any more (issue 34)."""
    with_forms = sorted(name for name in titles() if forms_of(name) is not None)
    assert "tokyo-metro" in ON_EVENTS
    assert with_forms == ON_EVENTS


@pytest.mark.parametrize("name", ON_EVENTS)
def test_every_line_keeps_its_event_and_is_its_english_text(name: str) -> None:
    forms = forms_of(name)
    assert forms is not None
    log = _log(name)
    assert log
    for line in log:
        event = event_of(line)
        assert isinstance(line, Line) and event is not None, line
        assert forms.english(event) == line


@pytest.mark.parametrize("name", ON_EVENTS)
@pytest.mark.parametrize("lang", ["fr", "it", "ja"])
def test_a_line_from_its_event_is_the_line_read_back(name: str, lang: str) -> None:
    """Said from the event or from the English text read back: the same words, the same
    parts of the side log (seats, yen, drinks as the page draws them)."""
    forms = forms_of(name)
    assert forms is not None
    names = _names(web_title(name), _options(name), lang)
    options = tuple(sorted(_options(name).items()))
    log = _log(name)
    changed = 0
    for line in log:
        text = str(line)
        assert event_of(text) is None
        said = translate_line(line, forms, lang, name, names)
        assert said == translate_line(text, forms, lang, name, names)
        changed += said != line
        parts = line_parts.__wrapped__(name, options, line, lang)
        assert parts == line_parts.__wrapped__(name, options, text, lang)
    assert changed > len(log) // 2  # said in the language, not left in English
