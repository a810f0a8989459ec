"""The log as typed events (core.log): English written on reading, as formatting would."""

from __future__ import annotations

from ekimae.core import log
from ekimae.core.log import Event
from ekimae.core.logtext import LogForms, Parts


def _yen(amount: int) -> str:
    return f"¥{amount:,}"


PAYS = "{seat} pays {paid}{left}"
LEFT = "; money {after}"
ORDER = "order {seats}"
FORMS = LogForms(
    (PAYS, ORDER),
    {
        "seat": "seat",
        "paid": "yen",
        "after": "yen",
        "left": Parts(("", LEFT)),
        "seats": Parts(("{seat}",), ", "),
    },
    {"yen": _yen},
)


def test_an_event_is_written_as_its_template_with_each_value_by_kind() -> None:
    entry = log.add(None, PAYS, {"seat": 1, "paid": 1500, "left": Event(LEFT, {"after": 200})})
    assert entry.text(FORMS) == "seat 2 pays ¥1,500; money ¥200"
    absent = log.add(None, PAYS, {"seat": -1, "paid": 0, "left": ""})
    assert absent.text(FORMS) == "the game pays ¥0"


def test_a_list_field_joins_its_items_with_its_separator() -> None:
    seats = [Event("{seat}", {"seat": s}) for s in (2, 0)]
    assert log.add(None, ORDER, {"seats": seats}).text(FORMS) == "order seat 3, seat 1"


def test_text_is_written_once_on_first_reading_and_clones_share_the_past() -> None:
    first = log.add(None, ORDER, {"seats": []})
    assert first.written is None  # nothing read yet: no text
    second = log.add(first, PAYS, {"seat": 0, "paid": 100, "left": ""})
    other = log.add(first, ORDER, {"seats": [Event("{seat}", {"seat": 0})]})
    assert log.lines(second, FORMS) == ["order ", "seat 1 pays ¥100"]
    assert log.lines(other, FORMS) == ["order ", "order seat 1"]
    assert first.written == "order "
    assert log.length(second) == 2


def test_a_line_read_back_as_text_stays_as_it_was() -> None:
    saved = log.add_text(None, "anything {at all}")
    assert log.lines(log.add_text(saved, "more"), FORMS) == ["anything {at all}", "more"]


def test_written_lines_read_back_to_their_template() -> None:
    entry = log.add(None, PAYS, {"seat": 0, "paid": 300, "left": Event(LEFT, {"after": 0})})
    parsed = FORMS.parse(entry.text(FORMS))
    assert parsed is not None and parsed.form == PAYS


def test_a_line_keeps_its_event_and_is_its_text() -> None:
    """Issue 34: a view's line is its English text (equal, hashed, serialized as it) that
    keeps the event a reader in another language writes it from."""
    entry = log.add(None, PAYS, {"seat": 0, "paid": 300, "left": ""})
    line = entry.text(FORMS)
    event = log.event_of(line)
    assert line == "seat 1 pays ¥300" and hash(line) == hash("seat 1 pays ¥300")
    assert event is not None and event.form == PAYS and event.values["paid"] == 300
    assert log.event_of(str(line)) is None  # str() keeps the text only
    assert log.view_lines([line, "text"]) == [line, "text"]
    assert log.event_of(log.view_lines([line])[0]) is event
    assert log.event_of(log.lines(log.add_text(None, "saved"), FORMS)[0]) is None


def test_an_event_is_rendered_in_a_language_as_its_line_read_back() -> None:
    """`render_event` gives what `render` gives for the line read back: the translated
    templates, each plain field by its kind, typed value and English text."""
    french = {PAYS: "{seat} paie {paid}{left}", LEFT: " ; reste {after}", ", ": " ; "}
    entries = [
        log.add(None, PAYS, {"seat": 1, "paid": 1500, "left": Event(LEFT, {"after": 200})}),
        log.add(None, PAYS, {"seat": -1, "paid": 0, "left": ""}),
        log.add(None, ORDER, {"seats": [Event("{seat}", {"seat": s}) for s in (2, 0)]}),
    ]
    seen: list[tuple[str, object, str]] = []

    def form(text: str) -> str:
        return french.get(text, text)

    def typed(kind: str, value: object, text: str) -> str:
        seen.append((kind, value, text))
        return f"<{text}>"

    for entry in entries:
        parsed = FORMS.parse(entry.text(FORMS))
        assert parsed is not None
        again = FORMS.render(parsed, form, lambda kind, text: f"<{text}>")
        assert FORMS.render_event(entry, form, typed) == again
    assert ("yen", 1500, "¥1,500") in seen and ("seat", -1, "the game") in seen
