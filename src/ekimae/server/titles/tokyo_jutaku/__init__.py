"""TOKYO JUTAKU's page (issue 16): the plan, the pool, building by clicks on one's card
with the element turned and flipped, the towers in isometric view, Stop! and the moves.

The page draws everything in the browser (static/game.js) from the view, which is the
whole table (nothing is hidden, JU-4), and the printed components below; it only sends
actions the server listed as legal (a placement is one of the listed `place` actions).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ekimae.games.tokyo_jutaku.game import GAME
from ekimae.server.titles import GenericTitle

DATA = GAME.data


def _name(ident: str) -> str:
    element = DATA.elements.get(ident)
    return f"{element.name} ({ident})" if element else ident


def _card(ident: str | None) -> str:
    card = DATA.cards.get(ident or "")
    return card.name if card else "—"


def jutaku_prompt(view: Mapping[str, Any], seat: int | None) -> str:
    """What is happening now, and what this seat may do (JU-2 … JU-8)."""
    phase = view["phase"]
    if phase == "over":
        return "The game is over (JU-8)."
    movers = view["movers"]
    if phase in ("setup", "move"):
        who = movers[0] if movers else None
        verb = (
            "choose a card on the plan's edge (JU-2)"
            if phase == "setup"
            else ("move up to 2 steps on the plan, or keep your card (JU-7)")
        )
        if who == seat:
            return f"Your turn: {verb}."
        return f"Seat {(who or 0) + 1} chooses where to go."
    if phase == "window":
        callers = ", ".join(str(s + 1) for s in view["called"])
        return (
            f"Stop! called by seat {callers}: everyone is frozen while buildings are "
            "checked (JU-6)."
        )
    if seat is not None and view["conceded"][seat]:
        return f"Round {view['round']}: you gave up this round; the others build."
    if seat is None:
        return f"Round {view['round']}: everyone builds at once."
    hand = view["hand"][seat]
    if hand:
        return f"Round {view['round']}: place {_name(hand)} on your card (R turns, F flips)."
    return f"Round {view['round']}: take an element from the pool (JU-4), or call Stop!"


def jutaku_label(action: Mapping[str, Any]) -> str | None:
    kind = action.get("kind")
    if kind == "take":
        return f"Take {_name(str(action['element']))}"
    if kind == "return":
        return f"Put back {_name(str(action['element']))}"
    if kind == "place":
        return (
            f"Place {_name(str(action['element']))} at {action['x']},{action['y']} "
            f"(border {int(action['plot']) + 1}, orientation {action['turn']})"
        )
    return {"stop": "Stop!", "concede": "Give up the round", "keep": "Keep my card"}.get(str(kind))


class TokyoJutakuWeb(GenericTitle):
    template = "tokyo_jutaku/templates/game.html"

    def prompt(
        self,
        view: Mapping[str, Any],
        seat: int | None,
        options: Mapping[str, str],
        lang: str = "en",
    ) -> str | None:
        return jutaku_prompt(view, seat)

    def label(
        self,
        view: Mapping[str, Any],
        seat: int,
        action: Mapping[str, Any],
        options: Mapping[str, str],
        lang: str = "en",
    ) -> str | None:
        if action.get("kind") in ("start", "move"):
            space = str(action["space"])
            card = view["grid"].get(space)
            word = "Start" if action["kind"] == "start" else "Move"
            return f"{word} on {space} ({_card(card)})"
        return jutaku_label(action)

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
            "plan": list(rules.plan),
            "hand_ms": rules.hand_ms,
            "round_ms": rules.round_ms,
            "cards_to_end": rules.cards_to_end,
        }


TITLE = TokyoJutakuWeb()
