"""COUNTDOWN's page (issue 17): pick a card (CD-1), build on the whole card floor by floor
from the shared pool against the round's countdown (CD-2), `done`, who is out and the
results table (CD-3).

It is TOKYO JUTAKU's page cut down and timed: the elements, the cards and their drawing
are TOKYO JUTAKU's (its components and its static `pieces.js`, imported, never copied);
the page draws everything from the view (nothing is hidden) and only sends actions the
server listed as legal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ekimae.games.countdown.game import GAME
from ekimae.games.countdown.view import CountdownView, countdown_view
from ekimae.i18n import _N, DEFAULT
from ekimae.i18n.log import Names
from ekimae.server.titles import GenericTitle
from ekimae.server.titles.jutaku_kit.words import Words, places_ja
from ekimae.server.titles.tokyo_jutaku import TITLE as JUTAKU
from ekimae.server.titles.tokyo_jutaku import jutaku_label
from ekimae.server.titles.tokyo_jutaku.ending import jutaku_names
from ekimae.server.titles.tokyo_jutaku.log import log_lines
from ekimae.server.titles.tokyo_jutaku.picture import building_svg
from ekimae.server.titles.tokyo_jutaku.quick import FULL, tower

DATA = GAME.data


def _name(ident: str, w: Words) -> str:
    element = DATA.elements.get(ident)
    return f"{w.element(element.name)} ({ident})" if element else ident


def countdown_prompt(view: CountdownView, seat: int | None, lang: str = DEFAULT) -> str:
    """What is happening now, and what this seat may do (CD-1 … CD-3), in `lang`."""
    w = Words(lang)
    phase = view["phase"]
    if phase == "over":
        return w(_N("Everyone is out: the game is over (CD-3)."))
    if phase == "pick":
        if seat is not None and view["cards"][seat] is None:
            return w(_N("Pick the card you will build on: the whole card is the border (CD-1)."))
        return w(_N("Waiting for the others to pick their cards (CD-1)."))
    floor = view["round"]
    if seat is None:
        return w(_N("Floor {n}: everyone builds at once."), n=floor)
    if view["out"][seat]:
        return w(
            _N("You are out since floor {n} (CD-3): the others build on."), n=view["out"][seat]
        )
    if view["done"][seat]:
        return w(_N("Floor {n}: you are done; waiting for the others or the timer."), n=floor)
    hand = view["hand"][seat]
    if hand:
        return w(
            _N("Floor {n}: place {element} on your card (R turns, F flips)."),
            n=floor,
            element=_name(hand, w),
        )
    return w(
        _N(
            "Floor {n}: take an element from the pool, or say Done "
            "(adding nothing to a floor puts you out, CD-3)."
        ),
        n=floor,
    )


class CountdownWeb(GenericTitle):
    def quick_picture(self, view: Mapping[str, Any], options: Mapping[str, str], lang: str) -> str:
        """The rules page's picture (issue 30): seat 1's building on the whole card."""
        return tower("tokyo_jutaku", FULL, countdown_view(view)["built"][0])

    template = "countdown/templates/game.html"

    def picture(self) -> str:
        """The lobby's picture: a building on a whole card, and the round's countdown."""
        clock = (
            '<circle cx="165" cy="58" r="40" fill="#f1faf4" stroke="#2d6a4f" stroke-width="5"/>'
            '<text x="165" y="70" text-anchor="middle" font-size="34" font-weight="bold" '
            f'font-family="sans-serif" fill="#2d6a4f">{DATA.rules.rounds_ms[0] // 1000}</text>'
        )
        return building_svg(clock)

    def prompt(
        self,
        view: Mapping[str, Any],
        seat: int | None,
        options: Mapping[str, str],
        lang: str = "en",
    ) -> str | None:
        return countdown_prompt(countdown_view(view), seat, lang)

    def label(
        self,
        view: Mapping[str, Any],
        seat: int,
        action: Mapping[str, Any],
        options: Mapping[str, str],
        lang: str = "en",
    ) -> str | None:
        w = Words(lang)
        kind = action.get("type")  # the wire form (`Action.to_dict`)
        if kind == "pick":
            card = DATA.cards.get(str(action["card"]))
            return w(_N("Pick {card}"), card=w.place(card.name) if card else action["card"])
        if kind == "place":
            return w(
                _N("Place {element} at {x},{y} (orientation {turn})"),
                element=_name(str(action["element"]), w),
                x=action["x"],
                y=action["y"],
                turn=action["turn"],
            )
        if kind == "done":
            return w(_N("Done with this floor"))
        return jutaku_label(action, lang)

    def log_lines(
        self, log: Sequence[str], options: Mapping[str, str], lang: str = "en"
    ) -> list[str] | None:
        return log_lines("countdown", log, lang)

    def log_names(self, options: Mapping[str, str], lang: str = "en") -> Names:
        return jutaku_names(lang)

    def score_text(self, score: int, view: Mapping[str, Any], lang: str = "en") -> str:
        """CD-3: a score is the elements used, not yen."""
        return Words(lang)(_N("{n} element(s)"), n=score)

    def components(self) -> dict[str, Any]:
        """TOKYO JUTAKU's elements (orientations as cells) and the cards' names, and
        COUNTDOWN's times (CD-2 and its rulings)."""
        rules = DATA.rules
        return {
            "elements": JUTAKU.components()["elements"],
            "cards": {c.id: {"name": c.name, "district": c.district} for c in DATA.cards.values()},
            "places_ja": places_ja(),  # the Japanese page's names of the cards' places
            "rounds_ms": list(rules.rounds_ms),
            "later_ms": rules.later_ms,
            "hand_ms": rules.hand_ms,
            "pick_ms": rules.pick_ms,
        }


TITLE = CountdownWeb()
