"""Design a game map from a real subway network and write it as `<name>_map.toml`.

Shared by tools/make_tokyo_map.py and tools/make_osaka_map.py: each script holds its design
tables (a `Design`) and calls `main(design)`. Steps (docs/data-design.md):

1. keep the stations listed in `lines` and group them into game stations (same name, or
   `merged`); the small circles of OS-2 (`halts`) are stops that belong to no station;
2. project each station's real position onto the grid with a projection that gives the dense
   centre more room, and snap it to half a cell (grid corners and cell edges);
3. move the stations listed in `places` (the hand straightening of a schematic map);
4. lay out the circles of interchanges (`stops`) and number the stops along each line;
5. compute from geometry the cells each circle touches (TM-4.2);
6. check the design (stations kept near their real place, no line drawn over a circle it does
   not serve, no two lines drawn on top of each other) and write the TOML.
"""

from __future__ import annotations

import argparse
import csv
import itertools
import json
import math
import os
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ekimae.games.tokyo_metro.render import CELL_HEIGHT, CELL_WIDTH, STOP_RADIUS, route_network

ROOT = Path(__file__).resolve().parent.parent
# The real station lists (`../shared/data` beside the checkout; EKIMAE_SHARED_DATA names
# them elsewhere, e.g. from a git worktree).
SOURCE = Path(os.environ.get("EKIMAE_SHARED_DATA") or ROOT.parent / "shared" / "data")
DATA = ROOT / "src" / "ekimae" / "games" / "tokyo_metro" / "data"

Point = tuple[float, float]
StopLayout = tuple[tuple[str, float, float], ...]


@dataclass(frozen=True)
class Design:
    """The design tables of one map (see make_tokyo_map.py for what each one means)."""

    name: str  # the map's name: "tokyo" -> tokyo_map.toml
    city: str  # the `city` of lines.csv and the suffix of stations_<city>.csv
    header: str  # the comment block at the top of the TOML
    output: Path
    columns: int
    rows: int
    start_area: tuple[str, str]  # first and last cell of the round-1 block (TM-3.4)
    lines: Mapping[str, str]  # letter -> kept stations (and halts) in line order, `_` a space
    merged: Mapping[str, str]  # real station -> the interchange it is joined to
    places: Mapping[str, Point]  # station key -> hand-placed anchor (cell units)
    stops: Mapping[str, StopLayout]  # station key -> (lines, dx, dy) per circle
    centre: Point  # (lat, lon) of the projection's middle
    km_per_degree: Point  # latitude, longitude
    compression_km: float = 1.6
    grid_margin: float = 0.75
    max_shift: float = 2.5
    line_clearance: float = 3.0
    # OS-2: small circles (stops that are not stations), key -> position in cell units.
    halts: Mapping[str, Point] = field(default_factory=dict)
    # OS-2: lines run by a pair of vehicles, letter -> (vehicle, count).
    vehicles: Mapping[str, tuple[str, int]] = field(default_factory=dict)

    @property
    def stations_csv(self) -> str:
        return f"stations_{self.city}.csv"


@dataclass
class GameStation:
    key: str
    name: str
    name_ja: str
    points: list[Point] = field(default_factory=list)  # (lat, lon) of its real stations
    lines: list[str] = field(default_factory=list)  # one letter per stop of that line
    projected: Point = (0.0, 0.0)
    anchor: Point = (0.0, 0.0)
    halt: bool = False  # OS-2: a small circle, not a station


@dataclass
class GameStop:
    station: str
    lines: tuple[str, ...]
    at: Point
    labels: list[str] = field(default_factory=list)  # "G5", one per line, set by numbering


@dataclass(frozen=True)
class LineInfo:
    letter: str
    name: str
    name_ja: str
    color: str


# ------------------------------------------------------------------------------ source data


def kept(design: Design) -> dict[str, list[str]]:
    """Each line's kept names; `_` in a name stands for a space ("Tanimachi_4-chome")."""
    return {
        letter: [name.replace("_", " ") for name in names.split()]
        for letter, names in design.lines.items()
    }


def clean(name: str) -> str:
    """Drop the suffix of names like Meiji-jingumae<Harajuku> / 明治神宮前〈原宿〉."""
    return re.sub(r"[<〈].*[>〉]", "", name).strip()


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def station_key(design: Design, real: str) -> str:
    return slug(design.merged.get(real, real))


def read_lines(design: Design) -> list[LineInfo]:
    with (SOURCE / "lines.csv").open(encoding="utf-8") as handle:
        rows = [row for row in csv.DictReader(handle) if row["city"] == design.city]
    rows.sort(key=lambda row: int(row["train_order"]))
    return [LineInfo(r["letter"], r["name_en"], r["name_ja"], r["color"].upper()) for r in rows]


