"""The Tokyo map (TM-1.1, TM-3.4, TM-4, TM-8.3, TM-8.4): the packaged data, its loader and
the renderer. Bad data is built by copying the real data and breaking one value."""

from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from ekimae.core.data import read_toml
from ekimae.core.errors import DataError
from ekimae.games.tokyo_metro.board import PACKAGE, Board, load_board, parse_board
from ekimae.games.tokyo_metro.render import Overlay, render_png, render_svg

# The official letters and colours (lines.csv of the shared reference data), in game order.
OFFICIAL = {
    "G": ("Ginza", "#FF9500"),
    "M": ("Marunouchi", "#F62E36"),
    "H": ("Hibiya", "#B5B5AC"),
    "T": ("Tozai", "#009BBF"),
    "C": ("Chiyoda", "#00BB85"),
    "Y": ("Yurakucho", "#C1A470"),
    "Z": ("Hanzomon", "#8F76D6"),
    "N": ("Namboku", "#00AC9B"),
    "A": ("Asakusa", "#E85298"),
    "I": ("Mita", "#0079C2"),
    "S": ("Shinjuku", "#6CBB5A"),
    "E": ("Oedo", "#B6007A"),
}
SOURCE = "test.toml"


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board()


def real_data() -> dict[str, Any]:
    return copy.deepcopy(read_toml("tokyo_map.toml", package=PACKAGE))


# ------------------------------------------------------------------------------ the data


def test_tm_1_1_twelve_lines_in_game_order_with_official_names_and_colours(board: Board) -> None:
    assert [line.letter for line in board.lines] == list(OFFICIAL)
    for index, line in enumerate(board.lines):
        assert line.index == index
        assert (line.name, line.color) == OFFICIAL[line.letter]
        assert line.name_ja.endswith("線")
        assert board.line_by_letter[line.letter] == index


def test_tm_1_1_each_line_is_a_chain_of_8_to_16_numbered_stops(board: Board) -> None:
    for line in board.lines:
        assert 8 <= len(line.stops) <= 16, line.letter
        assert len(set(line.stops)) == len(line.stops)
        for number, stop in enumerate(line.stops, start=1):
            item = board.stops[stop]
            assert item.numbers[item.lines.index(line.index)] == number


def test_tm_1_1_stop_1_is_the_end_where_the_official_codes_start(board: Board) -> None:
    first = {
        line.letter: board.stations[board.stops[line.stops[0]].station].key for line in board.lines
    }
    assert first["G"] == "shibuya"  # G01
    assert first["M"] == "shinjuku"  # M08, the branch and the western suburbs left out
    assert first["E"] == "shinjuku"  # E01 Shinjuku-nishiguchi, part of the Shinjuku station


def test_tm_1_1_every_station_groups_1_to_3_stops(board: Board) -> None:
    assert len(board.stations) >= 60
    for station in board.stations:
        assert 1 <= len(station.stops) <= 3, station.key
        assert all(board.stops[stop].station == station.index for stop in station.stops)
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", station.key)
        assert board.station_by_key[station.key] == station.index
    assert sorted(s for station in board.stations for s in station.stops) == list(
        range(len(board.stops))
    )


def test_tm_1_1_interchanges_have_several_stops(board: Board) -> None:
    sizes = [len(station.stops) for station in board.stations]
    assert sizes.count(3) >= 3
    assert sizes.count(2) >= 10
    otemachi = board.stations[board.station_by_key["otemachi"]]
    lines = {
        board.lines[line].letter for stop in otemachi.stops for line in board.stops[stop].lines
    }
    assert lines == {"M", "T", "C", "Z", "I"}  # five lines in three circles


def test_tm_8_3_a_station_holds_two_consecutive_stops_of_one_line(board: Board) -> None:
    """Like the rules' H6-H7 example: each stop reached pays."""
    found = [
        (line.letter, number)
        for line in board.lines
        for number, (a, b) in enumerate(zip(line.stops, line.stops[1:], strict=False), start=1)
        if board.stops[a].station == board.stops[b].station
    ]
    assert found


