"""The map as typed data: lines, stops, stations and the grid of cells (TM-1.1, TM-4).

`tokyo_map.toml` is read once into frozen objects. The engine works with integer indices
(line, stop, station, cell) and these tables; names exist only for people and notation.
A cell is ``row * columns + column``; its name is the column letter and the 1-based row
(``"d7"``). A stop's position is in cell units: cell (c, r) spans [c, c+1] x [r, r+1].

OSAKA METRO's map (`osaka_map.toml`, in the subpackage `data.osaka`) adds two optional things
(OS-2), absent from the Tokyo map: a line run by a pair of vehicles (`vehicle = "tram"`,
`vehicles = 2`) whose inner stops are small circles, and those small circles, written as
stations with `halt = true`: one circle of one line, a stop for moving and riding but not a
station (no pyramid, no name needed). The rules decide what a halt allows; this module only
reads and checks the data.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Any

from ekimae.core.data import Fields, read_toml, unique
from ekimae.core.errors import DataError

PACKAGE = "ekimae.games.tokyo_metro.data"
VEHICLES = ("train", "tram", "bus")  # TM-1.6, OS-1
MAX_VEHICLES = 2  # OS-2: one vehicle on each terminus
MAX_COLUMNS = 26  # one letter per column
MAX_STATION_STOPS = 3  # TM-1.1
MAX_STOP_LINES = 2  # TM-8.4: two lines may share a circle

_CELL = re.compile(r"([a-z])([1-9][0-9]*)")
_LABEL = re.compile(r"([A-Z][A-Za-z]*)([1-9][0-9]*)")
_KEY = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_COLOR = re.compile(r"#[0-9A-Fa-f]{6}")
_NAME = re.compile(r"[a-z][a-z0-9_]*")


@dataclass(frozen=True, slots=True)
class Line:
    index: int  # 0..11 in game order G M H T C Y Z N A I S E
    letter: str
    name: str
    name_ja: str
    color: str  # "#RRGGBB"
    stops: tuple[int, ...]  # stop indices in line order; stop number k is stops[k-1]
    vehicle: str = "train"  # OS-1: "train", "tram" (line P) or "bus"
    vehicles: int = 1  # OS-2: 2 for a pair, one starting on each terminus


@dataclass(frozen=True, slots=True)
class Stop:
    index: int
    station: int
    lines: tuple[int, ...]  # 1 or 2 line indices, in game order
    numbers: tuple[int, ...]  # the stop's number on each of those lines (same order)
    x: float
    y: float
    cells: tuple[int, ...]  # cells touching its circle (TM-4.2), sorted


@dataclass(frozen=True, slots=True)
class Station:
    index: int
    key: str  # slug used in action notation
    name: str
    name_ja: str
    stops: tuple[int, ...]  # 1..3 stop indices
    cells: tuple[int, ...]  # union of its stops' cells, sorted
    halt: bool = False  # OS-2: a small circle, a stop but not a station (no pyramid)


@dataclass(frozen=True)
class Board:
    name: str
    columns: int
    rows: int
    lines: tuple[Line, ...]
    stops: tuple[Stop, ...]
    stations: tuple[Station, ...]
    start_cells: tuple[int, ...]
    neighbors: tuple[tuple[int, ...], ...]
    cell_stations: tuple[tuple[int, ...], ...]
    station_by_key: Mapping[str, int]
    line_by_letter: Mapping[str, int]

    def cell_name(self, cell: int) -> str:
        row, column = divmod(cell, self.columns)
        return f"{chr(ord('a') + column)}{row + 1}"

    def parse_cell(self, text: str) -> int:
        found = _CELL.fullmatch(text.strip().lower())
        if found is None:
            raise ValueError(
                f"bad cell {text!r}: expected a column letter and a row number, like 'd7'"
            )
        column = ord(found[1]) - ord("a")
        row = int(found[2]) - 1
        if column >= self.columns or row >= self.rows:
            last = self.cell_name(self.columns * self.rows - 1)
            raise ValueError(f"cell {text!r} is off the map (cells run from a1 to {last})")
        return row * self.columns + column

    def stop_label(self, stop: int) -> str:
        item = self.stops[stop]
        return "/".join(
            f"{self.lines[line].letter}{number}"
            for line, number in zip(item.lines, item.numbers, strict=True)
        )


@functools.cache
def load_board(name: str = "tokyo") -> Board:
    """The packaged map `name` (``<name>_map.toml``), parsed once and shared."""
    return _load(name)


@functools.cache
def _load(name: str) -> Board:
    # functools.cache keys load_board() and load_board("tokyo") apart; this one keys by name,
    # so that every caller shares one Board.
    source = f"{name}_map.toml"
    return parse_board(read_toml(source, package=data_package(name, source)), source)


def data_package(name: str, file: str) -> str:
    """The package holding data file `file` of map or card set `name`.

    The base game's files are in PACKAGE; an expansion's are in its own subpackage
    (``data.osaka``), so that adding one leaves the base game's `data_version` (a hash of
    PACKAGE's own files) and its recorded games unchanged.
    """
    if not _NAME.fullmatch(name):
        raise DataError(file, "-", f"{name!r} is not a data set name like 'osaka'")
    if resources.files(PACKAGE).joinpath(file).is_file():
        return PACKAGE
    package = f"{PACKAGE}.{name}"
    try:
        resources.files(package)
    except ModuleNotFoundError:
        raise DataError(file, "-", f"file not found (no data set {name!r})") from None
    return package


# ----------------------------------------------------------------------------------- parsing


@dataclass(frozen=True, slots=True)
class _Grid:
    source: str
    columns: int
    rows: int

    def cell(self, fields: Fields, key: str, text: str) -> int:
        found = _CELL.fullmatch(text)
        if found is None:
            raise fields.fail(key, f"{text!r} is not a cell name like 'd7'")
        column, row = ord(found[1]) - ord("a"), int(found[2]) - 1
        if column >= self.columns or row >= self.rows:
            raise fields.fail(key, f"cell {text!r} is off the {self.columns}x{self.rows} grid")
        return row * self.columns + column

    def cells(self, fields: Fields, key: str) -> tuple[int, ...]:
        texts = fields.texts(key)
        if not texts:
            raise fields.fail(key, "needs at least one cell")
        unique(self.source, f"{fields.path}.{key}" if fields.path else key, texts)
        return tuple(sorted(self.cell(fields, f"{key}[{i}]", text) for i, text in enumerate(texts)))


@dataclass(frozen=True, slots=True)
class _LineRow:
    letter: str
    name: str
    name_ja: str
    color: str
    station_keys: tuple[str, ...]
    vehicle: str = "train"
    vehicles: int = 1


@dataclass(frozen=True, slots=True)
class _StopRow:
    station: int
    labels: tuple[tuple[int, int], ...]  # (line index, number), in game order
    x: float
    y: float
    cells: tuple[int, ...]


def parse_board(data: dict[str, Any], source: str) -> Board:
    """Validate a map table (the parsed TOML) and build the Board; DataError names the field."""
    top = Fields(source, "", data)
    grid = _Grid(source, top.integer("columns", 1, MAX_COLUMNS), top.integer("rows", 1, 99))
    line_rows = _parse_lines(top)
    letters = {row.letter: i for i, row in enumerate(line_rows)}
    station_fields = _station_tables(top)
    keys = tuple(station_fields)
    stop_rows, station_stops = _parse_stops(station_fields, letters, grid)
    line_stops = _resolve_lines(top, line_rows, keys, stop_rows)
    halts = tuple(_halt(fields) for fields in station_fields.values())
    _check_halts(top.sub("lines"), line_rows, line_stops, stop_rows, keys, halts)
    start = grid.cells(top, "start_area")
    return _build(
        top.text("name"),
        grid,
        line_rows,
        line_stops,
        station_fields,
        station_stops,
        stop_rows,
        start,
    )


def _parse_lines(top: Fields) -> list[_LineRow]:
    order = top.texts("line_order")
    unique(top.source, "line_order", order)
    tables = top.sub("lines")
    for letter in tables.table:
        if letter not in order:
            raise tables.fail(letter, "line is not listed in line_order")
    rows: list[_LineRow] = []
    for letter in order:
        if not _LABEL.fullmatch(letter + "1"):
            raise top.fail("line_order", f"{letter!r} is not a line letter")
        line = tables.sub(letter)
        color = line.text("color")
        if not _COLOR.fullmatch(color):
            raise line.fail("color", f"{color!r} is not a colour like '#FF9500'")
        stops = line.texts("stops")
        if len(stops) < 2:
            raise line.fail("stops", "a line needs at least two stops (two termini)")
        vehicle, vehicles = _vehicles(line)
        rows.append(
            _LineRow(
                letter,
                line.text("name"),
                line.text("name_ja"),
                color,
                tuple(stops),
                vehicle,
                vehicles,
            )
        )
    return rows


def _vehicles(line: Fields) -> tuple[str, int]:
    """The optional `vehicle` and `vehicles` of a line (OS-1, OS-2); a train by default."""
    vehicle = line.text("vehicle") if line.has("vehicle") else "train"
    if vehicle not in VEHICLES:
        raise line.fail("vehicle", f"{vehicle!r} is not one of {', '.join(VEHICLES)}")
    vehicles = line.integer("vehicles", 1, MAX_VEHICLES) if line.has("vehicles") else 1
    return vehicle, vehicles


def _halt(station: Fields) -> bool:
    """The optional `halt` flag of a station table (OS-2 small circle); false by default."""
    value = station.table.get("halt", False)
    if not isinstance(value, bool):
        raise station.fail("halt", f"expected true or false, got {value!r}")
    return value


def _station_tables(top: Fields) -> dict[str, Fields]:
    tables = top.sub("stations")
    result: dict[str, Fields] = {}
    for key in tables.table:
        if not _KEY.fullmatch(key):
            raise tables.fail(key, f"{key!r} is not a lower-case slug like 'omote-sando'")
        result[key] = tables.sub(key)
    if not result:
        raise top.fail("stations", "the map has no station")
    return result


def _parse_stops(
    stations: dict[str, Fields], letters: dict[str, int], grid: _Grid
) -> tuple[list[_StopRow], list[tuple[int, ...]]]:
    stops: list[_StopRow] = []
    station_stops: list[tuple[int, ...]] = []
    for station, fields in enumerate(stations.values()):
        tables = fields.tables("stops")
        if not 1 <= len(tables) <= MAX_STATION_STOPS:
            raise fields.fail("stops", f"a station has 1 to 3 stops, not {len(tables)}")
        halt = _halt(fields)
        if halt and len(tables) != 1:
            raise fields.fail("stops", f"a halt (OS-2 small circle) is one stop, not {len(tables)}")
        first = len(stops)
        stops.extend(_parse_stop(stop, station, letters, grid) for stop in tables)
        if halt and len(stops[first].labels) != 1:
            raise tables[0].fail("lines", "a halt (OS-2 small circle) carries one line")
        station_stops.append(tuple(range(first, len(stops))))
    return stops, station_stops


def _parse_stop(fields: Fields, station: int, letters: dict[str, int], grid: _Grid) -> _StopRow:
    texts = fields.texts("lines")
    if not 1 <= len(texts) <= MAX_STOP_LINES:
        raise fields.fail("lines", f"a stop carries 1 or 2 lines, not {len(texts)}")
    labels: list[tuple[int, int]] = []
    for i, text in enumerate(texts):
        found = _LABEL.fullmatch(text)
        if found is None:
            raise fields.fail(f"lines[{i}]", f"{text!r} is not a line and number like 'G5'")
        if found[1] not in letters:
            raise fields.fail(f"lines[{i}]", f"unknown line letter {found[1]!r}")
        if any(line == letters[found[1]] for line, _ in labels):
            raise fields.fail(f"lines[{i}]", f"line {found[1]} appears twice on one stop")
        labels.append((letters[found[1]], int(found[2])))
    x, y = _position(fields, grid)
    cells = grid.cells(fields, "cells")
    return _StopRow(station, tuple(sorted(labels)), x, y, cells)


def _position(fields: Fields, grid: _Grid) -> tuple[float, float]:
    at = fields.items("at")
    if len(at) != 2 or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in at):
        raise fields.fail("at", f"expected [x, y] in cell units, got {at!r}")
    x, y = float(at[0]), float(at[1])
    if not (0 <= x <= grid.columns and 0 <= y <= grid.rows):
        raise fields.fail("at", f"[{x}, {y}] is outside the {grid.columns}x{grid.rows} grid")
    return x, y


def _resolve_lines(
    top: Fields, line_rows: list[_LineRow], keys: tuple[str, ...], stops: list[_StopRow]
) -> list[tuple[int, ...]]:
    """Match each line's list of station keys with the stops labelled on the stations."""
    numbered: dict[tuple[int, int], int] = {}
    for index, row in enumerate(stops):
        for label in row.labels:
            if label in numbered:
                message = f"{_text(line_rows, label)} is on two stops"
                raise _stop_fail(top, keys, stops, index, "lines", message)
            numbered[label] = index
    tables = top.sub("lines")
    result = [
        _line_stops(tables.sub(row.letter), line, row, keys, stops, numbered)
        for line, row in enumerate(line_rows)
    ]
    if numbered:
        label, index = min(numbered.items())
        letter = line_rows[label[0]].letter
        message = f"{_text(line_rows, label)} is past the end of line {letter}"
        raise _stop_fail(top, keys, stops, index, "lines", message)
    return result