def read_stations(design: Design) -> dict[str, GameStation]:
    """The game stations with their real positions and the lines that stop there.

    A line with no rows in the station file (Osaka's bus) takes its stations' positions from
    the rows of the other lines; a name in `halts` is a small circle placed by hand.
    """
    with (SOURCE / design.stations_csv).open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    names_ja = {clean(r["name_en"]): clean(r["name_ja"]) for r in rows}
    stations: dict[str, GameStation] = {}
    for letter, names in kept(design).items():
        own = [r for r in rows if r["line"] == letter] or rows
        by_name = {clean(r["name_en"]): r for r in own}
        for real in names:
            if real in design.halts:
                halt = stations.setdefault(real, GameStation(real, "", "", halt=True))
                halt.lines.append(letter)
                continue
            if real not in by_name:
                sys.exit(f"lines[{letter!r}]: no station {real!r} in {design.stations_csv}")
            name = design.merged.get(real, real)
            station = stations.setdefault(slug(name), GameStation(slug(name), name, names_ja[name]))
            station.points.append((float(by_name[real]["lat"]), float(by_name[real]["lon"])))
            station.lines.append(letter)
    return stations


# ----------------------------------------------------------------------------- placement


def project(design: Design, lat: float, lon: float) -> Point:
    """Kilometres east and south of the centre, compressed (asinh) beyond `compression_km`.

    A subway map magnifies the centre, where the stations are dense, and shrinks the suburbs.
    """
    east = (lon - design.centre[1]) * design.km_per_degree[1]
    south = (design.centre[0] - lat) * design.km_per_degree[0]
    scale = design.compression_km
    return (scale * math.asinh(east / scale), scale * math.asinh(south / scale))


def place(design: Design, stations: dict[str, GameStation]) -> None:
    """Fit the projection to the grid, snap to half cells, then apply `places`."""
    points = {key: project(design, *mean(s.points)) for key, s in stations.items() if not s.halt}
    xs = [p[0] for p in points.values()]
    ys = [p[1] for p in points.values()]
    margin, columns, rows = design.grid_margin, design.columns, design.rows
    for key, (x, y) in points.items():
        gx = margin + (x - min(xs)) / (max(xs) - min(xs)) * (columns - 2 * margin)
        gy = margin + (y - min(ys)) / (max(ys) - min(ys)) * (rows - 2 * margin)
        stations[key].projected = (gx, gy)
        stations[key].anchor = design.places.get(key, (snap(gx), snap(gy)))
    for key, at in design.halts.items():
        if key in stations:
            stations[key].projected = stations[key].anchor = at


def mean(points: Sequence[Point]) -> Point:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def snap(value: float) -> float:
    return round(value * 2) / 2


def lay_out_stops(design: Design, station: GameStation) -> list[GameStop]:
    x, y = station.anchor
    if station.key in design.stops:
        return [
            GameStop(station.key, tuple(lines.split()), (x + dx, y + dy))
            for lines, dx, dy in design.stops[station.key]
        ]
    if len(station.lines) > 2:
        sys.exit(f"{station.key}: {len(station.lines)} lines need an entry in STOPS")
    return [GameStop(station.key, tuple(station.lines), (x, y))]


def number_stops(design: Design, stops: list[GameStop]) -> None:
    """Label each stop with its number on each line it carries, in the order of `lines`."""
    for letter, names in kept(design).items():
        free = [stop for stop in stops if letter in stop.lines]
        for number, real in enumerate(names, start=1):
            key = station_key(design, real)
            stop = next((s for s in free if s.station == key), None)
            if stop is None:
                sys.exit(f"{letter}{number}: {key} has no circle left for {letter}")
            free.remove(stop)
            stop.labels.append(f"{letter}{number}")
        if free:
            sys.exit(f"{free[0].station}: a circle lists line {letter}, which has no stop left")


def touched_cells(design: Design, x: float, y: float) -> list[tuple[int, int]]:
    """Cells (column, row) whose rectangle meets the stop's circle as drawn (TM-4.2).

    Measured in the renderer's pixels, so that the data matches the picture: a circle on a
    grid corner touches 4 cells, on a cell edge 2, inside a cell 1.
    """
    found = []
    for row in range(math.floor(y - 1), math.ceil(y + 1)):
        for column in range(math.floor(x - 1), math.ceil(x + 1)):
            if 0 <= column < design.columns and 0 <= row < design.rows:
                dx = max(column - x, 0.0, x - (column + 1)) * CELL_WIDTH
                dy = max(row - y, 0.0, y - (row + 1)) * CELL_HEIGHT
                if math.hypot(dx, dy) < STOP_RADIUS:
                    found.append((column, row))
    return sorted(found, key=lambda cell: (cell[1], cell[0]))


