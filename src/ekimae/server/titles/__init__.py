"""What a title contributes to the browser app, through one small interface.

The server (hub, store, routes, lobby) is the same for every game; a title's page is not.
A title's web part is a package `ekimae.server.titles.<title>` (the game's name with `-`
as `_`) exposing `TITLE`, a `WebTitle`: its page template, also its replay's (in its
`templates/` folder), its scripts (its `static/` folder, served at
`/static/titles/<title>/`), the board drawing and the plain-language prompts and labels
made from a seat's view, and the printed components the page shows. A game without one is
served by `GenericTitle`: its view as readable data and its legal actions as buttons —
playable, if plain, with no line of server code naming it.

Optional hooks a web part may add (issue 31, docs/following.md), looked up with
`getattr` so that a part need not define them: `log_names(options, lang)` (the side log's
words for a log field), `step_note(view)` and `note_lines(note, options, lang)` (a game
without a log), `end_breakdown(view, options, lang)` and `score_text(score, view, lang)`
(the end screen), `picture()` (the lobby's SVG).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from ekimae.games import title_part
from ekimae.i18n.log import game_log

HERE = Path(__file__).parent


class WebTitle(Protocol):
    # A game's page, e.g. "tokyo_metro/templates/game.html"; its replay too (issue 31:
    # `server/replays.py` renders it in replay mode).
    template: str
    # Optional (read with getattr, default False): True when `overlay` draws only what
    # every seat sees, so the server draws it once per change from a spectator's view
    # instead of once per seat (`server.payloads`).

    def page(self, view: Mapping[str, Any], options: Mapping[str, str]) -> dict[str, Any]:
        """Extra context for the page template (the drawn board, …)."""
        ...

    def overlay(self, view: Mapping[str, Any], options: Mapping[str, str]) -> str | None:
        """What changes on the board with each update (an SVG fragment), if anything."""
        ...

    def prompt(
        self,
        view: Mapping[str, Any],
        seat: int | None,
        options: Mapping[str, str],
        lang: str = "en",
    ) -> str | None:
        """A sentence saying what is happening and what this seat may do now, written in
        the page's language `lang` where the title speaks it (English otherwise)."""
        ...

    def label(
        self,
        view: Mapping[str, Any],
        seat: int,
        action: Mapping[str, Any],
        options: Mapping[str, str],
        lang: str = "en",
    ) -> str | None:
        """A plain label for one legal action (wire form), None for the engine's text;
        in `lang` where the title speaks it."""
        ...

    def components(self) -> dict[str, Any]:
        """The printed components the page needs (cards, tiles), as JSON."""
        ...

    def log_lines(
        self, log: Sequence[str], options: Mapping[str, str], lang: str = "en"
    ) -> list[str] | None:
        """The view's log (English, as the engine writes it) in `lang`, where the title
        names more than seats, yen and actions (TOKYO METRO's stations); None: the
        generic translation through the game's `log_forms` (`ekimae.i18n.log.game_log`)."""
        ...


class GenericTitle:
    """Any game, shown from its view alone; a title's web part may start from it and
    replace only what it draws itself."""

    template = "generic/game.html"
    shared_overlay = False

    def page(self, view: Mapping[str, Any], options: Mapping[str, str]) -> dict[str, Any]:
        return {}

    def overlay(self, view: Mapping[str, Any], options: Mapping[str, str]) -> str | None:
        return None

    def prompt(
        self,
        view: Mapping[str, Any],
        seat: int | None,
        options: Mapping[str, str],
        lang: str = "en",
    ) -> str | None:
        return None

    def label(
        self,
        view: Mapping[str, Any],
        seat: int,
        action: Mapping[str, Any],
        options: Mapping[str, str],
        lang: str = "en",
    ) -> str | None:
        return None

    def components(self) -> dict[str, Any]:
        return {}

    def log_lines(
        self, log: Sequence[str], options: Mapping[str, str], lang: str = "en"
    ) -> list[str] | None:
        return None


def log_lines(
    web: WebTitle, game: str, log: Sequence[str], options: Mapping[str, str], lang: str = "en"
) -> list[str]:
    """The log of `game` in `lang`: the title's own `log_lines` where it has one (a web
    part need not subclass `GenericTitle`), else the generic translation (issue 20)."""
    hook = getattr(web, "log_lines", None)
    own = None if hook is None else hook(log, options, lang)
    return game_log(game, log, lang) if own is None else list(own)


def web_title(game: str) -> WebTitle:
    """The web part of the game named `game`, or the generic one if it has none."""
    found = title_part(__name__, game)
    title: WebTitle = GenericTitle() if found is None else found.TITLE
    return title


def static_folders() -> dict[str, Path]:
    """Each title's `static/` folder by title module name, to serve its scripts."""
    return {
        path.parent.name: path
        for path in sorted(HERE.glob("*/static"))
        if path.is_dir() and (path.parent / "__init__.py").exists()
    }
