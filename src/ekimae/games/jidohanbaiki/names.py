"""The names of TOKYO JIDOHANBAIKI's drinks and shapes (jidohanbaiki.toml, English) as
catalogue messages (issue 34): every page and terminal that shows drinks says a drink's
`name` through the catalogue (`Words(lang)(drink.name)`), Japanese its components' own
`ja`; the messages are marked here, with the drinks, so that no title has to list another
family's names for its catalogue. tests/server/test_i18n_titles.py checks that every
drink and shape of the data is here.
"""

from __future__ import annotations

from ekimae.core.logtext import _N

# The shapes' names as catalogue messages.
SHAPE_NAMES = (
    _N("the tallest bottle"),
    _N("small PET bottle"),
    _N("bottle can"),
    _N("glass bottle"),
    _N("the squat can"),
    _N("the short can"),
)


# The drinks' names as catalogue messages.
DRINK_NAMES = (
    _N("Black oolong tea"),
    _N("Cola"),
    _N("Black coffee"),
    _N("Black vinegar drink"),
    _N("Black soybean tea"),
    _N("Espresso"),
    _N("Mineral water"),
    _N("Yogurt soda"),
    _N("Café au lait"),
    _N("Milk"),
    _N("Amazake"),
    _N("Milk coffee"),
    _N("Green tea"),
    _N("Melon soda"),
    _N("Matcha latte"),
    _N("Green juice"),
    _N("Mint soda"),
    _N("Genmaicha"),
    _N("Sports drink"),
    _N("Soda water"),
    _N("Blue Hawaii soda"),
    _N("Ramune"),
    _N("Ion water"),
    _N("Cider"),
    _N("Rooibos tea"),
    _N("Strawberry milk"),
    _N("Energy drink"),
    _N("Vitamin tonic"),
    _N("Tomato juice"),
    _N("Acerola drink"),
    _N("Grape water"),
    _N("Grape soda"),
    _N("Blueberry yogurt"),
    _N("Prune drink"),
    _N("Purple sweet potato latte"),
    _N("Grape juice"),
)
