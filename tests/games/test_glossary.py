"""The glossary of game terms (issue 20): every term in every language, the booklets' own
words where the data says so, and clear errors for unknown keys, languages and bad data."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ekimae.core.errors import DataError
from ekimae.games import glossary

# The rule booklets (French, Italian, Japanese); a fresh clone has no ../shared.
SEEDS = Path(__file__).resolve().parents[2].parent / "shared" / "seeds"


def _normal(text: str) -> str:
    """Letter case, typographic apostrophes and runs of spaces aside."""
    return re.sub(r"\s+", " ", text.replace("’", "'")).casefold()


def _seed_language(text: str) -> str:
    """fr, it or ja: the language a booklet is written in."""
    if len(re.findall(r"[\u3040-\u30ff]", text)) > len(text) // 10:
        return "ja"
    words = re.findall(r"[a-zà-ÿ]+", text.lower())
    french = sum(words.count(w) for w in ("les", "des", "vous", "est"))
    italian = sum(words.count(w) for w in ("della", "gli", "sono", "il"))
    return "fr" if french > italian else "it"


def _seeds_by_language() -> dict[str, str]:
    """Every booklet's text, joined per language."""
    found: dict[str, list[str]] = {}
    for path in sorted(SEEDS.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        found.setdefault(_seed_language(text), []).append(_normal(text))
    return {lang: "\n".join(texts) for lang, texts in found.items()}


def test_every_term_has_all_four_languages() -> None:
    terms = glossary.glossary()
    assert len(terms) >= 60
    for lang in glossary.LANGUAGES:
        texts = glossary.terms(lang)
        assert set(texts) == set(terms)
        assert [k for k, v in texts.items() if not v.strip()] == []


def test_the_tokyo_metro_actions_and_phases_are_there() -> None:
    """Every action type of TM-7 and every phase of TM-3.1 has a term."""
    actions = "move station exchange invest start speed bike discount bid loan repay "
    actions += "speculation action card"
    for name in actions.split():
        assert glossary.term(f"tm.action.{name}", "en")
    for phase in ("card-renewal", "turn-order", "movement", "actions", "trains", "end"):
        assert glossary.term(f"tm.phase.{phase}", "en")
    assert glossary.term("tm.action.invest", "fr") == "Investissement"
    assert glossary.term("tm.action.start", "ja") == "発車"


def test_seed_texts_occur_in_their_booklet() -> None:
    """A text marked `from_seed` is printed in that language's booklet. Without the
    booklets (a fresh clone) only the marks themselves are checked."""
    terms = glossary.glossary()
    marked = [(t.key, lang) for t in terms.values() for lang in sorted(t.from_seed)]
    assert {lang for _, lang in marked} == set(glossary.SEED_LANGUAGES)
    assert all(lang != "en" for _, lang in marked)
    if SEEDS.is_dir():
        seeds = _seeds_by_language()
        assert set(seeds) == set(glossary.SEED_LANGUAGES)
        missing = [
            (key, lang, terms[key].texts[lang])
            for key, lang in marked
            if _normal(terms[key].texts[lang]) not in seeds[lang]
        ]
        assert missing == []


def test_unknown_key_or_language_is_a_clear_error() -> None:
    with pytest.raises(
        glossary.UnknownTermError, match=r"no term 'tm\.action\.invst'.*tm\.action\.invest"
    ):
        glossary.term("tm.action.invst", "fr")
    with pytest.raises(glossary.UnknownTermError, match=r"no language 'de'.*en, fr, it, ja"):
        glossary.term("tm.action.invest", "de")
    with pytest.raises(glossary.UnknownTermError, match="no language 'es'"):
        glossary.terms("es")


def test_bad_data_names_the_term_and_field() -> None:
    good = {"en": "a", "fr": "b", "it": "c", "ja": "d", "from_seed": False}
    langs = list(glossary.LANGUAGES)
    assert glossary.parse({"languages": langs, "terms": {"x.y": good}})["x.y"].texts["ja"] == "d"
    with pytest.raises(DataError, match=r"terms\.x\.y\.it.*missing"):
        no_it = {k: v for k, v in good.items() if k != "it"}
        glossary.parse({"languages": langs, "terms": {"x.y": no_it}})
    with pytest.raises(DataError, match=r"terms\.x\.y\.from_seed"):
        glossary.parse({"languages": langs, "terms": {"x.y": {**good, "from_seed": ["en"]}}})
    with pytest.raises(DataError, match=r"languages"):
        glossary.parse({"languages": ["en", "fr"], "terms": {"x.y": good}})


def test_a_locale_gives_its_language_or_english() -> None:
    """LANG=fr_FR.UTF-8 means French; a language Ekimae does not speak means English."""
    cases = {"fr_FR.UTF-8": "fr", "it_IT": "it", "ja_JP.eucJP": "ja", "fr-CH": "fr",
             "en_GB.UTF-8": "en", "de_DE.UTF-8": "en", "C.UTF-8": "en", "POSIX": "en",
             "": "en", None: "en"}  # fmt: skip
    assert {tag: glossary.language_of(tag) for tag in cases} == cases
