"""The words of the browser app and the terminal in English, French, Italian and Japanese
(issue 20). Usable by the server and the CLI; the engine never imports it (its texts stay
English data; a front end translates what it shows). The package: this module (the
plumbing), `log` (a game's log in the reader's language), `locale/` (the catalogues),
`extract` (keeps them up to date), `babel.cfg` (the same mapping for `pybabel`).

The catalogues are gettext ``.po`` files, ``ekimae/i18n/locale/<lang>/LC_MESSAGES/ekimae.po``
(package data; English is the msgids themselves). They are compiled in memory with Babel
at first use, so a fresh clone needs no build step and no ``.mo`` file can go stale.

    translator("fr").gettext("Create game")    -> "Créer la partie"
    catalog("ja")                               -> {"Create game": "ゲームを作成", ...}
    format_yen(1600, "fr")                      -> "1 600 ¥"
    choose_language("it", "fr", "ja,en;q=0.5")  -> "it"   (query > cookie > header)

Game terms (station, invest, …) are not here: they are the glossary's
(`ekimae.games.glossary.term`), in the words the rule booklets print.

The terminal speaks one language per process: `ekimae --lang` (`set_language`), else the
locale's (LC_ALL, LC_MESSAGES, LANG); `_` and `ngettext` translate into it.
"""

from __future__ import annotations

import io
import os
from collections.abc import Mapping
from functools import cache, lru_cache
from pathlib import Path
from typing import Protocol

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import Translations
from jinja2 import Environment, pass_context
from jinja2.runtime import Context

from ekimae.core.logtext import _N  # the one marker: the engines' templates use it too
from ekimae.games.glossary import LANGUAGES, language_of, terms

LOCALE_DIR = Path(__file__).parent / "locale"  # ekimae/i18n/locale
DOMAIN = "ekimae"
DEFAULT = "en"
COOKIE = "lang"  # the browser's remembered choice
COMMON_VIEW = "common.view."  # the glossary's words for keys any game's view may have
# Each language by its own name, for the picker.
NAMES = {"en": "English", "fr": "Français", "it": "Italiano", "ja": "日本語"}


class UnknownLanguageError(ValueError):
    """A language Ekimae does not speak."""


def check_language(lang: str) -> str:
    """`lang` if Ekimae speaks it; else `UnknownLanguageError` naming the known ones."""
    if lang not in LANGUAGES:
        raise UnknownLanguageError(f"no language {lang!r} (known: {', '.join(LANGUAGES)})")
    return lang


def po_path(lang: str) -> Path:
    return LOCALE_DIR / check_language(lang) / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def translator(lang: str) -> Translations:
    """The gettext translations of `lang` (gettext, ngettext); English: the msgids."""
    if check_language(lang) == DEFAULT:
        return Translations()  # no catalogue: every message is its own msgid
    with po_path(lang).open("rb") as source:
        messages = read_po(source, locale=lang, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, messages)  # fuzzy entries are left out, so they read as English
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


@cache
def catalog(lang: str) -> dict[str, str]:
    """Every translated message of `lang`, msgid -> text (English: empty). What a page's
    scripts read (`t()` in static/i18n.js); plural entries are left out (scripts pick
    between whole messages)."""
    if check_language(lang) == DEFAULT:
        return {}
    with po_path(lang).open("rb") as source:
        messages = read_po(source, locale=lang, domain=DOMAIN)
    found: dict[str, str] = {}
    for message in messages:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, str) and isinstance(message.string, str) and message.string:
            found[message.id] = message.string
    return found


def glossary_prefix(game: str) -> str:
    """A game's prefix in the glossary: the initials of its name's words (tokyo-metro ->
    tm, sealed-auction -> sa, quick-draw -> qd; glossary.toml's keys)."""
    return "".join(word[:1] for word in game.split("-") if word)


@cache
def game_terms(game: str, lang: str) -> dict[str, str]:
    """The glossary's terms of `game` in `lang`, by key without the game's prefix
    (``lot``, ``action.invest``), as the rule booklets print them, over the words for the
    keys any game's view may have (``money``, ``to-act``: ``common.view.*``); English:
    empty (a view's own keys are the English words). What the generic page shows for a
    view's keys and an action's kind."""
    if check_language(lang) == DEFAULT:
        return {}
    head = glossary_prefix(game) + "."
    every = terms(lang)
    # A view's common keys (money, to act, …) in any game; the game's own word wins.
    found = {
        key.removeprefix(COMMON_VIEW): text
        for key, text in every.items()
        if key.startswith(COMMON_VIEW)
    }
    found.update(
        (key.removeprefix(head), text) for key, text in every.items() if key.startswith(head)
    )
    return found


