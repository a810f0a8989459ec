"""A TOKYO METRO position for the terminal, drawn with rich from a seat's view only.

Its words are in the terminal's language (`ekimae --lang`, else the locale; issue 20): the
app's through `_`, the game's terms (phases, action kinds) from the glossary, yen as the
language writes it. English is the same text as before, byte for byte (the goldens)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ekimae.games.jidohanbaiki.components import load_components
from ekimae.games.tokyo_metro.board import Board, load_board
from ekimae.games.tokyo_metro.components import ActionCard, CardAction, Kind, load_cards
from ekimae.games.tokyo_metro.context import HOLE, load_ctx
from ekimae.games.tokyo_metro.render import DEFAULT_SEAT_COLORS
from ekimae.games.tokyo_metro.view import (
    ColumnView,
    LineView,
    MetroView,
    PlayerView,
    SpeculationView,
    TrainView,
)
from ekimae.i18n import _, game_terms, language
from ekimae.i18n import yen as local_yen
from ekimae.server.titles.tokyo_metro.log import log_lines as metro_log

LOG_LINES = 8


def seat_style(seat: int) -> str:
    return f"bold {DEFAULT_SEAT_COLORS[seat % len(DEFAULT_SEAT_COLORS)]}"


def seat_text(seat: int, names: Sequence[str]) -> Text:
    label = names[seat] if seat < len(names) else "?"
    return Text(f"{seat + 1}:{label}", style=seat_style(seat))


def board_of(view: MetroView) -> Board:
    """The map the game is played on (MOD-1: option `map`)."""
    return load_board(view.get("options", {}).get("map", "tokyo"))


def card_of(card_id: str | None) -> ActionCard:
    """A card of either set (MOD-1; the Tokyo and Osaka card ids do not overlap), or of the
    JIDOHANBAIKI column (MD-1; None is a hole, MD-2)."""
    tokyo = load_cards("tokyo").cards
    if card_id is None:
        card_id = HOLE
    if card_id in tokyo:
        return tokyo[card_id]
    osaka = load_cards("osaka").cards
    return osaka[card_id] if card_id in osaka else load_ctx(drinks=True).cards.cards[card_id]


def card_label(card_id: str | None) -> str:
    """A card's ID as shown; a hole of the JIDOHANBAIKI column (MD-2) as ``(hole)``."""
    return _("(hole)") if card_id is None else card_id


def term(key: str, english: str) -> str:
    """A TOKYO METRO term (``action.invest``, ``phase.movement``) as the booklet of the
    terminal's language prints it; English: `english`, the terminal's own word."""
    return game_terms("tokyo-metro", language()).get(key, english)


def phase_word(phase: str) -> str:
    """A view's phase (``turn_order``) in the terminal's language."""
    return term(f"phase.{phase.replace('_', '-')}", phase.replace("_", " "))


def kind_word(kind: str) -> str:
    """An action kind (``invest``, ``turn-bid``, ``alight``) in the terminal's language."""
    return term(f"action.{kind}", term(f"move.{kind}", kind))


def place_name(board: Board, station_key: str) -> str:
    """A station's name; in Japanese its Japanese script (the map data's ``name_ja``)."""
    station = board.stations[board.station_by_key[station_key]]
    return station.name_ja if language() == "ja" and station.name_ja else station.name


# METRO DRINKS (MD-1): a terminal colour per drink colour, the shapes' glyphs from the data.
DRINK_STYLES = {
    "black": "bold bright_black",
    "white": "bold white",
    "mint": "bold medium_spring_green",
    "blue": "bold dodger_blue1",
    "red": "bold red",
    "purple": "bold medium_purple",
}


def drink_text(drink: str) -> Text:
    """A drink as its shape's glyph in its colour, e.g. ``▪`` in red for ``red-short-can``."""
    jh = load_components()
    d = jh.drinks[drink]
    return Text(jh.shape(d.shape).glyph, style=DRINK_STYLES.get(d.colour, "bold"))


def drinks_text(p: PlayerView) -> Text:
    """A player's drinks (MD-3): colour cards, then the supply as glyphs; ``free`` with a
    Shape card on (MD-5)."""
    out = Text()
    if p.get("colour_cards"):
        out.append(_("crates {colours}").format(colours=",".join(p["colour_cards"])) + " ")
    for drink in p.get("drinks", ()):
        out.append_text(drink_text(drink))
    if p.get("shape_on"):
        out.append(" " + _("free builds"), style="bold")
    return out


