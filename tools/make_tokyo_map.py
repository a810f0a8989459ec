"""Design the Tokyo map from the real network and write tokyo_map.toml (docs/data-design.md).

Run by a developer after changing the design tables below; the game and the tests only read
the TOML. Steps:

1. keep the stations listed in LINES and group them into game stations (same name, or MERGED);
2. project each station's real position onto the grid with a projection that gives the dense
   centre more room, and snap it to half a cell (grid corners and cell edges);
3. move the stations listed in PLACES (the hand straightening of a schematic map);
4. lay out the circles of interchanges (STOPS) and number the stops along each line;
5. compute from geometry the cells each circle touches (TM-4.2);
6. check the design (stations kept near their real place, no line drawn over a circle it does
   not serve, no two lines drawn on top of each other) and write the TOML.

Usage: .venv/bin/python tools/make_tokyo_map.py [--report] [--force]
"""

from __future__ import annotations

import argparse
import csv
import itertools
import json
import math
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ekimae.games.tokyo_metro.render import CELL_HEIGHT, CELL_WIDTH, STOP_RADIUS, route_network

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT.parent / "shared" / "data"
OUTPUT = ROOT / "src" / "ekimae" / "games" / "tokyo_metro" / "data" / "tokyo_map.toml"

COLUMNS, ROWS = 20, 14
START_AREA = ("k7", "m9")  # TM-3.4: the 3x3 block around Tokyo, Nihombashi and Ginza

# The stations kept on each line (names as in stations_tokyo.csv, without any <...> suffix),
# in the real order from the end where the official codes start: that end is stop 1 (TM-1.1).
# Left out: the far suburbs, the Marunouchi branch (Mb), and quiet stations where the centre
# is crowded. Oedo is a loop with a tail in reality; the game needs a chain, so it runs from
# Shinjuku-nishiguchi (E01) clockwise round the loop to Roppongi (E23) and stays open between
# Roppongi and Shinjuku. Namboku and Mita share their southern tracks, so Mita starts at Mita.
LINES: dict[str, str] = {
    "G": """Shibuya Omote-sando Aoyama-itchome Akasaka-mitsuke Tameike-sanno Shimbashi Ginza
         Nihombashi Mitsukoshimae Kanda Ueno-hirokoji Ueno Asakusa""",
    "M": """Shinjuku Shinjuku-sanchome Yotsuya Akasaka-mitsuke Kokkai-gijidomae Kasumigaseki Ginza
         Tokyo Otemachi Ochanomizu Hongo-sanchome Korakuen Myogadani Ikebukuro""",
    "H": """Naka-meguro Ebisu Roppongi Kasumigaseki Hibiya Ginza Higashi-ginza Kayabacho Ningyocho
         Akihabara Ueno Minowa Kita-senju""",
    "T": """Takadanobaba Waseda Kagurazaka Iidabashi Kudanshita Otemachi Nihombashi Kayabacho
         Monzen-nakacho Kiba Toyocho""",
    "C": """Yoyogi-uehara Meiji-jingumae Omote-sando Nogizaka Kokkai-gijidomae Kasumigaseki Hibiya
         Otemachi Shin-ochanomizu Yushima Nezu Nishi-nippori Kita-senju""",
    "Y": """Ikebukuro Gokokuji Edogawabashi Iidabashi Ichigaya Nagatacho Yurakucho Shintomicho
         Tsukishima Toyosu Shin-kiba""",
    "Z": """Shibuya Omote-sando Aoyama-itchome Nagatacho Hanzomon Kudanshita Jimbocho Otemachi
         Mitsukoshimae Kiyosumi-shirakawa Sumiyoshi Kinshicho Oshiage""",
    "N": """Meguro Shirokane-takanawa Azabu-juban Roppongi-itchome Tameike-sanno Nagatacho Yotsuya
         Ichigaya Iidabashi Korakuen Todaimae Hon-komagome Komagome""",
    "A": """Gotanda Sengakuji Mita Daimon Shimbashi Higashi-ginza Nihombashi Ningyocho
         Higashi-nihombashi Asakusabashi Kuramae Asakusa Oshiage""",
    "I": """Mita Onarimon Hibiya Otemachi Jimbocho Suidobashi Kasuga Hakusan Sengoku Sugamo""",
    "S": """Shinjuku Shinjuku-sanchome Akebonobashi Ichigaya Kudanshita Jimbocho Ogawamachi
         Iwamotocho Bakuro-yokoyama Morishita Sumiyoshi""",
    "E": """Shinjuku-nishiguchi Higashi-shinjuku Iidabashi Kasuga Hongo-sanchome Ueno-okachimachi
         Kuramae Ryogoku Morishita Kiyosumi-shirakawa Monzen-nakacho Tsukishima Daimon
         Azabu-juban Roppongi""",
}