def test_tm_8_4_a_stop_carries_one_or_two_lines(board: Board) -> None:
    for stop in board.stops:
        assert len(stop.lines) in (1, 2)
        assert len(stop.numbers) == len(stop.lines)
        assert list(stop.lines) == sorted(set(stop.lines))
    assert any(len(stop.lines) == 2 for stop in board.stops)


def test_stop_label_names_each_line_and_number(board: Board) -> None:
    """TM-8.4: a shared stop is labelled with both lines, "M9/Z8"."""
    otemachi = board.stations[board.station_by_key["otemachi"]]
    labels = {board.stop_label(stop) for stop in otemachi.stops}
    assert all(re.fullmatch(r"[A-Z]\d+(/[A-Z]\d+)?", label) for label in labels)
    assert any("/" in label for label in labels)
    assert board.stop_label(board.lines[0].stops[0]) == "G1"


# ----------------------------------------------------------------------------- the grid


def test_grid_size_is_about_14_to_20_by_10_to_14(board: Board) -> None:
    """TM-1.1: a grid of rectangular cells."""
    assert 14 <= board.columns <= 20
    assert 10 <= board.rows <= 14


def test_tm_4_2_every_stop_touches_cells_inside_the_grid(board: Board) -> None:
    cells = board.columns * board.rows
    for stop in board.stops:
        assert stop.cells, board.stop_label(stop.index)
        assert list(stop.cells) == sorted(set(stop.cells))
        assert all(0 <= cell < cells for cell in stop.cells)
        assert 0 <= stop.x <= board.columns and 0 <= stop.y <= board.rows


def test_tm_4_2_a_circle_touches_the_cells_around_its_centre(board: Board) -> None:
    """Circles are small: on a grid corner they touch 4 cells, on an edge 2, inside a cell 1."""
    for stop in board.stops:
        around = {
            row * board.columns + column
            for row in range(board.rows)
            for column in range(board.columns)
            if column <= stop.x <= column + 1 and row <= stop.y <= row + 1
        }
        assert set(stop.cells) == around, board.stop_label(stop.index)


def test_tm_4_2_a_station_touches_the_cells_of_its_stops(board: Board) -> None:
    for station in board.stations:
        expected = sorted({cell for stop in station.stops for cell in board.stops[stop].cells})
        assert list(station.cells) == expected
        for cell in station.cells:
            assert station.index in board.cell_stations[cell]
    for cell, stations in enumerate(board.cell_stations):
        assert list(stations) == sorted(stations)
        assert all(cell in board.stations[s].cells for s in stations)


def test_tm_4_1_neighbors_are_the_orthogonal_cells_and_symmetric(board: Board) -> None:
    assert len(board.neighbors) == board.columns * board.rows
    for cell, neighbors in enumerate(board.neighbors):
        row, column = divmod(cell, board.columns)
        for other in neighbors:
            other_row, other_column = divmod(other, board.columns)
            assert abs(row - other_row) + abs(column - other_column) == 1
            assert cell in board.neighbors[other]
    assert len(board.neighbors[0]) == 2
    assert len(board.neighbors[board.columns + 1]) == 4


def test_cell_names_round_trip(board: Board) -> None:
    """Cells in notation (TM-3.4 placing, TM-4.1 steps): column letter and row number."""
    for cell in range(board.columns * board.rows):
        assert board.parse_cell(board.cell_name(cell)) == cell
    assert board.cell_name(0) == "a1"
    assert board.cell_name(board.columns * 6 + 3) == "d7"
    assert board.parse_cell(" D7 ") == board.columns * 6 + 3