def _line_stops(
    where: Fields,
    line: int,
    row: _LineRow,
    keys: tuple[str, ...],
    stops: list[_StopRow],
    numbered: dict[tuple[int, int], int],
) -> tuple[int, ...]:
    """The stop of each entry of a line's list; takes the labels it uses out of `numbered`."""
    found: list[int] = []
    for number, key in enumerate(row.station_keys, start=1):
        field = f"stops[{number - 1}]"
        if key not in keys:
            raise where.fail(field, f"unknown station {key!r}")
        index = numbered.pop((line, number), None)
        if index is None:
            raise where.fail(field, f"no stop of {key!r} is labelled {row.letter}{number}")
        owner = keys[stops[index].station]
        if owner != key:
            raise where.fail(field, f"{row.letter}{number} is a stop of {owner!r}, not {key!r}")
        found.append(index)
    return tuple(found)


def _check_halts(
    tables: Fields,
    line_rows: list[_LineRow],
    line_stops: list[tuple[int, ...]],
    stops: list[_StopRow],
    keys: tuple[str, ...],
    halts: tuple[bool, ...],
) -> None:
    """OS-2: a line run by a pair has two terminus stations joined by halts (small circles);
    other lines have no halts."""
    for row, members in zip(line_rows, line_stops, strict=True):
        where = tables.sub(row.letter)
        last = len(members) - 1
        for number, stop in enumerate(members):
            key = keys[stops[stop].station]
            halt = halts[stops[stop].station]
            field = f"stops[{number}]"
            if halt and number in (0, last):
                raise where.fail(field, f"{key!r} is a halt; a terminus must be a station (OS-2)")
            if halt and row.vehicles == 1:
                message = f"{key!r} is a halt; only a line run by a pair (vehicles = 2) has halts"
                raise where.fail(field, message + " (OS-2)")
            if not halt and row.vehicles == 2 and number not in (0, last):
                message = f"{key!r} is a station; between its termini a pair's line has halts"
                raise where.fail(field, message + " only (OS-2)")


