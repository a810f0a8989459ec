"""The map as a picture: a schematic SVG (and PNG through cairosvg), with an optional overlay.

The geometry constants here are also the ones tools/metro_map.py (the map tool behind
make_tokyo_map.py and make_osaka_map.py) uses to compute which cells a stop's circle
touches (TM-4.2), so the picture and the data agree. OS-2's small circles (halts) are drawn
small, unnamed and unnumbered, and a line run by a pair of vehicles numbers no stop.

Given ``lang="ja"`` the map names its stations and lines in Japanese script (the data's
``name_ja``, issue 20): widths counted as full-width characters, a long name wrapped between
characters (no spaces to wrap at), and a font stack naming Noto Sans CJK JP. Any other
language draws the English names, byte for byte as before.
"""

from __future__ import annotations

import itertools
import math
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape

from ekimae.games.jidohanbaiki.components import load_components
from ekimae.games.tokyo_metro.board import Board, Line, Station
from ekimae.games.tokyo_metro.view import MetroView

CELL_WIDTH = 66.0  # px; cells are wider than tall, as Tokyo's network is wider than tall
CELL_HEIGHT = 50.0
STOP_RADIUS = 10.0  # px, the circle whose touching cells are the stop's cells
MARGIN = 30.0  # px around the grid, for the column letters and row numbers
LEGEND_HEIGHT = 44.0  # one row of line names; a map whose names need more rows grows
LEGEND_ROW = 22.0
HALT_RADIUS = 5.0  # OS-2's small circles
LINE_WIDTH = 5.0
LABEL_SIZE = 10.0
LABEL_REACH = 160.0  # px: labels are placed within this distance of their station
FONT = "DejaVu Sans Condensed, Arial Narrow, Liberation Sans Narrow, sans-serif"
# Japanese labels: Debian's fonts-noto-cjk first (what the screenshots use), then the usual
# Japanese system fonts.
FONT_JA = "Noto Sans CJK JP, Noto Sans JP, Hiragino Sans, Yu Gothic, Meiryo, sans-serif"
JA_WRAP = 6  # a Japanese name longer than this many characters may go on two lines
DEFAULT_SEAT_COLORS = ("#D62728", "#1F77B4", "#2CA02C", "#FF7F0E", "#9467BD")

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1
Route = list[Point]


@dataclass(frozen=True)
class Overlay:
    """Pieces to draw over the map. Seats are shown as numbers from 1 (seat 0 is "1")."""

    pyramids: Mapping[int, int] = field(default_factory=dict)  # station -> seat
    meeples: Mapping[int, int] = field(default_factory=dict)  # seat -> cell
    trains: Mapping[int, tuple[int, int]] = field(default_factory=dict)  # line -> (stop, +1/-1)
    # OS-2: the second vehicle of a pair, line -> (stop, +1/-1); the first is in `trains`
    partners: Mapping[int, tuple[int, int]] = field(default_factory=dict)
    # METRO DRINKS (MD-4): station -> drink id ("red-short-can"), drawn by colour AND shape
    drinks: Mapping[int, str] = field(default_factory=dict)
    seat_colors: Sequence[str] = DEFAULT_SEAT_COLORS


def render_svg(board: Board, overlay: Overlay | None = None, lang: str = "en") -> str:
    """The whole map as a self-contained SVG document (no external fonts or images);
    `lang="ja"` names stations and lines in Japanese script."""
    canvas = _canvas(board, lang)
    parts = [canvas.static]
    if overlay is not None:
        parts.append(canvas.overlay(overlay))
    parts.append("</svg>\n")
    return "\n".join(parts)


def overlay_svg(board: Board, overlay: Overlay) -> str:
    """Only the `<g id="overlay">` fragment: pieces drawn with the map's own geometry,
    for pages that keep the (slow to draw) map and swap the pieces on every update."""
    return _canvas(board).overlay(overlay)


def overlay_from_view(board: Board, view: MetroView) -> Overlay:
    """The pieces a view shows (any seat's or a spectator's) as map indices."""
    pyramids = {board.station_by_key[key]: seat for key, seat in view["stations"].items()}
    meeples = {
        p["seat"]: board.parse_cell(p["meeple"]) for p in view["players"] if p["meeple"] is not None
    }
    trains: dict[int, tuple[int, int]] = {}
    partners: dict[int, tuple[int, int]] = {}
    for index, line in enumerate(view["lines"]):
        # A view with an Osaka part lists every vehicle (OS-2 pairs); `train` is the first.
        vehicles = line.get("vehicles")
        placed = vehicles if vehicles is not None else [line["train"]] if line["train"] else []
        for k, vehicle in enumerate(placed[:2]):
            stop = board.lines[index].stops[vehicle["number"] - 1]
            (partners if k else trains)[index] = (stop, 1 if vehicle["direction"] >= 0 else -1)
    drinks = {board.station_by_key[key]: drink for key, drink in view.get("drinks", {}).items()}
    return Overlay(
        pyramids=pyramids, meeples=meeples, trains=trains, partners=partners, drinks=drinks
    )