def line_text(board: Board, letter: str) -> Text:
    color = board.lines[board.line_by_letter[letter]].color
    return Text(f" {letter} ", style=f"bold #000000 on {color}")


def yen(amount: int) -> str:
    """English as it always was (``¥1600``); another language writes yen its own way."""
    if language() != "en":
        return local_yen(amount)
    return f"−¥{-amount}" if amount < 0 else f"¥{amount}"


def yen_grouped(amount: int) -> str:
    """English with thousands grouped (``¥1,600``); another language its own way."""
    return f"¥{amount:,}" if language() == "en" else local_yen(amount)


def position(view: MetroView, names: Sequence[str], log: bool = True) -> RenderableType:
    """Everything on the table: header, lines, players, cards, the grid and the last log
    (`log` False when the caller prints the log as it goes)."""
    board = board_of(view)
    parts: list[RenderableType] = [
        header(view, names),
        lines_table(view, names, board),
        players_table(view, names),
        cards_table(view, names),
        grid_picture(view, board),
        grid_key(names),
    ]
    if log:
        parts.append(log_tail(view))
    return Group(*parts)


def header(view: MetroView, names: Sequence[str]) -> Text:
    round_text = _("Round {n}/{rounds}").format(n=view["round"], rounds=view["rounds"])
    text = Text(f"{round_text} · {phase_word(view['phase'])}")
    if view["to_act"]:
        text.append(" · " + _("to act:") + " ")
        text.append(Text(", ").join(seat_text(s, names) for s in view["to_act"]))
    text.append(" · " + _("turn order:") + " ")
    text.append(Text(" ").join(seat_text(s, names) for s in view["order"]))
    trains = view.get("trains_phase")
    if trains:
        line = next(x for x in view["lines"] if x["letter"] == trains["line"])
        train = line["train"]
        if train:
            where = " " + _("at {stops}").format(stops=_vehicles_at(line, train))
        else:
            where = " " + _("(removed)")
        left = trains["stops_left"]
        # Whole messages by count (the catalogues hold no plural forms; Japanese has none)
        to_go = (_("{n} stop to go") if left == 1 else _("{n} stops to go")).format(n=left)
        text.append(" · " + _("train {line}").format(line=trains["line"]) + f"{where}, {to_go}")
    return text


# ---------------------------------------------------------------------------- lines


def lines_table(view: MetroView, names: Sequence[str], board: Board) -> Table:
    table = Table(title=_("Lines"), title_justify="left", expand=False, padding=(0, 1))
    columns = (_("line"), _("value"), _("high/low"), _("stocks"), _("speculations"), _("slots"))
    for n, column in enumerate((*columns, _("train"))):
        table.add_column(column, justify="right" if n == 1 else "left")
    for line in view["lines"]:
        used = line["speed_tokens"] + len(line["speculations"])
        table.add_row(
            line_text(board, line["letter"]),
            yen(line["value"]),
            f"{line['high']}/{line['low']}",
            _stocks(line["stocks"], names),
            _speculations(line["speculations"], names),
            f"{'⚡' * line['speed_tokens']}{'·' * (line['slots'] - used)} {used}/{line['slots']}",
            line_vehicles_text(line),
        )
    return table


def _vehicles_at(line: LineView, train: TrainView) -> str:
    """Where the line's vehicles stand: one train (`train`, the line's first), or both of
    a pair (OS-2)."""
    pair = line.get("vehicles") or []
    if len(pair) > 1:
        return " & ".join(f"{v['vehicle']} {v['stop']}" for v in pair)
    return str(train["stop"])


def line_vehicles_text(line: LineView) -> str:
    pair = line.get("vehicles") or []
    if len(pair) > 1:  # OS-2: both trams or buses
        return ", ".join(f"{v['vehicle']} {train_text(v, line['stocks'])}" for v in pair)
    return train_text(line["train"], line["stocks"])


def _stocks(holders: Sequence[int], names: Sequence[str]) -> Text:
    parts = [Text(f"#{i} ").append(seat_text(s, names)) for i, s in enumerate(holders, 1)]
    return Text(" ").join(parts) if parts else Text("—", style="dim")


