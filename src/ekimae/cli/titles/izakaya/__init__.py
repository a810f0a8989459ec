"""IZAKAYA in the terminal: the generic table plus the parcel grid drawn as text (corners
with their drinks, claimed edges, owners and floors), the seat's own cards with their
buildings, and the Colour cards; the notation for a placement in `help`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.rule import Rule

from ekimae.cli.common import HUMAN, seat_label
from ekimae.cli.menu import Menu
from ekimae.cli.terminal import Front, GenericFront, GenericTerminal
from ekimae.cli.titles.izakaya.board import grid_lines, market, money, own_cards
from ekimae.core.game import Game, Seat, State
from ekimae.games.izakaya.components import load_data
from ekimae.games.izakaya.view import IzakayaView, izakaya_view
from ekimae.i18n import _N, _, language
from ekimae.i18n.log import game_log

# The notation itself (bid, bottle, price …) is typed as it is in every language; its
# explanations are a catalogue message (issue 20).
NOTATION = _N("""IZAKAYA's actions as text:
  bid 200                 a sealed turn-order bid (IZ-2)
  bottle white b1         a disc on the white Colour card, its drink on corner b1 (IZ-3.1)
  price black blue        one ¥100 coin from black to blue (IZ-3.2)
  claim A1-B1 A1          a claim disc on edge A1-B1, a pyramid on card A1 (IZ-3.3)
  build 4-01              choose element 4-01 without trying it (IZ-3.4), then
  place A1 0 2 3 1        put it on card A1, border 0, orientation 2, top-left x=3 y=1
  free 1-01               the free element of a line of three claims (IZ-3.3)
Corners are named by the column line (a = left border) and row line (0 = top border):
b1 is where A1, B1, A2 and B2 meet. 'show' redraws the table.""")


class IzakayaFront(GenericFront):
    def help(self, state: State, seat: Seat) -> str:
        return _(NOTATION) + "\n\n" + super().help(state, seat)

    def turn(self, state: State, seat: Seat, menu: Menu) -> None:
        who = seat_label(self.names, seat)
        self.out.print(Rule(_("{seat} to act").format(seat=who), style="dim"))
        self._board(izakaya_view(state.view(seat)), seat)
        self.out.print(menu.render())

    def table(self, state: State, seat: Seat | None) -> None:
        self._board(izakaya_view(state.open_view() if seat is None else state.view(seat)), seat)

    def _board(self, view: IzakayaView, seat: Seat | None) -> None:
        data = load_data()
        out = self.out
        phase = {"bid": _("bids"), "act": _("act"), "over": _("over")}.get(
            view["phase"], view["phase"]
        )
        out.print(
            _("round {n} · {phase} · pile {pile} of {end}").format(
                n=view["round"], phase=phase, pile=money(view["pile"]), end=money(view["end_pile"])
            )
            + (" · " + _("last action phase") if view["last"] else ""),
            markup=False,
        )
        for line in grid_lines(data, view):
            out.print(line, markup=False)
        out.print(market(data, view), markup=False)
        order = ", ".join(f"p{p + 1}" for p in view["order"])
        out.print(_("turn order {order}").format(order=order), markup=False)
        for p in view["players"]:
            bid = view["bids"][p["seat"]]
            if bid is not None:
                sealed = " " + _("bid {amount}").format(amount=money(bid))
            else:
                sealed = " " + _("(bid sealed)") if p["has_bid"] else ""
            line = _(
                "p{n}: {money} · discs {discs} · claims {claims} · pyramids {pyramids} · "
                "buildings earn {earn} · score {score}"
            ).format(
                n=p["seat"] + 1,
                money=money(p["money"]),
                discs=p["discs"],
                claims=p["claim_discs"],
                pyramids=p["pyramids"],
                earn=money(p["earnings"]),
                score=money(p["score"]),
            )
            out.print(f"  {line}{sealed}", markup=False)
        if seat is not None:
            for line in own_cards(data, view, seat):
                out.print(line, markup=False)
        for line in game_log("izakaya", view["log"][-4:], language()):
            out.print(f"  {line}", style="dim", markup=False)


class IzakayaTerminal(GenericTerminal):
    score_word = "yen"

    def default_seats(self, game: Game[Any], command: str) -> tuple[tuple[str, ...], int]:
        if command == "play":
            return (HUMAN, "normal"), 2
        if command == "tournament":
            return ("strong", "normal"), 2
        return ("normal",), 2

    def front(self, game: Game[Any], out: Console, names: Sequence[str], humans: bool) -> Front:
        return IzakayaFront(game, out, names, humans, self)


TITLE = IzakayaTerminal()
