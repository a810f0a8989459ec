"""TOKYO METRO's page: the map with its pieces, the trains-phase prompts, the cards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ekimae.games.tokyo_metro.board import load_board
from ekimae.games.tokyo_metro.components import load_cards, load_rules
from ekimae.server.titles.tokyo_metro.board import base_svg, full_svg, view_overlay
from ekimae.server.titles.tokyo_metro.prompts import action_label, trains_prompt


def _map(options: Mapping[str, str]) -> str:
    return str(options.get("map", "tokyo"))


class TokyoMetroWeb:
    template = "tokyo_metro/templates/game.html"
    replay_template = "tokyo_metro/templates/replay.html"

    def page(self, view: Mapping[str, Any], options: Mapping[str, str]) -> dict[str, Any]:
        return {"svg": full_svg(view, _map(options))}

    def replay_page(self, options: Mapping[str, str]) -> dict[str, Any]:
        return {"svg": base_svg(_map(options))}

    def overlay(self, view: Mapping[str, Any], options: Mapping[str, str]) -> str | None:
        return view_overlay(view, _map(options))

    def prompt(
        self, view: Mapping[str, Any], seat: int | None, options: Mapping[str, str]
    ) -> str | None:
        return trains_prompt(dict(view), seat, _map(options))

    def label(
        self,
        view: Mapping[str, Any],
        seat: int,
        action: Mapping[str, Any],
        options: Mapping[str, str],
    ) -> str | None:
        return action_label(dict(view), seat, dict(action), _map(options))

    def components(self) -> dict[str, Any]:
        cards = load_cards()
        board = load_board()
        return {
            # The map's names, for the page's pointing and train animation (issue 13):
            # a line's stops in order (the SVG's `data-stop`), stations by key.
            "lines": {
                line.letter: {"name": line.name, "color": line.color, "stops": list(line.stops)}
                for line in board.lines
            },
            "stations": {st.key: st.name for st in board.stations},
            "stock_cards": len(load_rules().stock_surcharges),  # per line (TM-7.4)
            "cards": {
                card.id: {
                    "deck": card.deck,
                    "dots": card.dots,
                    "actions": [
                        {"spot": a.spot, "kind": a.kind.value, "slots": a.slots, "value": a.value}
                        for a in card.actions
                    ],
                }
                for card in cards.cards.values()
            },
        }


TITLE = TokyoMetroWeb()
