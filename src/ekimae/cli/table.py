"""Any game's view in the terminal, as readable nested data: the generic front end knows
no game, only data (as the server's generic page does).

A mapping prints as ``key words: value`` lines, nested ones indented; a list of plain
values as ``a, b, c``; a list of mappings with the same keys and plain values (players,
results) as a table; any other list as numbered items; None as ``—``. The `log` is left
out of the table and shown on its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ekimae.cli.common import seat_label
from ekimae.core.game import State
from ekimae.core.log import view_lines
from ekimae.i18n import _

INDENT = 2
NONE = "—"
# Keys whose values are seats in any game's view (0-based in the API): shown from 1, as
# people number seats (`core.game.seat_name`). A list of them, or of lists (a ranking's
# places), is numbered the same way.
SEAT_KEYS = frozenset({
    "seat", "seats", "to_act", "winner", "winners", "ranking", "order", "turn_order",
    "architects", "movers", "called", "droppers", "catchers", "owner", "holder", "leader",
})  # fmt: skip


def seats_from_one(key: object, value: Any) -> Any:
    """A seat-valued field (`SEAT_KEYS`) numbered from 1; any other as it is."""
    if key not in SEAT_KEYS:
        return value
    return _plus_one(value)


def _plus_one(value: Any) -> Any:
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return value + 1 if value >= 0 else value
    if isinstance(value, list | tuple):
        return [_plus_one(v) for v in value]
    return value


def words(key: object) -> str:
    return str(key).replace("_", " ")


def plain(value: Any) -> bool:
    """A value printed on one line: a scalar, or a list of scalars."""
    if isinstance(value, list | tuple):
        return all(not isinstance(v, dict | list | tuple) for v in value)
    return not isinstance(value, dict)


def scalar(value: Any) -> str:
    if value is None:
        return NONE
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list | tuple):
        return ", ".join(scalar(v) for v in value) or _("(none)")
    return str(value)


def view_table(view: Mapping[str, Any]) -> RenderableType:
    """A seat's view (or any JSON-ready mapping) without its log."""
    return Group(*_mapping({k: v for k, v in view.items() if k != "log"}, 0))


def _mapping(data: Mapping[str, Any], indent: int) -> list[RenderableType]:
    parts: list[RenderableType] = []
    for key, value in data.items():
        value = seats_from_one(key, value)
        label = Text(" " * indent).append(f"{words(key)}:", style="bold")
        if plain(value):
            parts.append(label.append(f" {scalar(value)}"))
        else:
            parts.append(label)
            parts += _value(value, indent + INDENT)
    return parts


def _value(value: Any, indent: int) -> list[RenderableType]:
    if isinstance(value, dict):
        return _mapping(value, indent) if value else [Text(" " * indent + _("(none)"))]
    rows = list(value)
    if _tabular(rows):
        return [Padding(_rows_table(rows), (0, 0, 0, indent))]
    parts: list[RenderableType] = []
    for number, item in enumerate(rows, start=1):
        head = Text(" " * indent + f"{number}.", style="bold")
        if plain(item):
            parts.append(head.append(f" {scalar(item)}"))
        else:
            parts.append(head)
            parts += _value(item, indent + INDENT)
    return parts


def _tabular(rows: Sequence[Any]) -> bool:
    """A list of mappings with the same keys, each value printed on one line."""
    if not rows or not all(isinstance(r, dict) for r in rows):
        return False
    keys = list(rows[0])
    return all(list(r) == keys and all(plain(v) for v in r.values()) for r in rows)


def _rows_table(rows: Sequence[Mapping[str, Any]]) -> Table:
    table = Table(padding=(0, 1), show_edge=False)
    for key, value in rows[0].items():
        numeric = isinstance(value, int | float) and not isinstance(value, bool)
        table.add_column(words(key), justify="right" if numeric else "left")
    for row in rows:
        table.add_row(*(Text(scalar(seats_from_one(k, v))) for k, v in row.items()))
    return table


def log_lines(view: Mapping[str, Any]) -> list[str]:
    """The view's `log`, if it has one (a list of lines, each keeping the event it was
    written from: `core.log.view_lines`)."""
    return view_lines(view.get("log"))


def log_tail(lines: Sequence[str], count: int) -> Text:
    return Text("\n".join(f"  {line}" for line in lines[-count:]), style="dim")


def ranking_table(
    state: State, names: Sequence[str], score: Callable[[float], str]
) -> RenderableType:
    """The places from first to last; seats sharing a place are marked ``=``."""
    table = Table(title=_("Ranking"), title_justify="left", padding=(0, 1))
    for column in (_("place"), _("seat"), _("score")):
        table.add_column(column, justify="right" if column == _("score") else "left")
    scores = state.scores()
    place = 1
    for seats in state.ranking():
        mark = f"{place}=" if len(seats) > 1 else str(place)
        for seat in seats:
            table.add_row(mark, Text(seat_label(list(names), seat)), score(scores[seat]))
        place += len(seats)
    winners = state.winners()
    if len(winners) > 1:
        table.caption = _("a shared first place: ") + ", ".join(
            seat_label(list(names), s) for s in winners
        )
    return table
