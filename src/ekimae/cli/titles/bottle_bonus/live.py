"""BOTTLE BONUS at one keyboard, in real time (issue 32): TOKYO JUTAKU's screen and keys,
and the drinks. When a round's winner drops drinks into the vending machine (BB-1) they
are listed, numbered, for the few seconds they stay there: a digit catches one, the first
claim wins. Your drinks are listed with their powers (BB-2): `d` then a digit spends one
when its power may be used (black and red while building, white and blue before a round,
purple when moving). Before a round a white drink's element is taken and placed with the
building keys; `y` says you are ready."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from ekimae.cli.titles.bottle_bonus.drinks import dots, numbered
from ekimae.cli.titles.tokyo_jutaku.live import HELP as JUTAKU_HELP
from ekimae.cli.titles.tokyo_jutaku.live import JutakuApp
from ekimae.games.bottle_bonus.actions import Catch, Ready, Spend
from ekimae.games.bottle_bonus.view import bottle_bonus_view
from ekimae.games.tokyo_jutaku.view import JutakuView
from ekimae.i18n import _N, _, language
from ekimae.server.titles.bottle_bonus import bottle_prompt

DRINKS_HELP = _N("""[b]Drinks[/b] (BB-1, BB-2)
  1 … 9     while drinks fall (a few seconds): catch that one, the first claim wins
  d 1 … 9   spend that drink of yours when its power may be used
  y         before a round (white or blue drinks): ready, start the round
  Typed (/): catch <drink> · spend <drink> · ready""")


class BottleApp(JutakuApp):
    """The screen of BOTTLE BONUS (see the module docstring)."""

    help_parts = (JUTAKU_HELP, DRINKS_HELP)
    CSS = JutakuApp.CSS + "\n#prompt { height: 7; }"  # the drinks take two more lines

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.spending = False  # `d` was pressed: a digit spends a drink

    def building_phases(self) -> tuple[str, ...]:
        return ("build", "before")

    def ui_state(self) -> tuple[Any, ...]:
        return (*super().ui_state(), self.spending)

    def second_hands(self, view: JutakuView) -> Sequence[str | None]:
        return bottle_bonus_view(view)["spare"]  # BB-2 red

    def prompt_text(self, jutaku: JutakuView) -> Text:
        view = bottle_bonus_view(jutaku)
        text = Text(bottle_prompt(view, self.seat, language()), "bold")
        line = self.hand_line(view)
        if line.plain:
            text.append("\n").append(line)
        if view["phase"] == "catch" and view["machine"]:
            text.append("\n" + _("In the machine: ")).append(numbered(view["machine"]))
        mine = view["drinks"][self.seat]
        if mine:
            text.append("\n" + _("Your drinks: ")).append(numbered(mine, power=True))
        return text

    def progress(self, jutaku: JutakuView, seat: int) -> Text:
        text = super().progress(jutaku, seat)
        view = bottle_bonus_view(jutaku)
        held = view["drinks"][seat]
        if held:
            text.append(" ").append(dots(held))
        kept = len(view["kept"][seat]) + len(view["bets"][seat])
        if kept:
            text.append(" +" + str(kept), "dim")
        spare = view["spare"][seat]
        if spare:
            text.append(f" ▸{spare}", "green")
        return text

    def keys_now(self, raw: dict[str, Any]) -> list[tuple[str, str]]:
        if self.seat not in self.table.state.current_players():
            return []
        view = bottle_bonus_view(raw)
        phase = view["phase"]
        spend = [("d 1-9", _("spend a drink"))] if view["spendable"] else []
        if phase == "catch":
            return [(f"1-{len(view['machine'])}", _("catch"))]
        if phase == "before":
            return [*self.building_keys(view), *spend, ("y", _("ready"))]
        return [*super().keys_now(raw), *spend]

    def on_game_key(self, key: str) -> None:
        view = bottle_bonus_view(self.table.state.view(self.seat))
        phase = view["phase"]
        digit = key.isdigit() and key != "0"
        if phase == "catch":
            machine = view["machine"]
            if digit and int(key) <= len(machine):
                self.send(Catch(0, machine[int(key) - 1]))
            return
        if self.spending:
            self.spending = False
            mine = view["drinks"][self.seat]
            if digit and int(key) <= len(mine):
                self.send(Spend(0, mine[int(key) - 1]))
            return
        if key == "d" and view["drinks"][self.seat]:
            self.spending = True
            self.say(_("Which drink? Its number spends it (any other key: none)."))
        elif phase == "before" and key == "y":
            self.send(Ready(0))
        elif phase == "before":
            self.build_key(key, view)
        else:
            super().on_game_key(key)
