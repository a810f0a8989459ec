"""The logs of TOKYO JUTAKU and the titles built on its elements and parcel cards
(COUNTDOWN, BOTTLE BONUS) in the page's language (issue 20).

A line is written from the event the engine recorded (or, text alone, read back through
the title's `log_forms`) and its template's translation (`ekimae.i18n.log`); here the
fields these titles name: a parcel
card ("shinjuku-3") by its place (in Japanese script on a Japanese page), an element by
its name ("3-square piece 1 (3-01)"), as the labels say them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ekimae.games.tokyo_jutaku.game import GAME
from ekimae.i18n import DEFAULT
from ekimae.i18n.log import forms_of, translate_line
from ekimae.server.titles.jutaku_kit.words import Words

DATA = GAME.data


@lru_cache(maxsize=65536)
def log_line(game: str, line: str, lang: str) -> str:
    forms = forms_of(game)
    if forms is None:
        return line
    w = Words(lang)

    def name(kind: str, value: str) -> str | None:
        if kind == "card":
            card = DATA.cards.get(value)
            return w.place(card.name) if card else None
        if kind == "element":
            element = DATA.elements.get(value)
            return f"{w.element(element.name)} ({value})" if element else None
        return None

    return translate_line(line, forms, lang, game, name)


def log_lines(game: str, log: Sequence[str], lang: str) -> list[str]:
    """`game`'s log in `lang`; English as it is."""
    if lang == DEFAULT:
        return list(log)
    return [log_line(game, line, lang) for line in log]
