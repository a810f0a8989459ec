"""Every message the browser app and the terminal use has a translation in French,
Italian and Japanese (issue 20): the msgids are extracted from the templates (Babel's
Jinja2 extractor), the scripts (`t("…")`) and the Python (`_`, `_N`), as
`python -m ekimae.i18n.extract` does; this test fails when one is missing, empty, fuzzy,
or loses a placeholder."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from ekimae.games import EXAMPLES, find_game, titles
from ekimae.i18n import DOMAIN, po_path, translator
from ekimae.i18n.extract import description_texts, messages

TRANSLATED = ("fr", "it", "ja")
PLACEHOLDER = re.compile(r"\{\w+\}|%\(\w+\)s")


def test_the_extractor_finds_the_messages_of_every_kind_of_file() -> None:
    used = messages()
    assert used["Create game"] == "server/templates/lobby.html"  # Jinja2
    assert used["Connection lost — reconnecting…"] == "server/static/live.js"  # t("…")
    assert used["Seat {n}"].startswith("server/static/")  # t() inside a template literal
    assert used["{seat} to act"] == "cli/terminal.py"  # _()
    assert used["the whole table"] == "cli/terminal.py"  # _N()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_in_use_is_translated(lang: str) -> None:
    with po_path(lang).open("rb") as source:
        catalog = read_po(source, locale=lang, domain=DOMAIN)
    problems: list[str] = []
    for msgid, where in sorted(messages().items()):
        entry = catalog.get(msgid)
        if entry is None or not entry.string:
            problems.append(f"{msgid!r} ({where}): no translation")
        elif entry.fuzzy:
            problems.append(f"{msgid!r} ({where}): fuzzy")
        elif sorted(PLACEHOLDER.findall(msgid)) != sorted(PLACEHOLDER.findall(str(entry.string))):
            problems.append(f"{msgid!r} ({where}): placeholders differ in {entry.string!r}")
    assert not problems, (
        f"{lang}: run `python -m ekimae.i18n.extract`, then translate in "
        f"{po_path(lang)}:\n" + "\n".join(problems)
    )


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_catalogue_keeps_messages_nobody_uses(lang: str) -> None:
    with po_path(lang).open("rb") as source:
        catalog = read_po(source, locale=lang, domain=DOMAIN)
    used = messages()
    stale = sorted(str(m.id) for m in catalog if m.id and m.id not in used)
    assert not stale, f"{lang}: `python -m ekimae.i18n.extract` drops these: {stale}"


def test_the_games_descriptions_are_messages() -> None:
    """The lobby shows a game's summary and options through t(): they are extracted from
    every game package's description, registered or not (named by the file of its GAME
    when nothing else uses the words)."""
    used = messages()
    for name in (*titles(), *EXAMPLES):
        kind = find_game(name, examples=True).type
        for text in description_texts(kind):
            assert text in used, (name, text)
    metro = find_game("tokyo-metro").type
    assert used[metro.summary] == "games/tokyo_metro/game.py"
    assert translator("ja").gettext("osaka") == "大阪"  # a choice, as the lobby shows it
