"""THE SHOPPING GAME's page (issue 19): the mall drawn from the data with the items, the
players and the vending machine (`board.py`, sent as the overlay with every update); the
market prices, the crates and what each would pay; the legal actions as buttons with plain
labels. Nothing is hidden but the bag's order, so the page shows the view as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ekimae.core.log import event_of, view_lines
from ekimae.core.logtext import parse_seat, parse_yen
from ekimae.games.jutaku_kit.places import places_ja
from ekimae.games.shopping.components import OUT
from ekimae.games.shopping.game import GAME
from ekimae.games.shopping.log_forms import FORMS, LEAVES
from ekimae.games.shopping.market import fish_of
from ekimae.games.shopping.view import ShoppingView, shopping_view
from ekimae.i18n import _N, DEFAULT, Words, format_yen
from ekimae.i18n.log import Names
from ekimae.server.titles import GenericTitle
from ekimae.server.titles.shopping.board import SEAT_INKS, mall_svg

DATA = GAME.data
HERE = Path(__file__).parent


def _fronts() -> list[tuple[str, str]]:
    """(point, shop) for every shop a blue point stands in front of (SH-2)."""
    return [(point, shop) for point, shops in DATA.mall.fronts.items() for shop in shops]


def item_name(token: str, lang: str = DEFAULT) -> str:
    """An item, drink or fish as the page's language names it (a drink in Japanese by its
    Japanese name; the items' names are catalogue messages, board.NAMES)."""
    say = Words(lang)
    if token in DATA.drinks.drinks:
        drink = DATA.drinks.drinks[token]
        return drink.ja if lang == "ja" else say(drink.name)  # games/jidohanbaiki/names.py
    caught = fish_of(token)
    if caught is not None:
        return f"{say(caught[0])} {caught[1]}"
    item = DATA.items.get(token)
    return say(item.name) if item else token


def shop_name(shop: str, lang: str = DEFAULT) -> str:
    """A shop by the place of its parcel card ("Dogenzaka"), never its id ("clothes-8");
    in Japanese script on a Japanese page."""
    found = DATA.shops.get(shop)
    if found is None:
        return shop
    return places_ja().get(found.name, found.name) if lang == "ja" else found.name


def _in_front(view: ShoppingView, point: str, lang: str) -> str:
    """A few of the items in front of `point`, for a move's label."""
    say = Words(lang)
    names: list[str] = []
    for shop in DATA.mall.fronts.get(point, ()):
        found = DATA.shops[shop]
        if found.draws is not None:
            names.append(say(found.draws))
        else:
            names += [item_name(t, lang) for t in dict.fromkeys(view["shops"][shop])]
    if point in DATA.mall.machine_points:
        names.append(say(_N("vending machine")))
    shown = say(_N(", ")).join(dict.fromkeys(names[:4]))
    return f" — {shown}{'…' if len(names) > 4 else ''}" if names else ""


def shopping_prompt(raw: Mapping[str, Any], seat: int | None, lang: str = DEFAULT) -> str:
    """What is happening now, and what this seat may do (SH-2 … SH-5), in `lang`."""
    say = Words(lang)
    view = shopping_view(raw)
    turn = view["turn"]
    if view["phase"] == "over" or turn is None:  # no turn once it is over
        return say(_N("The game is over (SH-5): most yen wins, then most magazines."))
    if seat != turn:
        return say(_N("Seat {n} is shopping."), n=turn + 1)
    me = view["players"][seat]
    if view["phase"] == "take":
        return say(
            _N("Take one item in front of you, use the machine if you touch it, or take nothing.")
        )
    if me["at"] == OUT:
        return say(_N("Walk in through the central double aisles: 1 to 3 steps (SH-3)."))
    return say(
        _N("Move 1 to 3 steps, or leave through the central aisles: your crate pays {amount}."),
        amount=format_yen(me["crate_pays"], lang),
    )


def shopping_label(
    raw: Mapping[str, Any], seat: int, action: Mapping[str, Any], lang: str = DEFAULT
) -> str | None:
    say = Words(lang)
    view = shopping_view(raw)
    kind = action.get("type")
    if kind == "move":
        to = str(action["to"])
        if to == OUT:
            pays = format_yen(view["players"][seat]["crate_pays"], lang)
            return say(_N("Leave the shop: your crate pays {amount} and a barrel"), amount=pays)
        if view["players"][seat]["at"] == OUT:
            verb = say(_N("Enter at {point}"), point=to)
        else:
            verb = say(_N("Walk to {point}"), point=to)
        return f"{verb}{_in_front(view, to, lang)}"
    if kind == "take":
        item, shop = str(action["item"]), str(action["shop"])
        if item == "tuna":
            return say(
                _N("Buy a tuna for {amount} (drawn from the bag)"),
                amount=format_yen(view["tuna_price"], lang),
            )
        if item == "crab":
            return say(_N("Draw a crab from the bag"))
        return say(
            _N("Take the {item} ({shop})"), item=item_name(item, lang), shop=shop_name(shop, lang)
        )
    if kind == "machine":
        return say(_N("Use the vending machine ({n} drinks go in)"), n=len(view["machine"]))
    if kind == "pass":
        return say(_N("Take nothing"))
    return None