def _text(line_rows: list[_LineRow], label: tuple[int, int]) -> str:
    return f"{line_rows[label[0]].letter}{label[1]}"


def _stop_fail(
    top: Fields, keys: tuple[str, ...], stops: list[_StopRow], index: int, key: str, message: str
) -> DataError:
    station = stops[index].station
    position = index - next(i for i, s in enumerate(stops) if s.station == station)
    return DataError(top.source, f"stations.{keys[station]}.stops[{position}].{key}", message)


def _build(
    name: str,
    grid: _Grid,
    line_rows: list[_LineRow],
    line_stops: list[tuple[int, ...]],
    station_fields: dict[str, Fields],
    station_stops: list[tuple[int, ...]],
    stop_rows: list[_StopRow],
    start: tuple[int, ...],
) -> Board:
    lines = tuple(
        Line(
            i,
            row.letter,
            row.name,
            row.name_ja,
            row.color,
            line_stops[i],
            row.vehicle,
            row.vehicles,
        )
        for i, row in enumerate(line_rows)
    )
    stops = tuple(_stop(i, row) for i, row in enumerate(stop_rows))
    stations = tuple(
        _station(i, key, fields, station_stops[i], stops)
        for i, (key, fields) in enumerate(station_fields.items())
    )
    count = grid.columns * grid.rows
    touching: list[list[int]] = [[] for _ in range(count)]
    for station in stations:
        for cell in station.cells:
            touching[cell].append(station.index)
    return Board(
        name=name,
        columns=grid.columns,
        rows=grid.rows,
        lines=lines,
        stops=stops,
        stations=stations,
        start_cells=start,
        neighbors=tuple(_neighbors(cell, grid.columns, grid.rows) for cell in range(count)),
        cell_stations=tuple(tuple(t) for t in touching),
        station_by_key=MappingProxyType({s.key: s.index for s in stations}),
        line_by_letter=MappingProxyType({line.letter: line.index for line in lines}),
    )


def _stop(index: int, row: _StopRow) -> Stop:
    lines = tuple(line for line, _ in row.labels)
    numbers = tuple(number for _, number in row.labels)
    return Stop(index, row.station, lines, numbers, row.x, row.y, row.cells)


def _station(
    index: int, key: str, fields: Fields, members: tuple[int, ...], stops: tuple[Stop, ...]
) -> Station:
    cells = tuple(sorted({cell for stop in members for cell in stops[stop].cells}))
    halt = _halt(fields)
    if halt:  # a small circle needs no name (OS-2); it may have one
        name = fields.text("name") if fields.has("name") else ""
        name_ja = fields.text("name_ja") if fields.has("name_ja") else ""
        return Station(index, key, name, name_ja, members, cells, halt=True)
    return Station(index, key, fields.text("name"), fields.text("name_ja"), members, cells)


def _neighbors(cell: int, columns: int, rows: int) -> tuple[int, ...]:
    row, column = divmod(cell, columns)
    found = []
    if row > 0:
        found.append(cell - columns)
    if column > 0:
        found.append(cell - 1)
    if column < columns - 1:
        found.append(cell + 1)
    if row < rows - 1:
        found.append(cell + columns)
    return tuple(found)