def cell_name(column: int, row: int) -> str:
    return f"{chr(ord('a') + column)}{row + 1}"


def cell_block(first: str, last: str) -> list[str]:
    (c0, r0), (c1, r1) = ((ord(n[0]) - ord("a"), int(n[1:]) - 1) for n in (first, last))
    return [cell_name(c, r) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]


# -------------------------------------------------------------------------------- checks


def check(design: Design, stations: dict[str, GameStation], stops: list[GameStop]) -> list[str]:
    """Design rules the loader cannot know; returns the problems found."""
    problems: list[str] = []
    seen: dict[Point, str] = {}
    for stop in stops:
        if not (0 < stop.at[0] < design.columns and 0 < stop.at[1] < design.rows):
            problems.append(f"{stop.station}: circle at {stop.at} is not inside the grid")
        if stop.at in seen:
            problems.append(f"{stop.station}: circle at {stop.at} on a circle of {seen[stop.at]}")
        seen[stop.at] = stop.station
    for station in stations.values():
        shift = math.dist(station.anchor, station.projected)
        if shift > design.max_shift:
            problems.append(f"{station.key}: {shift:.1f} cells from its projected point")
        if design.places.get(station.key) == tuple(snap(v) for v in station.projected):
            problems.append(f"{station.key}: PLACES repeats the snapped projection")
    problems.extend(check_drawing(design, stops))
    return problems


def line_paths(design: Design, stops: list[GameStop]) -> dict[str, list[int]]:
    """Each line's stops (indices into `stops`) in line order, lines in game order."""
    numbered = {label: i for i, stop in enumerate(stops) for label in stop.labels}
    return {
        letter: [numbered[f"{letter}{n}"] for n in range(1, len(names) + 1)]
        for letter, names in kept(design).items()
    }


def check_drawing(design: Design, stops: list[GameStop]) -> list[str]:
    """Lines drawn as the renderer draws them must pass clear of circles they do not serve,
    and must not run on top of each other."""
    points = [pixels(stop.at) for stop in stops]
    paths = line_paths(design, stops)
    routes = route_network(points, list(paths.values()))
    problems = []
    drawn: list[tuple[str, Point, Point]] = []
    for (letter, path), segments in zip(paths.items(), routes, strict=True):
        for (a, b), route in zip(itertools.pairwise(path), segments, strict=True):
            name = f"{letter}: {stops[a].station}-{stops[b].station}"
            for p, q in itertools.pairwise(route):
                for i, point in enumerate(points):
                    if i not in (a, b) and distance_to_segment(point, p, q) < (
                        STOP_RADIUS + design.line_clearance
                    ):
                        problems.append(f"{name} runs over {stops[i].station}")
                problems.extend(
                    f"{name} runs on line {other}"
                    for other, c, d in drawn
                    if other != letter and runs_on(p, q, c, d)
                )
                drawn.append((letter, p, q))
    return problems


