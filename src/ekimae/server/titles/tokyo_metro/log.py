"""TOKYO METRO's log panel in the page's language (issue 20).

The engine's English lines are read back through the templates of
`games/tokyo_metro/log_forms.py` and written from their translations
(`ekimae.i18n_log`); here the fields only this title names: a vehicle ("train G",
OS-2's "tram P2") in the booklets' word, a station in Japanese script on a Japanese page.
A line is translated once per language and map (a game's log is pushed again with every
action).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from ekimae.games.tokyo_metro.board import load_board
from ekimae.games.tokyo_metro.log_forms import FORMS
from ekimae.i18n import _N
from ekimae.i18n_log import Names, translate_line
from ekimae.server.titles.tokyo_metro.prompts import Words

GAME = "tokyo-metro"

# The moves the glossary has no booklet word for (the rest: `action.*`, `move.*`).
ACTION_WORDS = {
    "place": _N("place the meeple"),
    "board-vehicle": _N("board the vehicle"),
    "step": _N("walk a step"),
    "stop": _N("stop walking"),
    "build": _N("build a vending machine"),
}


@cache
def _names(map_name: str, lang: str) -> Names:
    w = Words(lang)
    board = load_board(map_name)
    stations = {st.name: st.name_ja for st in board.stations if lang == "ja" and st.name_ja}

    def name(kind: str, value: str) -> str | None:
        if kind == "vehicle":
            vehicle, _, label = value.partition(" ")
            return f"{w.vehicle(vehicle)}{'' if lang == 'ja' else ' '}{label}"
        if kind == "station":
            return stations.get(value)
        if kind == "action":
            move, _, rest = value.partition(" ")
            word = ACTION_WORDS.get(move)
            if word is not None:
                return f"{w(word)} {rest}".rstrip()
        return None

    return name


@lru_cache(maxsize=65536)
def log_line(line: str, map_name: str, lang: str) -> str:
    return translate_line(line, FORMS, lang, GAME, _names(map_name, lang))


def log_lines(log: Sequence[str], map_name: str, lang: str) -> list[str]:
    """The view's log in `lang`; English as it is."""
    return [log_line(line, map_name, lang) for line in log]
