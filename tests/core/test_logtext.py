"""Log lines read back into their templates (ekimae.core.logtext, issue 20)."""

from __future__ import annotations

from ekimae.core.logtext import Kind, LogForms, Parsed, Parts, fields_of, parse_seat, parse_yen

PAYS = "{seat} pays {paid}{why}"
WHY = " for {what}"
SCORES = "scores: {scores}"
SCORE = "{seat} {amount}"
SAME = "{seat} gives {paid} and takes {paid}"

FORMS = LogForms(
    (SAME, PAYS, SCORES),
    {
        "seat": "seat",
        "paid": "yen",
        "amount": "yen",
        "why": Parts(("", WHY)),
        "scores": Parts((SCORE,), ", "),
    },
)


def _identity(line: str) -> str:
    parsed = FORMS.parse(line)
    assert parsed is not None
    return FORMS.render(parsed, lambda form: form, lambda kind, value: value)


def test_a_line_is_read_back_into_its_template_and_fields() -> None:
    parsed = FORMS.parse("seat 2 pays ¥1,600 for a station")
    assert parsed == Parsed(
        PAYS, {"seat": "seat 2", "paid": "¥1,600", "why": Parsed(WHY, {"what": "a station"})}
    )


def test_an_optional_part_may_be_absent() -> None:
    parsed = FORMS.parse("seat 1 pays −¥300")
    assert parsed is not None
    assert parsed.fields["why"] == Parsed("", {})


def test_a_list_field_reads_each_item() -> None:
    parsed = FORMS.parse("scores: seat 1 ¥1,000, seat 2 ¥2,500")
    assert parsed is not None
    items = parsed.fields["scores"]
    assert isinstance(items, list)
    assert [item.fields for item in items] == [
        {"seat": "seat 1", "amount": "¥1,000"},
        {"seat": "seat 2", "amount": "¥2,500"},
    ]


def test_a_repeated_field_must_repeat_its_value() -> None:
    assert FORMS.parse("seat 1 gives ¥100 and takes ¥100") is not None
    assert FORMS.parse("seat 1 gives ¥100 and takes ¥200") is None


def test_kinds_are_matched_by_their_pattern_and_other_lines_by_nothing() -> None:
    assert FORMS.parse("seat 1 pays nothing") is None  # not an amount of yen
    assert FORMS.parse("round 3") is None


def test_rendering_with_the_english_templates_gives_the_line_back() -> None:
    for line in ("seat 2 pays ¥1,600 for a station", "seat 1 pays ¥0", "scores: seat 1 ¥5"):
        assert _identity(line) == line


def test_rendering_translates_templates_and_fields() -> None:
    parsed = FORMS.parse("seat 2 pays ¥1,600 for a station")
    assert parsed is not None
    french = {PAYS: "{seat} paie {paid}{why}", WHY: " pour {what}"}
    text = FORMS.render(
        parsed,
        lambda form: french[form],
        lambda kind, value: {"seat": "place 2", "yen": "1 600 ¥"}.get(kind, value),
    )
    assert text == "place 2 paie 1 600 ¥ pour a station"


def test_all_forms_lists_the_parts_too() -> None:
    assert set(FORMS.all_forms()) == {SAME, PAYS, SCORES, WHY, SCORE}
    assert fields_of(SAME) == ["seat", "paid"]


def test_seats_and_yen_as_the_engine_writes_them() -> None:
    assert parse_yen("¥1,600") == 1600
    assert parse_yen("−¥300") == -300
    assert parse_seat("seat 3") == 2
    assert parse_seat("the game") is None


def test_a_list_item_may_hold_the_separator() -> None:
    kinds: dict[str, Kind] = {"lines": Parts(("{count} {what}",), ", "), "count": "int"}
    forms = LogForms(("paid: {lines}",), kinds)
    parsed = forms.parse("paid: 3 Bra, underwear & socks, 2 shirts")
    assert parsed is not None
    items = parsed.fields["lines"]
    assert isinstance(items, list)
    assert [item.fields["what"] for item in items] == ["Bra, underwear & socks", "shirts"]
