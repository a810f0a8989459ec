"""CHOCOLATE MILK's table as text, from a view: the 3×3 grid of parcel cards with their
drinks and the architects, the Stock cards' prices (colours, then shapes), each player's
money, place and crates with what each crate scores now (CM-4). A drink is its colour's
dot and its shape's glyph, then its name."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ekimae.cli.common import seat_label
from ekimae.games.chocolate_milk.grid import CELLS
from ekimae.games.chocolate_milk.view import MilkView
from ekimae.games.jutaku_kit.places import places_ja
from ekimae.i18n import _, language, yen
from ekimae.server.titles.chocolate_milk.board import DATA, card_word, drink_name

SEAT_STYLES = ("bold cyan", "bold magenta", "bold yellow", "bold green", "bold bright_blue",
               "bold red", "bold white", "bold orange1")  # fmt: skip


def ink(drink: str) -> str:
    colour = DATA.drinks.colour_of(drink)
    found = next(c.ink for c in DATA.drinks.colours if c.key == colour)
    return "grey62" if colour == "black" else found


def drink(ident: str, named: bool = True) -> Text:
    """The shape's glyph and the colour's word in the drink's colour, then its name (the
    words say it without colours too, into a pipe)."""
    found = DATA.drinks.drinks[ident]
    glyph = DATA.drinks.shape(found.shape).glyph
    text = Text(f"{glyph}{card_word(found.colour, language())}", f"bold {ink(ident)}")
    if named:
        text.append(" " + drink_name(ident, language()))
    return text


def place(name: str) -> str:
    return places_ja().get(name, name) if language() == "ja" else name


def grid(view: MilkView) -> Table:
    """The parcel cards, three by three: cell, place, drinks, architects (CM-1)."""
    table = Table(box=box.ROUNDED, show_header=False, show_lines=True, padding=(0, 1))
    for _column in range(3):
        table.add_column(width=34)
    cells = {c["cell"]: c for c in view["grid"]}
    for row in range(3):
        parts: list[RenderableType] = []
        for col in range(3):
            cell = cells[CELLS[row * 3 + col]]
            text = Text(f"{cell['cell']} ", "bold").append(place(cell["name"]), "dim")
            for seat in cell["architects"]:
                text.append(f" @{seat + 1}", SEAT_STYLES[seat % len(SEAT_STYLES)])
            for ident in cell["drinks"]:
                text.append("\n").append(drink(ident))
            parts.append(text)
        table.add_row(*parts)
    return table


def market(view: MilkView) -> Text:
    """The Stock cards: each colour's and each shape's price now (CM-2)."""
    text = Text()
    for kind, heading in (("colour", _("colours")), ("shape", _("shapes"))):
        text.append(f"{heading}: ", "bold")
        for card in view["market"]:
            if card["kind"] == kind:
                text.append(f"{card_word(card['card'], language())} {yen(card['yen'])}  ")
        text.append("\n")
    text.rstrip()
    return text


def players(view: MilkView, names: Sequence[str]) -> Table:
    """A row a seat: money, cell, crates (drinks, what each scores now), total (CM-4)."""
    table = Table(padding=(0, 1), show_edge=False, box=box.SIMPLE_HEAD)
    for column in (_("seat"), _("money"), _("at"), _("crates"), _("score")):
        table.add_column(column)
    for p, total in zip(view["players"], view["scores"], strict=True):
        seat = p["seat"]
        crates = Text()
        for n, (crate, scored) in enumerate(zip(p["crates"], p["crate_scores"], strict=True)):
            if n:
                crates.append("\n")
            crates.append(f"{n + 1}: ")
            for ident in crate:
                crates.append(drink(ident, named=False)).append(" ")
            if not crate:
                crates.append(_("empty"), "dim")
            if scored["points"] and scored["attribute"] is not None:
                word = card_word(scored["attribute"], language())
                crates.append(f" → {yen(scored['points'])} ({word})", "dim")
        table.add_row(
            Text(seat_label(list(names), seat), SEAT_STYLES[seat % len(SEAT_STYLES)]),
            yen(p["money"]),
            str(p["cell"]),
            crates,
            yen(total),
        )
    return table


def supply_line(view: MilkView) -> str:
    return _("supply: {n} drinks · crates left: {crates} · turns: {turns}").format(
        n=len(view["supply"]), crates=view["crates_left"], turns=view["turns"]
    )
