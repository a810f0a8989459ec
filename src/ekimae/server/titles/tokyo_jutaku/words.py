"""The building pages' sentences in the reader's language (issue 20): TOKYO JUTAKU's, and
COUNTDOWN's and BOTTLE BONUS's, which build with its elements.

Each sentence is a catalogue message marked `_N("…")` and translated by a `Words(lang)`, as
TOKYO METRO's prompts are (docs/i18n.md); English (the default) is the msgids, so the
English pages read exactly as before. The game's words are the French booklet's (the seed
of TOKYO JUTAKU: élément, réserve, bordure, étage, « Stop ! ») and, in Italian and Japanese,
those of our rules reference (docs/rules/it, docs/rules/ja).
"""

from __future__ import annotations

import re
from functools import cache

from ekimae import i18n
from ekimae.core.data import Fields, read_toml
from ekimae.i18n import _N, DEFAULT

# The elements' printed names (elements.toml) are English descriptions of their shapes;
# other languages say the same from the shape's parts.
_BAR = re.compile(r"(\d)-bar")
_BLOCK = re.compile(r"(\d)×(\d) block")
_PIECE = re.compile(r"(\d|seven)-square piece (\d+)")


@cache
def places_ja() -> dict[str, str]:
    """The parcel cards' places in Japanese script, by printed name (places_ja.toml)."""
    source = "places_ja.toml"
    table = Fields(source, "places", read_toml(source, __package__).get("places"))
    return {name: table.text(name) for name in table.table}


class Words(i18n.Words):
    """The words of one language: messages, yen, the elements' names."""

    def place(self, name: str) -> str:
        """A parcel card's place ("Higashi-Ikebukuro"); in Japanese script on a Japanese page."""
        return places_ja().get(name, name) if self.lang == "ja" else name

    def element(self, name: str) -> str:
        """An element's printed name ("3-square piece 1") in this language."""
        if self.lang == DEFAULT:
            return name
        if name == "cube":
            return self(_N("cube"))
        if bar := _BAR.fullmatch(name):
            return self(_N("{n}-bar"), n=bar[1])
        if block := _BLOCK.fullmatch(name):
            return self(_N("{w}×{h} block"), w=block[1], h=block[2])
        if piece := _PIECE.fullmatch(name):
            size = "7" if piece[1] == "seven" else piece[1]
            return self(_N("{n}-square piece {k}"), n=size, k=piece[2])
        return name
