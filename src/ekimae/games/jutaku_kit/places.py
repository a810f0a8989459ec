"""The parcel cards' places in Japanese script (issue 20), by printed name.

The cards print their places in romaji (TOKYO JUTAKU's cards.toml); a Japanese reader
writes them in Japanese script (data/places_ja.toml). Every page and terminal that names
a parcel card's place reads them here: TOKYO JUTAKU, COUNTDOWN, BOTTLE BONUS, and the
titles whose grids are parcel cards (CHOCOLATE MILK, THE SHOPPING GAME, IZAKAYA).
"""

from __future__ import annotations

from functools import cache

from ekimae.core.data import Fields, read_toml

DATA_PACKAGE = "ekimae.games.jutaku_kit.data"


@cache
def places_ja() -> dict[str, str]:
    """The parcel cards' places in Japanese script, by printed name (places_ja.toml)."""
    source = "places_ja.toml"
    table = Fields(source, "places", read_toml(source, DATA_PACKAGE).get("places"))
    return {name: table.text(name) for name in table.table}
