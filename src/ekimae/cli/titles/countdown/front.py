"""COUNTDOWN's table printed (a replay, a game into a pipe, `show`): the floor being built
and its clock, every player's card with its building (the whole card is the border,
CD-1), the elements each placed floor by floor, who is out, the pool and the log; the
notation in `help`. A person at a terminal plays on the full screen (live.py)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ekimae.cli.common import seat_label
from ekimae.cli.live import seconds
from ekimae.cli.menu import Menu
from ekimae.cli.terminal import GenericFront
from ekimae.cli.titles.tokyo_jutaku import drawing
from ekimae.cli.titles.tokyo_jutaku.drawing import Piece
from ekimae.cli.titles.tokyo_jutaku.front import free_elements
from ekimae.core.game import Seat, State
from ekimae.games.countdown.view import CountdownView, countdown_view
from ekimae.games.jutaku_kit.view import BuildingView
from ekimae.games.tokyo_jutaku.components import JutakuData, load_data
from ekimae.i18n import _N, _, language
from ekimae.i18n.log import game_log

LOG_TAIL = 5
NOTATION = _N("""COUNTDOWN's actions as text (the number after the kind: its game time in ms):
  pick 0 ikebukuro-1     build on this card: the whole card is the border (CD-1)
  take 1500 4-02         take element 4-02 from the pool (CD-2, JU-4)
  place 3000 4-02 2 3 1  place it on this round's floor: orientation 2, top-left x=3 y=1
  return 4500 4-02       put back the element in hand, or the last placed this round
  done 6000              this floor is finished (a floor without a new element: out, CD-3)
A card: 7×7 squares, x from the left, y from the top.
At a terminal the game is played on the full screen, in real time.""")


def pieces(view: CountdownView, seat: int) -> list[Piece]:
    """A seat's building as the drawings take it (COUNTDOWN's entries have no border)."""
    return [(str(p[0]), int(p[1]), int(p[2]), int(p[3]), int(p[4])) for p in view["built"][seat]]


def phase_word(phase: str) -> str:
    return {"pick": _("picking cards"), "build": _("building"), "over": _("over")}.get(phase, phase)


def clock_line(view: BuildingView, title: str) -> Text:
    text = Text(title, "bold")
    if view["round"]:
        text.append("  " + _("floor {n}").format(n=view["round"]))
    text.append("  " + phase_word(str(view["phase"])))
    text.append("  " + _("game time {time}").format(time=seconds(int(view["now"]))))
    end = view.get("deadline_ms")
    if end is not None:
        text.append("  " + _("time up at {time}").format(time=seconds(int(end))))
    return text


def card_name(data: JutakuData, card: str | None) -> str:
    return "—" if card is None else drawing.place_name(data.cards[card].name)


def status_word(view: CountdownView, seat: int) -> Text:
    if view["out"][seat]:
        return Text(_("out on floor {n}").format(n=view["out"][seat]), "dim")
    if view["phase"] == "build" and view["done"][seat]:
        return Text(_("done"), "green")
    return Text(_("building") if view["phase"] == "build" else "")


def players_table(data: JutakuData, view: CountdownView, names: Sequence[str]) -> Table:
    """One row a seat: its card, its elements floor by floor, the total (its score)."""
    table = Table(padding=(0, 1), show_edge=False)
    for column in (_("seat"), _("card"), _("elements by floor"), _("elements"), ""):
        table.add_column(column)
    for row in view["results"]:
        seat = int(row["seat"])
        table.add_row(
            Text(seat_label(list(names), seat), drawing.seat_style(seat)),
            card_name(data, row["card"]),
            " + ".join(str(n) for n in row["per_floor"]) or "—",
            str(row["elements"]),
            status_word(view, seat),
        )
    return table


def cards_drawn(data: JutakuData, view: CountdownView) -> Columns:
    parts: list[RenderableType] = []
    for seat, card in enumerate(view["cards"]):
        if card is None:
            continue
        head = Text(_("seat {n}").format(n=seat + 1), drawing.seat_style(seat))
        grid = drawing.card_grid(data, None, pieces(view, seat), wide=2, tall=1)
        parts.append(Group(head, grid))
    return Columns(parts, padding=(0, 3))


class CountdownFront(GenericFront):
    def help(self, state: State, seat: Seat) -> str:
        return _(NOTATION) + "\n\n" + super().help(state, seat)

    def turn(self, state: State, seat: Seat, menu: Menu) -> None:
        who = seat_label(self.names, seat)
        self.out.print(Rule(_("{seat} to act").format(seat=who), style="dim"))
        self._board(countdown_view(state.view(seat)))
        self.out.print(menu.render())

    def table(self, state: State, seat: Seat | None) -> None:
        self._board(countdown_view(state.open_view() if seat is None else state.view(seat)))

    def _board(self, view: CountdownView) -> None:
        data = load_data()
        out = self.out
        out.print(clock_line(view, self.game.title))
        out.print(players_table(data, view, self.names))
        out.print(cards_drawn(data, view))
        out.print(free_elements(view))
        for line in game_log(self.game.name, view["log"][-LOG_TAIL:], language()):
            out.print(f"  {line}", style="dim", markup=False)