# The board is kept beside its canvas (boards are few and loaded once), so that its id
# stays its own; a weak reference would do, but a compiled Board (`make compiled`) takes
# none.
_CANVASES: dict[tuple[int, bool], tuple[Board, _Canvas]] = {}


def _canvas(board: Board, lang: str = "en") -> _Canvas:
    """The drawn map of a board, computed once per script (Latin or Japanese names): laying
    out routes and labels takes a while. The overlay's geometry is the same in both."""
    slot = (id(board), lang == "ja")
    cached = _CANVASES.get(slot)
    if cached is not None and cached[0] is board:
        return cached[1]
    canvas = _Canvas(board, japanese=lang == "ja")
    _CANVASES[slot] = (board, canvas)
    return canvas


def render_png(
    board: Board,
    path: str | Path,
    overlay: Overlay | None = None,
    scale: float = 1.5,
    lang: str = "en",
) -> None:
    import cairosvg  # only needed for PNG; imported late to keep loading the engine light

    cairosvg.svg2png(
        bytestring=render_svg(board, overlay, lang).encode("utf-8"),
        write_to=str(path),
        scale=scale,
    )


def _wrappings_ja(name: str) -> list[tuple[str, ...]]:
    """A Japanese name whole, or (when long) on two lines cut between characters at the
    middle: Japanese has no spaces to wrap at, and any cut between characters reads."""
    if len(name) > JA_WRAP:
        cut = (len(name) + 1) // 2
        return [(name,), (name[:cut], name[cut:])]
    return [(name,)]


# ------------------------------------------------------------------------------- geometry


def _text_width(text: str, size: float) -> float:
    """An estimate of the rendered width of condensed sans text (no font metrics at hand)."""
    width = 0.0
    for char in text:
        if unicodedata.east_asian_width(char) in "WF":
            width += 0.93  # a CJK character is a full em (0.93 x 1.08)
        elif char in "ijlI.,'!|":
            width += 0.28
        elif char in "frt-() ":
            width += 0.36
        elif char in "mwMW":
            width += 0.8
        elif char.isupper() or char.isdigit():
            width += 0.6
        else:
            width += 0.52
    return width * size * 1.08


def _box_distance(p: Point, box: Box) -> float:
    dx = max(box[0] - p[0], 0.0, p[0] - box[2])
    dy = max(box[1] - p[1], 0.0, p[1] - box[3])
    return math.hypot(dx, dy)


def _grow(box: Box, margin: float) -> Box:
    return (box[0] - margin, box[1] - margin, box[2] + margin, box[3] + margin)


def _segment_box(p: Point, q: Point) -> Box:
    return (min(p[0], q[0]), min(p[1], q[1]), max(p[0], q[0]) + 0.1, max(p[1], q[1]) + 0.1)


