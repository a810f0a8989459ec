"""TOKYO JUTAKU's table printed (a replay, a game into a pipe, `show`): the round and its
clock, the plan, every player's card with its building, the pool, the log's last lines;
and the notation in `help`. A person at a terminal plays on the full screen instead
(live.py); this is the same table, drawn from the same view, one position at a time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

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
from ekimae.core.game import Seat, State
from ekimae.games.jutaku_kit.view import BuildingView
from ekimae.games.tokyo_jutaku.components import JutakuData
from ekimae.games.tokyo_jutaku.state import JutakuState
from ekimae.games.tokyo_jutaku.view import JutakuView, jutaku_view
from ekimae.i18n import _N, _, language, yen
from ekimae.i18n.log import game_log

LOG_TAIL = 5
NOTATION = _N("""TOKYO JUTAKU's actions as text (the number after the kind: its game time in ms):
  start 0 A1               put your architect on the edge card A1 and take it (JU-2)
  take 2000 4-02           take element 4-02 from the pool (JU-4)
  place 4000 4-02 0 2 3 1  place it in border 0, orientation 2, top-left x=3 y=1 (JU-5)
  return 6000 4-02         put back the element in hand, or the last one placed (JU-4)
  stop 8000                Stop! (JU-6) · concede 8000: give up the round
  move 0 B3 · keep 0       move up to 2 steps, or keep your unfinished card (JU-7)
Spaces: columns A-F, rows 1-6. A card: 7×7 squares, x from the left, y from the top.
At a terminal the game is played on the full screen, in real time.""")


def pieces(view: JutakuView, seat: int) -> list[Piece]:
    """A seat's building as the drawings take it (TOKYO JUTAKU's entries name a border)."""
    return [(str(p[0]), int(p[2]), int(p[3]), int(p[4]), int(p[5])) for p in view["built"][seat]]


def phase_word(phase: str) -> str:
    return {
        "setup": _("choosing start cards"),
        "build": _("building"),
        "window": _("Stop! called"),
        "move": _("moving"),
        "over": _("over"),
        "catch": _("drinks dropping"),
        "before": _("before the round"),
    }.get(phase, phase)


def clock_line(view: BuildingView, title: str) -> Text:
    """The round, the phase, the game time and when the phase's time runs out."""
    text = Text(title, "bold")
    if view["round"]:
        text.append("  " + _("round {n}").format(n=view["round"]))
    text.append("  " + phase_word(str(view["phase"])))
    end = view.get("deadline_ms")
    text.append("  " + _("game time {time}").format(time=seconds(int(view["now"]))))
    if end is not None:
        text.append("  " + _("time up at {time}").format(time=seconds(int(end))))
    return text


def players_table(data: JutakuData, view: JutakuView, names: Sequence[str]) -> Table:
    """One row a seat: yen, cards completed, the card held and the building against it."""
    table = Table(padding=(0, 1), show_edge=False)
    for column in (_("seat"), _("yen"), _("cards done"), _("card"), _("building"), _("hand")):
        table.add_column(column)
    for p in view["players"]:
        seat = int(p["seat"])
        card = p["card"]
        done = ", ".join(drawing.place_name(data.cards[c].name) for c in view["completed"][seat])
        building = Text(f"{len(p['floors'])}F {len(view['built'][seat])}")
        if card is not None:
            building.append(f" / {card['floors']}F {card['elements']}")
        if seat in view["called"]:
            building.append(" " + _("Stop!"), "bold red")
        if view["conceded"][seat]:
            building.append(" " + _("gave up"), "dim")
        table.add_row(
            Text(seat_label(list(names), seat), drawing.seat_style(seat)),
            yen(int(p["yen"])),
            done or "—",
            drawing.card_line(card) if card is not None else "—",
            building,
            str(view["hand"][seat] or "—"),
        )
    return table


def cards_drawn(data: JutakuData, view: JutakuView) -> Columns:
    """Every player's card with its building, small (a square: 2 columns, 1 line)."""
    parts: list[RenderableType] = []
    for p in view["players"]:
        seat = int(p["seat"])
        if p["card"] is None:
            continue
        head = Text(_("seat {n}").format(n=seat + 1), drawing.seat_style(seat))
        grid = drawing.card_grid(data, p["card"]["plots"], pieces(view, seat), wide=2, tall=1)
        parts.append(Group(head, grid))
    return Columns(parts, padding=(0, 3))


def free_elements(view: BuildingView) -> Text:
    return Text(_("pool: {elements}").format(elements=" ".join(view["pool"]) or "—"), "dim")


class JutakuFront(GenericFront):
    """The printed table (see the module docstring)."""

    notation = NOTATION

    def help(self, state: State, seat: Seat) -> str:
        return _(self.notation) + "\n\n" + super().help(state, seat)

    def turn(self, state: State, seat: Seat, menu: Menu) -> None:
        who = seat_label(self.names, seat)
        self.out.print(Rule(_("{seat} to act").format(seat=who), style="dim"))
        self._board(state, jutaku_view(state.view(seat)))
        self.out.print(menu.render())

    def table(self, state: State, seat: Seat | None) -> None:
        self._board(state, jutaku_view(state.open_view() if seat is None else state.view(seat)))

    def _board(self, state: State, view: JutakuView) -> None:
        jutaku = cast(JutakuState, state)
        data = jutaku.data
        out = self.out
        out.print(clock_line(view, self.game.title))
        out.print(drawing.plan_text(data, view, jutaku.side))
        out.print(players_table(data, view, self.names))
        out.print(cards_drawn(data, view))
        for part in self.extra(view):
            out.print(part)
        out.print(free_elements(view))
        for line in game_log(self.game.name, view["log"][-LOG_TAIL:], language()):
            out.print(f"  {line}", style="dim", markup=False)

    def extra(self, view: JutakuView) -> list[RenderableType]:
        """A variant's own parts of the table (BOTTLE BONUS's drinks)."""
        return []