def _speculations(items: Sequence[SpeculationView], names: Sequence[str]) -> Text:
    parts = [seat_text(x["seat"], names).append(f" {yen(x['stake'])}") for x in items]
    return Text(", ").join(parts) if parts else Text("—", style="dim")


def train_text(train: TrainView | None, stocks: Sequence[int]) -> str:
    if train is None:
        return _("off the map")
    arrow = "→" if train["direction"] > 0 else "←"
    # TM-8.6: only a started train on a line with no stock leaves at its stop 1.
    started = " " + _("(by Start)") if train["by_start"] and not stocks else ""
    return _("at {stops}").format(stops=f"{train['stop']} {arrow}") + started


# ---------------------------------------------------------------------------- players


def players_table(view: MetroView, names: Sequence[str]) -> Table:
    table = Table(title=_("Players"), title_justify="left", padding=(0, 1))
    columns = (_("seat"), _("money"), _("discs"), _("spec"), _("pyramids"), _("tokens"))
    for n, column in enumerate((*columns, _("loans"), _("stocks"), _("where"))):
        table.add_column(column, justify="right" if n == 1 else "left")
    holdings = _holdings(view)
    for p in view["players"]:
        seat = p["seat"]
        bonus = " " + _("+{amount} bid").format(amount=p["bid_bonus"]) if p["bid_bonus"] else ""
        money = yen(p["money"]) + bonus
        if p["bid"] is not None:
            money += " " + _("(bid {amount})").format(amount=yen(p["bid"]))
        elif p["has_bid"]:
            money += " " + _("(bid in)")
        discs = f"{p['front']}/{p['action_discs']} (+{p['supply_discs']})"
        if p["passed"]:
            discs += " " + _("passed")
        tokens = _("speed {n}").format(n=p["speed_tokens"]) + (" " + _("bike") if p["bike"] else "")
        if p["discount_discs"]:
            tokens += " " + _("disc.") + " " + ",".join(p["discount_discs"])
        riding = p.get("riding_vehicle") or p["riding"]
        where = p["meeple"] or (_("riding {vehicle}").format(vehicle=riding) if riding else "—")
        if p["personal_cards"]:
            where += " · " + _("cards {ids}").format(ids=",".join(p["personal_cards"]))
        where_text = Text(where)
        if "drinks" in p:  # METRO DRINKS
            where_text.append(" · ").append_text(drinks_text(p))
        table.add_row(
            seat_text(seat, names),
            money,
            discs,
            str(p["speculation_discs"]),
            str(p["pyramids"]),
            tokens,
            str(p["loans"]),
            holdings[seat],
            where_text,
        )
    return table


def _holdings(view: MetroView) -> list[str]:
    """Per seat, its stocks (``G#1``) and speculations (``I¥300``) from the lines."""
    found: list[list[str]] = [[] for _ in view["players"]]
    for line in view["lines"]:
        for number, seat in enumerate(line["stocks"], start=1):
            found[seat].append(f"{line['letter']}#{number}")
        for item in line["speculations"]:
            found[item["seat"]].append(f"{line['letter']}{yen(item['stake'])}")
    return [" ".join(items) or "—" for items in found]


# ---------------------------------------------------------------------------- cards


def card_action_text(action: CardAction, compact: bool = False) -> str:
    """A printed action in words, e.g. ``move 2 [1 disc]`` or ``station ¥300/stop [2 discs]``
    (`compact`: the slots as a bare number, ``move 2 [1]``)."""
    kind = action.kind
    name = kind_word(kind.value)
    if kind in (Kind.MOVE, Kind.SPEED):
        words = f"{name} {action.value}"
    elif kind is Kind.START:
        words = f"{name} +{yen(action.value)}"
    elif action.value:
        unit = _("/stop") if kind is Kind.STATION else ""
        words = f"{name} {yen(action.value)}{unit}"
    else:
        words = name
    if compact:
        return f"{words} [{action.slots}]"
    discs = (_("{n} disc") if action.slots == 1 else _("{n} discs")).format(n=action.slots)
    return f"{words} [{discs}]"


def card_text(card_id: str | None, taken: dict[str, int], names: Sequence[str]) -> Text:
    text = Text(card_label(card_id), style="bold")
    for action in card_of(card_id).actions:
        text.append(f"\n{action.spot[-1]} {card_action_text(action)}")
        if action.spot in taken:
            text.append(" ✗ ").append(seat_text(taken[action.spot], names))
    return text