@pytest.mark.parametrize("text", ["", "7d", "d", "a0", "z1", "a99", "aa1", "d7x"])
def test_parse_cell_refuses_text_off_the_grid_or_malformed(board: Board, text: str) -> None:
    with pytest.raises(ValueError, match=re.escape(repr(text))):
        board.parse_cell(text)


def test_tm_3_4_start_area_is_a_block_in_the_centre(board: Board) -> None:
    start = set(board.start_cells)
    assert len(start) >= 6
    assert all(0 <= cell < board.columns * board.rows for cell in start)
    centre = {"tokyo", "nihombashi", "ginza", "otemachi"}
    touched = {board.stations[s].key for cell in start for s in board.cell_stations[cell]}
    assert centre <= touched


def test_load_board_is_cached_and_equal_to_a_fresh_parse(board: Board) -> None:
    """The map is read once; load_board() and load_board("tokyo") share it."""
    assert load_board("tokyo") is board
    assert parse_board(real_data(), "tokyo_map.toml") == board


# ----------------------------------------------------------------------------- bad data


def _set(data: dict[str, Any], path: str, value: Any) -> None:
    """Set the value at a dotted path like ``stations.ueno.stops[0].at``."""
    keys = re.findall(r"[^.\[\]]+|\[\d+\]", path)
    target: Any = data
    for key in keys[:-1]:
        target = target[int(key[1:-1])] if key.startswith("[") else target[key]
    last = keys[-1]
    if last.startswith("["):
        target[int(last[1:-1])] = value
    else:
        target[last] = value


BROKEN = [
    ("columns", "twenty", "columns"),
    ("rows", 0, "rows"),
    ("line_order", ["G", "M", "H", "T", "C", "Y", "Z", "N", "A", "I", "S", "G"], "line_order"),
    ("lines.G.color", "orange", "lines.G.color"),
    ("lines.G.stops", ["shibuya"], "lines.G.stops"),
    ("lines.G.stops[0]", "harajuku", "lines.G.stops[0]"),
    ("lines.G.stops[1]", "shibuya", "lines.G.stops[1]"),
    ("stations.ueno.stops[0].lines[0]", "X11", "stations.ueno.stops[0].lines[0]"),
    ("stations.ueno.stops[0].lines[0]", "G", "stations.ueno.stops[0].lines[0]"),
    ("stations.ueno.stops[0].lines", ["G11", "E6", "H11"], "stations.ueno.stops[0].lines"),
    ("stations.ueno.stops[0].lines", ["G11", "G12"], "stations.ueno.stops[0].lines[1]"),
    ("stations.ueno.stops[0].at", [99, 3], "stations.ueno.stops[0].at"),
    ("stations.ueno.stops[0].at", [12.5], "stations.ueno.stops[0].at"),
    ("stations.ueno.stops[0].cells", [], "stations.ueno.stops[0].cells"),
    ("stations.ueno.stops[0].cells", ["z99"], "stations.ueno.stops[0].cells[0]"),
    ("stations.ueno.stops[0].cells", ["m4", "4m"], "stations.ueno.stops[0].cells[1]"),
    ("stations.ueno.stops[0].cells", ["m4", "m4"], "stations.ueno.stops[0].cells"),
    ("stations.ueno.stops", [], "stations.ueno.stops"),
    ("stations.ueno.name", 3, "stations.ueno.name"),
    ("start_area", ["k7", "u1"], "start_area[1]"),
    ("start_area", [], "start_area"),
    ("start_area", ["k7", "k7"], "start_area"),
    ("name", None, "name"),
]


@pytest.mark.parametrize(("path", "value", "field"), BROKEN)
def test_bad_data_raises_data_error_naming_file_and_field(
    path: str, value: Any, field: str
) -> None:
    """Every DATA value of the map (TM-1.1, TM-3.4, TM-4.2) is checked on loading."""
    data = real_data()
    _set(data, path, value)
    with pytest.raises(DataError) as caught:
        parse_board(data, SOURCE)
    assert caught.value.source == SOURCE
    assert caught.value.field == field
    assert str(caught.value).startswith(f"{SOURCE}: {field}: ")


