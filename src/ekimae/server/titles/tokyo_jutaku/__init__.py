"""TOKYO JUTAKU's page (issue 16): the plan, the pool, building by clicks on one's card
with the element turned and flipped, the towers in isometric view, Stop! and the moves.

The page draws everything in the browser (static/game.js) from the view, which is the
whole table (nothing is hidden, JU-4), and the printed components below; it only sends
actions the server listed as legal (a placement is one of the listed `place` actions).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ekimae.games.tokyo_jutaku.game import GAME
from ekimae.games.tokyo_jutaku.view import JutakuView, jutaku_view
from ekimae.i18n import _N, DEFAULT
from ekimae.i18n.log import Names
from ekimae.server.titles import GenericTitle
from ekimae.server.titles.jutaku_kit.words import Words, places_ja
from ekimae.server.titles.tokyo_jutaku.ending import jutaku_breakdown, jutaku_names
from ekimae.server.titles.tokyo_jutaku.log import log_lines
from ekimae.server.titles.tokyo_jutaku.picture import building_svg
from ekimae.server.titles.tokyo_jutaku.quick import FULL, tower

DATA = GAME.data


def _name(ident: str, w: Words | None = None) -> str:
    element = DATA.elements.get(ident)
    if element is None:
        return ident
    return f"{w.element(element.name) if w else element.name} ({ident})"


def _card(ident: str | None, w: Words) -> str:
    card = DATA.cards.get(ident or "")
    return w.place(card.name) if card else "—"


def jutaku_prompt(view: JutakuView, seat: int | None, lang: str = DEFAULT) -> str:
    """What is happening now, and what this seat may do (JU-2 … JU-8), in `lang`."""
    w = Words(lang)
    phase = view["phase"]
    if phase == "over":
        return w(_N("The game is over (JU-8)."))
    movers = view["movers"]
    if phase in ("setup", "move"):
        who = movers[0] if movers else None
        if who == seat:
            if phase == "setup":
                return w(_N("Your turn: choose a card on the plan's edge (JU-2)."))
            return w(_N("Your turn: move up to 2 steps on the plan, or keep your card (JU-7)."))
        return w(_N("Seat {n} chooses where to go."), n=(who or 0) + 1)
    if phase == "window":
        callers = ", ".join(str(s + 1) for s in view["called"])
        return w(
            _N(
                "Stop! called by seat {seats}: everyone is frozen while buildings are "
                "checked (JU-6)."
            ),
            seats=callers,
        )
    rnd = view["round"]
    if seat is not None and view["conceded"][seat]:
        return w(_N("Round {n}: you gave up this round; the others build."), n=rnd)
    if seat is None:
        return w(_N("Round {n}: everyone builds at once."), n=rnd)
    hand = view["hand"][seat]
    if hand:
        return w(
            _N("Round {n}: place {element} on your card (R turns, F flips)."),
            n=rnd,
            element=_name(hand, w),
        )
    return w(_N("Round {n}: take an element from the pool (JU-4), or call Stop!"), n=rnd)


def jutaku_label(action: Mapping[str, Any], lang: str = DEFAULT) -> str | None:
    w = Words(lang)
    kind = action.get("type")  # the wire form (`Action.to_dict`)
    if kind == "take":
        return w(_N("Take {element}"), element=_name(str(action["element"]), w))
    if kind == "return":
        return w(_N("Put back {element}"), element=_name(str(action["element"]), w))
    if kind == "place":
        return w(
            _N("Place {element} at {x},{y} (border {border}, orientation {turn})"),
            element=_name(str(action["element"]), w),
            x=action["x"],
            y=action["y"],
            border=int(action["plot"]) + 1,
            turn=action["turn"],
        )
    if kind == "stop":
        return w(_N("Stop!"))
    if kind == "concede":
        return w(_N("Give up the round"))
    if kind == "keep":
        return w(_N("Keep my card"))
    return None


class TokyoJutakuWeb(GenericTitle):
    quick_module = "tokyo_jutaku"  # whose static/quickstart.js draws the picture
    template = "tokyo_jutaku/templates/game.html"

    def picture(self) -> str:
        """The lobby's picture: a building of two floors, from the elements' shapes."""
        return building_svg()

    def prompt(
        self,
        view: Mapping[str, Any],
        seat: int | None,
        options: Mapping[str, str],
        lang: str = "en",
    ) -> str | None:
        return jutaku_prompt(jutaku_view(view), seat, lang)

    def label(
        self,
        view: Mapping[str, Any],
        seat: int,
        action: Mapping[str, Any],
        options: Mapping[str, str],
        lang: str = "en",
    ) -> str | None:
        if action.get("type") in ("start", "move"):
            # The card by its place and what it asks (issue 30), not the plan's code.
            table = jutaku_view(view)
            card = table["grid"].get(str(action["space"]))
            w = Words(lang)
            found = DATA.cards.get(card or "")
            if found is None:
                return None
            side = found.side(table["options"]["side"])
            message = (
                _N("Start on {card}: {floors} floors, {count} elements, {yen}")
                if action["type"] == "start"
                else _N("Move to {card}: {floors} floors, {count} elements, {yen}")
            )
            return w(
                message,
                card=_card(card, w),
                floors=side.floors,
                count=side.elements,
                yen=w.yen(side.yen),
            )
        return jutaku_label(action, lang)

    def log_lines(
        self, log: Sequence[str], options: Mapping[str, str], lang: str = "en"
    ) -> list[str] | None:
        return log_lines("tokyo-jutaku", log, lang)

    def quick_picture(self, view: Mapping[str, Any], options: Mapping[str, str], lang: str) -> str:
        """The rules page's picture (issue 30): seat 1's building on its card."""
        table = jutaku_view(view)
        card = table["players"][0]["card"]
        built = table["built"][0]
        plot = int(built[0][1]) if built else 0
        rows = card["plots"][plot] if card else FULL
        return tower(self.quick_module, rows, [(p[0], p[2], p[3], p[4], p[5]) for p in built])

    def log_names(self, options: Mapping[str, str], lang: str = "en") -> Names:
        return jutaku_names(lang)

    def end_breakdown(
        self, view: Mapping[str, Any], options: Mapping[str, str], lang: str = "en"
    ) -> dict[str, Any]:
        return jutaku_breakdown(jutaku_view(view), None, lang)

    def components(self) -> dict[str, Any]:
        """The elements' orientations (cells x, y) and the cards' printed sides."""
        rules = DATA.rules

        def side(s: Any) -> dict[str, Any]:
            return {
                "floors": s.floors,
                "elements": s.numeral,
                "count": s.elements,
                "yen": s.yen,
                "plots": [list(p.rows) for p in s.plots],
            }

        return {
            "elements": {
                e.id: {
                    "name": e.name,
                    "size": e.size,
                    "shapes": [list(map(list, sh)) for sh in e.shapes],
                }
                for e in DATA.elements.values()
            },
            "cards": {
                c.id: {
                    "name": c.name,
                    "district": c.district,
                    "blue": side(c.blue),
                    "white": side(c.white),
                }
                for c in DATA.cards.values()
            },
            "places_ja": places_ja(),  # the Japanese page's names of the cards' places
            "plan": list(rules.plan),
            "hand_ms": rules.hand_ms,
            "round_ms": rules.round_ms,
            "cards_to_end": rules.cards_to_end,
        }


TITLE = TokyoJutakuWeb()
