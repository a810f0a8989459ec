"""TOKYO METRO on one terminal screen of 160×50: the state, the grid and its key, the lines,
the players, the action cards, the log (its last lines, in its own area) and the current
choices, laid out with rich's `Layout`.

`fits(console)` says whether the console is a terminal that large; otherwise the front end
prints the same parts one after the other (`display.position`), as into a pipe."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Console, Group, RenderableType
from rich.layout import Layout
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ekimae.cli.titles.tokyo_metro import display
from ekimae.cli.titles.tokyo_metro.display import yen_grouped
from ekimae.games.tokyo_metro.board import Board
from ekimae.games.tokyo_metro.view import MetroView
from ekimae.i18n import _

WIDTH, HEIGHT = 160, 50
GRID_WIDTH = 68  # 4 + 20 cells × 3, and the panel's border and padding
LOG_WIDTH = 54


def fits(out: Console) -> bool:
    """A terminal of at least 160×50: one screen a turn (else stacked output)."""
    return out.is_terminal and out.width >= WIDTH and out.height >= HEIGHT


def seat_mark(seat: int) -> Text:
    """A seat as its number in its colour (the names are in the key and the players)."""
    return Text(str(seat + 1), style=display.seat_style(seat))


def _table(*columns: str, right: tuple[int, ...] = ()) -> Table:
    """A compact table; `right`: the indices of the right-justified columns."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False)
    for n, column in enumerate(columns):
        table.add_column(column, justify="right" if n in right else "left")
    return table


def compact_lines(view: MetroView, board: Board) -> Table:
    """The lines, seats by number: stocks ``#1:2`` (seat 2 holds #1), stakes ``2:¥300``."""
    table = _table(_("line"), _("value"), _("hi/lo"), _("stocks"), _("speculations"),
                   _("slots"), _("train"), right=(1,))  # fmt: skip
    for line in view["lines"]:
        used = line["speed_tokens"] + len(line["speculations"])
        stocks = [Text(f"#{i}:").append(seat_mark(s)) for i, s in enumerate(line["stocks"], 1)]
        specs = [
            seat_mark(x["seat"]).append(f":{yen_grouped(x['stake'])}") for x in line["speculations"]
        ]
        table.add_row(
            display.line_text(board, line["letter"]),
            yen_grouped(line["value"]),
            f"{line['high']:,}/{line['low']:,}",
            Text(" ").join(stocks) or Text("—", style="dim"),
            Text(" ").join(specs) or Text("—", style="dim"),
            f"{'⚡' * line['speed_tokens']}{'·' * (line['slots'] - used)}",
            display.line_vehicles_text(line),
        )
    return table


def compact_players(view: MetroView, names: Sequence[str]) -> Table:
    """One line a seat: money (and a Bid bonus), discs, tokens, holdings, where it is."""
    table = _table(_("seat"), _("money"), _("discs"), _("spec"), _("pyr"), _("tokens"),
                   _("loans"), _("where"), _("cards"), right=(1,))  # fmt: skip
    for p in view["players"]:
        seat = p["seat"]
        money = Text(display.yen(p["money"]))
        if p["bid_bonus"]:
            bonus = _("+{amount} bid").format(amount=display.yen(p["bid_bonus"]))
            money.append(f" {bonus}", style="dim")
        if p["bid"] is not None:
            money.append(" " + _("bid {amount}").format(amount=display.yen(p["bid"])), style="dim")
        elif p["has_bid"]:
            money.append(" " + _("bid in"), style="dim")
        discs = f"{p['front']}/{p['action_discs']}+{p['supply_discs']}"
        tokens = f"⚡{p['speed_tokens']}" + (" " + _("bike") if p["bike"] else "")
        if p["discount_discs"]:
            tokens += " −" + ",".join(p["discount_discs"])
        riding = p.get("riding_vehicle") or p["riding"]
        where = p["meeple"] or (_("on train {vehicle}").format(vehicle=riding) if riding else "—")
        cards = Text(",".join(p["personal_cards"]) or "—")
        if "drinks" in p:  # METRO DRINKS: crates, the supply as glyphs (MD-3), MD-5
            cards.append(" ").append_text(display.drinks_text(p))
        table.add_row(
            display.seat_text(seat, names).append(
                " " + _("passed") if p["passed"] else "", style="dim"
            ),
            money,
            discs,
            str(p["speculation_discs"]),
            str(p["pyramids"]),
            tokens,
            str(p["loans"]),
            where,
            cards,
        )
    return table