# Real stations with another name that the game joins to an interchange: they are connected on
# foot in reality. Ueno-hirokoji gives the Ginza line two consecutive stops in Ueno, like H6-H7
# in the rules (TM-8.3).
MERGED: dict[str, str] = {
    "Ueno-hirokoji": "Ueno",
    "Ueno-okachimachi": "Ueno",
    "Shinjuku-nishiguchi": "Shinjuku",
    "Kasuga": "Korakuen",
    "Yurakucho": "Hibiya",
    "Ogawamachi": "Shin-ochanomizu",
    "Higashi-nihombashi": "Bakuro-yokoyama",
}

# Straightening: a station's anchor (its first circle in STOPS) in cell units, where the
# snapped projection does not give a readable schematic. Every entry stays within MAX_SHIFT
# cells of the projected point; stations not listed keep their snapped point.
PLACES: dict[str, tuple[float, float]] = {
    # north-west: Ikebukuro, Takadanobaba, Iidabashi, Korakuen
    "ikebukuro": (3, 1.5), "gokokuji": (4.5, 2.5), "edogawabashi": (5.5, 3),
    "myogadani": (6, 2.5), "sugamo": (5.5, 1), "sengoku": (6.5, 1.5), "hakusan": (7.5, 2),
    "komagome": (7.5, 1), "hon-komagome": (8.5, 1.5), "todaimae": (9.5, 2.5),
    "korakuen": (8.5, 3.5), "hongo-sanchome": (10.5, 3.5), "suidobashi": (9, 4.5),
    "kagurazaka": (5, 4.5), "higashi-shinjuku": (3, 5), "iidabashi": (6.5, 4.5),
    # west: Shinjuku to Ichigaya and Yotsuya
    "shinjuku": (1.5, 6), "shinjuku-sanchome": (2.5, 6), "akebonobashi": (4.5, 6),
    "ichigaya": (7, 6), "yotsuya": (5.5, 7), "hanzomon": (7.5, 7), "kudanshita": (8.5, 5),
    "jimbocho": (10, 5),
    # Akasaka and Kasumigaseki
    "nagatacho": (6.5, 8), "akasaka-mitsuke": (6, 8.5), "tameike-sanno": (7, 10),
    "kokkai-gijidomae": (7.5, 8.5), "kasumigaseki": (8.5, 8.5),
    # south-west: Shibuya, Roppongi, Meguro, Mita
    "yoyogi-uehara": (0.5, 10), "meiji-jingumae": (2, 10), "shibuya": (2.5, 11),
    "omote-sando": (3.5, 10), "aoyama-itchome": (4.5, 9), "nogizaka": (5, 10),
    "ebisu": (3, 12), "naka-meguro": (1.5, 12), "roppongi": (5.5, 11.5),
    "roppongi-itchome": (7, 11), "azabu-juban": (6, 12), "meguro": (3.5, 13),
    "shirokane-takanawa": (5, 13), "gotanda": (4.5, 13.5), "sengakuji": (6.5, 13),
    "mita": (8, 12.5), "onarimon": (9, 11.5), "daimon": (9.5, 12),
    # centre: Otemachi, Tokyo, Ginza, Nihombashi
    "otemachi": (10, 7), "tokyo": (11.5, 7.5), "hibiya": (10, 9), "ginza": (11.5, 9.5),
    "nihombashi": (12, 7), "mitsukoshimae": (12, 6), "kanda": (12, 4.5),
    "ningyocho": (14, 6.5), "higashi-ginza": (12.5, 10), "shintomicho": (13.5, 9.5),
    "shimbashi": (11.5, 10.5),
    # north-east: Ueno, Asakusa, Kita-senju
    "yushima": (11.5, 3), "nezu": (11.5, 2), "nishi-nippori": (11.5, 1),
    "iwamotocho": (13, 5.5), "bakuro-yokoyama": (14.5, 5.5), "kuramae": (16, 3.5),
    "asakusa": (17, 3), "oshiage": (18.5, 3), "ryogoku": (16, 5), "minowa": (15.5, 1.5),
    "kita-senju": (18.5, 1),
}  # fmt: skip

