"""The lobby's cards of the titles (issue 31): a picture drawn from each title's own
components, how many play and how long a game lasts, and the link to learn it.

A title's picture is its web part's (`WebTitle.picture()`, an SVG drawn from its data);
a game without one gets its name on a plain card. How long a game typically lasts is the
title's `lobby.toml` (`minutes = [least, most]`, docs/following.md says how the figures
were chosen); the "Learn to play" page is `/learn/<title>` (issue 30 builds it).
"""

from __future__ import annotations

from functools import cache
from html import escape
from typing import Any

from ekimae.core.data import Fields, read_toml
from ekimae.games import games
from ekimae.server.titles import HERE, web_title


@cache
def minutes(game: str) -> tuple[int, int] | None:
    """(least, most) minutes of a typical game, from the title's lobby.toml."""
    folder = HERE / game.replace("-", "_")
    path = folder / "lobby.toml"
    if not path.exists():
        return None
    table = Fields(str(path), "", read_toml(path))
    pair = table.items("minutes")
    if len(pair) != 2 or not all(isinstance(m, int) and 0 < m <= 600 for m in pair):
        raise table.fail("minutes", f"expected [least, most] in minutes (1..600), got {pair!r}")
    least, most = int(pair[0]), int(pair[1])
    if least > most:
        raise table.fail("minutes", f"the least ({least}) is more than the most ({most})")
    return least, most


def card(game: str) -> dict[str, Any]:
    """What the lobby shows of a title beside its description."""
    span = minutes(game)
    return {
        "picture_url": f"/api/titles/{game}/picture.svg",
        "minutes": list(span) if span else None,
        "learn_url": f"/learn/{game}",
    }


def _plain(title: str) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 120" role="img">'
        '<rect x="4" y="4" width="192" height="112" rx="10" fill="#f4f1ea" stroke="#555"/>'
        f'<text x="100" y="66" text-anchor="middle" font-size="16" font-family="sans-serif">'
        f"{escape(title)}</text></svg>"
    )


@cache
def picture(game: str) -> str:
    hook = getattr(web_title(game), "picture", None)
    drawn = None if hook is None else hook()
    return str(drawn) if drawn else _plain(games()[game].title)
