"""TOKYO METRO's page: the map with its pieces, the trains-phase prompts, the cards."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ekimae.games.tokyo_metro.game import check_options, ctx_for
from ekimae.games.tokyo_metro.render import drink_fill
from ekimae.games.tokyo_metro.view import metro_view
from ekimae.i18n.log import Names
from ekimae.server.titles.tokyo_metro.board import base_svg, full_svg, view_overlay
from ekimae.server.titles.tokyo_metro.log import log_lines, side_log_names
from ekimae.server.titles.tokyo_metro.prompts import action_label, trains_prompt


def _map(options: Mapping[str, str]) -> str:
    return str(options.get("map", "tokyo"))


def _cards(options: Mapping[str, str]) -> str:
    return str(options.get("cards", "tokyo"))


class TokyoMetroWeb:
    template = "tokyo_metro/templates/game.html"
    # The overlay draws pyramids, meeples, trains and vending machines: what every seat
    # sees alike, so the server draws it once per change (tests/server/test_payloads.py).
    shared_overlay = True

    def picture(self) -> str:
        """The lobby's picture: TOKYO's network as the board prints it."""
        return base_svg("tokyo")

    def page(self, view: Mapping[str, Any], options: Mapping[str, str]) -> dict[str, Any]:
        # The page draws the components of ITS game (map and card set, MOD-1). The map is
        # drawn in the page's language, which only the template knows: `svg(lang)`.
        shown = metro_view(view)

        def svg(lang: str = "en") -> str:
            return full_svg(shown, _map(options), lang)

        return {"svg": svg, "components": self.components(options)}

    def overlay(self, view: Mapping[str, Any], options: Mapping[str, str]) -> str | None:
        return view_overlay(metro_view(view), _map(options))

    def quick_picture(self, view: Mapping[str, Any], options: Mapping[str, str], lang: str) -> str:
        """The rules page's picture (issue 30): the map as the page draws it, in `lang`."""
        return f'<div class="quick-map">{full_svg(metro_view(view), _map(options), lang)}</div>'

    # The sentences speak `lang` (issue 20); the hub does not pass a page's language yet,
    # so a live page gets them in English until it does.
    def prompt(
        self,
        view: Mapping[str, Any],
        seat: int | None,
        options: Mapping[str, str],
        lang: str = "en",
    ) -> str | None:
        return trains_prompt(view, seat, _map(options), lang)

    def label(
        self,
        view: Mapping[str, Any],
        seat: int,
        action: Mapping[str, Any],
        options: Mapping[str, str],
        lang: str = "en",
    ) -> str | None:
        return action_label(view, seat, dict(action), _map(options), _cards(options), lang)

    def log_lines(
        self, log: Sequence[str], options: Mapping[str, str], lang: str = "en"
    ) -> list[str]:
        return log_lines(log, _map(options), lang)

    def log_names(self, options: Mapping[str, str], lang: str = "en") -> Names:
        return side_log_names(_map(options), lang)

    def components(self, options: Mapping[str, str] | None = None) -> dict[str, Any]:
        """The printed components of a game with these options (default: TOKYO/TOKYO)."""
        chosen = check_options(options)
        ctx = ctx_for(chosen)  # with METRO DRINKS, its column's cards too
        board = ctx.board
        out: dict[str, Any] = {
            "map": chosen["map"],
            "card_set": chosen["cards"],
            # The map's names, for the page's pointing and train animation (issue 13):
            # a line's stops in order (the SVG's `data-stop`), stations by key; per line what
            # runs on it and its vehicles' labels (OS-2: "P1", "P2"; the SVG's data-train is
            # "P" for the first, "P2" for the second) and its stock cards (TM-1.3; OS-4: 1-4).
            "lines": {
                line.letter: {
                    "name": line.name,
                    "name_ja": line.name_ja,  # the Japanese page's words (issue 20)
                    "color": line.color,
                    "stops": list(line.stops),
                    "vehicle": line.vehicle,
                    "vehicles": [ctx.vehicle_labels[v] for v in ctx.line_vehicles[line.index]],
                    "stock_cards": ctx.stock_cards[line.index],
                }
                for line in board.lines
            },
            "stations": {st.key: st.name for st in board.stations},
            "stations_ja": {st.key: st.name_ja or st.name for st in board.stations},
            "surcharges": list(ctx.surcharges),  # stock #k costs surcharges[k - 1] more
            "decks": [deck.key for deck in ctx.cards.decks],  # the card grid's columns
            "cards": {
                card.id: {
                    "deck": card.deck,
                    "dots": card.dots,
                    "actions": [
                        {"spot": a.spot, "kind": a.kind.value, "slots": a.slots, "value": a.value}
                        for a in card.actions
                    ],
                }
                for card in ctx.cards.cards.values()
            },
        }
        jh = ctx.drinks
        if jh is not None:
            # METRO DRINKS (MD-1): colours (the map's fill for each), shapes with their
            # glyphs, the 36 drinks, for the chips, panels and the JIDOHANBAIKI column.
            out["drinks"] = {
                "colours": {c.key: {"ja": c.ja, "fill": drink_fill(c.key)} for c in jh.colours},
                "shapes": {
                    s.key: {"name": s.name, "ja": s.ja, "glyph": s.glyph} for s in jh.shapes
                },
                "drinks": {
                    d.id: {"colour": d.colour, "shape": d.shape, "name": d.name, "ja": d.ja}
                    for d in jh.drinks.values()
                },
                "column": ctx.drinks_column,
            }
        return out


TITLE = TokyoMetroWeb()
