"""IZAKAYA's page (issue 18): the parcel grid drawn from the view — cards with their
owners' pyramids and floors, corners with their drinks (colour and shape glyph), claimed
edges —, the Colour cards with their prices (the price track), bids entered privately,
and building: choose an element from the pool, then place it on one's card with
rotate/flip, a ghost that says why a spot is refused.

The elements, the cards and the isometric drawing are TOKYO JUTAKU's (its components and
its static `pieces.js`, imported); the drinks are JIDOHANBAIKI's. The page only sends
actions the server listed as legal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ekimae.games.izakaya.board import Board, board
from ekimae.games.izakaya.game import GAME
from ekimae.games.izakaya.view import IzakayaView, izakaya_view
from ekimae.i18n import _N, DEFAULT
from ekimae.i18n.log import Names
from ekimae.server.titles import GenericTitle
from ekimae.server.titles.jutaku_kit.words import Words, places_ja
from ekimae.server.titles.tokyo_jutaku import TITLE as JUTAKU
from ekimae.server.titles.tokyo_jutaku.quick import tower

DATA = GAME.data
JUTAKU_DATA = DATA.jutaku


def izakaya_prompt(raw: Mapping[str, Any], seat: int | None, lang: str = DEFAULT) -> str:
    """What is happening now, and what this seat may do (IZ-2 … IZ-4), in `lang`."""
    w = Words(lang)
    view = izakaya_view(raw)
    rnd = view["round"]
    if view["phase"] == "over":
        return w(_N("The game is over: buildings earn drinks × floors, plus yen kept (IZ-5)."))
    if view["phase"] == "bid":
        if seat is not None and not view["players"][seat]["has_bid"]:
            return w(_N("Round {n}: seal your turn-order bid (IZ-2)."), n=rnd)
        return w(_N("Round {n}: waiting for the others' sealed bids (IZ-2)."), n=rnd)
    (turn,) = view["to_act"]
    if seat != turn:
        return w(_N("Round {n}: seat {seat} places a disc (IZ-3)."), n=rnd, seat=turn + 1)
    pending = view["pending"]
    if pending and pending[0] == "place":
        return w(
            _N("Place {element} on one of your cards (R turns, F flips; IZ-3.4)."),
            element=w.element(DATA.jutaku.elements[pending[1]].name),  # by name, not id
        )
    if pending:
        return w(_N("Three claims in a line: take a free element (IZ-3.3)."))
    return w(_N("Place a disc: a bottle, a price move, a claim or a build (IZ-3)."))


def izakaya_label(
    raw: Mapping[str, Any], seat: int, action: Mapping[str, Any], lang: str = DEFAULT
) -> str | None:
    """A plain sentence for one legal action (issue 30: what a hint says), in `lang`."""
    w = Words(lang)
    view = izakaya_view(raw)
    kind = action.get("type")

    def colour(key: object) -> str:  # the drinks' colours are catalogue words
        return w(str(key))

    prices = view["prices"]
    if kind == "bid":
        return w(
            _N("Bid {amount} for turn order, sealed until everyone has bid"),
            amount=w.yen(int(action["amount"])),
        )
    if kind == "bottle":
        return w(
            _N(
                "Put the next {colour} drink on the corner where {cards} meet:"
                " {price} a floor to each building there"
            ),
            colour=colour(action["colour"]),
            cards=_places(view, _table(view).corners[str(action["corner"])].cards, w),
            price=w.yen(int(prices[action["colour"]])),
        )
    if kind == "price":
        source, target = str(action["source"]), str(action["target"])
        return w(
            _N(
                "Move ¥100 from the {source} card to the {target} card"
                " ({source} drinks then {low}, {target} drinks {high})"
            ),
            source=colour(source),
            target=colour(target),
            low=w.yen(int(prices[source]) - 100),
            high=w.yen(int(prices[target]) + 100),
        )
    if kind == "claim":
        # Named by their places, as a table player would (the grid's codes are the engine's).
        sides = _table(view).edges[str(action["edge"])].cards
        (other,) = [c for c in sides if c != action["space"]]
        return w(
            _N(
                "Claim the parcel card {place}: a claim disc on its edge with {other},"
                " your pyramid on the card"
            ),
            place=_places(view, (str(action["space"]),), w),
            other=_places(view, (other,), w),
        )
    if kind in ("build", "free"):
        element = DATA.jutaku.elements[str(action["element"])]
        message = (
            _N("Build: take the {element} and place it on one of your cards")
            if kind == "build"
            else _N("Take the {element} free (three claims in a line) and place it")
        )
        return w(message, element=w.element(element.name))
    if kind == "place":
        card = DATA.jutaku.cards[view["grid"][action["space"]]]
        return w(_N("Place it on your card {place}"), place=w.place(card.name))
    if kind == "pass":
        return w(_N("Pass: this disc has nowhere to go"))
    return None


def _table(view: IzakayaView) -> Board:
    """The grid of this game (its size by the number of players, IZ-1)."""
    setup = DATA.tables[len(view["players"])]
    return board(setup.grid, setup.centre_out)


def _places(view: IzakayaView, spaces: tuple[str, ...], w: Words) -> str:
    """The cards on these spaces by their places ("Ueno-Koen, Takanawa and Kuramae")."""
    names = [w.place(DATA.jutaku.cards[view["grid"][s]].name) for s in spaces if s in view["grid"]]
    if len(names) < 2:
        return "".join(names)
    return w(_N("{some} and {last}"), some=w(_N(", ")).join(names[:-1]), last=names[-1])


def _corner_spaces(corner: str) -> list[str]:
    """The cards a corner of the grid touches (any player count's grid has it)."""
    for table in DATA.tables.values():
        found = board(table.grid, table.centre_out).corners.get(corner)
        if found is not None:
            return sorted(found.cards)
    return []


def izakaya_names(lang: str) -> Names:
    """The log's words a table player uses: an element by its name, a corner by the cards
    it touches (the grid shows cards, not corners' ids)."""
    w = Words(lang)

    def name(kind: str, value: str) -> str | None:
        element = JUTAKU_DATA.elements.get(value)
        if element is not None:
            return w.element(element.name)
        if kind == "text" and (spaces := _corner_spaces(value)):
            return w(_N("the corner of {cards}"), cards="/".join(spaces))
        return None

    return name


def izakaya_breakdown(raw: Mapping[str, Any], lang: str = DEFAULT) -> dict[str, Any]:
    """The end screen's table (IZ-5): each building's corner drinks at their current
    prices × its floors, then the yen kept."""
    w = Words(lang)
    view = izakaya_view(raw)
    state = GAME.state_from_dict(view)
    rows: dict[str, list[str]] = {}
    for p in range(state.seats):
        parts = []
        for space in state.spaces_of(p):
            prices = [
                state.price_of(state.drinks[c])
                for c in state.board.corners_of[space]
                if c in state.drinks
            ]
            for plot in range(len(state.side(space).plots)):
                floors = len(state.floors(space, plot))
                if not floors:
                    continue
                drinks = " + ".join(w.yen(x) for x in prices) or w.yen(0)
                one = _N("{space}: ({drinks}) × {floors} floor = {amount}")
                parts.append(
                    w(
                        one
                        if floors == 1
                        else _N("{space}: ({drinks}) × {floors} floors = {amount}"),
                        # The card by its place, as the table says it (grid codes are the engine's).
                        space=w.place(DATA.jutaku.cards[view["grid"][space]].name),
                        drinks=drinks,
                        floors=floors,
                        amount=w.yen(sum(prices) * floors),
                    )
                )
        rows[str(p)] = [
            w(_N("; ")).join(parts) or w(_N("no building")),
            w.yen(state.earnings(p)),
            w.yen(state.money[p]),
        ]
    return {
        "title": w(_N("Where the yen came from")),
        "columns": [w(_N("Buildings (IZ-5)")), w(_N("Buildings earn")), w(_N("Yen kept"))],
        "rows": rows,
        "notes": [
            w(
                _N(
                    "A building earns the prices of the drinks on its card's corners times its"
                    " floors; a tie goes to the most yen kept (IZ-5)."
                )
            )
        ],
    }


class IzakayaWeb(GenericTitle):
    def quick_picture(self, view: Mapping[str, Any], options: Mapping[str, str], lang: str) -> str:
        """The rules page's picture (issue 30): seat 1's first building on its card."""
        shown = izakaya_view(view)
        for space, plots in shown["buildings"].items():
            if shown["owners"].get(space) == 0 and plots:
                side = DATA.jutaku.cards[shown["grid"][space]].side(DATA.card_side)
                return tower("tokyo_jutaku", side.plots[0].rows, plots[0])
        return ""

    template = "izakaya/templates/game.html"

    def picture(self) -> str:
        """The lobby's picture: a 3 × 3 grid of parcel cards, drinks on the corners where
        four cards meet, a few pyramids (IZ-1)."""
        inks = {c.key: c.ink for c in DATA.drinks.colours}
        colours = list(inks)
        parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 170" role="img">']
        for r in range(3):
            for c in range(3):
                fill = "#9bb7d4" if (r, c) == (1, 1) else "#f4ebd9"
                x, y = 10 + c * 50, 10 + r * 50
                parts.append(
                    f'<rect x="{x}" y="{y}" width="46" height="46" rx="4" fill="{fill}" '
                    'stroke="#8a7350" stroke-width="1.5"/>'
                )
        for k, (r, c) in enumerate(((1, 1), (1, 2), (2, 1), (2, 2))):
            parts.append(
                f'<circle cx="{8 + c * 50}" cy="{8 + r * 50}" r="9" '
                f'fill="{inks[colours[k % len(colours)]]}" stroke="#222"/>'
            )
        for k, (r, c) in enumerate(((0, 0), (2, 2), (0, 2))):
            x, y = 10 + c * 50 + 30, 10 + r * 50 + 40
            hue = (0, 210, 40)[k]
            parts.append(
                f'<polygon points="{x - 9},{y} {x + 9},{y} {x},{y - 20}" '
                f'fill="hsl({hue} 60% 50%)" stroke="#222"/>'
            )
        parts.append("</svg>")
        return "".join(parts)

    def prompt(
        self,
        view: Mapping[str, Any],
        seat: int | None,
        options: Mapping[str, str],
        lang: str = "en",
    ) -> str | None:
        return izakaya_prompt(view, seat, lang)

    def label(
        self,
        view: Mapping[str, Any],
        seat: int,
        action: Mapping[str, Any],
        options: Mapping[str, str],
        lang: str = "en",
    ) -> str | None:
        return izakaya_label(view, seat, action, lang)

    def log_names(self, options: Mapping[str, str], lang: str = "en") -> Names:
        return izakaya_names(lang)

    def end_breakdown(
        self, view: Mapping[str, Any], options: Mapping[str, str], lang: str = "en"
    ) -> dict[str, Any]:
        return izakaya_breakdown(view, lang)

    def components(self) -> dict[str, Any]:
        """TOKYO JUTAKU's elements and the white card sides (borders, floors, elements),
        the JIDOHANBAIKI drinks (ink and glyph), and each grid's corners and edges."""
        side = DATA.card_side
        drinks = DATA.drinks
        return {
            "elements": JUTAKU.components()["elements"],
            "cards": {
                c.id: {
                    "name": c.name,
                    "district": c.district,
                    "floors": c.side(side).floors,
                    "elements": c.side(side).elements,
                    "numeral": c.side(side).numeral,
                    "plots": [list(p.rows) for p in c.side(side).plots],
                }
                for c in DATA.jutaku.cards.values()
            },
            "places_ja": places_ja(),  # the Japanese page's names of the cards' places
            "colours": {c.key: c.ink for c in drinks.colours},
            "drinks": {
                d.id: {"colour": d.colour, "glyph": drinks.shape(d.shape).glyph, "name": d.name}
                for d in drinks.drinks.values()
            },
            "grids": {
                str(n): {
                    "size": t.grid,
                    "centre": board(t.grid, t.centre_out).centre,
                    "corners": {
                        k: [c.row, c.col] for k, c in board(t.grid, t.centre_out).corners.items()
                    },
                    "edges": {
                        k: list(e.cards) for k, e in board(t.grid, t.centre_out).edges.items()
                    },
                }
                for n, t in DATA.tables.items()
            },
        }


TITLE = IzakayaWeb()