def _polar(origin: Point, angle: float, distance: float) -> Point:
    return (origin[0] + math.cos(angle) * distance, origin[1] + math.sin(angle) * distance)


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _length_inside(p: Point, q: Point, box: Box) -> float:
    """Length of segment pq inside the box (Liang-Barsky clipping)."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    t0, t1 = 0.0, 1.0
    for edge, delta in (
        (p[0] - box[0], -dx),
        (box[2] - p[0], dx),
        (p[1] - box[1], -dy),
        (box[3] - p[1], dy),
    ):
        if abs(delta) < 1e-9:
            if edge < 0:
                return 0.0
            continue
        t = edge / delta
        if delta < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    return max(0.0, t1 - t0) * math.hypot(dx, dy)


def route_network(points: Sequence[Point], lines: Sequence[Sequence[int]]) -> list[list[Route]]:
    """How each segment of each line is drawn: straight runs and one 45-degree diagonal.

    A segment's diagonal goes in the middle, or at either end when that keeps the line clear
    of the circles it does not serve (so it does not seem to stop there) and off the lines
    already drawn. Two passes, so that early lines also see the later ones.
    """
    chosen = [[_variants(points[a], points[b])[0] for a, b in _pairs(line)] for line in lines]
    for _ in range(2):
        for i, line in enumerate(lines):
            for j, (a, b) in enumerate(_pairs(line)):
                variants = _variants(points[a], points[b])
                if len(variants) == 1:
                    continue
                box = _bounds(variants[0], STOP_RADIUS * 3)
                others = [p for k, p in enumerate(points) if k not in (a, b) and _inside(p, box)]
                drawn = [
                    segment
                    for k, routes in enumerate(chosen)
                    for m, route in enumerate(routes)
                    if (k, m) != (i, j)
                    for segment in _segments(route)
                    if _inside(segment[0], box) or _inside(segment[1], box)
                ]
                chosen[i][j] = max(variants, key=lambda v: _route_score(v, others, drawn))
    return chosen


def _pairs(line: Sequence[int]) -> list[tuple[int, int]]:
    return list(itertools.pairwise(line))


def _segments(route: Route) -> list[tuple[Point, Point]]:
    return list(itertools.pairwise(route))


def _bounds(route: Route, margin: float) -> Box:
    xs, ys = [p[0] for p in route], [p[1] for p in route]
    return (min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)


def _inside(p: Point, box: Box) -> bool:
    return box[0] <= p[0] <= box[2] and box[1] <= p[1] <= box[3]


def _variants(p: Point, q: Point) -> list[Route]:
    dx, dy = q[0] - p[0], q[1] - p[1]
    if abs(dx) < 1e-6 or abs(dy) < 1e-6 or abs(abs(dx) - abs(dy)) < 1e-6:
        return [[p, q]]
    diagonal = min(abs(dx), abs(dy))
    sx, sy = math.copysign(diagonal, dx), math.copysign(diagonal, dy)
    run = (dx - sx, 0.0) if abs(dx) > abs(dy) else (0.0, dy - sy)
    variants = []
    for share in (0.5, 0.0, 1.0):  # how much of the straight run comes before the diagonal
        a = (p[0] + run[0] * share, p[1] + run[1] * share)
        b = (a[0] + sx, a[1] + sy)
        variants.append(_dedupe([p, a, b, q]))
    return variants


def _route_score(
    route: Route, others: Sequence[Point], drawn: Sequence[tuple[Point, Point]]
) -> float:
    wanted = STOP_RADIUS + LINE_WIDTH + 1
    clearance = min(
        (_distance_to_segment(o, a, b) for o in others for a, b in _segments(route)),
        default=wanted,
    )
    overlap = sum(_overlap_length(a, b, c, d) for a, b in _segments(route) for c, d in drawn)
    return min(clearance, wanted) * 4 - overlap


def _overlap_length(a: Point, b: Point, c: Point, d: Point) -> float:
    """Length along which segment ab runs on top of segment cd (parallel and touching)."""
    length = math.dist(a, b)
    if length < 1e-6 or math.dist(c, d) < 1e-6:
        return 0.0
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    if abs(ux * (d[1] - c[1]) - uy * (d[0] - c[0])) > 0.02 * math.dist(c, d):
        return 0.0  # not parallel
    if abs(ux * (c[1] - a[1]) - uy * (c[0] - a[0])) > LINE_WIDTH:
        return 0.0  # parallel but apart
    t0 = ux * (c[0] - a[0]) + uy * (c[1] - a[1])
    t1 = ux * (d[0] - a[0]) + uy * (d[1] - a[1])
    return max(0.0, min(length, max(t0, t1)) - max(0.0, min(t0, t1)))


def _dedupe(points: list[Point]) -> list[Point]:
    result = [points[0]]
    for point in points[1:]:
        if math.dist(point, result[-1]) > 1e-6:
            result.append(point)
    return result


def _distance_to_segment(p: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    length = (bx - ax) ** 2 + (by - ay) ** 2
    t = 0.0 if length == 0 else ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length
    t = max(0.0, min(1.0, t))
    return math.hypot(px - ax - t * (bx - ax), py - ay - t * (by - ay))


def _badge_width(letter: str) -> float:
    """A line's letter badge: 18 px square for one letter, wider for "BUS"."""
    return max(18.0, 8.0 + 8.0 * len(letter))


