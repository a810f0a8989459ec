"""The game terms in English, French, Italian and Japanese (issue 20), as data.

`glossary.toml` (package data next to this module) holds one table per term: its text in
every language of `LANGUAGES` and `from_seed`, which of those texts the rule booklets print
(the rest are the project's choice where a booklet names no such term). The file is checked
once, when first read; a bad file raises `DataError` naming the term and the field.

    term("tm.action.invest", "fr")  -> "Investissement"
    terms("ja")                     -> {"tm.action.invest": "投資", ...}

An unknown key or language raises `UnknownTermError`, naming close keys or the known
languages.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import cache

from ekimae.core.data import Fields, read_toml
from ekimae.core.errors import DataError, EkimaeError

SOURCE = "glossary.toml"
PACKAGE = "ekimae.games"
LANGUAGES = ("en", "fr", "it", "ja")  # the file's `languages` must be exactly these
SEED_LANGUAGES = ("fr", "it", "ja")  # the booklets' languages; English is our own wording


class UnknownTermError(EkimaeError, LookupError):
    """A term key or a language that the glossary does not have."""


@dataclass(frozen=True)
class Term:
    key: str  # "tm.action.invest"
    texts: dict[str, str]  # language -> text
    from_seed: frozenset[str]  # the languages whose text a booklet prints


def parse(table: dict[str, object], source: str = SOURCE) -> dict[str, Term]:
    """The terms of a glossary file's table, checked: every language present, non-empty
    text, `from_seed` a boolean or a list of booklet languages."""
    top = Fields(source, "", table)
    languages = tuple(top.texts("languages"))
    if languages != LANGUAGES:
        raise top.fail("languages", f"expected {list(LANGUAGES)}, got {list(languages)}")
    found: dict[str, Term] = {}
    entries = top.sub("terms")
    for key in entries.table:
        fields = entries.sub(key)
        texts: dict[str, str] = {}
        for lang in LANGUAGES:
            text = fields.text(lang)
            if not text.strip():
                raise fields.fail(lang, "is empty")
            texts[lang] = text
        extra = sorted(set(fields.table) - {*LANGUAGES, "from_seed"})
        if extra:
            raise fields.fail(
                extra[0], f"unknown field (expected {', '.join(LANGUAGES)}, from_seed)"
            )
        found[key] = Term(key, texts, _from_seed(fields))
    if not found:
        raise entries.fail("-", "no terms")
    return found


def _from_seed(fields: Fields) -> frozenset[str]:
    if not fields.has("from_seed"):
        raise fields.fail("from_seed", "missing (true, false or a list of languages)")
    value = fields.table["from_seed"]
    if value is True:
        return frozenset(SEED_LANGUAGES)
    if value is False:
        return frozenset()
    if isinstance(value, list) and all(v in SEED_LANGUAGES for v in value) and value:
        return frozenset(value)
    raise fields.fail(
        "from_seed", f"expected true, false or a list of {', '.join(SEED_LANGUAGES)}; got {value!r}"
    )


@cache
def glossary() -> dict[str, Term]:
    """Every term, by key (read and checked once)."""
    return parse(read_toml(SOURCE, PACKAGE))


def _language(lang: str) -> str:
    if lang not in LANGUAGES:
        raise UnknownTermError(
            f"no language {lang!r} in the glossary (known: {', '.join(LANGUAGES)})"
        )
    return lang


def language_of(tag: str | None) -> str:
    """The language (en, fr, it, ja) of a locale or language tag: ``fr_FR.UTF-8`` and
    ``fr-CH`` give fr, ``ja_JP`` ja; empty, ``C``, ``POSIX`` or any other language give en."""
    head = re.split(r"[_.@:-]", (tag or "").strip(), maxsplit=1)[0].lower()
    return head if head in LANGUAGES else "en"


def term(key: str, lang: str = "en") -> str:
    """The text of the term `key` in language `lang` (en, fr, it, ja)."""
    lang = _language(lang)
    known = glossary()
    if key not in known:
        close = difflib.get_close_matches(key, list(known), n=3, cutoff=0.6)
        hint = f"; close ones: {', '.join(close)}" if close else ""
        raise UnknownTermError(f"no term {key!r} in the glossary{hint}")
    return known[key].texts[lang]


def terms(lang: str = "en") -> dict[str, str]:
    """Every term's text in language `lang`, by key."""
    lang = _language(lang)
    return {key: t.texts[lang] for key, t in glossary().items()}


__all__ = [
    "LANGUAGES",
    "SEED_LANGUAGES",
    "DataError",
    "Term",
    "UnknownTermError",
    "glossary",
    "language_of",
    "parse",
    "term",
    "terms",
]