def exits(log: list[str]) -> dict[int, list[int]]:
    """What each seat's exits paid (SH-3), in order: from the log's events (`LEAVES`), or
    read back from a line that is only text (a saved position's)."""
    found: dict[int, list[int]] = {}
    for line in log:
        event = event_of(line)
        if event is not None:
            if event.form == LEAVES:
                found.setdefault(int(event.values["seat"]), []).append(int(event.values["total"]))
            continue
        parsed = FORMS.parse(line)
        if parsed is None or parsed.form != LEAVES:
            continue
        seat = parse_seat(str(parsed.fields["seat"]))
        if seat is not None:
            found.setdefault(seat, []).append(parse_yen(str(parsed.fields["total"])))
    return found


def shopping_breakdown(raw: Mapping[str, Any], lang: str = DEFAULT) -> dict[str, Any]:
    """The end screen's table: what each exit paid, the magazines (SH-5's tie-break), and
    the crate of whoever was still inside — it pays nothing (SH-5)."""
    say = Words(lang)
    view = shopping_view(raw)
    paid = exits(view_lines(view["log"]))
    each = DATA.exits_each
    rows: dict[str, list[str]] = {}
    for p in view["players"]:
        seat = p["seat"]
        mine = paid.get(seat, [])
        cells = [format_yen(mine[k], lang) if k < len(mine) else "—" for k in range(each)]
        cells.append(str(p["magazines"]))
        if p["at"] != OUT:
            cells.append(
                say(
                    _N("still inside: pays nothing (its crate was worth {amount})"),
                    amount=format_yen(p["crate_pays"], lang),
                )
            )
        else:
            cells.append("—")
        rows[str(seat)] = cells
    columns = [say(_N("Exit {n}"), n=k + 1) for k in range(each)]
    return {
        "title": say(_N("Where the yen came from")),
        "columns": [*columns, say(_N("Magazines")), say(_N("Crate at the end"))],
        "rows": rows,
        "notes": [
            say(
                _N(
                    "Each exit pays every item's market price (SH-3); most yen wins, then most"
                    " magazines; whoever is still inside at the end scores nothing for the crate"
                    " (SH-5)."
                )
            )
        ],
    }


class ShoppingWeb(GenericTitle):
    def quick_picture(self, view: Mapping[str, Any], options: Mapping[str, str], lang: str) -> str:
        """The rules page's picture (issue 30): the mall as the page draws it (its texts
        said in the page's language by static/quickstart.js)."""
        mall = mall_svg(DATA, shopping_view(view))
        return f'<div class="quick-mall" data-quick="shopping">{mall}</div>'

    template = "shopping/templates/game.html"

    def picture(self) -> str:
        """The lobby's picture: the mall as a game starts, with the page's own style for
        it (shopping.css's `.mall` rules: an image does not see the page's)."""
        drawn = mall_svg(DATA, shopping_view(GAME.new_state(2, 1).view(None)))
        css = (HERE / "static" / "shopping.css").read_text(encoding="utf-8")
        rules = "\n".join(line for line in css.splitlines() if line.startswith(".mall "))
        head, _, rest = drawn.partition(">")
        return f"{head}><style>{rules}</style>{rest}"

    def log_names(self, options: Mapping[str, str], lang: str = "en") -> Names:
        """The log's shops by their parcel card's place, never by id."""

        def name(kind: str, value: str) -> str | None:
            return shop_name(value, lang) if value in DATA.shops else None

        return name

    def end_breakdown(
        self, view: Mapping[str, Any], options: Mapping[str, str], lang: str = "en"
    ) -> dict[str, Any]:
        return shopping_breakdown(view, lang)

    def overlay(self, view: Mapping[str, Any], options: Mapping[str, str]) -> str | None:
        return mall_svg(DATA, shopping_view(view))

    def prompt(
        self,
        view: Mapping[str, Any],
        seat: int | None,
        options: Mapping[str, str],
        lang: str = "en",
    ) -> str | None:
        return shopping_prompt(view, seat, lang)

    def label(
        self,
        view: Mapping[str, Any],
        seat: int,
        action: Mapping[str, Any],
        options: Mapping[str, str],
        lang: str = "en",
    ) -> str | None:
        return shopping_label(view, seat, action, lang)

    def components(self) -> dict[str, Any]:
        """Names the page shows: items, drinks with their ink, piles, shops' parcels."""
        return {
            "items": {t: i.name for t, i in DATA.items.items()},
            "drinks": {
                d.id: {"name": d.name, "ja": d.ja, "colour": d.colour}
                for d in DATA.drinks.drinks.values()
            },
            "inks": {c.key: c.ink for c in DATA.drinks.colours},
            "piles": {p.id: p.name for p in DATA.piles.values()},
            "exits_each": DATA.exits_each,
            "places_ja": places_ja(),  # the Japanese page's names of the parcels' places
            "seat_inks": list(SEAT_INKS),  # the players' colours on the mall and the log
            "shops": {
                shop: {"name": found.name, "fronts": [p for p, s in _fronts() if s == shop]}
                for shop, found in DATA.shops.items()
            },
        }


TITLE = ShoppingWeb()
