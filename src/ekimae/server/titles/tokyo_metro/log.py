"""TOKYO METRO's log panel in the page's language (issue 20).

The engine's English lines are read back through the templates of
`games/tokyo_metro/log_forms.py` and written from their translations
(`ekimae.i18n.log`); here the fields only this title names: a vehicle ("train G",
OS-2's "tram P2") in the booklets' word, a station in Japanese script on a Japanese page.
A line is translated once per language and map (a game's log is pushed again with every
action).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from ekimae.games.tokyo_metro.board import load_board
from ekimae.games.tokyo_metro.log_forms import FORMS
from ekimae.i18n import _N, game_terms
from ekimae.i18n.log import Names, action_text, translate_line
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


@cache
def side_log_names(map_name: str, lang: str) -> Names:
    """The side log's words (issue 31): as the log panel's, and in every language a
    station by its name, never its key ("station HT6b Ningyocho", not "ningyocho"); a
    JIDOHANBAIKI card by its colour or shape."""
    base = _names(map_name, lang)
    w = Words(lang)
    board = load_board(map_name)
    stations = {
        st.key: (st.name_ja if lang == "ja" and st.name_ja else st.name) for st in board.stations
    }

    def word(part: str) -> str:
        if part in stations:
            return stations[part]
        if part.startswith(("JC-", "JS-")):  # a Colour or Shape card's spot: "JC-whitea"
            return part[3:-1].replace("-", " ")
        return part

    def name(kind: str, value: str) -> str | None:
        if kind != "action":
            return base(kind, value)
        text = " ".join(word(part) for part in value.split(" "))
        return base(kind, text) or action_text(text, game_terms(GAME, lang)) or w(text)

    return name


@lru_cache(maxsize=65536)
def log_line(line: str, map_name: str, lang: str) -> str:
    return translate_line(line, FORMS, lang, GAME, _names(map_name, lang))


def log_lines(log: Sequence[str], map_name: str, lang: str) -> list[str]:
    """The view's log in `lang`; English as it is."""
    return [log_line(line, map_name, lang) for line in log]