# The circles of interchanges: for each stop, the lines it carries and its offset from the
# anchor. Without an entry, a station with one line has one circle and a station with two
# lines has one circle shared by both, where they cross (TM-8.4). A line with two stops in
# one station lists its letter twice, in its own line order.
STOPS: dict[str, tuple[tuple[str, float, float], ...]] = {
    # five lines in three circles, on a diagonal so that every line passes clear of the others
    "otemachi": (("I", 0, 0), ("C T", 0.5, -0.5), ("M Z", 1, -1)),
    "hibiya": (("H I", 0, 0), ("C", 0.5, -0.5), ("Y", 1, -1)),  # Yurakucho is the Y circle
    "ginza": (("M", 0, 0), ("G H", 0.5, -0.5)),
    "nihombashi": (("G T", 0, 0), ("A", 0.5, 0.5)),
    "kasumigaseki": (("C", 0, 0), ("H", 0, 0.5), ("M", 0, 1)),
    "nagatacho": (("Z N", 0, 0), ("Y", 0.5, 0)),
    "ichigaya": (("Y S", 0, 0), ("N", -0.5, 0.5)),
    "iidabashi": (("Y E", 0.5, -1), ("T N", 0, 0)),
    "kudanshita": (("T S", 0, 0), ("Z", 0, 0.5)),
    "jimbocho": (("I S", 0, 0), ("Z", -0.5, 0.5)),
    "korakuen": (("I E", 0, 0), ("M N", 0.5, 0.5)),  # the I/E circle is Kasuga
    "hongo-sanchome": (("E", 0, 0), ("M", 0, 0.5)),
    "ikebukuro": (("M", 0, 0), ("Y", 0, 0.5)),
    # Ginza and Hanzomon lines run side by side from Shibuya to Aoyama-itchome
    "shibuya": (("Z", 0, 0), ("G", 0.5, 0.5)),
    "omote-sando": (("Z C", 0, 0), ("G", 0.5, 0.5)),
    "aoyama-itchome": (("Z", 0, 0), ("G", 0.5, 0.5)),
    "shinjuku": (("E", 0, -0.5), ("S", 0, 0), ("M", 0, 0.5)),
    "shinjuku-sanchome": (("S", 0, 0), ("M", 0, 0.5)),
    # G11 Ueno-hirokoji (with Oedo's Ueno-okachimachi) and G12 Ueno (with Hibiya)
    "ueno": (("G E", -0.5, 0.5), ("G H", 0, 0)),
}

CENTRE = (35.6830, 139.7650)  # (lat, lon) near Otemachi: the middle of the projection
KM_PER_DEGREE = (110.95, 90.40)  # latitude, longitude, at Tokyo's latitude
COMPRESSION_KM = 1.6  # the projection is about linear within this distance of CENTRE
GRID_MARGIN = 0.75  # cells between the outermost projected stations and the grid's edge
MAX_SHIFT = 2.5  # cells: how far straightening may move a station from its projected point
LINE_CLEARANCE = 3.0  # px between a circle and a line passing it without stopping

