"""The words of the pages that build with the JUTAKU kit's elements (issue 20): a parcel
card's place and an element's name in the reader's language; TOKYO JUTAKU's, COUNTDOWN's,
BOTTLE BONUS's and IZAKAYA's pages say their sentences with these `Words`.

Each sentence is a catalogue message marked `_N("…")` and translated by a `Words(lang)`, as
TOKYO METRO's prompts are (docs/i18n.md); English (the default) is the msgids, so the
English pages read exactly as before. The game's words are the French booklet's (the seed
of TOKYO JUTAKU: élément, réserve, bordure, étage, « Stop ! ») and, in Italian and Japanese,
those of our rules reference (docs/rules/it, docs/rules/ja).
"""

from __future__ import annotations

import re

from ekimae import i18n
from ekimae.games.jutaku_kit.places import places_ja
from ekimae.i18n import _N, DEFAULT

__all__ = ["Words", "places_ja"]

# The elements' printed names (elements.toml) are English descriptions of their shapes;
# other languages say the same from the shape's parts.
_BAR = re.compile(r"(\d)-bar")
_BLOCK = re.compile(r"(\d)×(\d) block")
_PIECE = re.compile(r"(\d|seven)-square piece (\d+)")


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