@lru_cache(maxsize=4096)
def format_yen(amount: int, lang: str = DEFAULT) -> str:
    """An amount of yen as a reader of `lang` writes it: ¥1,600 (en), 1 600 ¥ (fr, with
    narrow no-break spaces), 1.600 ¥ (it), 1,600円 (ja, as docs/rules/ja writes yen).
    Remembered (Babel's formatting is slow, and a page's labels write the same few prices
    again and again)."""
    lang = check_language(lang)
    number = format_decimal(abs(amount), locale=lang)
    sign = "−" if amount < 0 else ""
    if lang == "ja":
        return f"{sign}{number}円"
    if lang in ("fr", "it"):
        return f"{sign}{number}\u00a0¥"
    return f"{sign}¥{number}"


def accepted(header: str | None) -> str | None:
    """The first language of an Accept-Language header Ekimae speaks, by quality."""
    choices: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")):
        tag, _sep, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _eq, value = param.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        head = tag.strip().split("-")[0].lower()
        if head in LANGUAGES and quality > 0:
            choices.append((-quality, index, head))
    return min(choices)[2] if choices else None


def choose_language(query: str | None, cookie: str | None, header: str | None) -> str:
    """A request's language: ``?lang=`` (if spoken), else the ``lang`` cookie, else the
    Accept-Language header, else English."""
    for given in (query, cookie):
        if given in LANGUAGES:
            return str(given)
    return accepted(header) or DEFAULT


# ------------------------------------------------------------------ the browser's pages


class _Request(Protocol):
    """What a page's language is read from (a Starlette request)."""

    @property
    def query_params(self) -> Mapping[str, str]: ...
    @property
    def cookies(self) -> Mapping[str, str]: ...
    @property
    def headers(self) -> Mapping[str, str]: ...


def request_language(request: _Request) -> str:
    """A request's language: ``?lang=`` > the ``lang`` cookie > Accept-Language > en."""
    return choose_language(
        request.query_params.get("lang"),
        request.cookies.get(COOKIE),
        request.headers.get("accept-language"),
    )


def page_context(request: _Request) -> dict[str, object]:
    """What every page template gets (a Jinja2Templates context processor): `lang`, the
    picker's `languages`, and `i18n_catalog` for the page's scripts."""
    lang = request_language(request)
    return {"lang": lang, "languages": NAMES, "i18n_catalog": catalog(lang)}


@pass_context
def _page_gettext(context: Context, message: str) -> str:
    return str(translator(context.get("lang", DEFAULT)).gettext(message))


@pass_context
def _page_ngettext(context: Context, singular: str, plural: str, n: int) -> str:
    return str(translator(context.get("lang", DEFAULT)).ngettext(singular, plural, n))


def install_gettext(env: Environment) -> None:
    """Jinja2's i18n extension on `env`, translating into each page's `lang`; and
    `game_terms(game, lang)` (the glossary) for base.html's #i18n-terms."""
    env.add_extension("jinja2.ext.i18n")
    env.globals["game_terms"] = game_terms
    env.install_gettext_callables(  # type: ignore[attr-defined]
        _page_gettext, _page_ngettext, newstyle=True
    )


# ------------------------------------------------------------------ the terminal's language

_current: list[str] = []


def environment_language(environ: dict[str, str] | None = None) -> str:
    """The locale's language, as gettext looks it up: LC_ALL, LC_MESSAGES, LANG."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(name):
            return language_of(env[name])
    return DEFAULT


def set_language(lang: str | None) -> str:
    """The terminal's language from now on (None: the locale's); returns it."""
    chosen = environment_language() if lang is None else check_language(lang)
    _current[:] = [chosen]
    return chosen


def language() -> str:
    """The terminal's language: English until `set_language` (the `ekimae` command calls
    it with --lang, else the locale's), so a library caller's output never depends on
    the environment."""
    return _current[0] if _current else DEFAULT


class Words:
    """The words of one language for a page or a prompt: catalogue messages with their
    `{placeholders}` filled, and yen as the language writes them. Titles subclass it for
    their own names (stations, vehicles, places)."""

    def __init__(self, lang: str = DEFAULT) -> None:
        self.lang = lang
        self._gettext = translator(lang).gettext

    def __call__(self, message: str, **values: object) -> str:
        """`message` translated, its `{placeholders}` filled."""
        text = str(self._gettext(message))
        return text.format(**values) if values else text

    def yen(self, amount: int) -> str:
        return format_yen(amount, self.lang)


def _(message: str) -> str:
    """`message` in the terminal's language."""
    return str(translator(language()).gettext(message))


def ngettext(singular: str, plural: str, n: int) -> str:
    return str(translator(language()).ngettext(singular, plural, n))


def yen(amount: int) -> str:
    """`format_yen` in the terminal's language."""
    return format_yen(amount, language())


__all__ = [
    "COOKIE",
    "LANGUAGES",
    "NAMES",
    "_N",
    "UnknownLanguageError",
    "Words",
    "_",
    "accepted",
    "catalog",
    "check_language",
    "choose_language",
    "environment_language",
    "format_yen",
    "game_terms",
    "glossary_prefix",
    "install_gettext",
    "language",
    "language_of",
    "ngettext",
    "page_context",
    "request_language",
    "set_language",
    "translator",
    "yen",
]
