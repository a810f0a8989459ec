"""A game's log lines in the reader's language (issue 20).

The engine records its log as events (`ekimae.core.log`: a template of the title's
`log_forms` module and its typed values) and writes them in English when read; a line of
a view's log keeps its event (`core.log.Line`). `translate_line` writes the line from the
template's translation in the catalogue (msgid = the English template) with each field
said in the language, from the event; a line that is text alone (read back from a saved
position; an engine's refusal, which the terminal translates the same way) is read back
into its template and fields first (`ekimae.core.logtext`). A field is said in the
language: a seat as the language's seat word, yen as it writes them (`format_yen`), an
action's text form with its kind as the booklets print it (the glossary), a drink's colour
and name (the JIDOHANBAIKI components every drinks title shares), and the kinds a title
names itself (stations in Japanese script, vehicles) through its `names`. A line no
template reads is shown as it is. Used by the titles' web parts (`WebTitle.log_lines`)
and terminals; no title named here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from functools import cache, lru_cache

from ekimae.core.game import SYSTEM
from ekimae.core.log import Event, event_of
from ekimae.core.logtext import LogForms, parse_seat, parse_yen
from ekimae.games.jidohanbaiki.components import Drink, load_components
from ekimae.i18n import _N, DEFAULT, Words, game_terms

# A title's own words for a field: (kind, the English text) -> the language's, or None.
Names = Callable[[str, str], str | None]

SEAT = _N("seat {n}")
THE_GAME = _N("the game")


def action_text(text: str, terms: dict[str, str]) -> str:
    """An action's text form ("invest CY1a G") with its kind in the booklets' words
    ("Investissement CY1a G"): `action.<kind>` or `move.<kind>` of the game's glossary;
    the rest (spots, cells, letters) is notation, the same in every language."""
    kind, _, rest = text.partition(" ")
    word = terms.get(f"action.{kind}") or terms.get(f"move.{kind}")
    if word is None:
        return text
    return f"{word} {rest}" if rest else word


@cache
def _drinks() -> dict[str, Drink]:
    return load_components().drinks


@cache
def _drinks_ja() -> dict[str, str]:
    """A drink's English name -> its Japanese one."""
    return {d.name: d.ja for d in _drinks().values()}


def drink_name(drink: str, w: Words) -> str:
    """A JIDOHANBAIKI drink (`black-tall-bottle`, the components shared by the drinks
    titles) by its name: the catalogue's (games/jidohanbaiki/names.py), Japanese its
    own `ja`; an unknown id as it is."""
    found = _drinks().get(drink)
    if found is None:
        return drink
    return found.ja if w.lang == "ja" else w(found.name)


def say_field(
    kind: str, value: str, w: Words, terms: dict[str, str], names: Names | None = None
) -> str:
    """One field of a log line (`kind`, its English text) in `w`'s language: the title's
    own word (`names`) first, else a seat, yen, an action, a time, a drink as every
    language says them; any other field as it is."""
    own = names(kind, value) if names is not None else None
    if own is not None:
        return own
    if kind == "seat":
        seat = parse_seat(value)
        return w(THE_GAME) if seat is None else w(SEAT, n=seat + 1)
    if kind == "yen":
        return w.yen(parse_yen(value))
    if kind == "action":
        return action_text(value, terms)
    if kind == "time":  # "12.345 s" as the language writes the decimal point
        seconds = value.removesuffix(" s")
        if w.lang == "ja":
            return f"{seconds}秒"
        return f"{seconds.replace('.', ',')} s" if w.lang in ("fr", "it") else value
    if kind == "colour":  # a drink's colour: the glossary's common words
        return terms.get(value, value)
    if kind == "drink":
        return drink_name(value, w)
    if kind == "name":  # a name from a data file: its catalogue message (a drink's: ja)
        japanese = _drinks_ja().get(value) if w.lang == "ja" else None
        return japanese or w(value)
    return value


def say_value(
    kind: str,
    value: object,
    text: str,
    w: Words,
    terms: dict[str, str],
    names: Names | None = None,
) -> str:
    """A field of an event (`kind`, its typed `value`, its English `text`) in `w`'s
    language: a seat by its number, yen by the amount, the rest as `say_field` says its
    text."""
    typed = kind in ("seat", "yen") and isinstance(value, int)
    if not typed or (names is not None and names(kind, text) is not None):
        return say_field(kind, text, w, terms, names)
    assert isinstance(value, int)
    if kind == "yen":
        return w.yen(value)
    return w(THE_GAME) if value == SYSTEM else w(SEAT, n=value + 1)


def say_event(
    event: Event, forms: LogForms, lang: str, game: str, names: Names | None = None
) -> str:
    """An event of `game`'s log (`core.log`) written in `lang` from its template's
    translation, each field said from its typed value."""
    w = Words(lang)
    terms = game_terms(game, lang)

    def field(kind: str, value: object, text: str) -> str:
        return say_value(kind, value, text, w, terms, names)

    return forms.render_event(event, w, field)


def translate_line(
    line: str, forms: LogForms, lang: str, game: str, names: Names | None = None
) -> str:
    """`line` of `game`'s log in `lang`, from its event where it keeps one (a view's log),
    else read back from its English text; English lines stay byte for byte."""
    if lang == DEFAULT:
        return line
    event = event_of(line)
    if event is not None:
        return say_event(event, forms, lang, game, names)
    parsed = forms.parse(line)
    if parsed is None:
        return line
    w = Words(lang)
    terms = game_terms(game, lang)

    def field(kind: str, value: str) -> str:
        return say_field(kind, value, w, terms, names)

    return forms.render(parsed, w, field)


@cache
def forms_of(game: str) -> LogForms | None:
    """`FORMS` of the game's `log_forms` module (`ekimae.games.<title>.log_forms`), None
    if the title has none (its log stays English)."""
    name = f"ekimae.games.{game.replace('-', '_')}.log_forms"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is None or not name.startswith(exc.name):
            raise  # the module exists but something it imports does not: say so
        return None
    forms = getattr(module, "FORMS", None)
    return forms if isinstance(forms, LogForms) else None


@lru_cache(maxsize=65536)
def _game_line(game: str, line: str, lang: str) -> str:
    forms = forms_of(game)
    return line if forms is None else translate_line(line, forms, lang, game)


def game_log(game: str, log: Sequence[str], lang: str) -> list[str]:
    """`game`'s log in `lang` with the generic words (seats, yen, actions); English, and a
    game without `log_forms`, as they are. A line is translated once (logs are pushed
    again with every action)."""
    if lang == DEFAULT:
        return list(log)
    return [_game_line(game, line, lang) for line in log]
