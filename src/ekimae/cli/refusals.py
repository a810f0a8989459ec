"""The engine's refusals and errors in the terminal's language (issue 32).

The engines refuse an action in English (`IllegalActionError`: the rule, the reason, what
was allowed; `MalformedActionError` for text that is no action); the goldens, the server
and the tests read those words. The terminal says them in its language the way it says
the logs (docs/i18n.md "The games' logs"): a title's terminal part lists its refusals'
sentences as templates, `ekimae.cli.titles.<title>.refusals.FORMS` (a `LogForms`, with
`names(kind, value)` for its own words, e.g. a phase), the reason is read back through
them and written from the templates' translations, each field in the language (seats,
times, elements, drinks). The codec's own errors (an unknown action, a missing field)
are read through `CORE`. A sentence no template reads is shown as the engine wrote it:
English, never wrong. English itself is the engine's text, byte for byte.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from types import ModuleType

from ekimae.core.errors import EkimaeError, IllegalActionError, MalformedActionError
from ekimae.core.logtext import LogForms
from ekimae.i18n import _N, DEFAULT, _, language
from ekimae.i18n.log import translate_line

Names = Callable[[str, str], str | None]

# `core.actions.ActionCodec`'s words for text that is no action of the game.
CORE_KINDS = {"what": "text", "known": "text", "usage": "text", "got": "text"}
CORE = (
    _N("empty action text"),
    _N("unknown action {what} (known: {known})"),
    _N("{what}: expected '{usage}', got {got}"),
    _N("{what}: missing field {field}"),
    _N("{what}: {word} is not a number"),
    _N("{what}: expected yes or no, got {word}"),
)


def _module(game: str) -> ModuleType | None:
    name = f"ekimae.cli.titles.{game.replace('-', '_')}.refusals"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is None or not name.startswith(exc.name):
            raise  # the module exists but something it imports does not: say so
        return None


@cache
def forms_of(game: str | None) -> tuple[LogForms, Names | None]:
    """The game's refusal templates (its terminal part's), then the codec's."""
    module = None if game is None else _module(game)
    own: LogForms | None = getattr(module, "FORMS", None)
    names: Names | None = getattr(module, "names", None)
    forms = (*own.forms, *CORE) if own is not None else CORE
    kinds = {**CORE_KINDS, **(own.kinds if own is not None else {})}
    return LogForms(forms, kinds), names


def reason(game: str | None, text: str) -> str:
    """An engine's sentence in the terminal's language (English and unknown ones as they are)."""
    lang = language()
    if lang == DEFAULT:
        return text
    forms, names = forms_of(game)
    return translate_line(text, forms, lang, game or "", names)


def refusal(game: str | None, rule: str, why: str, allowed: str = "") -> str:
    """`IllegalActionError`'s text in the terminal's language: "JU-4: … (allowed: …)"."""
    if language() == DEFAULT:
        return str(IllegalActionError(rule, why, allowed))
    text = _("{rule}: {reason}").format(rule=rule, reason=reason(game, why))
    if allowed:
        text += " " + _("(allowed: {allowed})").format(allowed=allowed)
    return text


def error_text(game: str | None, exc: EkimaeError) -> str:
    """Any engine error as the terminal says it."""
    if isinstance(exc, IllegalActionError):
        return refusal(game, exc.rule, exc.reason, exc.allowed)
    if isinstance(exc, MalformedActionError):
        return reason(game, str(exc))
    return str(exc)