def cards_table(view: MetroView, names: Sequence[str]) -> Table:
    """The action card columns, top row first, with each discard pile's top card."""
    table = Table(title=_("Action cards"), title_justify="left", padding=(0, 1), show_lines=True)
    columns = view["columns"]
    for column in columns:
        deck = _("(deck {n})").format(n=column["deck_count"])
        table.add_column(f"{column['deck']} {deck}")
    rows = max(len(c["cards"]) for c in columns)
    for row in reversed(range(rows)):
        table.add_row(*(_card_cell(c["cards"], row, view, names) for c in columns))
    table.add_row(*(discard_text(c) for c in columns))
    own = [(p["seat"], card) for p in view["players"] for card in p["personal_cards"]]
    if own:
        mine = ", ".join(f"{c} ({_seat(s)})" for s, c in own)
        table.caption = _("personal cards:") + " " + mine
    return table


def _card_cell(
    cards: Sequence[str | None], row: int, view: MetroView, names: Sequence[str]
) -> Text:
    return card_text(cards[row], view["taken"], names) if row < len(cards) else Text("")


def discard_text(column: ColumnView) -> Text:
    top = column["discard_top"]
    if top is None:
        return Text(_("discard: empty"), style="dim")
    count = column["discard_count"]
    return Text(_("discard: {card} ({n})").format(card=top, n=count), style="dim")


# ---------------------------------------------------------------------------- the grid


def grid_picture(view: MetroView, board: Board) -> Text:
    """The grid, 3 characters a cell (the key: `grid_key`): meeples ``@n``, trains ``G▸``
    or ``G◂``, stops by line letter (``+`` where two lines share a stop), a station's
    owner as ``G2`` on that seat's colour, ``.`` for an empty cell. Seats count from 1.
    METRO DRINKS: a drink in a station is its shape's glyph in its colour before the
    letter (``▪G2``)."""
    cells: dict[int, Text] = {}
    owners = {board.station_by_key[key]: seat for key, seat in view["stations"].items()}
    drinks = {board.station_by_key[key]: d for key, d in view.get("drinks", {}).items()}
    for stop in board.stops:
        cell = _cell_of(board, stop.x, stop.y)
        if cell not in cells:
            glyph = board.lines[stop.lines[0]].letter[0] if len(stop.lines) == 1 else "+"
            if board.stations[stop.station].halt:
                glyph = "·"  # OS-2: a small circle, a stop but no station
            color = board.lines[stop.lines[0]].color
            owner = owners.get(stop.station)
            style = f"bold {color}" if owner is None else f"bold #FFFFFF on {_seat_color(owner)}"
            label = f" {glyph}{owner + 1 if owner is not None else ' '}"
            drink = drinks.get(stop.station)
            if drink is not None:  # MD-4: the drink's shape glyph in its colour
                glyph_text = drink_text(drink)
                glyph_text.stylize(f"on {_seat_color(owner)}" if owner is not None else "")
                cells[cell] = Text.assemble(glyph_text, Text(label[1:], style=style))
            else:
                cells[cell] = Text(label, style=style)
    for line in view["lines"]:
        train = line["train"]
        if train is None:
            continue
        drawn = board.lines[board.line_by_letter[line["letter"]]]
        placed: Sequence[TrainView] = line.get("vehicles") or [train]  # OS-2: both of a pair
        for vehicle in placed:
            stop = board.stops[drawn.stops[vehicle["number"] - 1]]
            mark = f" {drawn.letter[0]}{'▸' if vehicle['direction'] > 0 else '◂'}"
            style = f"bold #000000 on {drawn.color}"
            cells[_cell_of(board, stop.x, stop.y)] = Text(mark, style=style)
    for p in view["players"]:
        if p["meeple"] is not None:
            cell = board.parse_cell(p["meeple"])
            cells[cell] = Text(f" @{p['seat'] + 1}", style=f"reverse {seat_style(p['seat'])}")
    out = Text("    " + "".join(f" {chr(97 + c)} " for c in range(board.columns)) + "\n")
    for row in range(board.rows):
        out.append(f"{row + 1:>3} ")
        for column in range(board.columns):
            out.append(cells.get(row * board.columns + column, Text(" . ", style="dim")))
        if row < board.rows - 1:
            out.append("\n")
    return out