def compact_cards(view: MetroView, names: Sequence[str]) -> Table:
    """A card a cell: its ID and actions (``✗2``: taken by seat 2); the discards last."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False)
    columns = view["columns"]
    for column in columns:
        deck = _("deck {n}").format(n=column["deck_count"])
        table.add_column(f"{column['deck']} {deck}", no_wrap=True)
    cards = {c: display.card_of(c) for col in view["columns"] for c in col["cards"]}
    rows = max(len(c["cards"]) for c in columns)
    for row in reversed(range(rows)):
        cells: list[RenderableType] = []
        for column in columns:
            if row >= len(column["cards"]):
                cells.append(Text(""))
                continue
            card = column["cards"][row]
            text = Text(f"{display.card_label(card)} ", style="bold")
            for n, action in enumerate(cards[card].actions):
                if n:
                    text.append("\n    ")
                words = display.card_action_text(action, compact=True)
                text.append(f"{action.spot[-1]} {words}", style="")
                if action.spot in view["taken"]:
                    taker = view["taken"][action.spot]
                    text.append(f" ✗{taker + 1}", style=display.seat_style(taker))
            cells.append(text)
        table.add_row(*cells)
    table.add_row(*(display.discard_text(c) for c in columns))
    return table


def log_area(view: MetroView, height: int, width: int) -> Text:
    """The log's last lines that fit `height` rows of `width` (the log scrolls here)."""
    shown: list[str] = []
    rows = 0
    for line in reversed(display.log_lines(view)):
        need = max(1, -(-len(line) // width))
        if rows + need > height:
            break
        shown.append(line)
        rows += need
    return Text("\n".join(reversed(shown)), style="dim")


def screen(
    view: MetroView, names: Sequence[str], choices: RenderableType | None, title: str | None = None
) -> Layout:
    """The whole table as one 160×50 layout (`choices`: the menu, or None)."""
    board = display.board_of(view)
    top, cards = _heights(view, names)
    layout = Layout()
    layout.split_column(
        Layout(display.header(view, names), size=1),
        Layout(name="top", size=top),
        Layout(compact_cards(view, names), name="cards", size=cards),
        Layout(name="bottom"),
    )
    grid = Panel(display.grid_picture(view, board), title=_("Map"), title_align="left")
    layout["top"].split_row(
        Layout(Group(grid, display.grid_key(names)), size=GRID_WIDTH),
        Layout(Group(compact_lines(view, board), compact_players(view, names))),
    )
    bottom = HEIGHT - 1 - top - cards
    log = log_area(view, bottom - 2, LOG_WIDTH - 4)
    layout["bottom"].split_row(
        Layout(Panel(log, title=_("Log"), title_align="left"), size=LOG_WIDTH),
        Layout(Panel(choices or Text(""), title=title or _("Choices"), title_align="left")),
    )
    return layout


def choices_fit(
    out: Console, view: MetroView, names: Sequence[str], choices: RenderableType
) -> bool:
    """Whether the menu fits its area of the screen (else it is printed below)."""
    top, cards = _heights(view, names)
    room = HEIGHT - 1 - top - cards - 2
    width = WIDTH - LOG_WIDTH - 4
    lines = out.render_lines(choices, out.options.update(width=width), pad=False)
    return len(lines) <= room


def _heights(view: MetroView, names: Sequence[str]) -> tuple[int, int]:
    """Rows of the top part (the map and its key: 21; the lines: 14, the players: seats + 2)
    and of the action cards (2 a card, the heading and the discards)."""
    top = max(21, 16 + len(names))
    cards = 2 * max(len(c["cards"]) for c in view["columns"]) + 3
    return top, cards