def runs_on(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether segments ab and cd overlap for more than a circle's width."""
    length = math.dist(a, b)
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    if abs(ux * (d[1] - c[1]) - uy * (d[0] - c[0])) > 0.02 * math.dist(c, d):
        return False
    if abs(ux * (c[1] - a[1]) - uy * (c[0] - a[0])) > 2:
        return False
    t0 = ux * (c[0] - a[0]) + uy * (c[1] - a[1])
    t1 = ux * (d[0] - a[0]) + uy * (d[1] - a[1])
    return min(length, max(t0, t1)) - max(0.0, min(t0, t1)) > 2 * STOP_RADIUS


def pixels(at: Point) -> Point:
    return (at[0] * CELL_WIDTH, at[1] * CELL_HEIGHT)


def distance_to_segment(p: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    length = (bx - ax) ** 2 + (by - ay) ** 2
    t = 0.0 if length == 0 else ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length
    t = max(0.0, min(1.0, t))
    return math.hypot(px - ax - t * (bx - ax), py - ay - t * (by - ay))


# -------------------------------------------------------------------------------- output


def toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a valid TOML basic string


def toml_list(items: Iterable[str], width: int = 96) -> str:
    lines: list[str] = []
    current = ""
    for part in (toml_string(item) for item in items):
        if current and len(current) + len(part) + 4 > width:
            lines.append("  " + current.rstrip())
            current = ""
        current += part + ", "
    lines.append("  " + current.rstrip())
    return "[\n" + "\n".join(lines) + "\n]"


def number(value: float) -> str:
    return f"{value:.1f}"


def line_table(design: Design, line: LineInfo) -> list[str]:
    out = [
        f"[lines.{line.letter}]",
        f"name = {toml_string(line.name)}",
        f"name_ja = {toml_string(line.name_ja)}",
        f'color = "{line.color}"',
    ]
    if line.letter in design.vehicles:
        vehicle, count = design.vehicles[line.letter]
        out.append(f"vehicle = {toml_string(vehicle)}")
        out.append(f"vehicles = {count}")
    keys = (station_key(design, real) for real in kept(design)[line.letter])
    return [*out, "stops = " + toml_list(keys), ""]


def station_table(design: Design, station: GameStation, stops: list[GameStop]) -> list[str]:
    if station.halt:
        out = [f"[stations.{station.key}]", "halt = true", "stops = ["]
    else:
        out = [
            f"[stations.{station.key}]",
            f"name = {toml_string(station.name)}",
            f"name_ja = {toml_string(station.name_ja)}",
            "stops = [",
        ]
    for stop in stops:
        labels = ", ".join(toml_string(label) for label in stop.labels)
        at = f"[{number(stop.at[0])}, {number(stop.at[1])}]"
        cells = ", ".join(toml_string(cell_name(c, r)) for c, r in touched_cells(design, *stop.at))
        out.append(f"  {{ lines = [{labels}], at = {at}, cells = [{cells}] }},")
    return [*out, "]", ""]


def render_toml(
    design: Design,
    lines: Sequence[LineInfo],
    stations: dict[str, GameStation],
    stops: list[GameStop],
) -> str:
    out = [
        design.header,
        f"name = {toml_string(design.name)}",
        f"columns = {design.columns}",
        f"rows = {design.rows}",
        "line_order = " + json.dumps([line.letter for line in lines]),
        "start_area = " + toml_list(cell_block(*design.start_area)),
        "",
    ]
    for line in lines:
        out.extend(line_table(design, line))
    for key in sorted(stations):
        out.extend(station_table(design, stations[key], [s for s in stops if s.station == key]))
    return "\n".join(out)


def report(design: Design, stations: dict[str, GameStation]) -> None:
    for s in sorted(stations.values(), key=lambda s: (s.anchor[1], s.anchor[0])):
        (px, py), (ax, ay) = s.projected, s.anchor
        moved = "halt" if s.halt else "placed" if s.key in design.places else "snapped"
        print(f"{s.key:20} ({ax:4.1f}, {ay:4.1f}) {moved:7} from ({px:5.2f}, {py:5.2f})", end="")
        print(f"  {' '.join(s.lines)}")


def build(design: Design) -> tuple[list[LineInfo], dict[str, GameStation], list[GameStop]]:
    """The lines, stations and numbered stops of a design (before the checks)."""
    lines = read_lines(design)
    if [line.letter for line in lines] != list(design.lines):
        sys.exit("LINES must list the lines in the game order of lines.csv")
    stations = read_stations(design)
    place(design, stations)
    stops = [stop for station in stations.values() for stop in lay_out_stops(design, station)]
    number_stops(design, stops)
    return lines, stations, stops


def main(design: Design, argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=f"Write {design.output.name} from the design tables."
    )
    parser.add_argument("--report", action="store_true", help="print each station's placement")
    parser.add_argument("--force", action="store_true", help="write even if the checks fail")
    parser.add_argument(
        "--pictures", action="store_true", help=f"also draw docs/img/{design.name}-map.svg|png"
    )
    args = parser.parse_args(argv)
    lines, stations, stops = build(design)
    if args.report:
        report(design, stations)
    problems = check(design, stations, stops)
    for problem in problems:
        print("design:", problem, file=sys.stderr)
    if problems and not args.force:
        return 1
    design.output.write_text(render_toml(design, lines, stations, stops), encoding="utf-8")
    print(f"wrote {design.output.relative_to(ROOT)}: {len(stations)} stations, {len(stops)} stops")
    if args.pictures:
        draw(design)
    return 0


def draw(design: Design) -> None:
    """The written map as docs/img/<name>-map.svg and .png (render.py's own drawing)."""
    from ekimae.core.data import read_toml
    from ekimae.games.tokyo_metro.board import parse_board
    from ekimae.games.tokyo_metro.render import render_png, render_svg

    board = parse_board(read_toml(design.output), design.output.name)
    image = ROOT / "docs" / "img" / f"{design.name}-map"
    image.with_suffix(".svg").write_text(render_svg(board), encoding="utf-8")
    render_png(board, image.with_suffix(".png"), scale=1.5)
    print(f"drew {image.relative_to(ROOT)}.svg and .png")