def test_a_station_with_more_than_three_stops_is_refused() -> None:
    data = real_data()
    stops = data["stations"]["otemachi"]["stops"]
    stops.append(copy.deepcopy(stops[0]))
    with pytest.raises(DataError) as caught:
        parse_board(data, SOURCE)
    assert caught.value.field == "stations.otemachi.stops"


def test_a_line_label_on_two_stops_is_refused() -> None:
    data = real_data()
    data["stations"]["ueno"]["stops"][1]["lines"] = ["G11", "H11"]
    with pytest.raises(DataError, match="G11 is on two stops"):
        parse_board(data, SOURCE)


def test_a_label_past_the_end_of_its_line_is_refused() -> None:
    data = real_data()
    data["lines"]["G"]["stops"].pop()  # asakusa still carries G13
    with pytest.raises(DataError) as caught:
        parse_board(data, SOURCE)
    assert caught.value.field == "stations.asakusa.stops[0].lines"
    assert "G13" in str(caught.value)


def test_a_station_key_must_be_a_slug() -> None:
    data = real_data()
    data["stations"]["Ueno!"] = data["stations"].pop("ueno")
    with pytest.raises(DataError) as caught:
        parse_board(data, SOURCE)
    assert caught.value.field == "stations.Ueno!"


def test_a_duplicate_station_table_is_refused(tmp_path: Path) -> None:
    """TOML itself refuses a key defined twice; read_toml names the file."""
    text = read_toml_text()
    start = text.index("[stations.ueno]")
    end = text.index("\n\n", start)
    path = tmp_path / "tokyo_map.toml"
    path.write_text(text + "\n" + text[start:end] + "\n", encoding="utf-8")
    with pytest.raises(DataError, match="not valid TOML"):
        read_toml(path)


def read_toml_text() -> str:
    from importlib import resources

    return resources.files(PACKAGE).joinpath("tokyo_map.toml").read_text(encoding="utf-8")


# ----------------------------------------------------------------------------- rendering


def test_svg_is_valid_and_names_every_line_and_station(board: Board) -> None:
    """TM-1.1: the lines by letter and name, the stations by name."""
    svg = render_svg(board)
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    texts = [element.text or "" for element in root.iter("{http://www.w3.org/2000/svg}text")]
    for line in board.lines:
        assert line.letter in texts
        assert line.name in texts
    words = " ".join(texts)  # a long name may be wrapped after its first hyphen
    for station in board.stations:
        assert station.name in texts or station.name.replace("-", "- ", 1) in words, station.key
    assert "href" not in svg and "url(" not in svg  # self-contained


def test_svg_overlay_shows_pieces_with_numbers_and_letters(board: Board) -> None:
    """Colour is never the only cue: seats are numbered, trains lettered."""
    ginza = board.lines[board.line_by_letter["G"]]
    overlay = Overlay(
        pyramids={board.station_by_key["ueno"]: 0, board.station_by_key["shibuya"]: 4},
        meeples={0: board.parse_cell("k7"), 2: board.parse_cell("a1")},
        trains={ginza.index: (ginza.stops[0], 1), 11: (board.lines[11].stops[-1], -1)},
    )
    svg = render_svg(board, overlay)
    root = ET.fromstring(svg)
    group = next(g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("id") == "overlay")
    texts = [element.text for element in group.iter("{http://www.w3.org/2000/svg}text")]
    assert sorted(t for t in texts if t and t.isdigit()) == ["1", "1", "3", "5"]
    assert "G" in texts and "E" in texts
    assert render_svg(board) != svg


def test_png_file_is_written(board: Board, tmp_path: Path) -> None:
    """The picture of the map (TM-1.1) as a PNG file."""
    path = tmp_path / "map.png"
    render_png(board, path, scale=0.5)
    data = path.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) > 10_000
