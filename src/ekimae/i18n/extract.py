"""The messages of the browser app and the terminal, and the catalogues kept up to date.

    python -m ekimae.i18n.extract     # every ekimae.po: add new msgids, drop unused ones

Python (`_`, `_N`, `ngettext`) and the Jinja2 templates (`_()`, `{% trans %}`) are read
with Babel's extractors; the scripts' `t("…")` with a regex, since Babel's JavaScript
extractor does not look inside template literals. A title's templates, scripts and
terminal part are read too: their messages belong in the same catalogues. So are the
games' own descriptions (`GameType`: the summary, each option's label, help and choices),
which the lobby shows through `t()`: of every game package (`ekimae/games/<title>/game.py`
with its `GAME`), registered or not yet, so the catalogues do not change when a title is
registered.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from ekimae.core.game import GameType
from ekimae.i18n import DOMAIN, LANGUAGES, po_path

PACKAGE = Path(__file__).resolve().parent.parent  # src/ekimae
JS_CALL = re.compile(r"""\bt\(\s*"((?:[^"\\]|\\.)*)"|\bt\(\s*'((?:[^'\\]|\\.)*)'""")
PY_KEYWORDS = {"_": None, "_N": None, "ngettext": (1, 2)}


def _sources(pattern: str) -> list[Path]:
    return sorted(p for p in PACKAGE.glob(pattern) if "__pycache__" not in p.parts)


def messages() -> dict[str, str]:
    """Every msgid in use -> the first file using it (relative to src/ekimae)."""
    found: dict[str, str] = {}

    def add(msgid: object, path: Path) -> None:
        text = msgid[0] if isinstance(msgid, tuple) else msgid
        if isinstance(text, str) and text:
            found.setdefault(text, str(path.relative_to(PACKAGE)))

    for path in _sources("**/*.py"):
        if "research" in path.parts or path == Path(__file__).resolve():
            continue
        for _line, msgid, _c, _ctx in extract_from_file("python", str(path), PY_KEYWORDS):
            add(msgid, path)
    for path in _sources("server/**/templates/**/*.html"):
        options = {"extensions": "jinja2.ext.i18n"}
        for _line, msgid, _c, _ctx in extract_from_file(
            "jinja2.ext:babel_extract", str(path), options=options
        ):
            add(msgid, path)
    for path in _sources("server/**/static/**/*.js"):
        for match in JS_CALL.finditer(path.read_text(encoding="utf-8")):
            raw = match.group(1) if match.group(1) is not None else match.group(2)
            add(raw.encode().decode("unicode_escape") if "\\" in raw else raw, path)
    for path, kind in game_types():
        for text in description_texts(kind):
            add(text, path)
    return found


def game_types() -> Iterator[tuple[Path, GameType]]:
    """Each game package's description, with its `game.py`."""
    for path in _sources("games/*/game.py"):
        module = importlib.import_module(f"ekimae.games.{path.parent.name}.game")
        game = getattr(module, "GAME", None)
        if game is not None:
            yield path, game.type


def description_texts(kind: GameType) -> Iterator[str]:
    """What the lobby shows of a game's description, in the reader's language: its
    summary, and each option's label, help and choices (the title stays as printed)."""
    yield kind.summary
    for option in kind.options:
        yield option.label
        yield option.help
        yield from option.choices


def update() -> dict[str, list[str]]:
    """Add every msgid in use to each language's catalogue (untranslated) and drop the ones
    no longer used; returns the new msgids per language. Translations are kept."""
    added: dict[str, list[str]] = {}
    wanted = messages()
    for lang in LANGUAGES:
        if lang == "en":
            continue
        path = po_path(lang)
        if path.exists():
            with path.open("rb") as source:
                catalog = read_po(source, locale=lang, domain=DOMAIN)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=lang, domain=DOMAIN, project="ekimae")
        added[lang] = [m for m in wanted if m not in catalog]
        for msgid in added[lang]:
            catalog.add(msgid, "")
        for message in list(catalog):
            if message.id and message.id not in wanted:
                del catalog[message.id]
        catalog.fuzzy = False  # the header: the catalogue is in use
        with path.open("wb") as target:
            write_po(target, catalog, omit_header=False, sort_output=True, no_location=True)
    return added


if __name__ == "__main__":
    for lang, new in update().items():
        print(f"{lang}: {len(new)} new message(s)")