Point = tuple[float, float]


@dataclass
class GameStation:
    key: str
    name: str
    name_ja: str
    points: list[Point] = field(default_factory=list)  # (lat, lon) of its real stations
    lines: list[str] = field(default_factory=list)  # one letter per stop of that line
    projected: Point = (0.0, 0.0)
    anchor: Point = (0.0, 0.0)


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


def kept() -> dict[str, list[str]]:
    return {letter: names.split() for letter, names in LINES.items()}


def clean(name: str) -> str:
    """Drop the suffix of names like Meiji-jingumae<Harajuku> / 明治神宮前〈原宿〉."""
    return re.sub(r"[<〈].*[>〉]", "", name).strip()


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def station_key(real: str) -> str:
    return slug(MERGED.get(real, real))


def read_lines() -> list[LineInfo]:
    with (SOURCE / "lines.csv").open(encoding="utf-8") as handle:
        rows = [row for row in csv.DictReader(handle) if row["city"] == "tokyo"]
    rows.sort(key=lambda row: int(row["train_order"]))
    return [LineInfo(r["letter"], r["name_en"], r["name_ja"], r["color"].upper()) for r in rows]


def read_stations() -> dict[str, GameStation]:
    """The game stations with their real positions and the lines that stop there."""
    with (SOURCE / "stations_tokyo.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    names_ja = {clean(r["name_en"]): clean(r["name_ja"]) for r in rows}
    stations: dict[str, GameStation] = {}
    for letter, names in kept().items():
        by_name = {clean(r["name_en"]): r for r in rows if r["line"] == letter}
        for real in names:
            if real not in by_name:
                sys.exit(f"LINES[{letter!r}]: no station {real!r} in stations_tokyo.csv")
            name = MERGED.get(real, real)
            station = stations.setdefault(slug(name), GameStation(slug(name), name, names_ja[name]))
            station.points.append((float(by_name[real]["lat"]), float(by_name[real]["lon"])))
            station.lines.append(letter)
    return stations


# ----------------------------------------------------------------------------- placement


def project(lat: float, lon: float) -> Point:
    """Kilometres east and south of CENTRE, compressed (asinh) beyond COMPRESSION_KM.

    A subway map magnifies the centre, where the stations are dense, and shrinks the suburbs.
    """
    east = (lon - CENTRE[1]) * KM_PER_DEGREE[1]
    south = (CENTRE[0] - lat) * KM_PER_DEGREE[0]
    return (
        COMPRESSION_KM * math.asinh(east / COMPRESSION_KM),
        COMPRESSION_KM * math.asinh(south / COMPRESSION_KM),
    )


def place(stations: dict[str, GameStation]) -> None:
    """Fit the projection to the grid, snap to half cells, then apply PLACES."""
    points = {key: project(*mean(s.points)) for key, s in stations.items()}
    xs = [p[0] for p in points.values()]
    ys = [p[1] for p in points.values()]
    for key, (x, y) in points.items():
        gx = GRID_MARGIN + (x - min(xs)) / (max(xs) - min(xs)) * (COLUMNS - 2 * GRID_MARGIN)
        gy = GRID_MARGIN + (y - min(ys)) / (max(ys) - min(ys)) * (ROWS - 2 * GRID_MARGIN)
        stations[key].projected = (gx, gy)
        stations[key].anchor = PLACES.get(key, (snap(gx), snap(gy)))


def mean(points: Sequence[Point]) -> Point:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def snap(value: float) -> float:
    return round(value * 2) / 2


def lay_out_stops(station: GameStation) -> list[GameStop]:
    x, y = station.anchor
    if station.key in STOPS:
        return [
            GameStop(station.key, tuple(lines.split()), (x + dx, y + dy))
            for lines, dx, dy in STOPS[station.key]
        ]
    if len(station.lines) > 2:
        sys.exit(f"{station.key}: {len(station.lines)} lines need an entry in STOPS")
    return [GameStop(station.key, tuple(station.lines), (x, y))]


def number_stops(stops: list[GameStop]) -> None:
    """Label each stop with its number on each line it carries, in the order of LINES."""
    for letter, names in kept().items():
        free = [stop for stop in stops if letter in stop.lines]
        for number, real in enumerate(names, start=1):
            stop = next((s for s in free if s.station == station_key(real)), None)
            if stop is None:
                sys.exit(f"{letter}{number}: {station_key(real)} has no circle left for {letter}")
            free.remove(stop)
            stop.labels.append(f"{letter}{number}")
        if free:
            sys.exit(f"{free[0].station}: a circle lists line {letter}, which has no stop left")


def touched_cells(x: float, y: float) -> list[tuple[int, int]]:
    """Cells (column, row) whose rectangle meets the stop's circle as drawn (TM-4.2).

    Measured in the renderer's pixels, so that the data matches the picture: a circle on a
    grid corner touches 4 cells, on a cell edge 2, inside a cell 1.
    """
    found = []
    for row in range(math.floor(y - 1), math.ceil(y + 1)):
        for column in range(math.floor(x - 1), math.ceil(x + 1)):
            if 0 <= column < COLUMNS and 0 <= row < ROWS:
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


def check(stations: dict[str, GameStation], stops: list[GameStop]) -> list[str]:
    """Design rules the loader cannot know; returns the problems found."""
    problems: list[str] = []
    seen: dict[Point, str] = {}
    for stop in stops:
        if not (0 < stop.at[0] < COLUMNS and 0 < stop.at[1] < ROWS):
            problems.append(f"{stop.station}: circle at {stop.at} is not inside the grid")
        if stop.at in seen:
            problems.append(f"{stop.station}: circle at {stop.at} on a circle of {seen[stop.at]}")
        seen[stop.at] = stop.station
    for station in stations.values():
        shift = math.dist(station.anchor, station.projected)
        if shift > MAX_SHIFT:
            problems.append(f"{station.key}: {shift:.1f} cells from its projected point")
        if PLACES.get(station.key) == tuple(snap(v) for v in station.projected):
            problems.append(f"{station.key}: PLACES repeats the snapped projection")
    problems.extend(check_drawing(stops))
    return problems


def line_paths(stops: list[GameStop]) -> dict[str, list[int]]:
    """Each line's stops (indices into `stops`) in line order, lines in game order."""
    numbered = {label: i for i, stop in enumerate(stops) for label in stop.labels}
    return {
        letter: [numbered[f"{letter}{n}"] for n in range(1, len(names) + 1)]
        for letter, names in kept().items()
    }


def check_drawing(stops: list[GameStop]) -> list[str]:
    """Lines drawn as the renderer draws them must pass clear of circles they do not serve,
    and must not run on top of each other."""
    points = [pixels(stop.at) for stop in stops]
    paths = line_paths(stops)
    routes = route_network(points, list(paths.values()))
    problems = []
    drawn: list[tuple[str, Point, Point]] = []
    for (letter, path), segments in zip(paths.items(), routes, strict=True):
        for (a, b), route in zip(itertools.pairwise(path), segments, strict=True):
            name = f"{letter}: {stops[a].station}-{stops[b].station}"
            for p, q in itertools.pairwise(route):
                for i, point in enumerate(points):
                    if i not in (a, b) and distance_to_segment(point, p, q) < (
                        STOP_RADIUS + LINE_CLEARANCE
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

HEADER = """\
# TOKYO METRO: the Tokyo map, designed by the ekimae project from the real network.
# Generated by tools/make_tokyo_map.py (see docs/data-design.md), and meant to be read and
# typed by hand too, e.g. by an owner of the printed game who wants to play on its map.
#
# Grid: `columns` x `rows` cells. A cell is named by its column letter (a = leftmost) and its
# row number (1 = top): "d7". Positions `at = [x, y]` are in cell units from the top-left
# corner of the grid: cell d7 spans x 3..4 and y 6..7, so [3, 6] is the corner that d7 shares
# with c6, d6 and c7, [3.5, 6] the middle of d7's top edge and [3.5, 6.5] its centre.
#
# [lines.X]: one table per line; `line_order` gives the game order (TM-1.1). `stops` names
# the station of each stop, from stop 1 (a terminus: trains start there facing stop 2,
# TM-7.4) to the other terminus. A station named twice in a row has two stops of that line.
# [stations.key]: one table per station (1-3 circles, TM-1.1); the key is used in notation.
# Each circle gives `lines`, its number on each line that stops there ("G5", or two labels
# where two lines share the circle, TM-8.4), `at`, and `cells`: the cells it touches (TM-4.2).
# `start_area`: the cells where meeples are put in round 1 (TM-3.4).
"""


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


def line_table(line: LineInfo) -> list[str]:
    return [
        f"[lines.{line.letter}]",
        f"name = {toml_string(line.name)}",
        f"name_ja = {toml_string(line.name_ja)}",
        f'color = "{line.color}"',
        "stops = " + toml_list(station_key(real) for real in kept()[line.letter]),
        "",
    ]


def station_table(station: GameStation, stops: list[GameStop]) -> list[str]:
    out = [
        f"[stations.{station.key}]",
        f"name = {toml_string(station.name)}",
        f"name_ja = {toml_string(station.name_ja)}",
        "stops = [",
    ]
    for stop in stops:
        labels = ", ".join(toml_string(label) for label in stop.labels)
        at = f"[{number(stop.at[0])}, {number(stop.at[1])}]"
        cells = ", ".join(toml_string(cell_name(c, r)) for c, r in touched_cells(*stop.at))
        out.append(f"  {{ lines = [{labels}], at = {at}, cells = [{cells}] }},")
    return [*out, "]", ""]


def render_toml(
    lines: Sequence[LineInfo], stations: dict[str, GameStation], stops: list[GameStop]
) -> str:
    out = [
        HEADER,
        'name = "tokyo"',
        f"columns = {COLUMNS}",
        f"rows = {ROWS}",
        "line_order = " + json.dumps([line.letter for line in lines]),
        "start_area = " + toml_list(cell_block(*START_AREA)),
        "",
    ]
    for line in lines:
        out.extend(line_table(line))
    for key in sorted(stations):
        out.extend(station_table(stations[key], [s for s in stops if s.station == key]))
    return "\n".join(out)


def report(stations: dict[str, GameStation]) -> None:
    for s in sorted(stations.values(), key=lambda s: (s.anchor[1], s.anchor[0])):
        (px, py), (ax, ay) = s.projected, s.anchor
        moved = "placed" if s.key in PLACES else "snapped"
        print(f"{s.key:20} ({ax:4.1f}, {ay:4.1f}) {moved:7} from ({px:5.2f}, {py:5.2f})", end="")
        print(f"  {' '.join(s.lines)}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write tokyo_map.toml from the design tables.")
    parser.add_argument("--report", action="store_true", help="print each station's placement")
    parser.add_argument("--force", action="store_true", help="write even if the checks fail")
    args = parser.parse_args(argv)
    lines = read_lines()
    if [line.letter for line in lines] != list(LINES):
        sys.exit("LINES must list the lines in the game order of lines.csv")
    stations = read_stations()
    place(stations)
    stops = [stop for station in stations.values() for stop in lay_out_stops(station)]
    number_stops(stops)
    if args.report:
        report(stations)
    problems = check(stations, stops)
    for problem in problems:
        print("design:", problem, file=sys.stderr)
    if problems and not args.force:
        return 1
    OUTPUT.write_text(render_toml(lines, stations, stops), encoding="utf-8")
    print(f"wrote {OUTPUT.relative_to(ROOT)}: {len(stations)} stations, {len(stops)} stops")
    return 0


if __name__ == "__main__":
    sys.exit(main())