def grid_key(names: Sequence[str]) -> Text:
    """What the grid's symbols mean (seats count from 1), in lines of at most 66 columns."""
    key = Text()
    key.append(" G ", style="bold")
    key.append(" " + _("a stop of line G") + "   ")
    key.append(" + ", style="bold")
    key.append(" " + _("a stop of two lines") + "   ")
    key.append(" . ", style="dim")
    key.append(" " + _("an empty cell") + "\n")
    key.append(" G▸", style="bold #000000 on #999999")
    key.append(" ")
    key.append(" G◂", style="bold #000000 on #999999")
    key.append(" " + _("line G's train, going to higher / lower stop numbers") + "\n")
    key.append(" G1", style=f"bold #FFFFFF on {_seat_color(0)}")
    key.append(" " + _("a station with seat 1's pyramid") + "   ")
    key.append(" @1", style=f"reverse {seat_style(0)}")
    key.append(" " + _("seat 1's meeple") + "\n")
    key.append(" " + _("seats") + " ")
    key.append(Text("  ").join(seat_text(s, names) for s in range(len(names))))
    return key


def _cell_of(board: Board, x: float, y: float) -> int:
    column = min(int(x), board.columns - 1)
    row = min(int(y), board.rows - 1)
    return row * board.columns + column


def _seat_color(seat: int) -> str:
    return DEFAULT_SEAT_COLORS[seat % len(DEFAULT_SEAT_COLORS)]


def log_lines(view: MetroView) -> list[str]:
    """The log in the terminal's language (issue 20; the engine writes English)."""
    return metro_log(view["log"], view.get("options", {}).get("map", "tokyo"), language())


def log_tail(view: MetroView, count: int = LOG_LINES) -> Text:
    lines = log_lines(view)[-count:]
    return Text("\n".join(f"  {line}" for line in lines), style="dim")


# ---------------------------------------------------------------------------- the end


def final_result(
    final: dict[str, Any],
    scores: Sequence[int],
    order: Sequence[int],
    names: Sequence[str],
    board: Board | None = None,
) -> RenderableType:
    """TM-9: the payout of each line, loans, then the ranking (ties by turn order)."""
    board = board or load_board()
    table = Table(title=_("Final payouts"), title_justify="left", padding=(0, 1))
    for column in (_("line"), _("value"), _("speculations"), _("after"), _("stocks")):
        table.add_column(column)
    for line in final["lines"]:
        if not (line["speculations"] or line["stocks"] or line["value"]):
            continue
        specs = [
            seat_text(x["seat"], names).append(
                " "
                + _("stake {stake} → +{paid}").format(stake=yen(x["stake"]), paid=yen(x["paid"]))
            )
            for x in line["speculations"]
        ]
        stocks = [
            Text(f"#{x['stock']} ")
            .append(seat_text(x["seat"], names))
            .append(f" +{yen(x['paid'])}")
            for x in line["stocks"]
        ]
        table.add_row(
            line_text(board, line["line"]),
            yen(line["value"]),
            Text(", ").join(specs) or Text("—", style="dim"),
            yen(line["value_after_speculations"]),
            Text(", ").join(stocks) or Text("—", style="dim"),
        )
    loans = [f"{_seat(s)} {yen(-c)}" for s, c in enumerate(final["loans"]) if c]
    if loans:
        table.caption = _("loans repaid at the end (TM-9.5):") + " " + ", ".join(loans)
    return Group(table, ranking(scores, order, names))


def ranking(scores: Sequence[int], order: Sequence[int], names: Sequence[str]) -> Table:
    table = Table(title=_("Ranking"), title_justify="left", padding=(0, 1))
    for n, column in enumerate((_("place"), _("seat"), _("yen"))):
        table.add_column(column, justify="right" if n == 2 else "left")
    tie_rank = {seat: i for i, seat in enumerate(order)}
    ranked = sorted(range(len(scores)), key=lambda s: (-scores[s], tie_rank.get(s, s)))
    for place, seat in enumerate(ranked, start=1):
        table.add_row(str(place), seat_text(seat, names), yen(scores[seat]))
    return table


def _seat(seat: int) -> str:
    """ "seat 2" in the terminal's language (the engine's `seat_name` is English)."""
    return _("seat {n}").format(n=seat + 1)
