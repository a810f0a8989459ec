"""How to play in two minutes (issue 30): the top of each title's rules page.

A title's `server/titles/<title>/quickstart.toml` holds a few short steps in every language
and names a step of one of its lessons; the picture is the title's own board drawing of
that position (`WebTitle.quick_picture(view, options, lang)`: server-drawn HTML/SVG, or a
`<figure data-quick>` that `static/quickstart.js` hands to the title's
`static/quickstart.js`, which draws with the page's own code). The position is the
engine's: the lesson replayed (`learn.rehearse`). This module names no title.
"""

from __future__ import annotations

import html
import tomllib
from dataclasses import dataclass
from functools import cache

from ekimae.core.errors import DataError
from ekimae.games.glossary import LANGUAGES
from ekimae.server.learn import lessons, rehearse
from ekimae.server.titles import HERE as TITLES_DIR
from ekimae.server.titles import web_title

# The section's own words, per language (the rules pages carry their words in code, as
# rules_pages.MESSAGES does).
WORDS = {
    "en": {
        "head": "How to play in two minutes",
        "learn": "Learn by playing: a guided first game",
        "reference": "The full rules",
        "caption": "The board as the game draws it, in the guided first game.",
    },
    "fr": {
        "head": "Comment jouer en deux minutes",
        "learn": "Apprendre en jouant : une première partie guidée",
        "reference": "Les règles complètes",
        "caption": "Le plateau tel que le jeu le dessine, dans la première partie guidée.",
    },
    "it": {
        "head": "Come si gioca in due minuti",
        "learn": "Impara giocando: una prima partita guidata",
        "reference": "Le regole complete",
        "caption": "Il tabellone come lo disegna il gioco, nella prima partita guidata.",
    },
    "ja": {
        "head": "2分でわかる遊び方",
        "learn": "遊びながら学ぶ：ガイド付きのはじめてのゲーム",
        "reference": "ルールの全文",
        "caption": "ガイド付きのはじめてのゲームで、ゲームが描く盤面です。",
    },
}


@dataclass(frozen=True)
class QuickStart:
    game: str
    lesson: str
    lesson_step: int
    steps: dict[str, tuple[str, ...]]  # language -> the steps


def _module(game: str) -> str:
    return game.replace("-", "_")


@cache
def quick(game: str) -> QuickStart | None:
    """The title's quick start, checked; None for a game without one."""
    path = TITLES_DIR / _module(game) / "quickstart.toml"
    if not path.exists():
        return None
    where = f"{_module(game)}/quickstart.toml"
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    lesson = raw.get("lesson")
    if lesson not in lessons() or lessons()[str(lesson)].game != game:
        raise DataError("quickstart", f"{where}.lesson", f"no lesson {lesson!r} of {game}")
    step = raw.get("lesson_step")
    if not isinstance(step, int) or not 0 <= step < len(lessons()[str(lesson)].steps):
        raise DataError("quickstart", f"{where}.lesson_step", "expected a step of the lesson")
    steps = raw.get("steps", {})
    for lang in LANGUAGES:
        texts = steps.get(lang)
        if not isinstance(texts, list) or not texts or not all(isinstance(t, str) for t in texts):
            raise DataError("quickstart", f"{where}.steps.{lang}", "expected a list of texts")
    if len({len(steps[lang]) for lang in LANGUAGES}) != 1:
        raise DataError("quickstart", f"{where}.steps", "as many steps in every language")
    return QuickStart(game, str(lesson), step, {lang: tuple(steps[lang]) for lang in LANGUAGES})


@cache
def picture(game: str, lang: str) -> str:
    """The title's drawing of the lesson's position, or nothing."""
    found = quick(game)
    if found is None:
        return ""
    lesson = lessons()[found.lesson]
    state = rehearse(lesson)[found.lesson_step].state
    draw = getattr(web_title(game), "quick_picture", None)
    if draw is None:
        return ""
    drawn: str = draw(state.view(0), lesson.options, lang)
    return drawn


def section(game: str, lang: str) -> str:
    """The section's HTML (escaped texts, the title's picture), or "" without one."""
    found = quick(game)
    if found is None:
        return ""
    words = WORDS[lang]
    query = "" if lang == "en" else f"?lang={lang}"
    items = "".join(f"<li>{html.escape(text)}</li>" for text in found.steps[lang])
    return (
        f'<section id="quick-start" class="quick-start"><h2>{html.escape(words["head"])}</h2>'
        f'<figure class="quick-picture">{picture(game, lang)}'
        f"<figcaption>{html.escape(words['caption'])}</figcaption></figure>"
        f"<ol>{items}</ol>"
        f'<p><a href="/learn{query}#learn-{html.escape(game)}">'
        f"{html.escape(words['learn'])}</a></p>"
        f'</section><h2 id="reference">{html.escape(words["reference"])}</h2>'
    )