def _ink(color: str) -> str:
    """Black or white text, whichever reads better on `color`."""
    r, g, b = (int(color[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#FFFFFF"


# The JIDOHANBAIKI data names its colours by key only (black, white, mint, blue, red,
# purple); these are the CSS/SVG named colours of those keys ("mint": CSS has no "mint",
# its nearest named colour, mediumaquamarine), as hex so the text ink can be chosen.
def drink_fill(key: str) -> str:
    """A drink colour key of the data as an SVG fill: the colour's `ink` in
    jidohanbaiki.toml (MD-1); an unknown key is an error."""
    for colour in load_components().colours:
        if colour.key == key:
            return colour.ink
    raise ValueError(f"no colour {key!r} in the JIDOHANBAIKI data")


def _attr(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _line_element(x1: float, y1: float, x2: float, y2: float) -> str:
    return f'<line x1="{_attr(x1)}" y1="{_attr(y1)}" x2="{_attr(x2)}" y2="{_attr(y2)}"/>'


@dataclass
class _Label:
    station: int
    lines: tuple[str, ...]
    box: Box
    anchor: str  # text-anchor
    x: float
    y: float  # baseline of the first line
    penalty: float  # for a less natural spot or a wrapped name


@dataclass(frozen=True)
class _Context:
    """What lies near a station whose label is being placed."""

    obstacles: list[Box]
    segments: list[tuple[Point, Point]]
    labels: list[_Label]


class _Canvas:
    """Pixel geometry of one board, and the SVG fragments of each layer."""

    def __init__(self, board: Board, japanese: bool = False) -> None:
        self.board = board
        self.japanese = japanese
        self.width = board.columns * CELL_WIDTH + 2 * MARGIN
        self.legend_rows = self._legend_layout()
        extra_rows = max(0, len({y for _, y in self.legend_rows.values()}) - 1)
        self.height = (
            board.rows * CELL_HEIGHT + 2 * MARGIN + LEGEND_HEIGHT + extra_rows * LEGEND_ROW
        )
        self.points = [self.point(stop.x, stop.y) for stop in board.stops]
        self._meeple_spots: dict[int, tuple[float, float]] = {}
        self.segments = route_network(self.points, [line.stops for line in board.lines])
        self.routes = [self._join(routes) for routes in self.segments]
        self.badges = self._badge_positions()
        self.static = "\n".join(
            [
                self.header(),
                self.grid(),
                self.line_paths(),
                self.station_outlines(),
                self.stop_circles(),
                self.termini(),
                self.labels(),
                self.legend(),
            ]
        )

    def point(self, x: float, y: float) -> Point:
        return (MARGIN + x * CELL_WIDTH, MARGIN + y * CELL_HEIGHT)

    def cell_box(self, cell: int) -> Box:
        row, column = divmod(cell, self.board.columns)
        x0, y0 = self.point(column, row)
        return (x0, y0, x0 + CELL_WIDTH, y0 + CELL_HEIGHT)

    @staticmethod
    def _join(routes: list[Route]) -> Route:
        joined = list(routes[0])
        for route in routes[1:]:
            joined.extend(route[1:])
        return joined

    # ------------------------------------------------------------------------ layers

    def header(self) -> str:
        w, h = _attr(self.width), _attr(self.height)
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}" font-family="{FONT_JA if self.japanese else FONT}">\n'
            f"<title>{escape(self.board.name.capitalize())} metro map</title>\n"
            f'<rect width="{w}" height="{h}" fill="#FFFFFF"/>'
        )

    def grid(self) -> str:
        board = self.board
        out = []
        for cell in board.start_cells:
            x0, y0, x1, y1 = self.cell_box(cell)
            out.append(
                f'<rect x="{_attr(x0)}" y="{_attr(y0)}" width="{_attr(x1 - x0)}" '
                f'height="{_attr(y1 - y0)}" fill="#FFF3C4"/>'
            )
        out.append('<g id="grid" stroke="#E2E2E2" stroke-width="1">')
        left, top = self.point(0, 0)
        right, bottom = self.point(board.columns, board.rows)
        for column in range(board.columns + 1):
            x = self.point(column, 0)[0]
            out.append(_line_element(x, top, x, bottom))
        for row in range(board.rows + 1):
            y = self.point(0, row)[1]
            out.append(_line_element(left, y, right, y))
        out.append("</g>")
        out.append(self._start_outline())
        out.append(self._grid_names())
        out.append(self._cell_boxes())
        return "\n".join(out)

    def _cell_boxes(self) -> str:
        """One invisible box per cell, named as the actions name it (`data-cell="d7"`):
        the page finds a cell's place here to highlight and click it."""
        out = ['<g id="cells" fill="none">']
        for cell in range(self.board.columns * self.board.rows):
            x0, y0, _, _ = self.cell_box(cell)
            out.append(
                f'<rect data-cell="{self.board.cell_name(cell)}" x="{_attr(x0)}" y="{_attr(y0)}" '
                f'width="{_attr(CELL_WIDTH)}" height="{_attr(CELL_HEIGHT)}"/>'
            )
        out.append("</g>")
        return "".join(out)

    def _start_outline(self) -> str:
        """The start area's border: the cell edges not shared with another start cell."""
        start = set(self.board.start_cells)
        columns = self.board.columns
        edges: list[str] = []
        for cell in sorted(start):
            x0, y0, x1, y1 = self.cell_box(cell)
            column = cell % columns
            sides = [
                (cell - columns not in start, (x0, y0, x1, y0)),
                (cell + columns not in start, (x0, y1, x1, y1)),
                (column == 0 or cell - 1 not in start, (x0, y0, x0, y1)),
                (column == columns - 1 or cell + 1 not in start, (x1, y0, x1, y1)),
            ]
            edges.extend(_line_element(*edge) for border, edge in sides if border)
        return (
            '<g id="start-area" stroke="#D9A400" stroke-width="2" stroke-dasharray="6 4">'
            + "".join(edges)
            + "</g>"
        )

    def _grid_names(self) -> str:
        board = self.board
        out = ['<g id="grid-names" font-size="11" fill="#888888" text-anchor="middle">']
        top, bottom = MARGIN - 10, MARGIN + board.rows * CELL_HEIGHT + 19
        for column in range(board.columns):
            x = _attr(self.point(column + 0.5, 0)[0])
            letter = chr(ord("a") + column)
            out.append(f'<text x="{x}" y="{_attr(top)}">{letter}</text>')
            out.append(f'<text x="{x}" y="{_attr(bottom)}">{letter}</text>')
        left, right = MARGIN / 2, MARGIN * 1.5 + board.columns * CELL_WIDTH
        for row in range(board.rows):
            y = _attr(self.point(0, row + 0.5)[1] + 4)
            out.append(f'<text x="{_attr(left)}" y="{y}">{row + 1}</text>')
            out.append(f'<text x="{_attr(right)}" y="{y}">{row + 1}</text>')
        out.append("</g>")
        return "\n".join(out)

    def line_paths(self) -> str:
        out = ['<g id="lines" fill="none" stroke-linejoin="round" stroke-linecap="round">']
        for line, route in zip(self.board.lines, self.routes, strict=True):
            d = "M" + " L".join(f"{_attr(x)},{_attr(y)}" for x, y in route)
            out.append(
                f'<path id="line-{line.letter}" data-line="{line.letter}" d="{d}" '
                f'stroke="{line.color}" stroke-width="{_attr(LINE_WIDTH)}">'
                f"<title>{escape(self._line_name(line))}</title></path>"
            )
        out.append("</g>")
        return "\n".join(out)

    def station_outlines(self) -> str:
        """Grey outline joining the circles of a station (as on the printed map)."""
        out = ['<g id="stations" fill="none" stroke-linejoin="round" stroke-linecap="round">']
        for station in self.board.stations:
            if len(station.stops) < 2:
                continue
            d = "M" + " L".join(
                f"{_attr(self.points[s][0])},{_attr(self.points[s][1])}" for s in station.stops
            )
            out.append(
                f'<path d="{d}" stroke="#8C8C8C" stroke-width="{_attr(2 * STOP_RADIUS + 8)}"/>'
                f'<path d="{d}" stroke="#FFFFFF" stroke-width="{_attr(2 * STOP_RADIUS + 4)}"/>'
            )
        out.append("</g>")
        return "\n".join(out)

    def stop_circles(self) -> str:
        out = ['<g id="stops" text-anchor="middle" font-weight="bold">']
        for stop, (x, y) in zip(self.board.stops, self.points, strict=True):
            colors = [self.board.lines[line].color for line in stop.lines]
            station = self.board.stations[stop.station]
            key = station.key
            if station.halt:  # OS-2: a stop, not a station: no name, number or pyramid
                out.append(
                    f'<circle data-stop="{stop.index}" cx="{_attr(x)}" cy="{_attr(y)}" '
                    f'r="{_attr(HALT_RADIUS)}" fill="#FFFFFF" stroke="{colors[0]}" '
                    'stroke-width="2.5"/>'
                )
                continue
            out.append(
                f'<circle data-station="{key}" data-stop="{stop.index}" '
                f'cx="{_attr(x)}" cy="{_attr(y)}" r="{_attr(STOP_RADIUS)}" '
                f'fill="#FFFFFF" stroke="{colors[0]}" stroke-width="3"/>'
            )
            if len(colors) == 2:
                r = STOP_RADIUS
                out.append(
                    f'<path d="M{_attr(x - r)},{_attr(y)} A{_attr(r)},{_attr(r)} 0 0 0 '
                    f'{_attr(x + r)},{_attr(y)}" fill="none" stroke="{colors[1]}" '
                    'stroke-width="3"/>'
                )
            numbered = tuple(
                n for n, ln in zip(stop.numbers, stop.lines, strict=True)
                if self.board.lines[ln].vehicles == 1  # OS-2: pairs' stops have no numbers
            )  # fmt: skip
            if numbered:
                out.append(self._stop_numbers(x, y, numbered))
        out.append("</g>")
        return "\n".join(out)

    @staticmethod
    def _stop_numbers(x: float, y: float, numbers: tuple[int, ...]) -> str:
        if len(numbers) == 1:
            return f'<text x="{_attr(x)}" y="{_attr(y + 3.5)}" font-size="9.5">{numbers[0]}</text>'
        return (
            f'<text x="{_attr(x)}" y="{_attr(y - 0.8)}" font-size="7.5">{numbers[0]}</text>'
            f'<text x="{_attr(x)}" y="{_attr(y + 6.6)}" font-size="7.5">{numbers[1]}</text>'
        )

    def _badge_positions(self) -> list[tuple[int, Point]]:
        """Each line's letter badge beside each terminus: beyond the line's end if that spot
        is free, else the freest of the eight directions around the terminus."""
        found: list[tuple[int, Point]] = []
        segments = [segment for route in self.routes for segment in _segments(route)]
        for line, routes in zip(self.board.lines, self.segments, strict=True):
            for inner, end in ((routes[0][1], routes[0][0]), (routes[-1][-2], routes[-1][-1])):
                angle = math.atan2(end[1] - inner[1], end[0] - inner[0])
                spots = [
                    _polar(end, angle + turn * math.pi / 4, STOP_RADIUS + 14)
                    for turn in (0, -1, 1, -2, 2, -3, 3)
                ]
                taken = [p for _, p in found]
                found.append(
                    (line.index, min(spots, key=lambda p: self._badge_cost(p, segments, taken)))
                )
        return found

    def _badge_cost(
        self, p: Point, segments: list[tuple[Point, Point]], taken: list[Point]
    ) -> float:
        box = (p[0] - 10, p[1] - 10, p[0] + 10, p[1] + 10)
        cost = sum(_length_inside(a, b, box) for a, b in segments) * 10
        cost += sum(1000 for q in self.points if math.dist(p, q) < STOP_RADIUS + 12)
        cost += sum(1000 for q in taken if math.dist(p, q) < 22)
        return cost

    def termini(self) -> str:
        out = ['<g id="termini" text-anchor="middle" font-weight="bold" font-size="12">']
        for line_index, (x, y) in self.badges:
            line = self.board.lines[line_index]
            ink = _ink(line.color)
            half = _badge_width(line.letter) / 2
            out.append(
                f'<rect data-line="{line.letter}" x="{_attr(x - half)}" y="{_attr(y - 9)}" '
                f'width="{_attr(2 * half)}" height="18" rx="4" fill="{line.color}" '
                'stroke="#FFFFFF" stroke-width="1.5"/>'
                f'<text x="{_attr(x)}" y="{_attr(y + 4.3)}" fill="{ink}">{line.letter}</text>'
            )
        out.append("</g>")
        return "\n".join(out)

    # ------------------------------------------------------------------------ labels

    def labels(self) -> str:
        out = [f'<g id="labels" font-size="{_attr(LABEL_SIZE)}" fill="#222222">']
        for label in self._place_labels():
            texts = []
            for i, text in enumerate(label.lines):
                y = label.y + i * (LABEL_SIZE + 1)
                texts.append(
                    f'<text x="{_attr(label.x)}" y="{_attr(y)}" text-anchor="{label.anchor}">'
                    f"{escape(text)}</text>"
                )
            halo = "".join(texts).replace("<text ", '<text stroke="#FFFFFF" stroke-width="3" ')
            out.append(halo + "".join(texts))
        out.append("</g>")
        return "\n".join(out)

    def _place_labels(self) -> list[_Label]:
        """Greedy placement: the most crowded stations first, each at its least bad spot."""
        obstacles = self._obstacle_boxes()
        segments = [segment for route in self.routes for segment in _segments(route)]
        placed: list[_Label] = []
        named = [st for st in self.board.stations if not st.halt]  # OS-2: halts have no name
        for station in sorted(named, key=lambda s: -self._crowding(s)):
            near = _grow(self._station_box(station), LABEL_REACH)
            context = _Context(
                [box for box in obstacles if _overlap(box, near)],
                [(p, q) for p, q in segments if _overlap(_segment_box(p, q), near)],
                [label for label in placed if _overlap(label.box, near)],
            )
            placed.append(min(self._candidates(station), key=lambda c: self._badness(c, context)))
        return placed

    def _station_box(self, station: Station) -> Box:
        xs = [self.points[s][0] for s in station.stops]
        ys = [self.points[s][1] for s in station.stops]
        return (min(xs), min(ys), max(xs), max(ys))

    def _crowding(self, station: Station) -> int:
        centre = self._station_centre(station)
        return sum(1 for p in self.points if math.dist(p, centre) < 1.6 * CELL_WIDTH)

    def _station_centre(self, station: Station) -> Point:
        xs = [self.points[s][0] for s in station.stops]
        ys = [self.points[s][1] for s in station.stops]
        return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)

    def _obstacle_boxes(self) -> list[Box]:
        r = STOP_RADIUS + 1
        boxes = [(x - r, y - r, x + r, y + r) for x, y in self.points]
        boxes.extend((x - 10, y - 10, x + 10, y + 10) for _, (x, y) in self.badges)
        return boxes

    def _candidates(self, station: Station) -> Iterator[_Label]:
        """Spots around the station's circles: east, west, north, south, then the corners."""
        xs = [self.points[s][0] for s in station.stops]
        ys = [self.points[s][1] for s in station.stops]
        wrappings = (
            _wrappings_ja(station.name_ja)
            if self.japanese and station.name_ja
            else self._wrappings(station.name)
        )
        for wrapped, lines in enumerate(wrappings):
            width = max(_text_width(text, LABEL_SIZE) for text in lines)
            height = len(lines) * (LABEL_SIZE + 1)
            for far, gap in enumerate((3.0, 9.0)):
                x0, x1 = min(xs) - STOP_RADIUS - gap, max(xs) + STOP_RADIUS + gap
                y0, y1 = min(ys) - STOP_RADIUS - gap, max(ys) + STOP_RADIUS + gap
                cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
                spots = [
                    ("start", x1, cy - height / 2),
                    ("end", x0, cy - height / 2),
                    ("middle", cx, y0 - height),
                    ("middle", cx, y1),
                    ("start", x1 - 4, y0 - height + 2),
                    ("start", x1 - 4, y1 - 2),
                    ("end", x0 + 4, y0 - height + 2),
                    ("end", x0 + 4, y1 - 2),
                ]
                for rank, (anchor, x, top) in enumerate(spots):
                    left = {"start": x, "end": x - width, "middle": x - width / 2}[anchor]
                    box = (left, top, left + width, top + height)
                    penalty = rank * 1.5 + wrapped * 6 + far * 8
                    baseline = top + LABEL_SIZE - 1
                    yield _Label(station.index, lines, box, anchor, x, baseline, penalty)

    @staticmethod
    def _wrappings(name: str) -> list[tuple[str, ...]]:
        """The name whole, or on two lines: at the space nearest the middle where there is
        one ("Tenjimbashisuji / 6-chome"), else after its first hyphen ("Shin- / okubo")."""
        if " " in name and len(name) > 9:
            middle = len(name) / 2
            cut = min((i for i, c in enumerate(name) if c == " "), key=lambda i: abs(i - middle))
            return [(name,), (name[:cut], name[cut + 1 :])]
        if "-" in name and len(name) > 9:
            head, _, tail = name.partition("-")
            return [(name,), (head + "-", tail)]
        return [(name,)]

    def _badness(self, label: _Label, context: _Context) -> float:
        box = label.box
        score = label.penalty
        score += sum(_overlap(box, other.box) for other in context.labels) * 100
        score += sum(_overlap(box, obstacle) for obstacle in context.obstacles) * 30
        score += sum(_length_inside(p, q, box) for p, q in context.segments) * 2
        score += self._ambiguity(label)
        inside = (2, MARGIN - 2, self.width - 2, MARGIN + self.board.rows * CELL_HEIGHT + 2)
        if box[0] < inside[0] or box[1] < inside[1] or box[2] > inside[2] or box[3] > inside[3]:
            score += 10000
        return score

    def _ambiguity(self, label: _Label) -> float:
        """Penalty for a label nearer to another station's circle than to its own."""
        own = self.board.stations[label.station].stops
        mine = min(_box_distance(self.points[s], label.box) for s in own)
        nearest = min(
            (_box_distance(p, label.box) for i, p in enumerate(self.points) if i not in own),
            default=math.inf,
        )
        return 0.0 if nearest > mine + 4 else 40 + (mine + 4 - nearest) * 2

    # ------------------------------------------------------------------------ legend

    def _legend_layout(self) -> dict[int, Point]:
        """Each line's legend spot: evenly spaced in one row where every name fits its
        share (the Tokyo map), else packed left to right over as many rows as needed."""
        top = MARGIN + self.board.rows * CELL_HEIGHT + 30
        width = self.board.columns * CELL_WIDTH
        step = width / len(self.board.lines)
        sizes = [
            _badge_width(ln.letter) + 5 + _text_width(self._line_name(ln), 11) + 10
            for ln in self.board.lines
        ]
        if all(size <= step for size in sizes):
            return {ln.index: (MARGIN + ln.index * step, top) for ln in self.board.lines}
        spots: dict[int, Point] = {}
        x, y = MARGIN, top
        for line, size in zip(self.board.lines, sizes, strict=True):
            if x + size > MARGIN + width and x > MARGIN:
                x, y = MARGIN, y + LEGEND_ROW
            spots[line.index] = (x, y)
            x += size
        return spots

    def _line_name(self, line: Line) -> str:
        return line.name_ja if self.japanese and line.name_ja else line.name

    def legend(self) -> str:
        out = ['<g id="legend" font-size="11">']
        for line in self.board.lines:
            x, y = self.legend_rows[line.index]
            badge = _badge_width(line.letter)
            out.append(
                f'<rect data-line="{line.letter}" x="{_attr(x)}" y="{_attr(y)}" '
                f'width="{_attr(badge)}" height="18" rx="4" fill="{line.color}"/>'
                f'<text x="{_attr(x + badge / 2)}" y="{_attr(y + 13.5)}" text-anchor="middle" '
                f'font-weight="bold" font-size="12" fill="{_ink(line.color)}">{line.letter}</text>'
                f'<text x="{_attr(x + badge + 5)}" y="{_attr(y + 13)}" fill="#333333">'
                f"{escape(self._line_name(line))}</text>"
            )
        out.append("</g>")
        return "\n".join(out)

    # ------------------------------------------------------------------------ overlay

    def overlay(self, overlay: Overlay) -> str:
        out = ['<g id="overlay" text-anchor="middle" font-weight="bold">']
        for station, seat in sorted(overlay.pyramids.items()):
            out.append(self._pyramid(station, seat, overlay))
        in_cell: dict[int, int] = {}
        for seat, cell in sorted(overlay.meeples.items()):
            in_cell[cell] = in_cell.get(cell, -1) + 1  # side by side if the caller stacks them
            out.append(self._meeple(seat, cell, in_cell[cell], overlay))
        at_stop: dict[int, int] = {}
        vehicles = [(ln, where, "") for ln, where in overlay.trains.items()]
        vehicles += [(ln, where, "2") for ln, where in overlay.partners.items()]
        for line, (stop, step), second in sorted(vehicles):
            # Two lines may share a stop (TM-8.4), a pair's vehicles too (OS-2).
            at_stop[stop] = at_stop.get(stop, -1) + 1
            out.append(self._train(line, stop, step, at_stop[stop], second))
        for station, drink in sorted(overlay.drinks.items()):
            out.append(self._drink(station, drink))
        out.append("</g>")
        return "\n".join(out)

    @staticmethod
    def _seat_color(overlay: Overlay, seat: int) -> str:
        return overlay.seat_colors[seat % len(overlay.seat_colors)]

    def _pyramid(self, station: int, seat: int, overlay: Overlay) -> str:
        stops = self.board.stations[station].stops
        x = max(self.points[s][0] for s in stops) + STOP_RADIUS + 2
        y = min(self.points[s][1] for s in stops) - STOP_RADIUS - 2
        color = self._seat_color(overlay, seat)
        key = escape(self.board.stations[station].key)
        return (  # named, so a page can describe it (issue 30: tooltips)
            f'<g class="pyramid" data-pyramid="{key}" data-seat="{seat}">'
            f'<path d="M{_attr(x - 9)},{_attr(y + 8)} L{_attr(x + 9)},{_attr(y + 8)} '
            f'L{_attr(x)},{_attr(y - 9)} Z" fill="{color}" stroke="#000000" stroke-width="1"/>'
            f'<text x="{_attr(x)}" y="{_attr(y + 6)}" font-size="9" fill="{_ink(color)}">'
            f"{seat + 1}</text></g>"
        )

    def _drink(self, station: int, drink: str) -> str:
        """MD-4: a vending machine under the station's pyramid: a tile in the drink's colour
        with its shape's glyph (the colour is never the only cue), named in its title."""
        jh = load_components()
        info = jh.drinks[drink]
        shape = jh.shape(info.shape)
        stops = self.board.stations[station].stops
        x = max(self.points[s][0] for s in stops) + STOP_RADIUS + 2
        y = min(self.points[s][1] for s in stops) + 6
        fill = drink_fill(info.colour)
        return (
            f'<g class="drink" data-drink="{drink}" data-station-drink="'
            f'{escape(self.board.stations[station].key)}"><title>{escape(info.name)} '
            f"({info.colour}, {escape(shape.name)})</title>"
            f'<rect x="{_attr(x - 8)}" y="{_attr(y - 8)}" width="16" height="16" rx="3" '
            f'fill="{fill}" stroke="#000000" stroke-width="1"/>'
            f'<text x="{_attr(x)}" y="{_attr(y + 4)}" font-size="11" fill="{_ink(fill)}">'
            f"{escape(shape.glyph)}</text></g>"
        )

    def _meeple_spot(self, cell: int) -> tuple[float, float]:
        """Where a meeple stands in `cell`: clear of a circle drawn in it, so both the stop
        and the meeple show. Found once per cell (it scans every stop of the map)."""
        spot = self._meeple_spots.get(cell)
        if spot is None:
            x0, y0, x1, y1 = self.cell_box(cell)
            spots = [((x0 + x1) / 2 + dx, (y0 + y1) / 2) for dx in (0, -18, 18)]
            spot = max(spots, key=lambda p: min(min(math.dist(p, q) for q in self.points), 40))
            self._meeple_spots[cell] = spot
        return spot

    def _meeple(self, seat: int, cell: int, shift: int, overlay: Overlay) -> str:
        x, y = self._meeple_spot(cell)
        x += shift * 12
        color = self._seat_color(overlay, seat)
        return (  # named, so a page can describe it (issue 30: tooltips)
            f'<g class="meeple" data-meeple="{self.board.cell_name(cell)}" data-seat="{seat}">'
            f'<circle cx="{_attr(x)}" cy="{_attr(y - 11)}" r="6" fill="{color}" '
            'stroke="#000000" stroke-width="1"/>'
            f'<path d="M{_attr(x - 10)},{_attr(y + 14)} L{_attr(x - 10)},{_attr(y)} '
            f"Q{_attr(x - 10)},{_attr(y - 5)} {_attr(x)},{_attr(y - 5)} "
            f"Q{_attr(x + 10)},{_attr(y - 5)} {_attr(x + 10)},{_attr(y)} "
            f'L{_attr(x + 10)},{_attr(y + 14)} Z" fill="{color}" stroke="#000000" '
            'stroke-width="1"/>'
            f'<text x="{_attr(x)}" y="{_attr(y + 10)}" font-size="11" fill="{_ink(color)}">'
            f"{seat + 1}</text></g>"
        )

    def _train(self, line_index: int, stop: int, step: int, shift: int, second: str = "") -> str:
        line = self.board.lines[line_index]
        x, y = self.points[stop]
        y -= shift * 17
        angle = self._heading(line, stop, step)
        ink = _ink(line.color)
        body = (
            f'<path d="M-13,-7 L7,-7 L14,0 L7,7 L-13,7 Z" fill="{line.color}" '
            'stroke="#000000" stroke-width="1.2"/>'
        )
        return (  # one group per train, named by its line: the page moves it stop by stop
            f'<g data-train="{line.letter}{second}">'
            f'<g transform="translate({_attr(x)},{_attr(y)}) rotate({_attr(angle)})">{body}</g>'
            f'<text x="{_attr(x)}" y="{_attr(y + 4)}" font-size="11" fill="{ink}">'
            f"{line.letter}</text></g>"
        )

    def _heading(self, line: Line, stop: int, step: int) -> float:
        """Degrees of the direction the train faces: along its line, towards its next stop."""
        routes = self.segments[line.index]
        position = line.stops.index(stop)
        if step > 0:  # at the last stop it still faces outwards, until it turns (TM-8.2)
            ahead = routes[position] if position < len(routes) else routes[-1][::-1]
            forward = position < len(routes)
        else:
            ahead = routes[position - 1][::-1] if position > 0 else routes[0]
            forward = position > 0
        # A short straight run hidden under the circle does not show the line's direction.
        a, b = next(
            ((p, q) for p, q in _segments(ahead) if math.dist(p, q) > STOP_RADIUS),
            (ahead[0], ahead[1]),
        )
        if not forward:
            a, b = b, a
        return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
